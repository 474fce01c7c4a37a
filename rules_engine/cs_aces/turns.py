"""The Aces turn (seed 000): one player's turn is one action given to one character, its
move and its attack; the turn then passes to the next player to the left."""

from __future__ import annotations

from rules_engine.phase import Phase, Repeat

PHASES = (
    Phase(
        "action",
        "Action",
        "Turns and Actions",
        "The aggressor gives one action to one character, not the one given his previous "
        "action: move, move and attack, Second Wind, escape (a captive only) or pass.",
        ("escape",),
    ),
    Phase(
        "movement",
        "Movement",
        "Movement",
        "The character moves up to its speed in squares, stopping when it comes adjacent to "
        "an enemy; leaving adjacent enemies takes a break away roll.",
        ("break-away",),
    ),
    Phase(
        "combat",
        "Combat",
        "Combat",
        "After moving, the character may make one ranged combat attack (on as many targets as "
        "its pistols) or one close combat attack or capture on an adjacent enemy; fate may be "
        "used once.",
        ("ranged-attack", "multi-target-attack", "close-combat", "capture"),
    ),
)

REPEAT = Repeat(
    "action",
    "combat",
    "A captive that successfully escapes may be given another action on the turn it escapes.",
    "Escaping",
)
