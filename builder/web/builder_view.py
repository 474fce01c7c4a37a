"""The verdict laid out for the builder: each violation beside its entry, each entry's price."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from builder.engine import Catalogue
from builder.engine.wording import fold_unpriced
from builder.games import game
from builder.games.forms import EntryField
from builder.games.prices import entry_prices, violation_entry


def layout(
    verdict: Mapping[str, Any],
    entry_count: int,
    doc: Mapping[str, Any] | None = None,
    catalogue: Catalogue | None = None,
    names: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Violations split into the list's own and each entry's, errors before warnings; the
    book's unpriced items folded into one notice for the list (``fold_unpriced``), named
    from ``names`` (content id to name)."""
    by_entry: dict[int, list[Mapping[str, Any]]] = {i: [] for i in range(entry_count)}
    general: list[Mapping[str, Any]] = []
    violations, unpriced = fold_unpriced(verdict["violations"], names or {})
    for v in sorted(violations, key=lambda v: v["severity"] != "error"):
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
        "unpriced": unpriced,
        "errors": sum(v["severity"] == "error" for v in violations),
        "warnings": sum(v["severity"] == "warning" for v in violations),
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


def open_entry(
    posted: Mapping[str, str] | None,
    entry_count: int,
    by_entry: Mapping[int, list[Mapping[str, Any]]],
) -> int | None:
    """The one entry the builder draws open: the one just added, else the one the player
    had open (the form's ``open``, moved along when an entry above it goes), else the first
    with an error, else the first. An empty ``open`` means the player closed them all."""
    if entry_count == 0:
        return None
    if posted is not None:
        before = _number(posted.get("entry_count"))
        if before is not None and entry_count > before:
            return entry_count - 1
        if "open" in posted:
            chosen = _number(posted.get("open"))
            removed = _removed(posted.get("action", ""))
            if chosen is None or chosen == removed:
                return None if chosen is None else _first_error(by_entry, entry_count)
            if removed is not None and chosen > removed:
                chosen -= 1
            return chosen if 0 <= chosen < entry_count else None
    return _first_error(by_entry, entry_count)


def _first_error(by_entry: Mapping[int, list[Mapping[str, Any]]], entry_count: int) -> int:
    for index in range(entry_count):
        if any(v["severity"] == "error" for v in by_entry.get(index, [])):
            return index
    return 0


def _removed(action: str) -> int | None:
    return _number(action.removeprefix("remove:")) if action.startswith("remove:") else None


def _number(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        return None


_STEP = re.compile(r"\.|\[(\d+)\]")


def field_name(path: str, index: int) -> str | None:
    """The form field a violation's JSON path names inside entry ``index``:
    ``$.entries[0].characteristics.constitution`` -> ``characteristics-constitution``;
    None for the entry itself or another entry."""
    head = f"$.entries[{index}]"
    if not path.startswith(head) or path == head:
        return None
    rest = path[len(head) :]
    if rest[:1] not in (".", "["):
        return None
    name = _STEP.sub(lambda m: f"-{m.group(1)}" if m.group(1) else "-", rest).strip("-")
    return name or None


def place_beside_fields(
    fields: Sequence[EntryField], violations: Sequence[Mapping[str, Any]], index: int
) -> list[Mapping[str, Any]]:
    """Each violation whose path names one of the entry's fields put beside that field
    (``EntryField.errors``); returns the rest, the entry's own."""
    by_name: dict[str, EntryField] = {}

    def walk(found: Sequence[EntryField]) -> None:
        for f in found:
            by_name.setdefault(f.name, f)
            for line in f.rows:
                walk(line)

    walk(fields)
    for f in by_name.values():
        f.errors = []
    rest = []
    for v in violations:
        target = by_name.get(field_name(str(v.get("path", "")), index) or "")
        if target is None:
            rest.append(v)
        else:
            target.errors.append(v)
    return rest
