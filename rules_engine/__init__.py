"""Muster's rules engine: pure Python legality, prices, odds and simulations.

No Django here: the engine is handed plain catalogue data (built from pack documents) and
list documents, and answers with plain values.
"""

from rules_engine.api import check, cost
from rules_engine.catalogue import Catalogue, Record, build_catalogue, load_catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.odds import odds, odds_queries
from rules_engine.simulation import (
    merge_blocks,
    plan_blocks,
    simulate,
    simulate_block,
    validate_simulation,
)
from rules_engine.verdict import PricedEntry, Severity, Verdict, Violation

__all__ = [
    "BadDocument",
    "Catalogue",
    "DocumentError",
    "PricedEntry",
    "Record",
    "Severity",
    "Verdict",
    "Violation",
    "build_catalogue",
    "check",
    "cost",
    "load_catalogue",
    "merge_blocks",
    "odds",
    "odds_queries",
    "plan_blocks",
    "simulate",
    "simulate_block",
    "validate_simulation",
]
