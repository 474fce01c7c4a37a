"""Where a verdict prices each entry: the objects of its breakdown whose JSON path is an
entry's, and the entry a violation's path points into."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

ENTRY_PATH = re.compile(r"^\$\.entries\[(\d+)\]")


def violation_entry(path: str) -> int | None:
    """The entry a violation's JSON path points into, or None for the list as a whole."""
    match = ENTRY_PATH.match(path)
    return int(match.group(1)) if match else None


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
