"""Work the pages ask of the engine: odds queries read from a form."""

from __future__ import annotations

import json
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument
from rules_engine.systems import system_module


def odds_queries(system: str) -> dict[str, str]:
    """Each odds query of a system with the first line of its description."""
    odds = getattr(system_module(system), "ODDS", {})
    return {k: (f.__doc__ or "").strip().splitlines()[0] for k, f in odds.items()}


def parse_params(text: str) -> dict[str, Any]:
    """``key=value`` per line or space (values read as JSON, else text), as the CLI reads them.

    Raises:
        BadDocument: a piece that is not ``key=value``, at ``params.<piece>``.
    """
    params: dict[str, Any] = {}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadDocument.at(f"params.{item}", "write parameters as key=value")
        try:
            params[key] = json.loads(value)
        except json.JSONDecodeError:
            params[key] = value
    return params


def odds_run(
    *, catalogue: Catalogue, system: str, query: str, params: dict[str, Any]
) -> dict[str, Any]:
    """Exact odds for one query of one system.

    Raises:
        BadDocument: an unknown query or a parameter the query cannot use, by path.
    """
    odds = getattr(system_module(system), "ODDS", {})
    if query not in odds:
        raise BadDocument.at("query", f"{system} has no odds query {query!r}")
    try:
        result: dict[str, Any] = odds[query](catalogue, **params)
    except TypeError as exc:
        raise BadDocument.at("params", f"a parameter this query does not take ({exc})") from exc
    return result


def list_check(*, catalogue: Catalogue, doc: dict[str, Any]) -> dict[str, Any]:
    """The engine's verdict on a list being built, as plain data; a document the engine
    cannot read comes back as errors at their JSON paths rather than an exception."""
    from rules_engine import check

    try:
        verdict = check(catalogue, doc)
    except BadDocument as exc:
        return {
            "legal": False,
            "points": None,
            "limit": doc.get("points_limit") if isinstance(doc.get("points_limit"), int) else None,
            "violations": [
                {"code": "bad-document", "message": e.message, "path": e.path, "severity": "error"}
                for e in exc.errors
            ],
            "breakdown": {},
            "house_rules": {},
        }
    return verdict.to_dict()
