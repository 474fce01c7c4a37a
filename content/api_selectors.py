"""Reads from the catalogue for the REST API: engine snapshots, record lists, pack versions.

Every function here is a read; none writes. Which pack versions a list is checked
against is ``content.catalogues``' one policy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any, TypeVar

from django.db.models import Max, Q, QuerySet

from content import catalogues
from content.engine import Catalogue
from content.models import (
    RECORD_MODELS,
    Ability,
    CatalogueRecord,
    ContentPack,
    ContentPackVersion,
    Figure,
    GameSystem,
)


def list_pins(doc: Mapping[str, Any]) -> dict[str, str]:
    """The pack versions a list document names in ``content`` (pack id -> version)."""
    return catalogues.read_pins(doc)


def engine_catalogue(pins: Mapping[str, str] | None = None) -> Catalogue:
    """The engine's catalogue: every published pack, with ``pins`` choosing stored versions;
    a pin that names no stored version is a bad document at ``$.content``."""
    return catalogues.resolve_pins(pins or {}).catalogue


def catalogue_last_modified() -> datetime | None:
    """When any pack was last loaded or had a record edited: the catalogue's
    ``Last-Modified``."""
    stamps = ContentPack.objects.aggregate(loaded=Max("loaded_at"), edited=Max("edited_at"))
    return max((s for s in stamps.values() if s is not None), default=None)


def system_list() -> QuerySet[GameSystem]:
    return GameSystem.objects.order_by("slug")


def pack_list(*, system: str | None = None) -> QuerySet[ContentPack]:
    packs = ContentPack.objects.select_related("system").order_by("pack_id")
    if system:
        packs = packs.filter(system__slug=system)
    return packs


def pack_version_list(*, pack_id: str) -> QuerySet[ContentPackVersion]:
    return (
        ContentPackVersion.objects.filter(pack__pack_id=pack_id)
        .select_related("pack", "pack__system")
        .defer("document")
        .order_by("-loaded_at", "-id")
    )


def pack_version_get(
    *, pack_id: str, version: str, with_document: bool = False
) -> ContentPackVersion | None:
    rows = ContentPackVersion.objects.select_related("pack", "pack__system")
    if not with_document:
        rows = rows.defer("document")
    return rows.filter(pack__pack_id=pack_id, version=version).first()


def pack_version_records(
    document: Mapping[str, Any], *, record_type: str | None = None, search: str | None = None
) -> list[dict[str, Any]]:
    """A stored pack version's records exactly as they were, optionally by type and name."""
    records: Iterable[Mapping[str, Any]] = document.get("records", [])
    out = []
    needle = (search or "").casefold()
    for record in records:
        if record_type and record.get("type") != record_type:
            continue
        if needle and needle not in str(record.get("name", "")).casefold():
            continue
        out.append(dict(record))
    return out


R = TypeVar("R", bound=CatalogueRecord)

_DEFERRED_RELATED = {
    "system": ("system__name", "system__seed"),
    "pack": ("pack__source", "pack__name", "pack__checksum"),
}
_FIGURE_FIELDS = (
    "id",
    "system",
    "pack",
    "stable_id",
    "name",
    "name_original",
    "source",
    "sample",
    "uncertain",
    "data",
    "kind",
    "collector_number",
    "point_value",
    "squadron_symbol",
    "release",
    "combat_dial",
    "speed_dial",
)


def _joined(model: type[R]) -> QuerySet[R]:
    return model.objects.select_related("system", "pack").defer(
        *_DEFERRED_RELATED["system"], *_DEFERRED_RELATED["pack"]
    )


def _matching(rows: QuerySet[R], *, system: str | None, search: str | None) -> QuerySet[R]:
    if system:
        rows = rows.filter(system__slug=system)
    if search:
        rows = rows.filter(Q(name__icontains=search) | Q(name_original__icontains=search))
    return rows


def _figure_list(
    *,
    system: str | None,
    release: str | None,
    kind: str | None,
    min_points: int | None,
    max_points: int | None,
    search: str | None,
) -> QuerySet[Figure]:
    # Only the stable ids of a figure's release and dials: their documents stay unread.
    rows = (
        _joined(Figure)
        .select_related("release", "combat_dial", "speed_dial")
        .only(
            *_FIGURE_FIELDS,
            "system__slug",
            "pack__pack_id",
            "release__stable_id",
            "combat_dial__stable_id",
            "speed_dial__stable_id",
        )
    )
    rows = _matching(rows, system=system, search=search)
    if kind:
        rows = rows.filter(kind=kind)
    if release:
        rows = rows.filter(release__stable_id=release)
    if min_points is not None:
        rows = rows.filter(point_value__gte=min_points)
    if max_points is not None:
        rows = rows.filter(point_value__lte=max_points)
    return rows


def record_list(
    *,
    record_type: str,
    system: str | None = None,
    release: str | None = None,
    kind: str | None = None,
    min_points: int | None = None,
    max_points: int | None = None,
    search: str | None = None,
) -> QuerySet[CatalogueRecord]:
    """Records of one type with the catalogue API's filters, in one query with their joins."""
    model = RECORD_MODELS[record_type]
    if issubclass(model, Figure):
        return _figure_list(
            system=system,
            release=release,
            kind=kind,
            min_points=min_points,
            max_points=max_points,
            search=search,
        )
    if issubclass(model, Ability):
        abilities = _matching(_joined(model), system=system, search=search)
        return abilities.filter(kind=kind) if kind else abilities
    return _matching(_joined(model), system=system, search=search)


def record_get(*, record_type: str, system: str, stable_id: str) -> CatalogueRecord | None:
    return record_list(record_type=record_type, system=system).filter(stable_id=stable_id).first()
