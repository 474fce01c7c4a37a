"""crimson-dust: everything the Django side knows about this game."""

from __future__ import annotations

from builder.games.base import Game, Kind
from builder.games.crimson_dust import collection, page, prints

GAME = Game(
    system="crimson-dust",
    blurb="Points-based warbands of archetypes bought at green, regular or veteran.",
    kinds=(
        Kind(
            "warband",
            "Warband",
            500,
            add_key="archetype",
            add_label="Archetype",
            entries_label="Models",
        ),
    ),
    page=page.PAGE,
    prints=prints.PRINTS,
    collection=collection.COLLECTION,
)
