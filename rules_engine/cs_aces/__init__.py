"""Crimson Skies: Aces (seed 000): teams, attack odds and whole fights."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_aces.characters import SYSTEM
from rules_engine.cs_aces.team import check_team
from rules_engine.lazy import lazy_names
from rules_engine.verdict import Verdict

if TYPE_CHECKING:
    from rules_engine.cs_aces.odds import ODDS
    from rules_engine.cs_aces.simulation import simulate
    from rules_engine.cs_aces.view import catalogue_view

# Loaded when first used: checking a list needs neither numpy nor icepool.
__getattr__ = lazy_names(
    __name__, {"ODDS": ".odds", "simulate": ".simulation", "catalogue_view": ".view"}
)


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price and check a team (see ``check_team``)."""
    return check_team(catalogue, doc)


__all__ = ["ODDS", "SYSTEM", "catalogue_view", "check", "simulate"]
