"""What a Black Skies list prints: a fighter card per fighter and a roster; a design's
roster itemises its hardpoints, a squadron's counts its fighters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.games.black_skies.cards import CARDS
from builder.games.drawing import roster_row, shown
from builder.games.prints import GamePrints, Row


def roster_rows(b: Mapping[str, Any], doc: Mapping[str, Any]) -> list[Row]:
    if doc["kind"] == "fighter":
        hp = b.get("hardpoints", {})
        items = [
            (f"{k.capitalize()} hardpoints", hp.get(k)) for k in ("weapons", "armour", "shields")
        ]
        detail = f"hull {shown(b.get('hull'))}, acceleration {shown(b.get('acceleration'))}"
        return [roster_row(b.get("name") or doc["name"], detail, items, hp.get("used"))]
    rows = []
    for entry in doc["entries"]:
        design = entry.get("design")
        name = design if isinstance(design, str) else (design or {}).get("name", "design")
        pilot = entry.get("pilot") or {}
        detail = f"element {entry.get('element', '?')}, pilot skill {shown(pilot.get('skill'))}"
        rows.append(roster_row(pilot.get("name") or "Pilot", detail, [(f"Design: {name}", 1)], 1))
    return rows


PRINTS = GamePrints(rows=roster_rows, cards=CARDS)
