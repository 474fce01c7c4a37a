"""The Aces content as the engine reads it, names as printed in the book."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine.catalogue import Catalogue, Record
from rules_engine.cs_aces.characters import CHARACTER_KINDS, SYSTEM, character_from_record

PLURALS = {"ability": "abilities"}


def record_entry(record: Record) -> dict[str, Any]:
    """One record as stored in its pack: id, printed name, data, source and any doubts."""
    return record.to_dict()


def records_by_type(catalogue: Catalogue, system: str,
                    shown: Iterable[Record] = ()) -> dict[str, list[dict[str, Any]]]:
    """Every record of ``system`` not already in ``shown``, grouped by type ("abilities",
    "tables", ...), so a view leaves nothing of the packs out."""
    skip = {(r.type, r.id) for r in shown}
    out: dict[str, list[dict[str, Any]]] = {}
    for type_ in catalogue.types(system):
        entries = [record_entry(r) for r in catalogue.records(system, type_).values()
                   if (r.type, r.id) not in skip]
        if entries:
            out[PLURALS.get(type_, f"{type_}s")] = entries
    return out


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """Aces and character tokens with points, range, targets and starting values, then
    every other record of the packs (dials, abilities, tables) as stored."""
    out = []
    shown = []
    for record in catalogue.records(SYSTEM, "figure").values():
        if record.data["kind"] not in CHARACTER_KINDS:
            continue
        c = character_from_record(catalogue, record, f"figure {record.id}")
        shown.append(record)
        out.append({
            "id": c.id, "name": c.name, "kind": c.kind, "points": c.points,
            "range": c.range, "targets": c.targets,
            "clicks_to_ko": c.dial.clicks_to_ko if c.dial else None,
            "starting_values": dict(c.dial.clicks[c.dial.start].values) if c.dial else None,
            "sample": record.sample,
        })
    return {"system": SYSTEM, "characters": out, **records_by_type(catalogue, SYSTEM, shown)}
