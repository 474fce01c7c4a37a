"""The pieces every game's table view is made of: a figure's entry found by its path, its
lines in players' words, and the damage track a phone shows as boxes.

A view is ``{"name", "status", "lines": [{"label", "value"}], "track"}`` (see
``rules_engine.table_views``); a line may carry a ``note`` (an ability's name on a dial).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rules_engine.errors import BadDocument

_ENTRY = re.compile(r"^\$\.entries\[(\d+)\]$")

NOT_SET = "not set"
"""What a value no procedure has written yet reads as (a speed before the first throttle)."""


def entry_at(doc: Mapping[str, Any], path: str) -> Mapping[str, Any]:
    """The list entry a table figure's path names (``$.entries[2]``).

    Raises:
        BadDocument: at ``path``, a path that names no entry of ``doc``.
    """
    match = _ENTRY.match(path)
    entries = doc.get("entries") or []
    if match is None or int(match.group(1)) >= len(entries):
        raise BadDocument.at(path, f"{doc.get('name', 'the list')} has no entry at {path}")
    return entries[int(match.group(1))]  # type: ignore[no-any-return]


def line(label: str, value: Any, note: str | None = None) -> dict[str, Any]:
    """One line of a figure's view: the book's label and the value showing."""
    out = {"label": label, "value": NOT_SET if value is None else value}
    if note:
        out["note"] = note
    return out


def track(label: str, filled: int, total: int) -> dict[str, Any]:
    """A damage track: ``filled`` of its ``total`` boxes ticked off by damage taken (never
    more than there are, nor fewer than none)."""
    return {"label": label, "filled": max(0, min(filled, total)), "total": total}


def count(state: Mapping[str, Any], field: str) -> int:
    """A count the procedures change by ``delta`` (0 before any has)."""
    return int(state.get(field) or 0)


def flag(state: Mapping[str, Any], field: str) -> bool:
    """A true/false field (false before any procedure has set it)."""
    return bool(state.get(field))


def view(
    name: str,
    status: str,
    lines: list[dict[str, Any]],
    damage: dict[str, Any] | None = None,
    **more: Any,
) -> dict[str, Any]:
    """A figure's view in the shape every game shares."""
    return {"name": name, "status": status, "lines": lines, "track": damage, **more}
