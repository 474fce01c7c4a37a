"""Odds: pick a system, a query and its parameters; see the exact distribution as a chart."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from builder.web.charts import chances, distributions
from builder.web.selectors.catalogue import current_catalogue
from builder.web.services import odds_queries, odds_run, parse_params
from builder.web.systems import SYSTEM_INFO, system_info
from rules_engine.errors import BadDocument

EXAMPLES = {
    "crimson-dust": ("hits", "rg=3 df=3"),
    "cs-air-action": ("shot", "dice=4 silhouette=4"),
    "cs-aces": ("attack", "dice=3 defense=4"),
    "black-skies": ("volley", "weapon=laser-cannon count=2 target=medium"),
    "cs-hex": ("skill_check", "difficulty=2"),
}


def odds_page(request: HttpRequest, system: str = "crimson-dust") -> HttpResponse:
    info = system_info(system)
    queries = odds_queries(system)
    default_query, default_params = EXAMPLES.get(system, (next(iter(queries), ""), ""))
    query = request.GET.get("query") or default_query
    params_text = request.GET.get("params", default_params if "query" not in request.GET else "")
    context: dict[str, Any] = {
        "system": info,
        "systems": SYSTEM_INFO.values(),
        "queries": queries,
        "query": query,
        "params_text": params_text,
        "nav": "odds",
    }
    if query:
        try:
            result = odds_run(
                catalogue=current_catalogue(),
                system=system,
                query=query,
                params=parse_params(params_text),
            )
        except BadDocument as exc:
            context["errors"] = exc.errors
        else:
            context["distributions"] = distributions(result)
            context["chances"] = chances(result)
    template = "web/odds/_result.html" if request.htmx else "web/odds/page.html"  # type: ignore[attr-defined]
    return render(request, template, context)
