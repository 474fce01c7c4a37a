"""Catalogue reads for the pages: browse with filters, one record, the engine snapshot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404

from builder.engine import BadDocument, Catalogue
from content import catalogues
from content.models import RECORD_MODELS, Ability, CatalogueRecord, Figure

TYPE_LABELS: dict[str, str] = {
    "figure": "Figures",
    "archetype": "Archetypes",
    "weapon": "Weapons",
    "ability": "Abilities, skills and equipment",
    "combat_dial": "Combat dials",
    "speed_dial": "Speed dials",
    "navigation_card": "Navigation cards",
    "mass_table": "Mass tables",
    "maneuver": "Manoeuvres",
    "fighter_weight": "Fighter weights",
    "table": "Rule tables",
    "release": "Releases",
}
"""Record types in the order the catalogue lists them."""


@dataclass(frozen=True)
class BrowseFilters:
    q: str = ""
    type: str = ""
    release: str = ""
    kind: str = ""
    points_min: int | None = None
    points_max: int | None = None


def record_types_present(system: str) -> list[tuple[str, str, int]]:
    """(type, label, count) of the record types a system has, in catalogue order."""
    found = []
    for type_, label in TYPE_LABELS.items():
        count = RECORD_MODELS[type_].objects.filter(system__slug=system).count()
        if count:
            found.append((type_, label, count))
    return found


def record_browse(system: str, filters: BrowseFilters) -> list[CatalogueRecord]:
    """Records of one system matching the filters: name search, type, release, kind, points.

    Release and points filter figures (the records that have them); kind filters figures by
    plane/ace/character token and abilities by their kind (skill, equipment...).
    """
    types = [filters.type] if filters.type in TYPE_LABELS else list(TYPE_LABELS)
    if filters.release or filters.points_min is not None or filters.points_max is not None:
        types = [t for t in types if t == "figure"]
    if filters.kind:
        types = [t for t in types if t in ("figure", "ability")]
    found: list[CatalogueRecord] = []
    for type_ in types:
        rows: QuerySet[Any] = RECORD_MODELS[type_].objects.filter(system__slug=system)
        if filters.q:
            rows = rows.filter(
                Q(name__icontains=filters.q)
                | Q(stable_id__icontains=filters.q)
                | Q(name_original__icontains=filters.q)
            )
        if type_ == "figure":
            if filters.release:
                rows = rows.filter(release__stable_id=filters.release)
            if filters.points_min is not None:
                rows = rows.filter(point_value__gte=filters.points_min)
            if filters.points_max is not None:
                rows = rows.filter(point_value__lte=filters.points_max)
            rows = rows.select_related("release")
        if filters.kind and type_ in ("figure", "ability"):
            rows = rows.filter(kind=filters.kind)
        found.extend(rows.defer("data", "source"))
    return found


def filter_choices(system: str) -> dict[str, list[tuple[str, str]]]:
    """The releases and kinds a system's filters offer."""
    releases = list(
        RECORD_MODELS["release"]
        .objects.filter(system__slug=system)
        .order_by("name")
        .values_list("stable_id", "name")
    )
    figure_kinds = set(
        Figure.objects.filter(system__slug=system).values_list("kind", flat=True).distinct()
    )
    ability_kinds = set(
        Ability.objects.filter(system__slug=system).values_list("kind", flat=True).distinct()
    )
    kinds = [(k, label) for k, label in Figure.Kind.choices if k in figure_kinds]
    kinds += [(k, k.replace("_", " ").capitalize()) for k in sorted(ability_kinds) if k]
    return {"releases": releases, "kinds": kinds}


def record_get(system: str, type_: str, stable_id: str) -> CatalogueRecord:
    """One record by its stable id, or a 404 that says what was missing."""
    model = RECORD_MODELS.get(type_)
    if model is None:
        raise Http404(f"No record type {type_!r}")
    related = ["system", "pack"]
    if model is Figure:
        related += ["release", "combat_dial", "speed_dial"]
    try:
        return model.objects.select_related(*related).get(system__slug=system, stable_id=stable_id)
    except model.DoesNotExist:
        raise Http404(f"No {type_} {stable_id!r} in {system}") from None


def abilities_by_id(system: str) -> dict[str, dict[str, Any]]:
    """Ability stable id -> name, colour and kind, for dials, speed effects and profiles."""
    return {
        stable_id: {"name": name, "colour": (data or {}).get("colour"), "kind": kind}
        for stable_id, name, data, kind in Ability.objects.filter(system__slug=system).values_list(
            "stable_id", "name", "data", "kind"
        )
    }


def names_by_id(system: str, type_: str) -> dict[str, str]:
    """Stable id -> name of one record type (weapons, figures...) for readable references."""
    return dict(
        RECORD_MODELS[type_].objects.filter(system__slug=system).values_list("stable_id", "name")
    )


def current_catalogue() -> Catalogue:
    """The engine's catalogue of the currently published packs (one small query while they
    stay the same)."""
    return catalogues.published().catalogue


def document_resolved(doc: dict[str, Any]) -> catalogues.Resolved | None:
    """The pack versions and catalogue a list is checked against, or None while its
    ``content`` is wrong; resolved once, so the pickers and the check share one query."""
    try:
        return catalogues.resolve(doc)
    except BadDocument:
        return None
