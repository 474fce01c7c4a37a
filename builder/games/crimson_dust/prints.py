"""What a Crimson Dust warband prints: a model card per entry and a roster of its prices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.engine import Catalogue
from builder.games.crimson_dust.cards import CARDS, priced_profile
from builder.games.drawing import entry_indices, roster_row, shown
from builder.games.prints import GamePrints, Row


def roster_rows(b: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue) -> list[Row]:
    """A row per model: the profile it is priced for, and each item bought with what it
    cost."""
    rows = []
    for m in b.get("models", ()):
        items = []
        for item in m.get("items", ()):
            note = "" if item.get("price") == "book" else f" ({item.get('price')})"
            items.append((f"{item['kind'].capitalize()}: {item['name']}{note}", item["points"]))
        entries = entry_indices(m.get("path"))
        entry = doc["entries"][entries[0]] if entries else {}
        profile = priced_profile(catalogue, doc, entry, m) or {}
        detail = " ".join(f"{k} {shown(v)}" for k, v in profile.items())
        rows.append(roster_row(m["name"], detail, items, m["points"], entries=entries))
    return rows


PRINTS = GamePrints(rows=roster_rows, cards=CARDS)
