"""The engine's front door: check and price any list document against a catalogue."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.listdoc import validate_list
from rules_engine.systems import system_module
from rules_engine.verdict import Verdict


def check(catalogue: Catalogue, list_doc: Mapping[str, Any]) -> Verdict:
    """Price a list and report every rule it breaks.

    Args:
        catalogue: the content snapshot to check against.
        list_doc: a ``muster-list/1`` document.

    Returns:
        The verdict: legal or not, points, limit, every violation, an itemised breakdown.

    Raises:
        BadDocument: the document is malformed; every wrong JSON path is listed.
    """
    validate_list(list_doc)
    return system_module(list_doc["system"]).check(catalogue, list_doc)


def cost(catalogue: Catalogue, list_doc: Mapping[str, Any]) -> dict[str, Any]:
    """Just the price of a list: points, limit and the itemised breakdown."""
    verdict = check(catalogue, list_doc)
    return {"points": verdict.points, "limit": verdict.limit, "breakdown": dict(verdict.breakdown)}
