"""The catalogue per system: browse and filter, and a readable page per record."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from builder.web import records
from builder.web.forms import CatalogueFilterForm
from builder.web.requests import HtmxHttpRequest
from builder.web.selectors.catalogue import (
    TYPE_LABELS,
    BrowseFilters,
    abilities_by_id,
    current_catalogue,
    filter_choices,
    names_by_id,
    record_browse,
    record_get,
    record_types_present,
)
from builder.web.systems import SYSTEM_INFO, system_info
from content.models import Figure
from content.record_display import record_field_label, source_text
from content.registry import book_titles


def catalogue_index(request: HttpRequest) -> HttpResponse:
    return render(
        request, "web/catalogue/index.html", {"systems": SYSTEM_INFO.values(), "nav": "catalogue"}
    )


def catalogue_browse(request: HtmxHttpRequest, system: str) -> HttpResponse:
    info = system_info(system)
    types = record_types_present(system)
    choices = filter_choices(system)
    form = CatalogueFilterForm(
        request.GET or None,
        types=[(t, f"{label} ({n})") for t, label, n in types],
        releases=choices["releases"],
        kinds=choices["kinds"],
    )
    filters = BrowseFilters()
    if form.is_valid():
        filters = BrowseFilters(**form.cleaned_data)
    found = record_browse(system, filters)
    template = "web/catalogue/_results.html" if request.htmx else "web/catalogue/browse.html"
    return render(
        request,
        template,
        {
            "system": info,
            "form": form,
            "records": found,
            "type_labels": TYPE_LABELS,
            "types": types,
            "has_figures": any(t == "figure" for t, _, _ in types),
            "nav": "catalogue",
        },
    )


def record_detail(request: HttpRequest, system: str, type: str, stable_id: str) -> HttpResponse:
    info = system_info(system)
    record = record_get(system, type, stable_id)
    data = record.data or {}
    context: dict[str, object] = {
        "system": info,
        "record": record,
        "type": type,
        "type_label": TYPE_LABELS.get(type, type),
        "nav": "catalogue",
        "data": data,
        "source_text": source_text(record.source, book_titles()),
        "doubts": [
            (
                record_field_label(str(u.get("path", "")), data, names_by_id(system, "ability")),
                u.get("note", ""),
            )
            for u in record.uncertain or []
            if isinstance(u, dict)
        ],
    }
    shown: set[str] = {"transcribed"}
    if type in ("figure", "combat_dial", "speed_dial", "archetype"):
        abilities = abilities_by_id(system)
    if isinstance(record, Figure):
        if record.combat_dial is not None:
            context["dial"] = records.dial_rows(record.combat_dial.data, abilities)
            context["dial_record"] = record.combat_dial
        if record.speed_dial is not None:
            context["speeds"] = records.speed_rows(record.speed_dial.data, abilities)
            context["speed_record"] = record.speed_dial
        context["base"] = data.get("base") or {}
        shown |= {"base", "combat_dial", "speed_dial", "release", "kind", "point_value"}
    elif type == "combat_dial":
        context["dial"] = records.dial_rows(data, abilities)
        shown |= {"clicks", "stats"}
    elif type == "speed_dial":
        context["speeds"] = records.speed_rows(data, abilities)
        shown |= {"speeds"}
    elif type == "archetype":
        names = {k: v["name"] for k, v in abilities.items()}
        context["archetype"] = records.archetype_view(data, names)
        shown |= {"qualities", "upgrades", "skills", "rules", "special", "single_quality"}
    elif type == "weapon":
        bands = records.range_bands(data)
        if bands:
            context["bands"] = bands
            shown.add("to_hit")
        if isinstance(data.get("points"), dict) and data["points"].get("not_given"):
            context["points_not_given"] = True
            shown.add("points")
        if data.get("traits"):
            traits = names_by_id(system, "ability")
            context["traits"] = [traits.get(t, t) for t in data["traits"]]
            shown.add("traits")
    elif type == "mass_table":
        table = records.mass_table(data)
        if table:
            context["mass"] = table
            shown |= {"rows", "ratings", "rating"}
    if "rule_text" in data:
        context["rule_text"] = data["rule_text"]
        shown.add("rule_text")
    if "text" in data and isinstance(data["text"], str):
        context["rule_text"] = data["text"]
        shown.add("text")
    rest = {k: v for k, v in data.items() if k not in shown}
    context["rest"] = records.readable(rest, names=_record_names(system)) if rest else None
    return render(request, "web/catalogue/record.html", context)


def _record_names(system: str) -> dict[str, str]:
    """Record id -> name, for the references a record's document makes: this game's ids
    bare, every game's as ``system/id``."""
    catalogue = current_catalogue()
    names: dict[str, str] = {}
    for slug in catalogue.systems():
        for type_ in catalogue.types(slug):
            for record in catalogue.records(slug, type_).values():
                names[f"{slug}/{record.id}"] = record.name
                if slug == system:
                    names[record.id] = record.name
    return names
