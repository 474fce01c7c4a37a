"""The verdict laid out for the builder: each violation beside its entry, each entry's price."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.engine import Catalogue
from builder.games import game
from builder.games.prices import entry_prices, violation_entry


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
        "prices": _prices(verdict.get("breakdown") or {}, doc, catalogue),
        "errors": sum(v["severity"] == "error" for v in verdict["violations"]),
        "warnings": sum(v["severity"] == "warning" for v in verdict["violations"]),
        "over": points is not None and limit is not None and points > limit,
    }


def _prices(
    breakdown: Mapping[str, Any], doc: Mapping[str, Any] | None, catalogue: Catalogue | None
) -> dict[int, dict[str, Any]]:
    """Each entry's price as its game shows it; without the document, wherever the
    breakdown's paths name entries."""
    if doc is None or catalogue is None:
        return entry_prices(breakdown)
    page = game(str(doc["system"])).page
    return page.entry_prices(str(doc["kind"]), breakdown, doc, catalogue)
