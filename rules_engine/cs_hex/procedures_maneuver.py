"""A declared maneuver (``4L2F``) and the rolls for exceeding the plane's ratings
("Фаза движения"; turn order 1.4, "Броски на превышение максимальных характеристик"), and
what a tailed plane tells its pursuer before it moves ("Он у меня на хвосте!").

The situation decides how many d10s are rolled: none when the plane's G-rating, maximum
speed and acceleration all cover the maneuver, one for each rating it exceeds, and one more
for a second steep maneuver in a row. Each failure costs what its rating says, as the
``maneuver`` odds query reads the same section.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.notation import parse_maneuver
from rules_engine.cs_hex.procedures_common import (
    D10,
    MOVEMENT,
    NATURAL_TOUCH,
    SHOCKED,
    SPIN,
    TAILING,
    d10_check,
    rows,
    skill,
)
from rules_engine.cs_hex.procedures_flight import failure
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.errors import BadDocument
from rules_engine.odds_query import boolean, integer, text
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step

Params = Mapping[str, Any]
STEEP_G = 3  # "Маневры с G-рейтингом 3 и выше считается крутыми"


WORDS = {
    "g-rating": "beyond the G-rating",
    "max-speed": "beyond the maximum speed",
    "acceleration": "speeding up beyond the acceleration",
    "deceleration": "slowing down beyond the acceleration",
    "repeated-steep": "a second steep maneuver in a row",
}


def _excesses(params: Params) -> list[tuple[str, int]]:
    """Each check the maneuver needs, as (what it is for, the excess), in the book's order."""
    move = parse_maneuver(params["notation"])
    difficulty = params["difficulty"]
    found = [
        ("g-rating", difficulty - params["g_rating"]),
        ("max-speed", move.speed - params["max_speed"]),
    ]
    current, acceleration = params["current_speed"], params["acceleration"]
    if (current is None) != (acceleration is None):
        missing = "current_speed" if current is None else "acceleration"
        raise BadDocument.at(
            f"params.{missing}",
            "a change of speed is judged with both current_speed and acceleration",
        )
    if current is not None and acceleration is not None:
        change = move.speed - current
        found.append(
            ("acceleration", change - acceleration)
            if change >= 0
            else ("deceleration", -change - acceleration)
        )
    checks = [(kind, excess) for kind, excess in found if excess > 0]
    if difficulty >= STEEP_G and params["previous_steep"]:
        checks.append(("repeated-steep", difficulty))
    return checks


def _dice(_catalogue: Catalogue, params: Params) -> Sequence[Dice]:
    return tuple(Dice(1, D10, WORDS[kind]) for kind, _ in _excesses(params))


def _maneuver(catalogue: Catalogue, params: Params, rolls: Sequence[Sequence[int]]) -> Resolution:
    move = parse_maneuver(params["notation"])
    difficulty = params["difficulty"]
    record = catalogue.get(SYSTEM, "maneuver", move.notation.lower())
    printed = record.data.get("difficulty") if record else None
    if printed is not None and printed != difficulty:
        raise BadDocument.at(
            "params.difficulty", f"{move.notation} has difficulty {printed} by the book's template"
        )
    excesses = _excesses(params)
    steep = "steep" if difficulty >= STEEP_G else "not steep"
    steps = [
        Step(
            f"{move.notation}: speed {move.speed}, difficulty {difficulty} (the dashes "
            f"on the template, a figure not in the book's text; {steep}) against G-rating "
            f"{params['g_rating']} and maximum speed {params['max_speed']}.",
            MOVEMENT,
        )
    ]
    if not excesses:
        steps.append(
            Step("The plane's ratings cover the maneuver: it is flown without a check.", MOVEMENT)
        )
    pilot = {"natural_touch": params["natural_touch"], "shocked": params["shocked"]}
    checks: list[dict[str, Any]] = []
    changes: list[Change] = []
    random_last_turn = params["random_last_turn"]
    for (kind, excess), (roll,) in zip(excesses, rolls, strict=True):
        if kind == "repeated-steep":
            check = d10_check(
                catalogue,
                "steep-maneuver-check",
                {"g_rating": excess, **pilot},
                roll,
                "Another steep maneuver in a row",
            )
        else:
            check = d10_check(
                catalogue,
                "skill-check",
                {"difficulty": excess, **pilot},
                roll,
                f"Skill check, {WORDS[kind]} by {excess}",
            )
        steps.append(check.step(MOVEMENT))
        checks.append({"for": kind, "excess": excess, **check.outcome()})
        if not check.passed:
            more_steps, more = failure(kind, excess, random_last_turn)
            steps += more_steps
            changes += more
            # one spin is enough: a second random movement in this maneuver adds nothing
            random_last_turn = random_last_turn and not any(c.field == "spinning" for c in more)
    if any(c.field == "spinning" for c in changes):
        flared = any(c.field == "speed" for c in changes)
        speed = 1 if flared else move.speed
        steps.append(
            Step(
                f"At speed {speed} the spinning plane falls for 10 - {speed} = "
                f"{10 - speed} turns to the doom point.",
                SPIN,
            )
        )
        changes += [
            Change("plane", "spin_turns", value=0, text="the spin begins"),
            Change(
                "plane",
                "turns_to_doom",
                value=10 - speed,
                text=f"{10 - speed} turns to the doom point",
            ),
        ]
    return Resolution(
        {
            "maneuver": move.notation,
            "speed": move.speed,
            "difficulty": difficulty,
            "checks": checks,
            "all_passed": all(c["passed"] for c in checks),
        },
        steps,
        _unique(changes),
    )


def _unique(changes: list[Change]) -> list[Change]:
    """Two failures that set the same field to the same value set it once (two flares both
    drop the speed to 1); counts add up (their cracks)."""
    seen: list[Change] = []
    for change in changes:
        if change.delta is None and change in seen:
            continue
        seen.append(change)
    return seen


def _tailing(catalogue: Catalogue, params: Params, _rolls: Sequence[Sequence[int]]) -> Resolution:
    difference = params["sixth_sense"] - params["victim_sixth_sense"]
    parts = [f"{params['sixth_sense']} - {params['victim_sixth_sense']}"]
    for flag, words in (
        ("victim_smoking", "the victim smokes"),
        ("victim_shocked", "the victim's pilot is shocked"),
    ):
        if params[flag]:
            difference += 2
            parts.append(f"+ 2 ({words})")
    told, original = next(
        (row[2], row[3])
        for row in rows(catalogue, "tailing")
        if (row[0] is None or difference >= row[0]) and (row[1] is None or difference <= row[1])
    )
    steps = [
        Step(
            f"Pursuer's Sixth Sense - victim's Sixth Sense, +2 if the victim smokes, +2 "
            f"if its pilot is shocked: {' '.join(parts)} = {difference}. The victim "
            f"moves first and tells the pursuer, in private: {told} («{original}»).",
            TAILING,
        )
    ]
    return Resolution({"difference": difference, "told": told}, steps)


PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "maneuver",
        "A declared maneuver: one skill check for each rating it exceeds (G-rating, maximum "
        "speed, acceleration) and for a second steep maneuver in a row; none if the plane "
        "covers it.",
        MOVEMENT,
        (
            text(
                "notation",
                "4L2F",
                "the maneuver as written in the orders: speed, L/R/S, template row, final facing",
            ),
            integer(
                "difficulty",
                3,
                0,
                10,
                "the maneuver's difficulty, the dashes on the template (4L2F: 3)",
            ),
            integer("g_rating", 3, 1, 10, "the plane's G-rating, as its damage leaves it"),
            integer("max_speed", 4, 1, 10, "the plane's maximum speed"),
            integer(
                "current_speed",
                None,
                0,
                10,
                "speed before the maneuver (with acceleration, to judge the change of speed)",
            ),
            integer("acceleration", None, 1, 10, "the plane's acceleration (with current_speed)"),
            boolean("previous_steep", "the plane's last maneuver was steep too"),
            NATURAL_TOUCH,
            SHOCKED,
            boolean(
                "random_last_turn",
                "the plane moved at random last turn (a second random movement is a spin)",
            ),
        ),
        _dice,
        _maneuver,
        roles=("plane",),
    ),
    Procedure(
        "tailing",
        "On his tail: what the tailed plane tells its pursuer of its next maneuver, by the "
        "difference of Sixth Sense (no dice).",
        TAILING,
        (
            skill("sixth_sense", "the pursuer's Sixth Sense"),
            skill("victim_sixth_sense", "the tailed pilot's Sixth Sense"),
            boolean("victim_smoking", "the tailed plane smokes (+2)"),
            boolean("victim_shocked", "the tailed pilot is shocked (+2)"),
        ),
        lambda _catalogue, _params: (),
        _tailing,
    ),
)
