"""cs-air-action: everything the Django side knows about this game."""

from __future__ import annotations

from builder.games.base import Game, Kind
from builder.games.cs_air_action import collection, page, prints

GAME = Game(
    system="cs-air-action",
    blurb="Clix planes with combat and speed dials, flown with navigation cards.",
    kinds=(Kind("squadron", "Squadron", 200, add_key="figure", add_label="Figure"),),
    page=page.PAGE,
    prints=prints.PRINTS,
    collection=collection.COLLECTION,
)
