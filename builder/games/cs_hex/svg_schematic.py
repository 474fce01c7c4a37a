"""A cs-hex design's schematic: the six armour areas laid out as the plane is seen from
above, each with one box per armour row (10 points a row), drawn as SVG on the server."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

AREA_BOXES = {
    # area: (x, y) of the top-left of its column of rows
    "nose": (150, 10),
    "left-wing-front": (30, 110),
    "right-wing-front": (270, 110),
    "left-wing-rear": (90, 110),
    "right-wing-rear": (210, 110),
    "tail": (150, 250),
}
ROW_W, ROW_H, MAX_ROWS = 40, 9, 8


def hex_schematic(breakdown: Mapping[str, Any]) -> dict[str, Any] | None:
    armour = breakdown.get("armour")
    if not isinstance(armour, Mapping):
        return None
    areas = []
    for key, (x, y) in AREA_BOXES.items():
        area = armour.get(key) or {}
        rows = int(area.get("rows") or 0)
        boxes = [
            {"x": x, "y": y + 14 + n * (ROW_H + 2), "filled": n < rows} for n in range(MAX_ROWS)
        ]
        areas.append(
            {
                "key": key,
                "name": area.get("name", key),
                "points": area.get("points", 0),
                "rows": rows,
                "x": x,
                "y": y,
                "label_x": x + ROW_W / 2,
                "boxes": boxes,
            }
        )
    hardpoints = breakdown.get("hardpoints") or {}
    return {
        "areas": areas,
        "box_w": ROW_W,
        "box_h": ROW_H,
        "hardpoints": hardpoints,
        "to_hit": breakdown.get("to_hit_number"),
    }
