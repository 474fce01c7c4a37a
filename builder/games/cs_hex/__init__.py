"""cs-hex: everything the Django side knows about this game."""

from __future__ import annotations

from builder.games.base import Game, Kind
from builder.games.cs_hex import collection, page, prints

GAME = Game(
    system="cs-hex",
    blurb="Aircraft built from mass tables and flown on a hex map, and the pilots who fly them.",
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
        Kind(
            "character",
            "Character",
            None,
            unit="XP",
            add_key="add_on",
            add_label="Add-on or wingman",
            entries_label="Character, add-ons and wingmen",
            limit_field=False,
            fights=False,
        ),
    ),
    page=page.PAGE,
    prints=prints.PRINTS,
    collection=collection.COLLECTION,
    orders_example="4L2F",
)
