"""Bailing out of a shot-down plane in a campaign ("Bail Out", "Heroic Acts", "Experience").

"Roll 2 six-sided dice and compare the total to the pilot's bail out value. If the result is
greater than or equal to the bail out value, the pilot has successfully bailed out." An
experience level adds to the roll; a heroic act adds to the value (see the content rulings).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.errors import BadDocument

ROOKIE = "rookie"


def _rows(catalogue: Catalogue, table: str) -> list[dict[str, Any]]:
    record = catalogue.get(SYSTEM, "table", table)
    if record is None:
        raise BadDocument.at(f"table {table}", "is not in the catalogue")
    columns = record.data["columns"]
    return [dict(zip(columns, row, strict=True)) for row in record.data["rows"]]


def experience_levels(catalogue: Catalogue) -> dict[str, int]:
    """Each experience level's bail out roll modifier, from the pack's table."""
    return {str(r["level"]): int(r["bail_out_roll_modifier"] or 0)
            for r in _rows(catalogue, "experience-levels")}


def heroic_acts(catalogue: Catalogue) -> dict[str, tuple[str, int]]:
    """Each heroic act by slug (e.g. ``grabbing-one-memento``): its printed name and what it
    adds to the bail out value."""
    return {str(r["act"]).lower().replace(" ", "-"):
            (str(r["act"]), int(r["bail_out_value_modifier"]))
            for r in _rows(catalogue, "heroic-acts")}


def roll_modifier(catalogue: Catalogue, level: str, rookie_modifier: int | None) -> int:
    """What ``level`` adds to a bail out roll; ``rookie_modifier`` (a setting) replaces the
    table's Rookie value when given."""
    levels = experience_levels(catalogue)
    if level == ROOKIE and rookie_modifier is not None:
        return rookie_modifier
    return levels[level]


def rookie_modifier(catalogue: Catalogue, setting: int | None) -> int:
    """The Rookie bail out modifier a squadron plays with: its setting, else the table's
    value (0 when the catalogue has no experience-levels table)."""
    if setting is not None:
        return setting
    if catalogue.get(SYSTEM, "table", "experience-levels") is None:
        return 0
    return experience_levels(catalogue).get(ROOKIE, 0)


def bail_out_chance(bail_out_value: int, roll_modifier: int, value_modifier: int) -> Fraction:
    """Exact chance that 2d6 + ``roll_modifier`` reaches ``bail_out_value + value_modifier``."""
    need = bail_out_value + value_modifier
    from rules_engine.clix.dice import two_d6_weights  # icepool: only for odds

    ways = sum(w for total, w in two_d6_weights().items() if total + roll_modifier >= need)
    return Fraction(ways, 36)
