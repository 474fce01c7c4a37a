"""The one place the CLI and batch mode ask a system's odds query, so every caller gets the
same checks: a known query, parameter names that are parameters (never an internal name
such as ``catalogue``), and an answer or a ``BadDocument``, whatever the values."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.systems import system_module

RESERVED = frozenset({"catalogue", "self", "params", "query", "system"})
"""Names that belong to the call, not to a query; a parameter so named is refused."""


def odds_queries(system: str) -> dict[str, str]:
    """Each odds query of ``system`` with the first line of its description."""
    odds = getattr(system_module(system, "system"), "ODDS", {})
    return {k: (f.__doc__ or "").strip().splitlines()[0] for k, f in odds.items()}


def ask_odds(
    catalogue: Catalogue, system: str, query: Any, params: Mapping[str, Any]
) -> dict[str, Any]:
    """The answer of one odds query.

    Args:
        catalogue: the content snapshot.
        system: the game system's slug.
        query: the query's name (``odds_queries`` lists them).
        params: the query's parameters by name, values as read from JSON.

    Raises:
        BadDocument: an unknown system or query, a parameter the query does not take (path
        ``params.NAME``), or a value it cannot answer for.
    """
    odds = getattr(system_module(system, "system"), "ODDS", {})
    if not isinstance(query, str) or query not in odds:
        raise BadDocument.at(
            "query", f"{system} has no odds query {query!r} (known: {', '.join(sorted(odds))})"
        )
    function = odds[query]
    errors = [
        DocumentError(f"params.{k}", f"{query} has no parameter {k!r}")
        for k in params
        if not _may_pass(function, k)
    ]
    if errors:
        raise BadDocument(errors)
    try:
        answer: dict[str, Any] = function(catalogue, **params)
    except BadDocument:
        raise
    except (
        TypeError,
        ValueError,
        KeyError,
        IndexError,
        AttributeError,
        OverflowError,
        ZeroDivisionError,
        RecursionError,
    ) as exc:
        # A value of a type or size the query does not read: the caller's input, not a fault
        # of the engine, so it is answered as a bad document naming the parameters.
        given = ", ".join(f"{k}={v!r}"[:60] for k, v in params.items()) or "no parameters"
        raise BadDocument.at(
            "params", f"{query} cannot be answered for {given}: {type(exc).__name__}: {exc}"[:300]
        ) from None
    return answer


def _may_pass(function: Any, name: str) -> bool:
    """Whether ``name`` may be passed to ``function`` as a query parameter."""
    if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
        return False
    if name in RESERVED:
        return False
    try:
        signature = inspect.signature(inspect.unwrap(function))
    except (TypeError, ValueError):
        return True
    kinds = {p.kind for p in signature.parameters.values()}
    return inspect.Parameter.VAR_KEYWORD in kinds or name in signature.parameters
