"""What an Air Action squadron prints: each plane's card and its Ace's, a roster of plane
and Ace points, and the squadron's navigation deck."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.engine import Catalogue, CheckedList, Record
from builder.games.clix import figure_faces, figure_profile, plane_faces
from builder.games.cs_air_action.navigation import NAVIGATION, SYSTEM
from builder.games.drawing import entry_indices, record_at, roster_row
from builder.games.picks import by_name
from builder.games.prints import Face, GamePrints, Row, Section

ACES = "cs-aces"


def roster_rows(b: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue) -> list[Row]:
    """A row per plane: its pilot and card's values, the plane's points and its Ace's."""
    rows = []
    for plane in b.get("planes", ()):
        items: list[tuple[str, Any]] = [(f"Plane: {plane['name']}", plane["plane_points"])]
        if plane.get("ace"):
            items.append((f"Ace: {plane['ace']['name']}", plane["ace"]["points"]))
        said = [f"Pilot {plane['pilot']}"] if plane.get("pilot") else []
        said += [p for p in [figure_profile(catalogue, plane["figure"], SYSTEM)] if p]
        rows.append(
            roster_row(
                plane["name"],
                "; ".join(said),
                items,
                plane["points"],
                entries=entry_indices(plane.get("path")),
            )
        )
    return rows


def navigation_deck(
    b: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue
) -> list[Section]:
    """The deck the squadron plays with, as the engine counts it: the basic cards and each
    Ace plane's own, with the total a player shuffles."""
    deck = b.get("navigation_deck")
    if not isinstance(deck, Mapping):
        return []

    def cards(listed: Any) -> str:
        return ", ".join(
            f"{c['name']} × {c['count']}" if c["count"] != 1 else str(c["name"]) for c in listed
        )

    rows = [(f"Basic deck ({deck['basic_count']})", cards(deck.get("basic") or ()) or "—")]
    rows += [(f"{a['name']} ({a['count']})", cards(a["cards"])) for a in deck.get("ace_cards", ())]
    total = deck["total"]
    return [
        {"title": f"Navigation deck: {total} card{'s' * (total != 1)}", "rows": rows, "note": ""}
    ]


def _priced(checked: CheckedList, index: int, ace: Record) -> Any:
    """What the squadron pays for entry ``index``, plane and Ace, as the engine priced it;
    the two cards' points where the engine gives no price for the entry."""
    for plane in (checked.verdict.breakdown or {}).get("planes", ()):
        if entry_indices(plane.get("path")) == [index] and plane.get("points") is not None:
            return plane["points"]
    figure = checked.catalogue.resolve(
        checked.document["entries"][index]["figure"], "figure", SYSTEM
    )
    parts = [r.data.get("point_value") for r in (figure, ace) if r is not None]
    return None if None in parts or len(parts) < 2 else sum(parts)


class AirActionCards:
    def entry_faces(self, checked: CheckedList, index: int, *, greyscale: bool) -> list[Face]:
        """The plane's card; a plane an Ace flies prints the squadron's price of the two
        and the Ace's attack and fate values, not the Ace's own Aces card (Air Action reads
        nothing else on it)."""
        catalogue, entry = checked.catalogue, checked.document["entries"][index]
        path = f"$.entries[{index}].figure"
        plane = record_at(catalogue, entry["figure"], "figure", SYSTEM, path)
        ace = catalogue.resolve(entry["ace"], "figure", ACES) if entry.get("ace") else None
        if ace is None:
            return figure_faces(catalogue, plane, greyscale)
        return plane_faces(
            catalogue, plane, greyscale, ace=ace, points=_priced(checked, index, ace)
        )

    def record_faces(
        self, catalogue: Catalogue, ref: str, path: str, *, greyscale: bool
    ) -> list[Face]:
        return figure_faces(catalogue, record_at(catalogue, ref, "figure", None, path), greyscale)

    def printable(self, catalogue: Catalogue) -> list[Record]:
        return by_name(catalogue.records(SYSTEM, "figure"))


PRINTS = GamePrints(
    rows=roster_rows,
    cards=AirActionCards(),
    extras={"navigation": NAVIGATION},
    sections=navigation_deck,
)
