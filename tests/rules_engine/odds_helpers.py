"""Asking one system's odds queries through the front door, by the query's own names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.odds import compute


def facts_of(system: str) -> Callable[..., dict[str, Any]]:
    """``facts(query, catalogue, **params)``: the computed facts of ``system``'s query, its
    parameters read and bounded by the front door as every caller's are."""

    def facts(query: str, catalogue: Catalogue, **params: Any) -> dict[str, Any]:
        return compute(catalogue, system, query, params)

    return facts
