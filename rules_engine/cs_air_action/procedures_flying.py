"""Pilot checks and what flying costs ("Pilot Checks", "Movement", "Set Throttle",
"Obstacles", "Collisions with Other Planes", "Fate"), resolved from their dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.cs_air_action.procedures_damage import (
    CLICKS_LEFT,
    damage,
    pilot_check,
)
from rules_engine.errors import BadDocument
from rules_engine.odds_query import integer, text
from rules_engine.procedures import Change, Dice, Resolution, Step

MOVEMENT, SET_THROTTLE, OBSTACLES = "Movement", "Set Throttle", "Obstacles"
TWO_D6 = Dice(2, 6, "pilot check")
SPEED = integer("current_speed", 5, 0, 10, "the current speed the speed dial shows")


def check_dice(_catalogue: Catalogue, _params: Mapping[str, Any]) -> Sequence[Dice]:
    return (TWO_D6,)


def run_pilot_check(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    """A bare pilot check: what failing costs depends on why it is made (other procedures)."""
    check = pilot_check(rolls[0], params["piloting"], params["critical_failure"])
    steps = [check.step]
    steps.append(
        Step(
            "The reason for the check dictates the consequences (redline, throttle, "
            "obstacle and collision resolve their own).",
            "Pilot Checks",
        )
    )
    return Resolution(
        {"total": check.total, "passed": check.passed, "critical_failure": check.critical},
        steps,
    )


# -- redlining and speed effects ("Movement") --------------------------------------------


def redline_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    """A check only when the current speed exceeds the maximum speed."""
    return (TWO_D6,) if params["current_speed"] > params["max_speed"] else ()


def run_redline(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    speed, top = params["current_speed"], params["max_speed"]
    if speed <= top:
        step = Step(
            f"Current speed {speed} does not exceed the maximum speed {top} on the combat dial: "
            "the pilot is not redlining the engine and makes no check.",
            MOVEMENT,
        )
        return Resolution(
            {"redlining": False, "passed": None, "speed": speed, "destroyed": False}, [step]
        )
    steps = [
        Step(
            f"Current speed {speed} exceeds the maximum speed {top} on the combat dial: the "
            "pilot is redlining the engine and makes a pilot check.",
            MOVEMENT,
        )
    ]
    check = pilot_check(rolls[0], params["piloting"], params["critical_failure"])
    steps.append(check.step)
    if check.passed:
        steps.append(Step(f"The pilot maintains current speed {speed}.", MOVEMENT))
        return Resolution(
            {"redlining": True, "passed": True, "speed": speed, "destroyed": False}, steps
        )
    hurt, changes, destroyed = damage("plane", 1, params["clicks_left"], MOVEMENT, "redlining")
    steps += hurt
    steps.append(Step(f"Turn the speed dial down to the maximum speed, {top}.", MOVEMENT))
    changes.append(Change("plane", "speed", value=top, text=f"speed {top}: redline failed"))
    return Resolution(
        {"redlining": True, "passed": False, "speed": top, "destroyed": destroyed},
        steps,
        changes,
    )


def run_speed_effect(
    catalogue: Catalogue, params: Mapping[str, Any], _rolls: Sequence[Sequence[int]]
) -> Resolution:
    """A speed effect in the maximum speed location, resolved before the plane moves."""
    effect_id = params["effect"]
    if effect_id is None:
        raise BadDocument.at(
            "params.effect", "name the speed effect showing in the maximum speed location"
        )
    record = catalogue.get(SYSTEM, "ability", effect_id)
    if record is None or record.data.get("kind") != "speed_effect":
        raise BadDocument.at("params.effect", f"no Air Action speed effect {effect_id!r}")
    if record.data.get("location") != "max_speed":
        raise BadDocument.at(
            "params.effect",
            f"{record.name} is a {str(record.data.get('location')).replace('_', ' ')} effect: "
            "it changes shots (give its modifiers to the shot), not movement",
        )
    speed = params["current_speed"]
    steps = [
        Step(
            f"{record.name} shows in the maximum speed location: resolve it as its description "
            f"says: {record.data.get('rule_text', '')}",
            MOVEMENT,
        )
    ]
    if record.sample:
        steps.append(
            Step(
                "The book prints no Skills and Equipment Card: this effect is a sample, not a "
                "printed one (docs/rulings/cs-air-action.md).",
                MOVEMENT,
            )
        )
    clicks = int(record.data.get("damage_clicks") or 0)
    hurt, changes, destroyed = damage(
        "plane", clicks, params["clicks_left"], MOVEMENT, str(record.name)
    )
    steps += hurt
    change = int(record.data.get("modifiers", {}).get("current_speed", 0))
    new_speed = max(0, speed + change)
    if change and not destroyed:
        steps.append(Step(f"Current speed {speed} becomes {new_speed}.", MOVEMENT))
        changes.append(Change("plane", "speed", value=new_speed, text=str(record.name)))
    steps.append(
        Step(
            "Then check the current speed against the maximum speed the combat dial now shows "
            "(redline).",
            MOVEMENT,
        )
    )
    return Resolution(
        {"clicks": clicks, "speed": new_speed, "destroyed": destroyed}, steps, changes
    )


# -- throttle ("Set Throttle") ------------------------------------------------------------


def throttle_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    """A check only to throttle two clicks in a turn."""
    return (TWO_D6,) if abs(params["change"]) == 2 else ()


def run_throttle(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    speed, change = params["current_speed"], params["change"]
    wanted = speed + change
    if not params["lowest_speed"] <= wanted <= params["red_line"]:
        raise BadDocument.at(
            "params.change",
            f"speed {wanted} is not on the dial ({params['lowest_speed']} to the red line at "
            f"{params['red_line']}): you may not turn the speed dial past the red line",
        )
    way = "up" if change > 0 else "down"
    if abs(change) < 2:
        words = (
            "The speed stays as it is."
            if not change
            else f"Throttle {way} one click, safely: current speed {speed} becomes {wanted}."
        )
        changes = [Change("plane", "speed", value=wanted, text="throttle")] if change else []
        return Resolution(
            {"checked": False, "passed": None, "speed": wanted, "destroyed": False},
            [Step(words, SET_THROTTLE)],
            changes,
        )
    steps = [
        Step(
            f"Throttling {way} two clicks in one turn takes a pilot check.",
            SET_THROTTLE,
        )
    ]
    check = pilot_check(rolls[0], params["piloting"], params["critical_failure"])
    steps.append(check.step)
    if check.passed:
        steps.append(Step(f"Current speed {speed} becomes {wanted}.", SET_THROTTLE))
        return Resolution(
            {"checked": True, "passed": True, "speed": wanted, "destroyed": False},
            steps,
            [Change("plane", "speed", value=wanted, text="throttle two clicks")],
        )
    steps.append(Step(f"The speed cannot be changed this turn: it stays {speed}.", SET_THROTTLE))
    hurt, changes, destroyed = damage(
        "plane", 1, params["clicks_left"], SET_THROTTLE, "failed throttle check"
    )
    return Resolution(
        {"checked": True, "passed": False, "speed": speed, "destroyed": destroyed},
        steps + hurt,
        changes,
    )


# -- obstacles ("Obstacles") --------------------------------------------------------------


def run_obstacle(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    speed = params["current_speed"]
    steps = [
        Step(
            "A movement marker overlaps an obstacle: stop the maneuver and make a pilot check.",
            OBSTACLES,
        )
    ]
    check = pilot_check(rolls[0], params["piloting"], params["critical_failure"])
    steps.append(check.step)
    clicks = 1 if check.passed else speed
    why = "obstacle, check passed" if check.passed else f"obstacle at speed {speed}"
    if not check.passed:
        steps.append(
            Step(f"Failed: the plane takes clicks equal to its current speed, {speed}.", OBSTACLES)
        )
    hurt, changes, destroyed = damage("plane", clicks, params["clicks_left"], OBSTACLES, why)
    steps += hurt
    new_speed = speed
    if not destroyed:
        new_speed = max(0, speed - 1)
        steps.append(
            Step(
                "Rotate the last movement marker 180 degrees and slide it forward off the "
                f"obstacle; current speed {speed} becomes {new_speed} and the maneuver is over.",
                OBSTACLES,
            )
        )
        changes.append(Change("plane", "speed", value=new_speed, text="obstacle: speed -1"))
    return Resolution(
        {
            "total": check.total,
            "passed": check.passed,
            "clicks": clicks
            if params["clicks_left"] is None
            else min(clicks, params["clicks_left"]),
            "speed": new_speed,
            "destroyed": destroyed,
        },
        steps,
        changes,
    )


REDLINE_PARAMS = (
    integer("current_speed", 6, 0, 10, "the current speed the speed dial shows"),
    integer("max_speed", 5, 0, 10, "the maximum speed on the plane's combat dial"),
    CLICKS_LEFT,
)
THROTTLE_PARAMS = (
    SPEED,
    integer("change", 1, -2, 2, "clicks to throttle: up (+) or down (-), 2 takes a pilot check"),
    integer("lowest_speed", 1, 0, 10, "the lowest speed the speed dial shows"),
    integer("red_line", 10, 0, 10, "the highest speed on the speed dial, at its red line"),
    CLICKS_LEFT,
)
OBSTACLE_PARAMS = (SPEED, CLICKS_LEFT)
SPEED_EFFECT_PARAMS = (
    text(
        "effect",
        None,
        "the speed effect showing in the maximum speed location (an ability id)",
        catalogue_ids="ability",
    ),
    SPEED,
    CLICKS_LEFT,
)
