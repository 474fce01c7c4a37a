"""The rockets' special effects that are rolled: the drill's power check and the shock check
of a flash or sonic rocket ("Особые эффекты оружия")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.procedures_common import (
    EFFECTS,
    d10_check,
    one_d10,
    skill,
)
from rules_engine.odds_query import integer
from rules_engine.procedures import Change, Procedure, Resolution, Step, fixed

Params = Mapping[str, Any]
Rolls = Sequence[Sequence[int]]


def _drill(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    check = d10_check(catalogue, "drill-power-check", {"distance": params["distance"]}, roll)
    steps = [check.step(EFFECTS)]
    if check.passed:
        steps.append(
            Step(
                "The drill bores on: another hit, starting from the deepest point of "
                "the previous damage.",
                EFFECTS,
            )
        )
    else:
        steps.append(Step("The drill does not bore on this turn.", EFFECTS))
    return Resolution(check.outcome() | {"bores_on": check.passed}, steps)


def _shock(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    check = d10_check(catalogue, "shock-check", {"constitution": params["constitution"]}, roll)
    steps = [check.step(EFFECTS)]
    changes: list[Change] = []
    if not check.passed:
        steps.append(
            Step(
                "The pilot is shocked for 1 turn and next turn flies straight on at "
                "his current speed.",
                EFFECTS,
            )
        )
        changes = [
            Change("pilot", "shocked", value=1, text="shocked for 1 turn"),
            Change(
                "plane",
                "straight_next_turn",
                value=True,
                text="flies straight at current speed next turn",
            ),
        ]
    return Resolution(check.outcome() | {"shocked": not check.passed}, steps, changes)


PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "drill-power-check",
        "The drill rocket's power check each turn: d10 >= 10 - the distance it was fired "
        "from; a success is another hit.",
        EFFECTS,
        (integer("distance", 1, 0, 7, "hexes from which the drill was fired"),),
        fixed(*one_d10("drill power check")),
        _drill,
        roles=("target",),
    ),
    Procedure(
        "shock-check",
        "Shock check (flash or sonic rocket): d10 >= 10 - Constitution, or shocked for 1 turn.",
        EFFECTS,
        (skill("constitution", "the pilot's Constitution (Телосложение)", 3),),
        fixed(*one_d10("shock check")),
        _shock,
        roles=("plane", "pilot"),
    ),
)
