"""The pack's campaign tables read for a campaign: levels, multipliers and experience awards
("Experience Multiplier", "Gaining Experience"). Nothing here is a number of its own: each
value is a row of the catalogue, or a campaign setting where the table's cell is blank."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.errors import BadDocument


def rows(catalogue: Catalogue, table: str) -> list[dict[str, Any]]:
    """A pack table's rows as column -> value."""
    record = catalogue.get(SYSTEM, "table", table)
    if record is None:
        raise BadDocument.at(f"table {table}", "is not in the catalogue")
    columns = record.data["columns"]
    return [dict(zip(columns, row, strict=True)) for row in record.data["rows"]]


def level_order(catalogue: Catalogue) -> list[str]:
    """The experience levels from Rookie up, in the table's rank order."""
    levels = sorted(rows(catalogue, "experience-levels"), key=lambda r: int(r["rank"]))
    return [str(r["level"]) for r in levels]


def level_words(level: str) -> str:
    """A level as a player says it: ``double_ace`` is ``Double Ace``."""
    return level.replace("_", " ").title()


def printed_multipliers(catalogue: Catalogue) -> dict[str, int]:
    """The multipliers the table prints (only Veteran's 4 survives the dump)."""
    return {
        str(r["level"]): int(r["experience_multiplier"])
        for r in rows(catalogue, "experience-levels")
        if r["experience_multiplier"] is not None
    }


def multipliers(catalogue: Catalogue, setting: Mapping[str, int]) -> dict[str, int]:
    """Each level's multiplier: the table's where printed, else the setting's. The top
    level has none: it never advances."""
    order = level_order(catalogue)
    printed = printed_multipliers(catalogue)
    out: dict[str, int] = {}
    for level in order[:-1]:
        value = printed.get(level, setting.get(level))
        if value is not None:
            out[level] = int(value)
    return out


def experience_per_multiplier(catalogue: Catalogue) -> int:
    """ "One hundred times the value of the pilot's experience multiplier" (rules-constants)."""
    return next(
        int(r["value"])
        for r in rows(catalogue, "rules-constants")
        if r["name"] == "experience_per_multiplier"
    )


def award(catalogue: Catalogue, name: str) -> int:
    """The experience-awards row ``name`` (``shot down an enemy plane``: 100)."""
    for row in rows(catalogue, "experience-awards"):
        if row["award"] == name:
            if row["experience"] is None:
                raise BadDocument.at("table experience-awards", f"{name!r} has no points")
            return int(row["experience"])
    raise BadDocument.at("table experience-awards", f"has no row {name!r}")
