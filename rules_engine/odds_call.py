"""The one place the CLI and batch mode ask a system's odds query, so every caller gets the
same checks: a known query, parameter names that are parameters (never an internal name
such as ``catalogue``), and an answer or a ``BadDocument`` for any value a caller sends.

Parameters are read and bounded once, by the front door (``rules_engine.odds``), before any
computing; an odds function raises ``BadDocument`` only for what it validates itself (an id
that is not in the catalogue, say). Any other exception is a fault of the engine and is let
through as it is: the CLI answers it with exit code 3, the API with a 500, never as the
caller's mistake."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument, DocumentError

RESERVED = frozenset({"catalogue", "self", "params", "query", "system"})
"""Names that belong to the call, not to a query; a parameter so named is refused."""


def odds_queries(system: str) -> list[dict[str, Any]]:
    """Each odds query of ``system``, every parameter described (``rules_engine.odds``)."""
    from rules_engine.odds import odds_queries as describe

    return describe(system)


def ask_odds(
    catalogue: Catalogue, system: str, query: Any, params: Mapping[str, Any]
) -> dict[str, Any]:
    """The answer of one odds query, in the one shape every query shares.

    Args:
        catalogue: the content snapshot.
        system: the game system's slug.
        query: the query's name (``odds_queries`` lists them).
        params: the query's parameters by name, values as read from JSON.

    Raises:
        BadDocument: an unknown system or query, a parameter the query does not take (path
        ``params.NAME``), or a value out of its declared type or range.
    """
    from rules_engine.odds import odds

    if not isinstance(query, str):
        raise BadDocument.at("query", f"an odds query is named by text, not {query!r}")
    bad = [
        DocumentError(f"params.{k}", f"{query} has no parameter {k!r}")
        for k in params
        if not isinstance(k, str) or k in RESERVED or k.startswith("_")
    ]
    if bad:
        raise BadDocument(bad)
    return odds(catalogue, system, query, params)
