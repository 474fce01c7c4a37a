"""Crimson Skies hex-map rules (seed 004): plane designs by mass, characters by XP, and
exact d10 odds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.campaign import CampaignRules
from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.character import check_character
from rules_engine.cs_hex.design import check_design
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.odds_query import Query
from rules_engine.procedures import Procedure
from rules_engine.typing import SystemModule, TableView
from rules_engine.verdict import Verdict

# Odds and views load when first used: checking a list needs neither numpy nor icepool.


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price a plane design (mass used against free mass) or a character (XP spent against
    the role's budget) and report every broken rule.

    Args:
        catalogue: a snapshot holding the cs-hex-core pack.
        doc: a schema-valid ``cs-hex`` list document of kind ``plane`` or ``character``.

    Returns:
        The verdict; ``points`` is the mass used and ``limit`` the free mass of a design,
        or the XP spent and the budget of a character.
    """
    if doc["kind"] == "character":
        return check_character(catalogue, doc)
    return check_design(catalogue, doc)


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """The plane-design content as the engine reads it (see ``view.catalogue_view``)."""
    from rules_engine.cs_hex.view import catalogue_view as view

    return view(catalogue)


def _queries() -> Sequence[Query]:
    from rules_engine.cs_hex.odds import QUERIES

    return QUERIES


# The hex-map rules have odds but no fight simulation.


def _procedures() -> Sequence[Procedure]:
    from rules_engine.cs_hex.procedures import PROCEDURES

    return PROCEDURES


def _table_view() -> TableView:
    from rules_engine.cs_hex import table_view

    return table_view


def _campaign() -> CampaignRules:
    from rules_engine.cs_hex.campaign import RULES

    return RULES


MODULE = SystemModule(
    SYSTEM,
    check,
    catalogue_view,
    _queries,
    title="Crimson Skies hex-map rules",
    source="004_5f35beb3cfa88850.txt",
    load_procedures=_procedures,
    load_table_view=_table_view,
    load_campaign=_campaign,
)

__all__ = ["MODULE", "SYSTEM", "catalogue_view", "check"]
