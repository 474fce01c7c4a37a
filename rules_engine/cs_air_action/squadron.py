"""Create a Squadron: pricing and checking an Air Action squadron (seed 001).

"Build totals are always in multiples of 100 points. A standard Crimson Skies game is played
with a build total of 200 points ... You may not have two or more planes flown by the same
pilot in your squadron." Aces from the Aces game may fly their own planes and add their
points ("Using Crimson Skies: Aces Characters in the Crimson Skies: Air Action Game").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action.bail_out import rookie_modifier
from rules_engine.cs_air_action.codes import SquadronCode
from rules_engine.cs_air_action.navigation import navigation_deck
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.cs_air_action.settings import read_settings
from rules_engine.jsonpath import child
from rules_engine.verdict import PricedEntry, Severity, Verdict, Violation

STANDARD_BUILD_TOTAL = 200  # "Create a Squadron"
BUILD_TOTAL_MULTIPLE = 100  # "Build totals are always in multiples of 100 points"
BUILD_TOTAL_WITH_ACES = 300  # "should be at least 300 points" when using Aces


def build_total(doc: Mapping[str, Any]) -> int:
    """The agreed build total: the list's ``points_limit``, else the standard 200."""
    limit = doc.get("points_limit")
    return STANDARD_BUILD_TOTAL if limit is None else int(limit)


def _limit_path(doc: Mapping[str, Any]) -> str:
    return "$.points_limit" if doc.get("points_limit") is not None else "$.entries"


def check_squadron(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price an Air Action squadron and report every squadron rule it breaks.

    Args:
        catalogue: content snapshot holding ``cs-air-action`` planes (and ``cs-aces`` Aces
            when entries name them).
        doc: a schema-valid ``cs-air-action`` ``squadron`` list document.

    Returns:
        A verdict whose breakdown itemises each plane (and its Ace), shows the squadron's
        navigation deck and states every setting (reading) it is played with.
    """
    prices = (doc.get("house_rules") or {}).get("prices", {})
    settings = read_settings(doc)
    violations: list[Violation] = []
    items: list[dict[str, Any]] = []
    pilots: dict[str, str] = {}
    ace_planes: list[Any] = []
    total = 0
    uses_aces = False
    for index, entry in enumerate(doc["entries"]):
        path = child("$.entries", index)
        record = catalogue.resolve(entry["figure"], "figure", SYSTEM)
        if record is None:
            violations.append(Violation(
                SquadronCode.UNKNOWN_FIGURE,
                f"No Air Action plane {entry['figure']!r} in the catalogue",
                child(path, "figure"),
            ))
            continue
        if record.data["kind"] != "plane":
            violations.append(Violation(
                SquadronCode.NOT_A_PLANE,
                f"{record.name} is an Aces character, not a plane: name it as a plane's 'ace'",
                child(path, "figure"),
            ))
            continue
        points = int(prices.get(record.id, record.data["point_value"]))
        item: dict[str, Any] = {
            "path": path, "figure": record.id, "name": record.name,
            "pilot": record.data["pilot"], "plane_points": points, "points": points,
        }
        pilot_key = record.data["pilot"]
        ace_ref = entry.get("ace")
        if ace_ref:
            uses_aces = True
            ace = catalogue.resolve(ace_ref, "figure", "cs-aces")
            if ace is None or ace.data.get("kind") != "ace":
                violations.append(Violation(
                    SquadronCode.UNKNOWN_ACE,
                    f"No Aces figure {ace_ref!r} in the catalogue to fly {record.name}",
                    child(path, "ace"),
                ))
            elif record.data.get("ace") != ace.ref:
                violations.append(Violation(
                    SquadronCode.ACE_NOT_OWN_PLANE,
                    f"{ace.name} may pilot only his or her own plane, not {record.name}",
                    child(path, "ace"),
                ))
            else:
                ace_points = int(prices.get(ace.ref, ace.data["point_value"]))
                item["ace"] = {"figure": ace.ref, "name": ace.name, "points": ace_points}
                item["points"] = points + ace_points
        if pilot_key in pilots:
            violations.append(Violation(
                SquadronCode.PILOT_FLIES_TWO_PLANES,
                f"{pilot_key} flies two planes (also {pilots[pilot_key]}): a pilot may fly "
                "only one plane in a squadron",
                path,
            ))
        else:
            pilots[pilot_key] = f"{record.name} in entry {index + 1}"
        if record.data.get("ace_cards"):
            ace_planes.append(record)
        total += item["points"]
        items.append(item)

    limit = build_total(doc)
    if limit % BUILD_TOTAL_MULTIPLE:
        violations.append(Violation(
            SquadronCode.BUILD_TOTAL_NOT_MULTIPLE_OF_100,
            f"A build total of {limit} is not a multiple of 100 points",
            "$.points_limit",
        ))
    if total > limit:
        violations.append(Violation(
            SquadronCode.OVER_BUILD_TOTAL,
            f"The squadron costs {total} points, {total - limit} over its build total of "
            f"{limit}",
            _limit_path(doc),
        ))
    if uses_aces and limit < BUILD_TOTAL_WITH_ACES:
        violations.append(Violation(
            SquadronCode.ACES_BELOW_300,
            f"With Aces flying, the build total should be at least 300 points (it is {limit})",
            _limit_path(doc),
            Severity.WARNING,
        ))
    deck = navigation_deck(catalogue, ace_planes, settings.ace_navigation_cards)
    readings = settings.to_dict()
    readings["rookie_bail_out_modifier"] = rookie_modifier(catalogue,
                                                           settings.rookie_bail_out_modifier)
    breakdown = {"planes": items, "total": total, "build_total": limit, "navigation_deck": deck,
                 "settings": readings}
    priced = tuple(PricedEntry(i["path"], i["name"], i["points"]) for i in items)
    return Verdict(total, limit, tuple(violations), breakdown, dict(doc.get("house_rules") or {}),
                   priced)
