"""Crimson Dust: warband prices and legality, exact shot odds and warband fights."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust.content import SYSTEM
from rules_engine.crimson_dust.view import catalogue_view
from rules_engine.crimson_dust.warband import check_warband
from rules_engine.odds_query import Query
from rules_engine.procedures import Procedure
from rules_engine.typing import FightSimulation, SystemModule, TableView
from rules_engine.verdict import Verdict

# Odds and fights load when first used: checking a list needs neither numpy nor icepool.


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price a warband and list every rule it breaks (see ``warband.check_warband``)."""
    return check_warband(catalogue, doc)


def _queries() -> Sequence[Query]:
    from rules_engine.crimson_dust.odds import QUERIES

    return QUERIES


def _simulation() -> FightSimulation:
    from rules_engine.crimson_dust import simulation

    return simulation


def _unpriced(catalogue: Catalogue) -> dict[str, str]:
    from rules_engine.crimson_dust.pricing import unpriced_items

    return unpriced_items(catalogue)


def _procedures() -> Sequence[Procedure]:
    from rules_engine.crimson_dust.procedures import PROCEDURES

    return PROCEDURES


def _table_view() -> TableView:
    from rules_engine.crimson_dust import table_view

    return table_view


MODULE = SystemModule(
    SYSTEM,
    check,
    catalogue_view,
    _queries,
    _simulation,
    title="Crimson Dust",
    source="003_157d3ea1ab1b2229.txt",
    unpriced=_unpriced,
    load_procedures=_procedures,
    load_table_view=_table_view,
)

__all__ = ["MODULE", "SYSTEM", "catalogue_view", "check"]
