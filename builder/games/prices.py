"""Where a verdict prices each entry: the objects of its breakdown whose JSON path is an
entry's, and the entry a violation's path points into."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

ENTRY_PATH = re.compile(r"^\$\.entries\[(\d+)\]")


def violation_entry(path: str) -> int | None:
    """The entry a violation's JSON path points into, or None for the list as a whole."""
    match = ENTRY_PATH.match(path)
    return int(match.group(1)) if match else None


def counted(amount: Any, unit: str) -> str:
    """``amount`` of ``unit`` as a player says it: "1 point", "3 hardpoints", "240 mass";
    nothing for no amount."""
    if amount in (None, ""):
        return ""
    one = str(amount) in ("1", "-1")
    return f"{amount} {unit[:-1] if one and unit.endswith('s') else unit}"


def violations_beside(
    rows: Sequence[Mapping[str, Any]], violations: Sequence[Mapping[str, Any]]
) -> tuple[list[list[Mapping[str, Any]]], list[Mapping[str, Any]]]:
    """Each violation beside the first roster row describing its entry (rows name theirs in
    ``entries``), in the order given; the rest are the whole list's."""
    row_of: dict[int, int] = {}
    for r, row in enumerate(rows):
        for index in row.get("entries") or ():
            row_of.setdefault(index, r)
    beside: list[list[Mapping[str, Any]]] = [[] for _ in rows]
    general: list[Mapping[str, Any]] = []
    for v in violations:
        index = violation_entry(str(v.get("path", "")))
        if index is not None and index in row_of:
            beside[row_of[index]].append(v)
        else:
            general.append(v)
    return beside, general


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
