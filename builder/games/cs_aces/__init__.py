"""cs-aces: everything the Django side knows about this game."""

from __future__ import annotations

from builder.games.base import Game, Kind
from builder.games.cs_aces import collection, page, prints

GAME = Game(
    system="cs-aces",
    blurb="Clix characters: Aces and character tokens fighting on a square grid.",
    kinds=(Kind("team", "Team", 100, add_key="figure", add_label="Figure"),),
    page=page.PAGE,
    prints=prints.PRINTS,
    collection=collection.COLLECTION,
)
