"""The verdict laid out for the builder: each violation beside its entry, each entry's price."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.web.listform import violation_entry


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


def layout(verdict: Mapping[str, Any], entry_count: int) -> dict[str, Any]:
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
        "prices": entry_prices(verdict.get("breakdown") or {}),
        "errors": sum(v["severity"] == "error" for v in verdict["violations"]),
        "warnings": sum(v["severity"] == "warning" for v in verdict["violations"]),
        "over": points is not None and limit is not None and points > limit,
    }
