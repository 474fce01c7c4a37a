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
        return _squadron_fields(entry, picks, len(earlier))

    def add_options(self, kind: str, picks: Picks) -> list[tuple[str, str]]:
        return [
            (r.id, f"{r.name} ({r.data.get('point_value')} pts){' · sample' if r.sample else ''}")
            for r in by_name(picks.catalogue.records(SYSTEM, "figure"))
            if r.data.get("kind") == "plane" and picks.allows(r)
        ]

    def add_unavailable(self, kind: str, picks: Picks) -> dict[str, str]:
        flying = _flying(picks.catalogue, picks.entries)
        return {
            r.id: reason
            for r in picks.catalogue.records(SYSTEM, "figure").values()
            if (reason := _plane_unavailable(r, picks, flying, ""))
        }

    def new_entry(self, kind: str, value: str, catalogue: Catalogue, entries: Sequence[Any]) -> Any:
        return {"figure": value}

    def collection_points(self, record: Record) -> int | None:
        points: int | None = record.data.get("point_value")
        return points


def _id(ref: Any) -> str:
    return str(ref or "").rpartition("/")[2]


def _flying(catalogue: Catalogue, entries: Sequence[Any]) -> dict[str, str]:
    """Who already flies in ``entries``: each plane's printed pilot and each Ace named to
    fly one (``cs-aces/<id>``) -> the plane model flown ("Fury")."""
    flying: dict[str, str] = {}
    for entry in entries:
        if not isinstance(entry, Mapping):
            continue
        plane = catalogue.get(SYSTEM, "figure", _id(entry.get("figure")))
        if plane is None:
            continue
        model = str(plane.data.get("plane_model") or plane.name)
        flying.setdefault(f"pilot:{plane.data.get('pilot')}", model)
        if entry.get("ace"):
            flying.setdefault(f"{ACES}/{_id(entry['ace'])}", model)
    return flying


def _plane_unavailable(plane: Record, picks: Picks, flying: Mapping[str, str], keep: str) -> str:
    """Why a plane is shown disabled: "a pilot may fly only one plane in a squadron", so a
    plane whose printed pilot already flies is out; or every owned copy is already used."""
    if plane.id == keep:
        return ""
    model = flying.get(f"pilot:{plane.data.get('pilot')}")
    return f"already flying {model}" if model else picks.used_up(plane)


def _ace_unavailable(
    ace: Record, plane: Record | None, picks: Picks, flying: Mapping[str, str], keep: str
) -> str:
    """Why an Ace is shown disabled for this plane: "may pilot only his or her own plane",
    already flying another, or every owned copy used."""
    if ace.ref == keep:
        return ""
    if plane is not None and plane.data.get("ace") != ace.ref:
        own = next(
            (
                p.data.get("plane_model") or p.name
                for p in picks.catalogue.records(SYSTEM, "figure").values()
                if p.data.get("ace") == ace.ref
            ),
            "",
        )
        return f"flies only the {own}" if own else "flies no plane of this squadron"
    model = flying.get(ace.ref)
    return f"already flying {model}" if model else picks.used_up(ace)


def _squadron_fields(entry: Mapping[str, Any], picks: Picks, index: int) -> list[EntryField]:
    catalogue = picks.catalogue
    keep = _id(entry.get("figure"))
    flying = _flying(catalogue, [e for i, e in enumerate(picks.entries) if i != index])
    planes = [
        r
        for r in by_name(catalogue.records(SYSTEM, "figure"))
        if r.data.get("kind") == "plane" and picks.allows(r, [keep])
    ]
    plane_reasons = {r.id: _plane_unavailable(r, picks, flying, keep) for r in planes}
    ace = str(entry.get("ace", ""))
    kept_ace = f"{ACES}/{_id(ace)}" if ace else ""
    aces = [
        r
        for r in by_name(catalogue.records(ACES, "figure"))
        if r.data.get("kind") == "ace" and (picks.allows(r) or ace in (r.ref, r.id))
    ]
    plane = catalogue.get(SYSTEM, "figure", keep)
    ace_reasons = {r.ref: _ace_unavailable(r, plane, picks, flying, kept_ace) for r in aces}
    return [
        EntryField(
            "figure",
            "Plane",
            "select",
            entry.get("figure", ""),
            [
                (r.id, r.name, plane_reasons[r.id] or f"{r.data.get('point_value')} pts")
                for r in planes
            ],
            disabled=[i for i, why in plane_reasons.items() if why],
        ),
        EntryField(
            "ace",
            "Aces pilot flying it",
            "select",
            entry.get("ace", ""),
            [
                (r.ref, r.name, ace_reasons[r.ref] or f"{r.data.get('point_value')} pts")
                for r in aces
            ],
            help="Leave empty for the printed pilot alone.",
            disabled=[i for i, why in ace_reasons.items() if why],
        ),
        EntryField("label", "Label", "text", entry.get("label", "")),
    ]


PAGE = AirActionPage()
