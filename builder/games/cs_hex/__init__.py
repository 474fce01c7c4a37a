"""cs-hex: everything the Django side knows about this game."""

from __future__ import annotations

from builder.games.base import Game, Kind
from builder.games.cs_hex import collection, page, prints

GAME = Game(
    system="cs-hex",
    blurb="Aircraft built from mass tables and flown on a hex map.",
    kinds=(
        Kind(
            "plane",
            "Plane design",
            None,
            unit="mass",
            add_key="part",
            add_label="Part",
            entries_label="Parts",
            limit_field=False,
        ),
    ),
    page=page.PAGE,
    prints=prints.PRINTS,
    collection=collection.COLLECTION,
    orders_example="4L2F",
)
