"""Crimson Skies: Air Action (seed 001): squadrons, shot odds and whole fights."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.campaign import CampaignRules
from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action.planes import SYSTEM
from rules_engine.cs_air_action.squadron import check_squadron
from rules_engine.odds_query import Query
from rules_engine.procedures import Procedure
from rules_engine.typing import FightSimulation, SystemModule, TableView
from rules_engine.verdict import Verdict

# Odds, views and fights load when first used: checking a list needs neither numpy nor icepool.


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price and check a squadron (see ``check_squadron``)."""
    return check_squadron(catalogue, doc)


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """The squadron content as the engine reads it (see ``view.catalogue_view``)."""
    from rules_engine.cs_air_action.view import catalogue_view as view

    return view(catalogue)


def _queries() -> Sequence[Query]:
    from rules_engine.cs_air_action.odds import QUERIES

    return QUERIES


def _simulation() -> FightSimulation:
    from rules_engine.cs_air_action import simulation

    return simulation


def _procedures() -> Sequence[Procedure]:
    from rules_engine.cs_air_action.procedures import PROCEDURES

    return PROCEDURES


def _table_view() -> TableView:
    from rules_engine.cs_air_action import table_view

    return table_view


def _campaign() -> CampaignRules:
    from rules_engine.cs_air_action.campaign import RULES

    return RULES


MODULE = SystemModule(
    SYSTEM,
    check,
    catalogue_view,
    _queries,
    _simulation,
    title="Crimson Skies: Air Action",
    source="001_b3fd56ffbc849938.txt",
    related=("cs-aces",),
    load_procedures=_procedures,
    load_table_view=_table_view,
    load_campaign=_campaign,
)

__all__ = ["MODULE", "SYSTEM", "catalogue_view", "check"]
