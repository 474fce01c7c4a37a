"""Crimson Dust's dice procedures, resolved by the rules for a game table
(``rules_engine.resolve``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.odds_query import integer, text
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step

SKILL_TEST = "Skill Test"
STATES = ("normal", "pinned", "suppressed", "confused")
SCORES_ON = {"normal": 4, "pinned": 5, "suppressed": 6, "confused": 6}


def _skill_dice(params: Mapping[str, Any]) -> Sequence[Dice]:
    return (Dice(params["dice"], 6, "the characteristic tested"),)


def _skill_test(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    (faces,) = rolls
    state, need = params["state"], params["difficulty"]
    score_on = SCORES_ON[state]
    scored = sum(1 for f in faces if f >= score_on)
    total = scored + params["banked"]
    passed = total >= need
    steps = [
        Step(
            f"Roll {params['dice']} dice, one per point of the characteristic; a {state} model "
            f"scores on {score_on}{'+' if score_on < 6 else ''}: {', '.join(map(str, faces))} "
            f"gives {scored} scoring {'die' if scored == 1 else 'dice'}.",
            SKILL_TEST,
        )
    ]
    if params["banked"]:
        steps.append(
            Step(
                f"A cumulative test adds the {params['banked']} scoring dice saved from earlier "
                f"tries: {total} in all.",
                SKILL_TEST,
            )
        )
    steps.append(
        Step(
            f"{total} against difficulty {need}: the test "
            f"{'succeeds' if passed else 'does not succeed'}.",
            SKILL_TEST,
        )
    )
    return Resolution(
        {
            "scored": scored,
            "total": total,
            "passed": passed,
            "banked_after": 0 if passed else total,
        },
        steps,
        (Change("model", "banked_scores", value=0 if passed else total, text="saved scores"),),
    )


PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "skill-test",
        "A skill test: as many dice as the characteristic, each 4+ scores (5+ pinned, 6 "
        "suppressed or confused); pass with as many scores as the difficulty.",
        SKILL_TEST,
        (
            integer("dice", 4, 1, 20, "the characteristic tested (Mv, Rg, As, Df, S, In ...)"),
            integer("difficulty", 1, 1, 20, "scores needed (the difficulty rating)"),
            text("state", "normal", "the model's state", STATES),
            integer("banked", 0, 0, 40, "scores saved from earlier tries of a cumulative test"),
        ),
        _skill_dice,
        _skill_test,
    ),
)
