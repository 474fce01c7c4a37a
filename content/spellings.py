"""Older spellings of ids, converted once where a document comes in.

Ids are kebab-case everywhere. Packs before cs-hex-core 1.2.0 wrote the armour areas and the
check formulas' terms in snake_case (``right_wing_front``, ``natural_touch``), and designs
written for them named the areas, and the drop tank part, the same way (``drop_tank``).
Such a document is converted here, at the door (``loadpack``, a list import, a backup, the
data migrations of stored rows), and the change is reported; past the door the engine and
the builder read only the kebab-case spelling.

Pure Python: no Django, no engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

HEX = "cs-hex"
ENTRY_KEYS = ("part", "area")
"""The keys of a cs-hex design entry that hold an id."""
ID_LISTS = ("areas", "terms")
"""The lists in a record's data whose items carry an id: armour areas, formula terms."""
SHOWN = 6
"""Conversions named in a summary; the rest are counted."""


@dataclass(frozen=True)
class Respelling:
    """One id converted: where it was, as written, and as it is now spelled."""

    path: str
    old: str
    new: str

    def __str__(self) -> str:
        return f"{self.old} -> {self.new}"


def kebab(value: str) -> str:
    """The kebab-case spelling of an id: ``right_wing_front`` -> ``right-wing-front``."""
    return value.replace("_", "-")


def list_respelled(document: Any) -> tuple[Any, list[Respelling]]:
    """A list document with its ids in the current spelling, and what was converted.

    Only a cs-hex design has ids once written otherwise (the parts and armour areas of its
    entries); anything else, or a document of the wrong shape, comes back as it is, for the
    checks that follow to name what is wrong with it.
    """
    if not isinstance(document, Mapping) or document.get("system") != HEX:
        return document, []
    entries = document.get("entries")
    if not isinstance(entries, list):
        return document, []
    changes = [
        Respelling(f"$.entries[{i}].{key}", entry[key], kebab(entry[key]))
        for i, entry in enumerate(entries)
        if isinstance(entry, Mapping)
        for key in ENTRY_KEYS
        if isinstance(entry.get(key), str) and "_" in entry[key]
    ]
    if not changes:
        return document, []
    out = {
        **document,
        "entries": [
            {k: kebab(v) if k in ENTRY_KEYS and isinstance(v, str) else v
             for k, v in entry.items()}
            if isinstance(entry, Mapping) else entry
            for entry in entries
        ],
    }
    return out, changes


def record_data_respelled(data: Any, path: str = "$.data") -> tuple[Any, list[Respelling]]:
    """A record's data with the ids of its armour areas and formula terms in kebab case."""
    if not isinstance(data, Mapping):
        return data, []
    changes: list[Respelling] = []
    out = dict(data)
    for key in ID_LISTS:
        items = data.get(key)
        if not isinstance(items, list):
            continue
        converted = []
        for i, item in enumerate(items):
            ident = item.get("id") if isinstance(item, Mapping) else None
            if isinstance(ident, str) and "_" in ident:
                changes.append(Respelling(f"{path}.{key}[{i}].id", ident, kebab(ident)))
                item = {**item, "id": kebab(ident)}
            converted.append(item)
        out[key] = converted
    return (out, changes) if changes else (data, [])


def pack_respelled(pack: Any) -> tuple[Any, list[Respelling]]:
    """A pack document with the ids inside its records' data in kebab case, and what changed.

    A record's own id is left alone (a list refers to it by exactly that id); a document of
    the wrong shape comes back as it is, for the pack's checks to name.
    """
    if not isinstance(pack, Mapping) or not isinstance(pack.get("records"), list):
        return pack, []
    changes: list[Respelling] = []
    records = []
    for i, record in enumerate(pack["records"]):
        if isinstance(record, Mapping) and "data" in record:
            data, found = record_data_respelled(record["data"], f"$.records[{i}].data")
            if found:
                record = {**record, "data": data}
                changes += found
        records.append(record)
    if not changes:
        return pack, []
    return {**pack, "records": records}, changes


def respellings_summary(changes: list[Respelling], where: str) -> str:
    """``converted 12 old spellings in cs-hex-core 1.1.0: right_wing_front -> ...``.

    Each distinct conversion is named once (the first few), then how many more there are.
    """
    distinct = list(dict.fromkeys(str(c) for c in changes))
    named = ", ".join(distinct[:SHOWN])
    more = f" and {len(distinct) - SHOWN} more" if len(distinct) > SHOWN else ""
    noun = "spelling" if len(changes) == 1 else "spellings"
    return f"converted {len(changes)} old {noun} in {where}: {named}{more}"
