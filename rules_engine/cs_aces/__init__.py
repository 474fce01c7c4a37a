"""Crimson Skies: Aces (seed 000): teams, attack odds and whole fights."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_aces.characters import SYSTEM
from rules_engine.cs_aces.team import check_team
from rules_engine.odds_query import Query
from rules_engine.procedures import Procedure
from rules_engine.typing import FightSimulation, SystemModule, TableView
from rules_engine.verdict import Verdict

# Odds, views and fights load when first used: checking a list needs neither numpy nor icepool.


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price and check a team (see ``check_team``)."""
    return check_team(catalogue, doc)


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """The team content as the engine reads it (see ``view.catalogue_view``)."""
    from rules_engine.cs_aces.view import catalogue_view as view

    return view(catalogue)


def _queries() -> Sequence[Query]:
    from rules_engine.cs_aces.odds import QUERIES

    return QUERIES


def _simulation() -> FightSimulation:
    from rules_engine.cs_aces import simulation

    return simulation


def _procedures() -> Sequence[Procedure]:
    from rules_engine.cs_aces.procedures import PROCEDURES

    return PROCEDURES


def _table_view() -> TableView:
    from rules_engine.cs_aces import table_view

    return table_view


MODULE = SystemModule(
    SYSTEM,
    check,
    catalogue_view,
    _queries,
    _simulation,
    title="Crimson Skies: Aces",
    source="000_e4e1c8a4d28ca1dd.txt",
    related=("cs-air-action",),
    load_procedures=_procedures,
    load_table_view=_table_view,
)

__all__ = ["MODULE", "SYSTEM", "catalogue_view", "check"]
