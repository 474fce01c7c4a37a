"""A collision of two or more planes ("Collisions with Other Planes", "Fate"), resolved
from every pilot's check.

Failed checks click first (1 each). A total of 2 on any check is a serious collision: every
plane involved takes a click, and while two or more are left they keep taking clicks
together (docs/rulings/cs-air-action-engine.md, 8). An Ace using fate avoids all of it for
his or her plane; with only two planes the whole collision is avoided (ruling 13); with more,
the Ace's plane leaves the collision and the others resolve it as normal (ruling in
docs/rulings/cs-air-action-engine.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action.procedures_damage import clicks_word, pilot_check
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param
from rules_engine.procedures import Change, Dice, Resolution, Step

COLLISIONS, FATE, VICTORY = "Collisions with Other Planes", "Fate", "Victory!"
MOST_PLANES = 4

PARAMS: tuple[Param, ...] = (
    Param(
        "piloting",
        "array",
        [7, 7],
        "each colliding plane's piloting value, plane 1 first (planes sharing a squadron "
        "symbol cannot collide)",
        minimum=2,
        items={"type": "integer", "minimum": 0, "maximum": 20},
        max_items=MOST_PLANES,
    ),
    Param(
        "clicks_left",
        "array",
        [3, 3],
        "clicks each plane can take before three bullet holes show, in the same order",
        minimum=2,
        items={"type": "integer", "minimum": 1, "maximum": 20},
        max_items=MOST_PLANES,
    ),
    Param(
        "fate",
        "array",
        [],
        "the planes (1 for plane 1 ...) whose Ace uses fate, fate value above 0, if the "
        "collision is serious",
        items={"type": "integer", "minimum": 1, "maximum": MOST_PLANES},
        max_items=MOST_PLANES,
    ),
)


def collision_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    """One pilot check per plane, plane 1 first."""
    return tuple(Dice(2, 6, f"plane {i + 1}'s pilot check") for i in range(len(params["piloting"])))


def _check(params: Mapping[str, Any]) -> None:
    planes = len(params["piloting"])
    if len(params["clicks_left"]) != planes:
        raise BadDocument.at(
            "params.clicks_left",
            f"give one number per plane: {planes}, not {len(params['clicks_left'])}",
        )
    for i, plane in enumerate(params["fate"]):
        if plane > planes:
            raise BadDocument.at(f"params.fate[{i}]", f"there are only {planes} planes")
    if len(set(params["fate"])) != len(params["fate"]):
        raise BadDocument.at("params.fate", "name each plane once")


def serious_clicks(left: list[int], involved: list[int]) -> list[int]:
    """Clicks each involved plane takes in a serious collision, given the clicks ``left``
    after failed checks: one each for every plane still flying, then again while two or
    more remain."""
    taken = [0] * len(left)
    flying = [i for i in involved if left[i] > 0]
    first = True
    while flying and (first or len(flying) > 1):
        for i in flying:
            taken[i] += 1
        first = False
        flying = [i for i in flying if left[i] - taken[i] > 0]
    return taken


def run_collision(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    _check(params)
    planes = len(params["piloting"])
    lefts = list(params["clicks_left"])
    steps = [
        Step(
            f"{planes} opposing planes end their maneuvers with final movement markers "
            "overlapping: each pilot makes a pilot check.",
            COLLISIONS,
        )
    ]
    checks = [
        pilot_check(rolls[i], params["piloting"][i], who=f"Plane {i + 1}'s pilot")
        for i in range(planes)
    ]
    steps += [c.step for c in checks]
    clicks = [0 if c.passed else 1 for c in checks]
    for i, c in enumerate(checks):
        if not c.passed:
            steps.append(Step(f"Plane {i + 1} failed: 1 click of damage.", COLLISIONS))
    serious = any(c.critical for c in checks)
    fated: list[int] = []
    if serious:
        steps.append(
            Step(
                "A pilot check is a critical failure (a total of 2): a serious collision.",
                COLLISIONS,
            )
        )
        fated = sorted(p - 1 for p in params["fate"])
        if planes == 2 and fated:
            fated = fated[:1]
            clicks = [0, 0]
            steps.append(
                Step(
                    f"Plane {fated[0] + 1}'s Ace uses fate: with only two planes involved, the "
                    "collision is completely avoided.",
                    FATE,
                )
            )
        else:
            for i in fated:
                clicks[i] = 0
                steps.append(
                    Step(
                        f"Plane {i + 1}'s Ace uses fate and avoids all collision damage to "
                        "the plane.",
                        FATE,
                    )
                )
            involved = [i for i in range(planes) if i not in fated]
            after = [lefts[i] - clicks[i] for i in range(planes)]
            more = serious_clicks(after, involved)
            steps.append(
                Step(
                    "Give each plane involved 1 click of damage and see if any is destroyed; "
                    "repeat until only one remains or all are destroyed by the same click: "
                    + "; ".join(f"plane {i + 1}: {clicks_word(more[i])}" for i in involved)
                    + ".",
                    COLLISIONS,
                )
            )
            clicks = [clicks[i] + more[i] for i in range(planes)]
    elif params["fate"]:
        steps.append(Step("No critical failure: fate cannot be used against this collision.", FATE))
    clicks = [min(c, left) for c, left in zip(clicks, lefts, strict=True)]
    destroyed = [c >= left for c, left in zip(clicks, lefts, strict=True)]
    changes: list[Change] = []
    for i in range(planes):
        subject = f"plane_{i + 1}"
        if clicks[i]:
            changes.append(Change(subject, "clicks", delta=clicks[i], text="collision damage"))
        if destroyed[i]:
            changes.append(
                Change(subject, "destroyed", value=True, text="destroyed in a collision")
            )
            steps.append(
                Step(
                    f"Plane {i + 1} shows three bullet holes: it is destroyed and removed from "
                    "play (its point value scores once for the other side).",
                    VICTORY,
                )
            )
        if i in fated:
            changes.append(Change(subject, "ace_clicks", delta=1, text="Ace's dial: fate used"))
    if fated:
        steps.append(Step("Click the combat dial of each Ace who used fate once.", FATE))
    return Resolution(
        {
            "totals": [c.total for c in checks],
            "passed": [c.passed for c in checks],
            "serious": serious,
            "clicks": clicks,
            "destroyed": destroyed,
            "fate_used_by": [i + 1 for i in fated],
        },
        steps,
        changes,
    )
