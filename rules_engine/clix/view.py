"""Catalogue views of the clix games: every pack record by type, so nothing is left out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine.catalogue import Catalogue, Record

PLURALS = {"ability": "abilities"}


def record_entry(record: Record) -> dict[str, Any]:
    """One record as stored in its pack: id, printed name, data, source and any doubts."""
    return record.to_dict()


def records_by_type(
    catalogue: Catalogue, system: str, shown: Iterable[Record] = ()
) -> dict[str, list[dict[str, Any]]]:
    """Every record of ``system`` not already in ``shown``, grouped by type ("abilities",
    "tables", ...), so a view leaves nothing of the packs out."""
    skip = {(r.type, r.id) for r in shown}
    out: dict[str, list[dict[str, Any]]] = {}
    for type_ in catalogue.types(system):
        entries = [
            record_entry(r)
            for r in catalogue.records(system, type_).values()
            if (r.type, r.id) not in skip
        ]
        if entries:
            out[PLURALS.get(type_, f"{type_}s")] = entries
    return out
