"""The Aces content as the engine reads it, names as printed in the book."""

from __future__ import annotations

from typing import Any

from rules_engine.catalogue import Catalogue, thaw
from rules_engine.clix.view import records_by_type
from rules_engine.cs_aces.characters import CHARACTER_KINDS, SYSTEM, character_from_record


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """Aces and character tokens with points, range, targets and starting values, then
    every record of the packs (figures, dials, abilities, tables) as stored."""
    out = []
    shown = []
    for record in catalogue.records(SYSTEM, "figure").values():
        if record.data["kind"] not in CHARACTER_KINDS:
            continue
        c = character_from_record(catalogue, record, f"figure {record.id}")
        out.append({
            "id": c.id, "name": c.name, "kind": c.kind, "points": c.points,
            "range": c.range, "targets": c.targets,
            "clicks_to_ko": c.dial.clicks_to_ko if c.dial else None,
            "starting_values": dict(c.dial.clicks[c.dial.start].values) if c.dial else None,
            "sample": record.sample,
            "uncertain": thaw(record.uncertain),
            # The record as stored, so the summary leaves nothing of the pack out.
            "data": thaw(record.data),
            "source": thaw(record.source),
        })
        shown.append(record)
    # The summaries above (each with its record as stored), then every other record.
    return {"system": SYSTEM, "packs": catalogue.pack_versions(SYSTEM), "characters": out,
            **records_by_type(catalogue, SYSTEM, shown)}
