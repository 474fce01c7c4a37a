"""Black Skies (generic star-fighter combat): fighter designs, squadrons, odds and fights.

The book's sections are cited where each rule is applied; readings of unclear rules are in
docs/rulings/black-skies.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_engine.black_skies.book import SYSTEM
from rules_engine.black_skies.checks import check
from rules_engine.catalogue import Catalogue
from rules_engine.odds_query import Query
from rules_engine.procedures import Procedure
from rules_engine.typing import FightSimulation, SystemModule, TableView

# Odds, views and fights load when first used: checking a list needs neither numpy nor icepool.


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """The fighter content as the engine reads it (see ``view.catalogue_view``)."""
    from rules_engine.black_skies.view import catalogue_view as view

    return view(catalogue)


def _queries() -> Sequence[Query]:
    from rules_engine.black_skies.odds import QUERIES

    return QUERIES


def _simulation() -> FightSimulation:
    from rules_engine.black_skies import simulation

    return simulation


def _procedures() -> Sequence[Procedure]:
    from rules_engine.black_skies.procedures import PROCEDURES

    return PROCEDURES


def _table_view() -> TableView:
    from rules_engine.black_skies import table_view

    return table_view


MODULE = SystemModule(
    SYSTEM,
    check,
    catalogue_view,
    _queries,
    _simulation,
    title="Black Skies",
    source="002_9c61f0ebbfb1256c.txt",
    load_procedures=_procedures,
    load_table_view=_table_view,
)

__all__ = ["MODULE", "SYSTEM", "catalogue_view", "check"]
