"""What a cs-hex plane design prints: a roster of the mass each part takes, and the
plane's schematic; a design has no stat card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.games.cs_hex.schematic import SCHEMATIC
from builder.games.drawing import roster_row, shown
from builder.games.prints import GamePrints, Row


def roster_rows(b: Mapping[str, Any], doc: Mapping[str, Any]) -> list[Row]:
    mass = b.get("mass", {})
    rows = [
        roster_row(
            "Airframe",
            f"{b.get('plane_type', '?')} plane, size {shown(b.get('size'))}",
            [
                (f"{k.replace('_', ' ').capitalize()} mass", mass.get(k))
                for k in ("max_speed", "g_rating", "acceleration")
            ],
            sum(mass.get(k, 0) for k in ("max_speed", "g_rating", "acceleration")),
        )
    ]
    armour = b.get("armour", {})
    rows.append(
        roster_row(
            "Armour",
            "3 mass a point",
            [
                (f"{a['name']}: {a['points']} points", a["mass"])
                for a in armour.values()
                if a["points"]
            ],
            mass.get("armour"),
        )
    )
    for key, label in (
        ("guns", "Gun"),
        ("turrets", "Turret"),
        ("rockets", "Rocket"),
        ("drop_tanks", "Drop tank"),
    ):
        for item in b.get(key, ()):
            name = item.get("name") or ", ".join(item.get("guns", ()))
            count = item.get("count")
            rows.append(roster_row(label, f"{count} × {name}" if count else name, [], item["mass"]))
    return rows


PRINTS = GamePrints(rows=roster_rows, extras={"schematic": SCHEMATIC})
