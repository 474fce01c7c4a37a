"""The engine's front door for exact odds: one call and one answer shape for every system.

``odds(catalogue, "cs-aces", "attack", {"dice": 4, "target_number": 5})`` answers::

    {"system", "query", "params"        # every parameter, defaults filled in
     "headline",                        # which distribution the answer leads with
     "distribution", "mean", "at_least",  # that distribution
     "distributions": {name: {"distribution", "mean", "at_least"}},
     "chances": {name: {"exact", "value"}},
     "details": {...}}                  # the query's other facts (names, target numbers)

Every chance is ``{"exact": "n/d", "value": float}``; ``at_least`` has every whole number
from the smallest outcome to the largest. ``odds_queries(system)`` describes each query's
parameters (docs/odds.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from fnmatch import fnmatchcase
from fractions import Fraction
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.odds_query import Query, keywords, resolve
from rules_engine.systems import system_module


def system_queries(system: str, path: str = "system") -> dict[str, Query]:
    """The odds queries of ``system`` by name; an unknown system is a bad document."""
    return system_module(system, path).queries()


def odds_queries(system: str) -> list[dict[str, Any]]:
    """Each odds query of ``system``: its name, summary and every parameter's name, JSON
    type, minimum and maximum (or choices), default and meaning."""
    return [q.describe() for q in system_queries(system).values()]


def odds(
    catalogue: Catalogue, system: str, query: str, params: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Exact odds of one query of one system, in the shape shared by every query.

    Raises:
        BadDocument: an unknown system or query, or bad parameters (each at
            ``params.<name>``), found before any computing is done.
    """
    spec, resolved, raw = _computed(catalogue, system, query, params)
    return shape(system, spec, resolved, raw)


def compute(
    catalogue: Catalogue, system: str, query: str, params: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The facts one query computes, before they are put in the common shape: the same
    parameters read and bounded the same way as ``odds``, for callers that read a query's
    own names (``hits``, ``target_number``).

    Raises:
        BadDocument: as ``odds``.
    """
    return _computed(catalogue, system, query, params)[2]


def _computed(
    catalogue: Catalogue, system: str, query: str, params: Mapping[str, Any] | None
) -> tuple[Query, dict[str, Any], dict[str, Any]]:
    queries = system_queries(system)
    if query not in queries:
        raise BadDocument.at(
            "query", f"{system} has no odds query {query!r} (known: {', '.join(queries)})"
        )
    if params is not None and not isinstance(params, Mapping):
        raise BadDocument.at("params", f"must be a JSON object, not {params!r}")
    spec = queries[query]
    resolved = resolve(spec, params or {})
    try:
        raw = spec.run(catalogue, **keywords(spec, resolved, params or {}))
    except BadDocument as exc:
        raise _renamed(spec, exc) from exc
    return spec, resolved, raw


def _renamed(spec: Query, exc: BadDocument) -> BadDocument:
    """A computing function's error named by the parameter's current name, not the keyword
    the function takes (``params.target_number``, not ``params.defense``)."""
    names = {f"params.{p.keyword}": f"params.{p.name}" for p in spec.params if p.keyword}
    errors = []
    for error in exc.errors:
        head, dot, tail = error.path.partition(".")
        key = f"{head}.{tail.split('.')[0].split('[')[0]}" if dot else error.path
        path = names[key] + error.path[len(key) :] if key in names else error.path
        errors.append(DocumentError(path, error.message))
    return BadDocument(errors)


def shape(
    system: str, spec: Query, resolved: Mapping[str, Any], raw: Mapping[str, Any]
) -> dict[str, Any]:
    """A computed answer in the common shape (see the module docstring)."""
    from rules_engine.odds_report import bernoulli, split_answer

    distributions, chances, details = split_answer(raw, spec.root)
    details.pop("query", None)
    headline = spec.headline_of(resolved)
    if "*" in headline:
        # The first of several alike (the first maneuver listed, say).
        named = [*distributions, *chances]
        headline = next((n for n in named if fnmatchcase(n, headline)), headline)
    if headline not in distributions:
        if headline not in chances:
            raise KeyError(f"{system} {spec.name} answered without its headline {headline!r}")
        distributions[headline] = bernoulli(Fraction(chances[headline]["exact"]))
    lead = distributions[headline]
    return {
        "system": system,
        "query": spec.name,
        "params": dict(resolved),
        "headline": headline,
        **lead,
        "distributions": distributions,
        "chances": chances,
        "details": details,
    }
