"""The Air Action turn (seed 001): initiative, throttle, then navigation, movement,
collisions and combat once for each announced speed, from 10 down."""

from __future__ import annotations

from rules_engine.phase import Phase, Repeat

PHASES = (
    Phase(
        "initiative",
        "Determine Initiative",
        "Determine Initiative",
        "Each player rolls 2 dice and adds them, ties rolling again; the highest is the "
        "aggressor, who sets speeds first, places navigation cards first and shoots first.",
        ("initiative",),
    ),
    Phase(
        "throttle",
        "Set Throttle",
        "Set Throttle",
        "Every plane throttles up or down one click safely, or two with a pilot check (a "
        "failure: no change and 1 click); then speeds are counted down from 10 and the planes "
        "at the announced speed are the active planes.",
        ("throttle", "pilot-check"),
    ),
    Phase(
        "navigation",
        "Navigation",
        "Navigation",
        "Each active plane gets a navigation card, face down and pointing at the plane, whose "
        "speed rating its current speed equals or exceeds.",
    ),
    Phase(
        "movement",
        "Movement",
        "Movement",
        "Starting with the aggressor the cards are revealed; speed effects in the maximum "
        "speed location and redlining are resolved, then the active planes move at the same "
        "time, an obstacle in the path stopping the maneuver.",
        ("speed-effect", "redline", "obstacle", "pilot-check"),
    ),
    Phase(
        "collisions",
        "Collisions with Other Planes",
        "Collisions with Other Planes",
        "Opposing planes whose final movement markers overlap make pilot checks (1 click for "
        "a failure, a serious collision on a 2); an Ace overlapping without a collision may "
        "attempt a daring feat.",
        ("collision", "daring-feat", "pilot-check"),
    ),
    Phase(
        "combat",
        "Combat",
        "Combat",
        "The aggressor first, then clockwise, each active plane may take a shot with each of "
        "its weapons at a target in range and arc; fate may be used; a shot-down campaign "
        "pilot may bail out.",
        ("shot", "bail-out"),
    ),
)

REPEAT = Repeat(
    "navigation",
    "combat",
    "Once combat is resolved for the active planes, the next lowest speed is announced and "
    "its planes place cards, move, collide and shoot; once all planes have moved and fired, "
    "the turn is over.",
    "Combat",
)
