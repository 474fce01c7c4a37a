"""Crimson Skies hex-map rules in the builder: a plane design written out part by part (its
airframe, armour on each area, guns, turrets, rockets and drop tanks), with its schematic."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from builder.games.cs_hex import character
from builder.games.cs_hex.svg_schematic import hex_schematic
from builder.games.forms import INT, LIST, TEXT, EntryField, Group
from builder.games.pages import Page
from builder.games.picks import by_name

if TYPE_CHECKING:
    from builder.engine import Catalogue
    from builder.games.picks import Picks

SYSTEM = "cs-hex"
PART_KEYS: dict[str, dict[str, str]] = {
    "airframe": {
        "model": TEXT,
        "plane_type": TEXT,
        "size": INT,
        "max_speed": INT,
        "g_rating": INT,
        "acceleration": INT,
    },
    "armour": {"area": TEXT, "points": INT},
    "gun": {"weapon": TEXT, "count": INT},
    "turret": {"guns": LIST},
    "rocket": {"weapon": TEXT, "count": INT},
    "drop-tank": {"count": INT},
}
"""Each part's own keys beside its ``part``."""
PARTS = (
    ("airframe", "Airframe"),
    ("armour", "Armour on an area"),
    ("gun", "Fixed guns"),
    ("turret", "Turret"),
    ("rocket", "Rockets"),
    ("drop-tank", "Drop tanks"),
)
PART_DEFAULTS: dict[str, dict[str, Any]] = {
    "airframe": {
        "plane_type": "light",
        "size": 8,
        "max_speed": 3,
        "g_rating": 3,
        "acceleration": 2,
    },
    "armour": {"area": "nose", "points": 20},
    "gun": {"weapon": "cal-30", "count": 1},
    "turret": {"guns": []},
    "rocket": {"weapon": "", "count": 1},
    "drop-tank": {"count": 1},
}
"""What a part added to the design starts as."""
AREAS = (
    ("nose", "Nose"),
    ("right-wing-front", "Right wing, front"),
    ("right-wing-rear", "Right wing, rear"),
    ("left-wing-front", "Left wing, front"),
    ("left-wing-rear", "Left wing, rear"),
    ("tail", "Tail"),
)


CHARACTER = "character"


class HexPage(Page):
    print_sheet = "schematic"

    def sheet_for(self, kind: str) -> str:
        return CHARACTER if kind == CHARACTER else self.print_sheet

    def errors_beside_fields(self, kind: str) -> bool:
        return kind == CHARACTER

    def entry_spec(self, kind: str, part: str = "") -> Group:
        if kind == CHARACTER:
            return character.character_spec(part)
        return Group({"part": TEXT, **PART_KEYS.get(part, {})})

    def entry_fields(
        self, kind: str, entry: Mapping[str, Any], picks: Picks, earlier: Sequence[Any]
    ) -> list[EntryField]:
        if kind == CHARACTER:
            return character.character_fields(entry, picks.catalogue)
        return _hex_fields(entry, picks.catalogue)

    def entry_title(self, kind: str, entry: Mapping[str, Any], catalogue: Catalogue) -> str:
        return character.character_title(entry, catalogue) if kind == CHARACTER else ""

    def add_options(self, kind: str, picks: Picks) -> list[tuple[str, str]]:
        if kind == CHARACTER:
            return character.character_add_options(picks.catalogue)
        return list(PARTS)

    def add_unavailable(self, kind: str, picks: Picks) -> dict[str, str]:
        return character.character_unavailable(picks) if kind == CHARACTER else {}

    def new_entry(self, kind: str, value: str, catalogue: Catalogue, entries: Sequence[Any]) -> Any:
        if kind == CHARACTER:
            return character.new_character_entry(value, catalogue)
        return {"part": value, **copy.deepcopy(PART_DEFAULTS.get(value, {}))}

    def new_entries(self, kind: str, catalogue: Catalogue) -> list[Any]:
        if kind == CHARACTER:
            return [character.new_character(catalogue)]
        return [self.new_entry(kind, "airframe", catalogue, [])]

    def entry_prices(
        self,
        kind: str,
        breakdown: Mapping[str, Any],
        doc: Mapping[str, Any],
        catalogue: Catalogue,
    ) -> dict[int, dict[str, Any]]:
        if kind == CHARACTER:
            return character.character_prices(breakdown, doc, catalogue)
        return super().entry_prices(kind, breakdown, doc, catalogue)

    def extra_context(
        self, kind: str, verdict: Mapping[str, Any], catalogue: Catalogue
    ) -> dict[str, Any]:
        if kind == CHARACTER:
            return {"xp": character.xp_summary(verdict)}
        return {"schematic": hex_schematic(verdict.get("breakdown") or {})}


def _hex_fields(entry: Mapping[str, Any], catalogue: Catalogue) -> list[EntryField]:
    part = str(entry.get("part", ""))
    weapons = by_name(catalogue.records(SYSTEM, "weapon"))
    guns = [
        (w.id, w.name, f"mass {w.data.get('mass')}") for w in weapons if w.data.get("kind") == "gun"
    ]
    if part == "airframe":
        return [
            EntryField("model", "Model name", "text", entry.get("model", "")),
            EntryField(
                "plane_type",
                "Type",
                "select",
                entry.get("plane_type", ""),
                [("light", "Light (sizes 10-5)", ""), ("heavy", "Heavy (sizes 6-1)", "")],
            ),
            EntryField("size", "Size (10 smallest - 1)", "number", entry.get("size")),
            EntryField("max_speed", "Max speed", "number", entry.get("max_speed")),
            EntryField("g_rating", "G-rating", "number", entry.get("g_rating")),
            EntryField("acceleration", "Acceleration", "number", entry.get("acceleration")),
        ]
    if part == "armour":
        return [
            EntryField(
                "area",
                "Area",
                "select",
                str(entry.get("area", "")),
                [(k, label, "") for k, label in AREAS],
            ),
            EntryField(
                "points",
                "Armour points",
                "number",
                entry.get("points"),
                help="3 mass a point; 80 at most.",
            ),
        ]
    if part == "gun":
        return [
            EntryField("weapon", "Gun", "select", entry.get("weapon", ""), guns),
            EntryField("count", "How many", "number", entry.get("count", 1)),
        ]
    if part == "turret":
        chosen = list(entry.get("guns", []))
        return [
            EntryField("guns", f"Gun {n + 1}", "select", chosen[n] if n < len(chosen) else "", guns)
            for n in range(max(2, len(chosen)))
        ]
    if part in ("rocket",):
        return [
            EntryField(
                "weapon",
                "Rocket",
                "select",
                entry.get("weapon", ""),
                [(w.id, w.name, "") for w in weapons if w.data.get("kind") == "rocket"],
            ),
            EntryField("count", "How many", "number", entry.get("count", 1)),
        ]
    if part == "drop-tank":
        return [EntryField("count", "How many", "number", entry.get("count", 1))]
    return []


PAGE = HexPage()
