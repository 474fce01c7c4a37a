"""black-skies: everything the Django side knows about this game."""

from __future__ import annotations

from builder.games.base import Game, Kind
from builder.games.black_skies import collection, page, prints

GAME = Game(
    system="black-skies",
    blurb="Star fighters designed from weights, thrusters, weapons and armour.",
    kinds=(
        Kind(
            "fighter",
            "Fighter design",
            None,
            unit="hardpoints",
            entries_label="Design",
            one_entry=True,
            limit_field=False,
            fights=False,
        ),
        Kind(
            "squadron",
            "Squadron",
            None,
            unit="fighters",
            add_key="design",
            add_label="Fighter flying",
            entries_label="Fighters",
            designs_from="fighter",
        ),
    ),
    page=page.PAGE,
    prints=prints.PRINTS,
    collection=collection.COLLECTION,
)
