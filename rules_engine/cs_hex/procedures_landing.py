"""The hex-map procedures of leaving the air: bail out, landing and a failed landing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.procedures_common import (
    BAIL_OUT,
    D10,
    LANDING,
    NATURAL_TOUCH,
    SHOCKED,
    d10_check,
    one_d10,
    rows,
    skill,
)
from rules_engine.odds_query import Param, boolean, integer, text
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step, fixed

Params = Mapping[str, Any]
Rolls = Sequence[Sequence[int]]


def _bail_out(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    situations = {row[0]: row for row in rows(catalogue, "bail-out-difficulty")}
    situation = situations[params["situation"]]
    values = {
        "situation": situation[3],
        "shocked": params["shocked"],
        "previous_jumps": params["previous_jumps"],
        "sixth_sense": params["sixth_sense"],
        "quick_fire": params["quick_fire"],
    }
    check = d10_check(catalogue, "bail-out", values, roll)
    steps = [
        Step(
            f"{situation[1]}: difficulty {situation[3]}; +2 if the pilot is shocked, -1 for "
            "each earlier successful jump (at most -4); then Sixth Sense and Quick Fire are "
            "taken away. The book names no die: a d10 equal to or above, as every check "
            "(hex-map ruling 8).",
            BAIL_OUT,
        ),
        check.step(BAIL_OUT),
    ]
    if check.passed:
        changes = [
            Change("pilot", "bailed_out", value=True, text="bails out"),
            Change("pilot", "successful_jumps", delta=1, text="one more successful jump"),
        ]
        steps.append(Step("The pilot bails out.", BAIL_OUT))
    else:
        changes = []
        steps.append(
            Step("The jump fails; the book does not say what a failed jump costs.", BAIL_OUT)
        )
    return Resolution(check.outcome() | {"bailed_out": check.passed}, steps, changes)


LANDING_CONDITIONS = (
    "landing-gear-damaged",
    "rudder-jammed",
    "rudder-badly-damaged",
    "unprepared-surface",
    "flap-damaged",
)


def _automatic(params: Params) -> bool:
    # "посадка на неповрежденном самолете и здоровом пилоте на заранее подготовленный
    # аэродром считается автоматически успешной"
    return (
        params["place"] == "airfield"
        and not params["conditions"]
        and not params["wounds"]
        and not params["plane_damaged"]
    )


def _landing_dice(_catalogue: Catalogue, params: Params) -> Sequence[Dice]:
    return () if _automatic(params) else one_d10("landing")


def _landing(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    if _automatic(params):
        return Resolution(
            {"automatic": True, "landed": True},
            [
                Step(
                    "An undamaged plane with an unwounded pilot landing on a prepared airfield "
                    "lands without a roll.",
                    LANDING,
                )
            ],
            [Change("plane", "landed", value=True, text="lands")],
        )
    ((roll,),) = rolls
    modifiers = {row[0]: row for row in rows(catalogue, "landing-modifiers")}
    conditions = list(dict.fromkeys(params["conditions"]))
    total = sum(modifiers[c][3] for c in conditions)
    total += params["wounds"] * modifiers["pilot-wound"][3]
    parts = [f"{modifiers[c][1].lower()} +{modifiers[c][3]}" for c in conditions]
    if params["wounds"]:
        parts.append(f"{params['wounds']} wound(s) +{params['wounds']}")
    check = d10_check(
        catalogue, "landing", {"natural_touch": params["natural_touch"], "modifiers": total}, roll
    )
    why = "a landing on a zeppelin" if params["place"] == "zeppelin" else "this landing"
    steps = [
        Step(
            f"{why.capitalize()} is not automatic: the roll is against 4 - Natural Touch "
            f"with the modifiers ({', '.join(parts) or 'none'}); the target itself, not added "
            "to 8 (hex-map ruling 10).",
            LANDING,
        ),
        check.step(LANDING),
    ]
    if check.passed:
        steps.append(Step("The plane lands.", LANDING))
        changes = [Change("plane", "landed", value=True, text="lands")]
    else:
        steps.append(
            Step(
                f"The landing fails: roll a d10 on the {params['place']} table "
                "(the landing-failure procedure).",
                LANDING,
            )
        )
        changes = []
    return Resolution(
        check.outcome() | {"automatic": False, "landed": check.passed}, steps, changes
    )


# "Если тест на посадку закончился провалом ... Какие именно определяется броском d10."
_FAILURE_CHANGES: dict[tuple[str, int], tuple[Change, ...]] = {
    ("airfield", 5): (
        Change("plane", "destroyed", value=True, text="explodes"),
        Change("pilot", "constitution", delta=-2, text="loses 2 Constitution"),
    ),
    ("airfield", 3): (
        Change(
            "plane", "wings_torn_off", delta=1, text="one wing torn off, all it carried destroyed"
        ),
    ),
    ("airfield", 1): (
        Change("plane", "nose_guns_destroyed", value=True, text="all nose guns destroyed"),
        Change("plane", "engine", value="damaged", text="engine damaged"),
    ),
    ("zeppelin", 5): (
        Change("plane", "destroyed", value=True, text="crashes into the zeppelin"),
        Change("pilot", "must_bail_out", value=14, text="must bail out at base difficulty 14"),
    ),
    ("zeppelin", 3): (
        Change(
            "plane",
            "wings_torn_off",
            delta=2,
            text="both wings torn off, all they carried destroyed",
        ),
        Change("pilot", "constitution", delta=-1, text="loses 1 Constitution"),
    ),
    ("zeppelin", 1): (
        Change("plane", "nose_guns_destroyed", value=True, text="all nose guns destroyed"),
        Change("plane", "engine", value="destroyed", text="engine destroyed"),
    ),
}


def _landing_failure(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    place = params["place"]
    for low, high, result, original in rows(catalogue, f"landing-failure-{place}"):
        if low <= roll <= high:
            landed = low == D10
            changes = (
                (Change("plane", "landed", value=True, text="lands"),)
                if landed
                else _FAILURE_CHANGES[(place, low)]
            )
            on = "an airfield" if place == "airfield" else "a zeppelin"
            step = Step(
                f"Failed landing on {on}: rolled {roll} ({low}-{high}): {result} («{original}»).",
                LANDING,
            )
            return Resolution({"roll": roll, "result": result, "landed": landed}, [step], changes)
    raise AssertionError(f"the {place} table covers 1-10")  # pragma: no cover


BAIL_OUT_SITUATIONS = (
    "fuel-tank-explosion",
    "collision",
    "wing-torn-off",
    "engine-destroyed",
    "spin",
    "zeppelin-crash",
)


PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "bail-out",
        "Bail out: d10 >= situation + 2 shocked - earlier jumps (max 4) - Sixth Sense - Quick "
        "Fire.",
        BAIL_OUT,
        (
            text(
                "situation",
                "spin",
                "why the pilot jumps (its difficulty: fuel tank 20, "
                "collision 18, wing 14, engine 12, spin 12, zeppelin crash 14)",
                BAIL_OUT_SITUATIONS,
            ),
            skill("sixth_sense", "the pilot's Sixth Sense (Шестое чувство)"),
            skill("quick_fire", "the pilot's Quick Fire (Быстрая стрельба)"),
            SHOCKED,
            integer(
                "previous_jumps",
                0,
                0,
                100,
                "earlier successful jumps, each Experienced "
                "parachutist add-on counting as one (hex-map ruling 22)",
            ),
        ),
        fixed(*one_d10("bail out")),
        _bail_out,
        roles=("plane", "pilot"),
    ),
    Procedure(
        "landing",
        "Landing: automatic for an undamaged plane and unwounded pilot on a prepared airfield; "
        "else d10 >= 4 - Natural Touch + modifiers.",
        LANDING,
        (
            NATURAL_TOUCH,
            Param(
                "conditions",
                "array",
                [],
                "the landing modifiers that apply",
                items={"type": "string", "choices": list(LANDING_CONDITIONS)},
                max_items=5,
            ),
            integer("wounds", 0, 0, 20, "the pilot's wounds (+1 each)"),
            text("place", "airfield", "where the plane lands", ("airfield", "zeppelin")),
            boolean("plane_damaged", "the plane is damaged (no automatic landing)"),
        ),
        _landing_dice,
        _landing,
        roles=("plane", "pilot"),
    ),
    Procedure(
        "landing-failure",
        "A failed landing: d10 on the airfield or zeppelin table (10 lands after all).",
        LANDING,
        (text("place", "airfield", "where the plane tried to land", ("airfield", "zeppelin")),),
        fixed(*one_d10("what the failed landing brings")),
        _landing_failure,
        roles=("plane", "pilot"),
    ),
)
