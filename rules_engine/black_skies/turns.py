"""The Black Skies turn (seed 002): a player's turn is the top card of his Movement Deck,
one element's maneuver, move and fire, and the card for its next maneuver."""

from __future__ import annotations

from rules_engine.phase import Phase

PHASES = (
    Phase(
        "reveal",
        "Moving",
        "Moving",
        "The player flips over the top card of his Movement Deck and decides which option of "
        "its maneuver the element flies; a Placeholder card passes his turn.",
    ),
    Phase(
        "piloting",
        "Piloting Check",
        "Piloting Check",
        "Each fighter's pilot takes a Piloting Check for the maneuver: d6 plus Piloting Skill "
        "against its Difficulty Rating; a failure flies the easiest basic maneuver in the "
        "same direction and may not fire this turn.",
        ("pilot-check",),
    ),
    Phase(
        "move",
        "Maneuvers",
        "Maneuvers",
        "The element's fighters move by the maneuver, and its Movement Penalty comes off "
        "their speed at the end of the move.",
    ),
    Phase(
        "fire",
        "Combat",
        "Combat",
        "Fighters with targets in arc and in range may fire: a d12 per weapon and Rate of Fire "
        "against the range's Target Number, then damage off the target's hull, crippling it "
        "at half.",
        ("volley", "damage", "crippling"),
    ),
    Phase(
        "plan",
        "Next turn's maneuver",
        "Moving",
        "The player chooses the element's maneuver for next turn and places its card on the "
        "bottom of his Movement Deck.",
    ),
)
