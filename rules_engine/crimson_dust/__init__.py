"""Crimson Dust: warband prices and legality, exact shot odds and warband fights.

The system package the engine's front door and CLI call (see ``rules_engine.typing``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust.content import SYSTEM
from rules_engine.crimson_dust.view import catalogue_view
from rules_engine.crimson_dust.warband import check_warband
from rules_engine.lazy import lazy_names
from rules_engine.verdict import Verdict

if TYPE_CHECKING:
    from rules_engine.crimson_dust.odds import ODDS
    from rules_engine.crimson_dust.simulation import simulate

# Loaded when first used: checking a list needs neither numpy nor icepool.
__getattr__ = lazy_names(__name__, {"ODDS": ".odds", "simulate": ".simulation"})


__all__ = ["ODDS", "SYSTEM", "catalogue_view", "check", "simulate"]


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price a warband and list every rule it breaks (see ``warband.check_warband``)."""
    return check_warband(catalogue, doc)
