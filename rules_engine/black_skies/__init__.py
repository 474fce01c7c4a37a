"""Black Skies (generic star-fighter combat): fighter designs, squadrons, odds and fights.

The book's sections are cited where each rule is applied; readings of unclear rules are in
docs/rulings/black-skies.md.
"""

from typing import TYPE_CHECKING

from rules_engine.black_skies.book import SYSTEM
from rules_engine.black_skies.checks import check
from rules_engine.lazy import lazy_names

if TYPE_CHECKING:
    from rules_engine.black_skies.odds import ODDS
    from rules_engine.black_skies.simulation import simulate
    from rules_engine.black_skies.view import catalogue_view

# Loaded when first used: checking a list needs neither numpy nor icepool.
__getattr__ = lazy_names(
    __name__, {"ODDS": ".odds", "simulate": ".simulation", "catalogue_view": ".view"}
)


__all__ = ["ODDS", "SYSTEM", "catalogue_view", "check", "simulate"]
