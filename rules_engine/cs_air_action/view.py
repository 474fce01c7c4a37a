"""The Air Action content as the engine reads it, names as printed in the book."""

from __future__ import annotations

from typing import Any

from rules_engine.catalogue import Catalogue, thaw
from rules_engine.clix.view import records_by_type
from rules_engine.cs_air_action.planes import SYSTEM, plane_from_record


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """Planes with base values, starting stats and clicks to shot down; navigation cards;
    then every record of the packs (figures, dials, abilities, tables, releases) as stored."""
    planes, shown = [], []
    for record in catalogue.records(SYSTEM, "figure").values():
        if record.data["kind"] != "plane":
            continue
        plane = plane_from_record(catalogue, record, f"figure {record.id}")
        planes.append({
            "id": plane.id, "name": plane.name, "pilot": plane.pilot,
            "plane_model": plane.plane_model, "points": plane.points,
            "silhouette": plane.silhouette, "front_range": plane.front_range,
            "rear_range": plane.rear_range, "ace": plane.ace_ref,
            "ace_cards": list(plane.ace_cards),
            "clicks_to_shot_down": plane.dial.clicks_to_ko if plane.dial else None,
            "starting_values": dict(plane.dial.clicks[plane.dial.start].values)
            if plane.dial else None,
            "sample": record.sample,
            "uncertain": thaw(record.uncertain),
            # The record as stored, so the summary leaves nothing of the pack out.
            "data": thaw(record.data),
            "source": thaw(record.source),
        })
        shown.append(record)
    cards = []
    for r in catalogue.records(SYSTEM, "navigation_card").values():
        cards.append({
            "id": r.id, "name": r.name, "basic": r.data["basic"], "count": r.data["deck_count"],
            "speed_rating": r.data.get("speed_rating"), "ace_plane": r.data.get("ace"),
            "uncertain": thaw(r.uncertain), "data": thaw(r.data), "source": thaw(r.source),
        })
        shown.append(r)
    # The summaries above (each with its record as stored), then every other record.
    return {"system": SYSTEM, "packs": catalogue.pack_versions(SYSTEM), "planes": planes,
            "navigation_cards": cards, **records_by_type(catalogue, SYSTEM, shown)}
