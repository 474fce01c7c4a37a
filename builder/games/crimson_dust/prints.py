"""What a Crimson Dust warband prints: a model card per entry and a roster of its prices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.engine import Catalogue
from builder.games.crimson_dust.cards import CARDS, priced_profile
from builder.games.drawing import entry_indices, roster_row, shown
from builder.games.prints import GamePrints, Row, Section

SYSTEM = "crimson-dust"


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


def trait_rules(
    b: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue
) -> list[Section]:
    """The rule of every trait the list's weapons name, once, at the roster's foot (the
    cards name traits; the book's words are here), in the order of the traits' names."""
    traits: dict[str, tuple[str, str]] = {}
    for entry in doc.get("entries") or ():
        if not isinstance(entry, Mapping):
            continue
        for weapon_id in entry.get("weapons") or ():
            weapon = catalogue.get(SYSTEM, "weapon", str(weapon_id))
            for trait in weapon.data.get("traits", ()) if weapon else ():
                record = catalogue.get(SYSTEM, "ability", trait)
                if record is not None and record.data.get("rule_text"):
                    traits[trait] = (record.name, str(record.data["rule_text"]))
    if not traits:
        return []
    rows = sorted(traits.values(), key=lambda t: t[0].lower())
    return [{"title": "Weapon traits", "rows": rows, "note": ""}]


PRINTS = GamePrints(rows=roster_rows, cards=CARDS, sections=trait_rules)
