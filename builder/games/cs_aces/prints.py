"""What an Aces team prints: each figure's card as many times as it is taken, and a
roster of its characters' points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.engine import Catalogue, CheckedList, Record
from builder.games.clix import figure_faces, figure_profile
from builder.games.drawing import entry_indices, record_at, roster_row
from builder.games.picks import by_name
from builder.games.prints import Face, GamePrints, Row

SYSTEM = "cs-aces"


def roster_rows(b: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue) -> list[Row]:
    """A row per character: Ace or token, its card's values, and its copies' points."""
    rows = []
    for c in b.get("characters", ()):
        kind = "Ace" if c["kind"] == "ace" else "Character token"
        profile = figure_profile(catalogue, c["figure"], SYSTEM)
        items = [(f"{c['count']} × {c['points_each']} points", c["points"])]
        rows.append(
            roster_row(
                c["name"],
                f"{kind}: {profile}" if profile else kind,
                items,
                c["points"],
                entries=entry_indices(c.get("path")),
            )
        )
    return rows


class AcesCards:
    def entry_faces(self, checked: CheckedList, index: int, *, greyscale: bool) -> list[Face]:
        catalogue, entry = checked.catalogue, checked.document["entries"][index]
        record = record_at(catalogue, entry["figure"], "figure", SYSTEM, f"$.entries[{index}]")
        return figure_faces(catalogue, record, greyscale) * int(entry.get("count", 1))

    def record_faces(
        self, catalogue: Catalogue, ref: str, path: str, *, greyscale: bool
    ) -> list[Face]:
        return figure_faces(catalogue, record_at(catalogue, ref, "figure", None, path), greyscale)

    def printable(self, catalogue: Catalogue) -> list[Record]:
        return by_name(catalogue.records(SYSTEM, "figure"))


PRINTS = GamePrints(rows=roster_rows, cards=AcesCards())
