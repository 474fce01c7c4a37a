"""What an Air Action squadron prints: each plane's card and its Ace's, a roster of plane
and Ace points, and the squadron's navigation deck."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.engine import Catalogue, CheckedList, Record
from builder.games.clix import figure_faces, figure_profile
from builder.games.cs_air_action.navigation import NAVIGATION, SYSTEM
from builder.games.drawing import entry_indices, record_at, roster_row
from builder.games.picks import by_name
from builder.games.prints import Face, GamePrints, Row

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


class AirActionCards:
    def entry_faces(self, checked: CheckedList, index: int, *, greyscale: bool) -> list[Face]:
        """The plane's card, then the card of the Ace flying it (an Aces figure)."""
        catalogue, entry = checked.catalogue, checked.document["entries"][index]
        path = f"$.entries[{index}].figure"
        plane = record_at(catalogue, entry["figure"], "figure", SYSTEM, path)
        faces = figure_faces(catalogue, plane, greyscale)
        if entry.get("ace"):
            ace = catalogue.resolve(entry["ace"], "figure", ACES)
            if ace is not None:
                faces += figure_faces(catalogue, ace, greyscale)
        return faces

    def record_faces(
        self, catalogue: Catalogue, ref: str, path: str, *, greyscale: bool
    ) -> list[Face]:
        return figure_faces(catalogue, record_at(catalogue, ref, "figure", None, path), greyscale)

    def printable(self, catalogue: Catalogue) -> list[Record]:
        return by_name(catalogue.records(SYSTEM, "figure"))


PRINTS = GamePrints(rows=roster_rows, cards=AirActionCards(), extras={"navigation": NAVIGATION})
