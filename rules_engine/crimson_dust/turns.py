"""The Crimson Dust turn (seed 003): the book has "no defined turn system"; players take
turns activating one model or group, which spends its action points one at a time, each
followed by the morale tests of the models it shot at."""

from __future__ import annotations

from rules_engine.phase import Phase, Repeat

PHASES = (
    Phase(
        "activation",
        "Activation",
        "Turn Sequence",
        "The player activates one model, or a group: models within 4 units on their own "
        "initiative, or a leader's dice activating one more model per score; a stunned model "
        "tests to recover and a regenerating model heals.",
        ("leader-activation", "stunned-recovery", "regenerate"),
    ),
    Phase(
        "action",
        "Action Points",
        "Action Points",
        "The activated models spend one action point, all on the same action: move (run, "
        "climb, jump), go to ground, shoot at the nearest or most pressing target, fight a "
        "melee, or take a skill test such as defusing a bomb.",
        (
            "movement",
            "climb-or-jump",
            "go-to-ground",
            "most-pressing-target",
            "shot",
            "blast-scatter",
            "mount-hit",
            "wound",
            "melee",
            "clear-out-of-ammo",
            "skill-test",
        ),
    ),
    Phase(
        "morale",
        "Morale Tests",
        "Morale Tests",
        "Each model that came under fire in that action point's shooting takes a morale test "
        "and moves, returns fire, is pinned or is suppressed; if every die scores, play "
        "passes from the attacker to the target.",
        ("morale",),
    ),
)

REPEAT = Repeat(
    "action",
    "morale",
    "Each model has 2 AP to use each turn; models activated together on their own "
    "initiative have one each.",
    "Action Points",
)
