"""The verdict laid out for the builder: each violation beside its entry, each entry's price."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.web.fighters import catalogue_designs
from builder.web.listform import violation_entry
from rules_engine.catalogue import Catalogue


def entry_prices(breakdown: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Entry index -> its itemised price, wherever the system's breakdown keeps it (any
    object whose ``path`` is an entry: models, planes, characters, rockets...)."""
    found: dict[int, dict[str, Any]] = {}

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            path = value.get("path")
            if isinstance(path, str):
                index = violation_entry(path)
                if index is not None and path == f"$.entries[{index}]" and index not in found:
                    found[index] = dict(value)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(breakdown)
    return found


def hardpoint_account(design: Mapping[str, Any]) -> dict[str, Any]:
    """A Black Skies design's breakdown as an entry's price: hardpoints spent of the weight's,
    by kind, and what the design flies with."""
    spent = design.get("hardpoints") or {}
    stats = []
    if design.get("hull") is not None:
        stats.append(f"hull {design['hull']}, acceleration {design.get('acceleration')}")
    stats.append(f"{design.get('dice_per_volley', 0)} d12 a volley")
    if design.get("afterburner_boost") is not None:
        stats.append(f"afterburner +{design['afterburner_boost']} speed")
    return {
        "hardpoints": spent.get("used"),
        "available": spent.get("available"),
        "items": [
            {"name": kind.capitalize(), "points": spent.get(kind, 0), "unit": "hardpoints"}
            for kind in ("weapons", "armour", "shields")
        ],
        "stats": "; ".join(stats),
    }


def fighter_prices(
    breakdown: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue
) -> dict[int, dict[str, Any]]:
    """Each Black Skies entry's hardpoint account: the fighter's own, or, in a squadron, that
    of the design the fighter flies (the breakdown keeps designs by name)."""
    if doc.get("kind") == "fighter":
        return {0: hardpoint_account(breakdown)} if breakdown.get("hardpoints") else {}
    designs = breakdown.get("designs") or {}
    named = catalogue_designs(catalogue)
    found = {}
    for i, entry in enumerate(doc.get("entries") or []):
        design = entry.get("design") if isinstance(entry, Mapping) else None
        if isinstance(design, str):
            design = named.get(design)
        if isinstance(design, Mapping) and design.get("name") in designs:
            found[i] = hardpoint_account(designs[design["name"]])
    return found


def layout(
    verdict: Mapping[str, Any],
    entry_count: int,
    doc: Mapping[str, Any] | None = None,
    catalogue: Catalogue | None = None,
) -> dict[str, Any]:
    """Violations split into the list's own and each entry's, errors before warnings."""
    by_entry: dict[int, list[Mapping[str, Any]]] = {i: [] for i in range(entry_count)}
    general: list[Mapping[str, Any]] = []
    for v in sorted(verdict["violations"], key=lambda v: v["severity"] != "error"):
        index = violation_entry(v["path"])
        if index is not None and index in by_entry:
            by_entry[index].append(v)
        else:
            general.append(v)
    points, limit = verdict.get("points"), verdict.get("limit")
    return {
        "by_entry": by_entry,
        "general": general,
        "prices": fighter_prices(verdict.get("breakdown") or {}, doc, catalogue)
        if doc is not None and catalogue is not None and doc.get("system") == "black-skies"
        else entry_prices(verdict.get("breakdown") or {}),
        "errors": sum(v["severity"] == "error" for v in verdict["violations"]),
        "warnings": sum(v["severity"] == "warning" for v in verdict["violations"]),
        "over": points is not None and limit is not None and points > limit,
    }
