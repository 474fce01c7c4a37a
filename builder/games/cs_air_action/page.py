"""Crimson Skies: Air Action in the builder: a squadron of planes, each perhaps flown by an
Aces pilot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from builder.games.forms import TEXT, EntryField, Group
from builder.games.pages import Page
from builder.games.picks import by_name

if TYPE_CHECKING:
    from builder.engine import Catalogue, Record
    from builder.games.picks import Picks

SYSTEM = "cs-air-action"
ACES = "cs-aces"
"""The game whose Ace figures may fly a squadron's planes."""
PLANE = Group({"figure": TEXT, "ace": TEXT, "label": TEXT})


class AirActionPage(Page):
    collected_types = ("figure",)

    def entry_spec(self, kind: str, part: str = "") -> Group:
        return PLANE

    def entry_fields(
        self, kind: str, entry: Mapping[str, Any], picks: Picks, earlier: Sequence[Any]
    ) -> list[EntryField]:
        return _squadron_fields(entry, picks)

    def add_options(self, kind: str, picks: Picks) -> list[tuple[str, str]]:
        return [
            (r.id, f"{r.name} ({r.data.get('point_value')} pts){' · sample' if r.sample else ''}")
            for r in by_name(picks.catalogue.records(SYSTEM, "figure"))
            if r.data.get("kind") == "plane" and picks.allows(r)
        ]

    def new_entry(self, kind: str, value: str, catalogue: Catalogue, entries: Sequence[Any]) -> Any:
        return {"figure": value}

    def collection_points(self, record: Record) -> int | None:
        points: int | None = record.data.get("point_value")
        return points


def _squadron_fields(entry: Mapping[str, Any], picks: Picks) -> list[EntryField]:
    catalogue = picks.catalogue
    planes = [
        r
        for r in by_name(catalogue.records(SYSTEM, "figure"))
        if r.data.get("kind") == "plane" and picks.allows(r, [str(entry.get("figure", ""))])
    ]
    ace = str(entry.get("ace", ""))
    aces = [
        r
        for r in by_name(catalogue.records(ACES, "figure"))
        if r.data.get("kind") == "ace" and (picks.allows(r) or ace in (r.ref, r.id))
    ]
    return [
        EntryField(
            "figure",
            "Plane",
            "select",
            entry.get("figure", ""),
            [(r.id, r.name, f"{r.data.get('point_value')} pts") for r in planes],
        ),
        EntryField(
            "ace",
            "Aces pilot flying it",
            "select",
            entry.get("ace", ""),
            [(r.ref, r.name, f"{r.data.get('point_value')} pts") for r in aces],
            help="Leave empty for the printed pilot alone.",
        ),
        EntryField("label", "Label", "text", entry.get("label", "")),
    ]


PAGE = AirActionPage()
