"""What cs-hex lists print: a plane design's roster of the mass each part takes and its
schematic; a character's roster of the XP each level and add-on takes and its character
sheet. Neither has a stat card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.engine import Catalogue
from builder.games.cs_hex.character import (
    ADD_ON,
    WINGMAN,
    character_prices,
    character_title,
    characteristics,
    named,
)
from builder.games.cs_hex.character_sheet import CHARACTER_SHEET
from builder.games.cs_hex.schematic import SCHEMATIC
from builder.games.drawing import entry_indices, roster_row, shown
from builder.games.prints import GamePrints, Row

SYSTEM = "cs-hex"


def _parts(doc: Mapping[str, Any], part: str) -> list[int]:
    """The entries that are parts of one kind (the airframe, each armour entry)."""
    return [
        i
        for i, e in enumerate(doc.get("entries") or ())
        if isinstance(e, Mapping) and e.get("part") == part
    ]


def _gun_names(catalogue: Catalogue, guns: Any) -> str:
    names = []
    for gun in guns or ():
        record = catalogue.resolve(str(gun), "weapon", SYSTEM)
        names.append(record.name if record is not None else str(gun))
    return ", ".join(names)


def character_rows(b: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue) -> list[Row]:
    """A character's roster: the character's levels, each add-on, each wingman's levels,
    each at the XP the engine priced it."""
    prices = character_prices(b, doc, catalogue)
    rows = []
    for i, entry in enumerate(doc.get("entries") or ()):
        if not isinstance(entry, Mapping):
            continue
        xp = prices.get(i, {}).get("xp")
        part = entry.get("part")
        if part in ("character", WINGMAN):
            levels = entry.get("characteristics")
            levels = levels if isinstance(levels, Mapping) else {}
            items = [(f"{c.name} {levels.get(c.id, 0)}", None) for c in characteristics(catalogue)]
            detail = ", ".join(name for name, _ in items)
            rows.append(roster_row(character_title(entry, catalogue), detail, [], xp, entries=[i]))
        elif part == ADD_ON:
            record = catalogue.get(SYSTEM, "ability", str(entry.get("add_on", "")))
            label = named(record) if record is not None else str(entry.get("add_on", ""))
            rows.append(
                roster_row("Add-on", f"{entry.get('count', 1)} × {label}", [], xp, entries=[i])
            )
    return rows


def roster_rows(b: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue) -> list[Row]:
    if doc.get("kind") == "character":
        return character_rows(b, doc, catalogue)
    mass = b.get("mass", {})
    airframes = _parts(doc, "airframe")
    model = doc["entries"][airframes[0]].get("model") if airframes else None
    rows = [
        roster_row(
            "Airframe",
            f"{str(model) + ', ' if model else ''}{b.get('plane_type', '?')} plane, "
            f"size {shown(b.get('size'))}",
            [
                (f"{k.replace('_', ' ').capitalize()} mass", mass.get(k))
                for k in ("max_speed", "g_rating", "acceleration")
            ],
            sum(mass.get(k, 0) for k in ("max_speed", "g_rating", "acceleration")),
            entries=_parts(doc, "airframe"),
        )
    ]
    armour = b.get("armour", {})
    rows.append(
        roster_row(
            "Armour",
            "3 mass a point",
            [
                (f"{a['name']}: {a['points']} armour points", a["mass"])
                for a in armour.values()
                if a["points"]
            ],
            mass.get("armour"),
            entries=_parts(doc, "armour"),
        )
    )
    for key, label in (
        ("guns", "Gun"),
        ("turrets", "Turret"),
        ("rockets", "Rocket"),
        ("drop_tanks", "Drop tank"),
    ):
        for item in b.get(key, ()):
            name = item.get("name") or _gun_names(catalogue, item.get("guns"))
            count = item.get("count")
            rows.append(
                roster_row(
                    label,
                    f"{count} × {name}" if count else name,
                    [],
                    item["mass"],
                    entries=entry_indices(item.get("path")),
                )
            )
    return rows


PRINTS = GamePrints(rows=roster_rows, extras={"schematic": SCHEMATIC, "character": CHARACTER_SHEET})
