"""Crimson Skies hex-map rules (seed 004): plane designs by mass, and exact d10 odds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.design import check_design
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.lazy import lazy_names
from rules_engine.verdict import Verdict

if TYPE_CHECKING:
    from rules_engine.cs_hex.odds import ODDS
    from rules_engine.cs_hex.view import catalogue_view

# Loaded when first used: checking a list needs neither numpy nor icepool.
__getattr__ = lazy_names(__name__, {"ODDS": ".odds", "catalogue_view": ".view"})


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price a plane design (mass used against free mass) and report every broken rule.

    Args:
        catalogue: a snapshot holding the cs-hex-core pack.
        doc: a schema-valid ``cs-hex``/``plane`` list document.

    Returns:
        The verdict; ``points`` is the mass used and ``limit`` the free mass.
    """
    return check_design(catalogue, doc)


__all__ = ["ODDS", "SYSTEM", "catalogue_view", "check"]
