"""The Black Skies content as the engine reads it, names as printed in the book."""

from __future__ import annotations

from typing import Any

from rules_engine.black_skies.book import SYSTEM
from rules_engine.catalogue import Catalogue, Record


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """Every black-skies record by type, in the pack's shape (``python -m rules_engine
    catalogue black-skies``)."""
    return {
        "system": SYSTEM,
        "packs": catalogue.pack_versions(SYSTEM),
        "types": {t: [_entry(r) for r in catalogue.records(SYSTEM, t).values()]
                  for t in catalogue.types(SYSTEM)},
    }


def _entry(record: Record) -> dict[str, Any]:
    """A record as stored, a weapon's range bands in range order (close, medium, long)."""
    entry = record.to_dict()
    ranges = entry["data"].get("ranges") if isinstance(entry["data"], dict) else None
    if isinstance(ranges, dict):
        entry["data"]["ranges"] = dict(sorted(ranges.items(), key=lambda band: band[1]))
    return entry
