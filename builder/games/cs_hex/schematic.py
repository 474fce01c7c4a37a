"""The cs-hex plane schematic: six areas of armour boxes to tick off, guns, turrets and
rockets where they sit with their ranges, the ratings, the free mass left and the pilot.

Armour prints as the book's schematic does: one row of 10 boxes per 10 points; a partial
row (which the engine warns about) gives no boxes. Columns are numbered 1-10, as a hit is
located by a d10 column and its damage starts at that column's first unfilled square.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue, CheckedList, Record, thaw
from builder.games.drawing import shown
from builder.games.prints import Face, Progress

SYSTEM = "cs-hex"
BOXES_PER_ROW = 10
HARDPOINTS = 8
# Where each area sits on the plan view: (grid row, grid column).
LAYOUT = {
    "nose": (0, 1),
    "left-wing-front": (1, 0),
    "right-wing-front": (1, 2),
    "left-wing-rear": (2, 0),
    "right-wing-rear": (2, 2),
    "tail": (3, 1),
}


def _hardpoints(b: Mapping[str, Any]) -> list[str]:
    slots: list[str] = []
    for key in ("rockets", "drop_tanks"):
        for item in b.get(key, ()):
            count = int(item.get("count") or 1)
            each = max(1, int(item.get("hardpoints") or count) // count)
            for _ in range(count):
                slots += [item["name"]] * each
    return slots + [""] * max(0, HARDPOINTS - len(slots))


def _gun_said(weapon: Record | None, key: str) -> str:
    """A turret gun by name with its range, as the fixed guns print."""
    if weapon is None:
        return f"{key}, range {shown(None)}"
    return f"{weapon.name}, range {shown(weapon.data.get('range'))}"


def _pilot(catalogue: Catalogue) -> list[str]:
    return [
        r.name
        for r in catalogue.records(SYSTEM, "ability").values()
        if r.data.get("kind") == "characteristic"
    ]


def schematic_sheet(checked: CheckedList, *, progress: Progress | None = None) -> dict[str, Any]:
    """The schematic's values, from the engine's verdict on the design."""
    catalogue, doc, verdict = checked.catalogue, checked.document, checked.verdict
    b = thaw(verdict.breakdown)
    airframe: Mapping[str, Any] = next(
        (e for e in doc["entries"] if e.get("part") == "airframe"), {}
    )
    grid: list[list[dict[str, Any] | None]] = [[None] * 3 for _ in range(4)]
    for key, area in (b.get("armour") or {}).items():
        row, col = LAYOUT[key]
        grid[row][col] = {
            "key": key,
            "name": area["name"],
            "points": area["points"],
            "rows": [BOXES_PER_ROW] * int(area["rows"]),
            "boxes": int(area["rows"]) * BOXES_PER_ROW,
        }
    guns = [
        {"count": g["count"], "name": g["name"], "range": shown(g.get("range"))}
        for g in b.get("guns", ())
    ]
    weapons = catalogue.records(SYSTEM, "weapon")
    turrets = [
        {"guns": [_gun_said(weapons.get(g), g) for g in t.get("guns", ())]}
        for t in b.get("turrets", ())
    ]
    rockets = [
        {"count": r.get("count") or 1, "name": r["name"], "range": shown(r.get("range"))}
        for r in b.get("rockets", ())
    ]
    if progress:
        progress(1, 1)
    return {
        "template": "schematic",
        "name": doc.get("name") or "Untitled design",
        "model": airframe.get("model") or "",
        "plane_type": b.get("plane_type"),
        "size": b.get("size"),
        "to_hit_number": b.get("to_hit_number"),
        "ratings": [
            ("Max speed", shown(airframe.get("max_speed"))),
            ("G-rating", shown(airframe.get("g_rating"))),
            ("Acceleration", shown(airframe.get("acceleration"))),
            ("To-hit number", shown(b.get("to_hit_number"))),
        ],
        "mass": [
            ("Total mass", shown(b.get("total_mass"))),
            ("Free mass", shown(b.get("free_mass"))),
            ("Mass used", shown(b.get("mass_used"))),
            ("Free mass left", shown(b.get("mass_remaining"))),
        ],
        "grid": grid,
        "guns": guns,
        "turrets": turrets,
        "rockets": rockets,
        "columns": list(range(1, BOXES_PER_ROW + 1)),
        "hardpoints": _hardpoints(b),
        "pilot": _pilot(catalogue),
        "legal": verdict.legal,
        "errors": [v.message for v in verdict.errors],
        "warnings": [v.message for v in verdict.warnings],
        "sample": False,
    }


class SchematicSheet:
    """A plane design's schematic, one flowing sheet; only a list has one."""

    @property
    def kinds(self) -> tuple[str, ...]:
        return ("plane",)

    def refusal(self, document: Mapping[str, Any]) -> ApplicationError:
        return ApplicationError(
            ErrorCode.NOT_A_PLANE,
            f"{document.get('name') or 'This list'} is a {document.get('system')} "
            f"{document.get('kind')}, not a cs-hex plane design: only planes have a schematic.",
            [
                {
                    "path": "$.kind",
                    "field": "kind",
                    "message": "a schematic needs system cs-hex, kind plane",
                }
            ],
        )

    def for_list(self, checked: CheckedList, *, progress: Progress | None) -> dict[str, Any]:
        return schematic_sheet(checked, progress=progress)

    def printable(self, catalogue: Catalogue) -> list[Record]:
        return []

    def for_records(
        self, catalogue: Catalogue, refs: list[str], *, progress: Progress | None
    ) -> list[Face]:
        raise ApplicationError(
            ErrorCode.NOT_PRINTABLE,
            "A schematic prints a plane design: give the design, not records.",
            [{"path": "$.what.list", "field": "list", "message": "required"}],
        )


SCHEMATIC = SchematicSheet()
