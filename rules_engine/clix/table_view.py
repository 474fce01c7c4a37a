"""A combat dial as a table shows it: the click showing after some clicks of damage, its
stat values and the ability named by a stat's colour, read from the same ``Dial`` the
fights and odds play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dial import Click, Dial
from rules_engine.table_lines import line

STRUCTURAL_LIMIT = "structural_limit"


def showing(dial: Dial, damage: int) -> int:
    """The index of the click in the stat slot after ``damage`` clicks from the start.

    Damage past the first KO click keeps turning the dial ("continue assigning clockwise
    clicks ... until the black structural limit line appears", Air Action, Bail Out), and
    stops at that line or the dial's last click.
    """
    last = next(
        (i for i in range(dial.ko, len(dial.clicks)) if STRUCTURAL_LIMIT in dial.clicks[i].markers),
        len(dial.clicks) - 1,
    )
    return max(dial.start, min(dial.start + damage, last))


def ability_name(catalogue: Catalogue, system: str, click: Click, stat: str) -> str | None:
    """The name of the ability a stat's colour stands for on this click, if any."""
    ref = click.colours.get(stat)
    if not ref:
        return None
    record = catalogue.get(system, "ability", ref)
    return record.name if record is not None else ref


def stat_lines(
    catalogue: Catalogue, system: str, dial: Dial, damage: int, labels: Mapping[str, str]
) -> list[dict[str, Any]]:
    """One line per stat (in ``labels`` order, the book's words): the value showing after
    ``damage`` clicks, with the ability its colour names; none once the figure is out."""
    index = showing(dial, damage)
    if index >= dial.ko:
        return []
    click = dial.clicks[index]
    return [
        line(label, click.values.get(stat), ability_name(catalogue, system, click, stat))
        for stat, label in labels.items()
    ]
