"""Odds: pick a system, a query, an attacker and a target (or raw values); see the exact
distribution as a chart drawn on the server, "at least k" and the mean."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render

from builder import engine
from builder.games.labels import answer_label
from builder.lists.selectors import saved_designs_for_owner
from builder.web.charts import bar_chart
from builder.web.odds_form import WRITTEN, given_values, param_fields, read_params
from builder.web.requests import HtmxHttpRequest
from builder.web.selectors.catalogue import current_catalogue
from builder.web.systems import SYSTEM_INFO, game_for, system_info


def odds_page(request: HtmxHttpRequest, system: str = "crimson-dust") -> HttpResponse:
    info = system_info(system)
    queries = engine.odds_queries(system)
    by_name = {q["query"]: q for q in queries}
    query = request.GET.get("query", "")
    if query not in by_name:
        query = queries[0]["query"]
    catalogue = current_catalogue()
    saved = _saved_records(request, system, by_name[query])
    fields = param_fields(by_name[query], request.GET, catalogue, system, saved)
    context: dict[str, Any] = {
        "system": info,
        "systems": SYSTEM_INFO.values(),
        "queries": queries,
        "query": by_name[query],
        "fields": fields,
        "given": given_values(fields, request.GET),
        "nav": "odds",
    }
    try:
        answer = engine.odds(
            catalogue,
            system,
            query,
            read_params(fields, request.GET, submitted="query" in request.GET, saved=saved),
        )
    except engine.BadDocument as exc:
        errors: dict[str, str] = {}
        for e in exc.errors:
            name, _, inside = e.path.removeprefix("params.").partition(".")
            # A saved design's own fault is said at the picker that chose it, in words.
            said = engine.problem_in_words(e.message, f"$.{inside}") if inside else e.message
            errors.setdefault(name.removesuffix(WRITTEN), said)
        for f in fields:
            f.error = errors.pop(f.name, "")
            if f.error and f.kind == "select" and not f.offers(request.GET.get(f.name, "")):
                f.error = (
                    f"That is not among the choices here: pick a {f.label.lower()} from the list."
                )
        labels = {f.name: f.label for f in fields}
        context["errors"] = {labels.get(k, answer_label(k)): m for k, m in errors.items()}
    else:
        context["answer"] = answer
        context["chances"] = [
            (answer_label(name), p) for name, p in (answer.get("chances") or {}).items()
        ]
        context["distributions"] = [
            _distribution(name, dist, lead=name == answer["headline"])
            for name, dist in answer["distributions"].items()
        ]
        context["distributions"].sort(key=lambda d: not d["lead"])
    template = "web/odds/_result.html" if request.htmx else "web/odds/page.html"
    return render(request, template, context)


def _saved_records(
    request: HtmxHttpRequest, system: str, query: dict[str, Any]
) -> list[tuple[str, str, dict[str, Any]]]:
    """The player's saved records a picker of this query also offers (their saved fighter
    designs as a volley's firer), in one query; none for a visitor."""
    page = game_for(system).page
    kinds = {page.saved_kind(str(p.get("catalogue_ids") or "")) for p in query["params"]}
    kinds.discard("")
    return [
        found
        for kind in sorted(kinds)
        for found in saved_designs_for_owner(user=request.user, system=system, kind=kind)
    ]


def _distribution(name: str, dist: dict[str, Any], *, lead: bool) -> dict[str, Any]:
    keys = sorted(dist["distribution"], key=_number_first)
    at_least = dist.get("at_least") or {}
    title = answer_label(name)
    return {
        "name": title,
        "lead": lead,
        "mean": dist.get("mean"),
        "chart": bar_chart(title, [(k, dist["distribution"][k]["value"]) for k in keys]),
        "rows": [
            {
                "value": k,
                "p": dist["distribution"][k]["value"],
                "exact": dist["distribution"][k]["exact"],
                "at_least": (at_least.get(k) or {}).get("value"),
                "at_least_exact": (at_least.get(k) or {}).get("exact", ""),
            }
            for k in keys
        ],
    }


def _number_first(key: str) -> tuple[int, float, str]:
    try:
        return (0, float(key), key)
    except ValueError:
        return (1, 0.0, key)
