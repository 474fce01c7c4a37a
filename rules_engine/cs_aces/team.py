"""Recruitment: pricing and checking an Aces team (seed 000, "Recruitment").

"Each player creates a team by choosing up to 100 points of characters ... The only
limitation is that only one of any particular Ace may be on any one team." Character
tokens may be taken any number of times.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_aces.characters import CHARACTER_KINDS, SYSTEM
from rules_engine.cs_aces.codes import TeamCode
from rules_engine.cs_aces.settings import read_settings
from rules_engine.jsonpath import child
from rules_engine.verdict import PricedEntry, Severity, Verdict, Violation

STANDARD_BUILD_TOTAL = 100  # "Recruitment": up to 100 points of characters


def build_total(doc: Mapping[str, Any]) -> int:
    """The agreed build total: the list's ``points_limit``, else the book's 100."""
    limit = doc.get("points_limit")
    return STANDARD_BUILD_TOTAL if limit is None else int(limit)


def check_team(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price an Aces team and report every recruitment rule it breaks.

    Args:
        catalogue: content snapshot holding the ``cs-aces`` figures.
        doc: a schema-valid ``cs-aces`` ``team`` list document.

    Returns:
        A verdict with the team's points, its build total, every violation and a breakdown
        listing each character's price and every setting (reading) the team plays with.
    """
    prices = (doc.get("house_rules") or {}).get("prices", {})
    violations: list[Violation] = []
    items: list[dict[str, Any]] = []
    first_seen: dict[str, int] = {}
    total = 0
    for index, entry in enumerate(doc["entries"]):
        path = child("$.entries", index)
        record = catalogue.resolve(entry["figure"], "figure", SYSTEM)
        count = int(entry.get("count", 1))
        if record is None:
            violations.append(Violation(
                TeamCode.UNKNOWN_FIGURE,
                f"No Aces figure {entry['figure']!r} in the catalogue",
                child(path, "figure"),
            ))
            continue
        kind = record.data["kind"]
        if kind not in CHARACTER_KINDS:
            violations.append(Violation(
                TeamCode.NOT_A_CHARACTER,
                f"{record.name} is an Air Action plane: a team recruits Aces and character tokens",
                child(path, "figure"),
            ))
            continue
        each = int(prices.get(record.id, record.data["point_value"]))
        total += each * count
        items.append({
            "path": path, "figure": record.id, "name": record.name, "kind": kind,
            "count": count, "points_each": each, "points": each * count,
        })
        if kind == "ace":
            if count > 1:
                violations.append(Violation(
                    TeamCode.ACE_MORE_THAN_ONCE,
                    f"{record.name} is recruited {count} times: only one of any particular Ace "
                    "may be on a team",
                    child(path, "count"),
                ))
            if record.id in first_seen:
                violations.append(Violation(
                    TeamCode.ACE_MORE_THAN_ONCE,
                    f"{record.name} is already on the team as entry {first_seen[record.id]}: "
                    "only one of any particular Ace may be on a team",
                    path,
                ))
            else:
                first_seen[record.id] = index + 1
    limit = build_total(doc)
    if total > limit:
        limit_path = "$.points_limit" if doc.get("points_limit") is not None else "$.entries"
        violations.append(Violation(
            TeamCode.OVER_BUILD_TOTAL,
            f"The team costs {total} points, {total - limit} over its build total of "
            f"{limit}",
            limit_path,
            Severity.ERROR,
        ))
    breakdown = {"characters": items, "total": total, "build_total": limit,
                 "settings": read_settings(doc).to_dict()}
    priced = tuple(PricedEntry(i["path"], i["name"], i["points"]) for i in items)
    return Verdict(total, limit, tuple(violations), breakdown, dict(doc.get("house_rules") or {}),
                   priced)
