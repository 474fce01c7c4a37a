"""Combat dials of the clix games: ordered clicks, a starting click and the knock-out clicks.

Both Crimson Skies games read a dial the same way: play starts at the green triangle, each
click of damage turns the dial clockwise to the next click, and the figure is out when the
three bullet holes (Air Action) or three KO symbols (Aces) show in the stat slot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules_engine.catalogue import Catalogue, Record
from rules_engine.errors import BadDocument

if TYPE_CHECKING:  # numpy loads where a fight needs the tables, not for checking a list
    from rules_engine.clix.arrays import Ints


@dataclass(frozen=True)
class Click:
    """One position of a combat dial: stat values (None where blank), printed markers, the
    ability colour of a stat (by ability id) and the bail out value printed on a KO click."""

    values: Mapping[str, int | None]
    markers: tuple[str, ...] = ()
    colours: Mapping[str, str] = field(default_factory=dict)
    bail_out_value: int | None = None

    @property
    def knocked_out(self) -> bool:
        return "ko" in self.markers


@dataclass(frozen=True)
class Dial:
    """A combat dial as a figure plays it.

    ``start`` is the click with the green starting triangle; ``ko`` the first knock-out click
    at or after it (the end of the dial when none is printed).
    """

    id: str
    clicks: tuple[Click, ...]
    start: int
    ko: int

    @property
    def clicks_to_ko(self) -> int:
        """Clicks of damage from the starting position until the figure is out."""
        return self.ko - self.start

    def value(self, stat: str, damage: int) -> int:
        """The stat showing after ``damage`` clicks from the start (0 once knocked out)."""
        index = self.start + damage
        if index >= self.ko:
            return 0
        return self.clicks[index].values.get(stat) or 0

    def column(self, stat: str) -> tuple[int, ...]:
        """The stat for every damage 0..clicks_to_ko (the last entry is the KO click, 0)."""
        return tuple(self.value(stat, d) for d in range(self.clicks_to_ko + 1))


def combat_dial_of(catalogue: Catalogue, record: Record, path: str) -> Dial | None:
    """The combat dial a figure record names, or None when it names none.

    Raises:
        BadDocument: the catalogue lacks the named dial (``path`` says who asked for it).
    """
    dial_id = record.data.get("combat_dial")
    if not dial_id:
        return None
    dial_record = catalogue.get(record.system, "combat_dial", dial_id)
    if dial_record is None:
        raise BadDocument.at(
            path, f"{record.name}'s combat dial {dial_id!r} is not in the catalogue"
        )
    return dial_from_data(dial_record.id, dial_record.data)


def stat_table(dials: Sequence[Dial], stat: str, width: int | None = None) -> Ints:
    """One row per dial: ``stat`` after 0, 1, ... clicks of damage, 0 from the KO click on.

    ``width`` columns (default: the longest dial's clicks to KO, plus its KO click).
    """
    import numpy as np

    columns = [dial.column(stat) for dial in dials]
    out = np.zeros((len(dials), width or max(map(len, columns), default=1)), dtype=np.int16)
    for i, column in enumerate(columns):
        out[i, : len(column)] = column
    return out


def dial_from_data(dial_id: str, data: Mapping[str, Any]) -> Dial:
    """A ``Dial`` from a ``combat_dial`` record's data (already schema-valid)."""
    clicks = tuple(
        Click(
            values=dict(c["values"]),
            markers=tuple(c.get("markers", ())),
            colours={stat: ref for stat, ref in (c.get("colours") or {}).items() if ref},
            bail_out_value=c.get("bail_out_value"),
        )
        for c in data["clicks"]
    )
    start = next((i for i, c in enumerate(clicks) if "start" in c.markers), 0)
    ko = next((i for i in range(start, len(clicks)) if clicks[i].knocked_out), len(clicks))
    if ko == start:
        raise BadDocument.at(f"combat_dial {dial_id}", "the starting click is already a KO click")
    return Dial(dial_id, clicks, start, ko)
