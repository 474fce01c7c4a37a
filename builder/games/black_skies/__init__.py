"""black-skies: everything the Django side knows about this game."""

from __future__ import annotations

from builder.games.base import Game, Kind
from builder.games.black_skies import collection, page, prints

GAME = Game(
    system="black-skies",
    blurb="Star fighters designed from weights, thrusters, weapons and armour.",
    kinds=(
        Kind("fighter", "Fighter design", None, unit="hardpoints"),
        Kind("squadron", "Squadron", None, unit="fighters"),
    ),
    page=page.PAGE,
    prints=prints.PRINTS,
    collection=collection.COLLECTION,
)
