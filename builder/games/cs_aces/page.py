"""Crimson Skies: Aces in the builder: a team of Aces and character tokens, each taken
some number of times."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from builder.games.forms import INT, TEXT, EntryField, Group
from builder.games.pages import Page
from builder.games.picks import by_name

if TYPE_CHECKING:
    from builder.engine import Catalogue, Record
    from builder.games.picks import Picks

SYSTEM = "cs-aces"
FIGURE = Group({"figure": TEXT, "count": INT, "label": TEXT})


class AcesPage(Page):
    collected_types = ("figure",)

    def entry_spec(self, kind: str, part: str = "") -> Group:
        return FIGURE

    def entry_fields(
        self, kind: str, entry: Mapping[str, Any], picks: Picks, earlier: Sequence[Any]
    ) -> list[EntryField]:
        return _team_fields(entry, picks, len(earlier))

    def add_options(self, kind: str, picks: Picks) -> list[tuple[str, str]]:
        return [
            (r.id, f"{r.name} ({r.data.get('point_value')} pts){' · sample' if r.sample else ''}")
            for r in by_name(picks.catalogue.records(SYSTEM, "figure"))
            if r.data.get("kind") in ("ace", "character_token") and picks.allows(r)
        ]

    def add_unavailable(self, kind: str, picks: Picks) -> dict[str, str]:
        return {
            r.id: reason
            for r in picks.catalogue.records(SYSTEM, "figure").values()
            if (reason := _unavailable(r, picks, picks.entries, ""))
        }

    def new_entry(self, kind: str, value: str, catalogue: Catalogue, entries: Sequence[Any]) -> Any:
        return {"figure": value}

    def collection_points(self, record: Record) -> int | None:
        points: int | None = record.data.get("point_value")
        return points


def _figure_id(entry: Any) -> str:
    figure = entry.get("figure", "") if isinstance(entry, Mapping) else ""
    return str(figure).rpartition("/")[2]


def _unavailable(record: Record, picks: Picks, others: Sequence[Any], keep: str) -> str:
    """Why a picker shows ``record`` disabled: "Only one of any particular Ace may be on
    any one team" (Recruitment), or every owned copy already on it; empty when free."""
    if record.id == keep:
        return ""
    if record.data.get("kind") == "ace" and any(_figure_id(e) == record.id for e in others):
        return "already on the team"
    return picks.used_up(record)


def _team_fields(entry: Mapping[str, Any], picks: Picks, index: int) -> list[EntryField]:
    keep = _figure_id(entry)
    others = [e for i, e in enumerate(picks.entries) if i != index]
    figures = [
        r for r in by_name(picks.catalogue.records(SYSTEM, "figure")) if picks.allows(r, [keep])
    ]
    reasons = {r.id: _unavailable(r, picks, others, keep) for r in figures}
    return [
        EntryField(
            "figure",
            "Figure",
            "select",
            entry.get("figure", ""),
            [(r.id, r.name, reasons[r.id] or f"{r.data.get('point_value')} pts") for r in figures],
            disabled=[i for i, why in reasons.items() if why],
        ),
        EntryField("count", "How many", "number", entry.get("count", 1)),
        EntryField("label", "Label", "text", entry.get("label", "")),
    ]


PAGE = AcesPage()
