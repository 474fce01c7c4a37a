"""Reads from the catalogue for the REST API: engine snapshots, record lists, pack versions.

Every function here is a read; none writes. The engine's snapshot is looked up by the
checksums stored with each pack version (one small query), so a request only reads the
pack documents themselves the first time a process meets those versions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from django.db.models import F, Max, Q, QuerySet

from content.models import (
    RECORD_MODELS,
    CatalogueRecord,
    ContentPack,
    ContentPackVersion,
    Figure,
    GameSystem,
)
from rules_engine import BadDocument, Catalogue, build_catalogue

_SNAPSHOTS: dict[tuple[tuple[str, str], ...], Catalogue] = {}


def list_pins(doc: Mapping[str, Any]) -> dict[str, str]:
    """The pack versions a list document names in ``content`` (pack id -> version)."""
    content = doc.get("content")
    refs = content if isinstance(content, list) else [content] if content else []
    return {
        ref["pack"]: ref["version"]
        for ref in refs
        if isinstance(ref, Mapping)
        and isinstance(ref.get("pack"), str)
        and isinstance(ref.get("version"), str)
    }


def engine_catalogue(pins: Mapping[str, str] | None = None) -> Catalogue:
    """The engine's catalogue: every published pack, with ``pins`` choosing stored versions.

    A pin that names no stored version is a bad document at ``$.content``. Without pins
    this is what ``python -m rules_engine`` reads from the pack files, once loaded.
    """
    pins = dict(pins or {})
    rows = list(
        ContentPackVersion.objects.filter(
            Q(version=F("pack__version")) | Q(pack__pack_id__in=list(pins))
        ).values_list("id", "pack__pack_id", "version", "checksum")
    )
    chosen: dict[str, tuple[int, str, str]] = {}
    for row_id, pack_id, version, checksum in rows:
        wanted = pins.get(pack_id)
        if wanted is None or wanted == version:
            chosen[pack_id] = (row_id, version, checksum)
    missing = [f"{p} {v}" for p, v in pins.items() if chosen.get(p, (0, ""))[1] != v]
    if missing:
        raise BadDocument.at("$.content", f"no stored pack version {', '.join(sorted(missing))}")
    key = tuple(sorted((pack_id, checksum) for pack_id, (_, _, checksum) in chosen.items()))
    if key not in _SNAPSHOTS:
        ids = [row_id for row_id, _, _ in chosen.values()]
        documents = ContentPackVersion.objects.filter(id__in=ids).values_list("document", flat=True)
        if len(_SNAPSHOTS) >= 16:
            _SNAPSHOTS.pop(next(iter(_SNAPSHOTS)))
        _SNAPSHOTS[key] = build_catalogue(documents)
    return _SNAPSHOTS[key]


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
    rows = model.objects.select_related("system", "pack").defer(
        *_DEFERRED_RELATED["system"], *_DEFERRED_RELATED["pack"]
    )
    if model is Figure:
        # Only the stable ids of a figure's release and dials: their documents stay unread.
        rows = rows.select_related("release", "combat_dial", "speed_dial").only(
            *_FIGURE_FIELDS,
            "system__slug",
            "pack__pack_id",
            "release__stable_id",
            "combat_dial__stable_id",
            "speed_dial__stable_id",
        )
    if system:
        rows = rows.filter(system__slug=system)
    if search:
        rows = rows.filter(Q(name__icontains=search) | Q(name_original__icontains=search))
    if kind and hasattr(model, "kind"):
        rows = rows.filter(kind=kind)
    if model is Figure:
        if release:
            rows = rows.filter(release__stable_id=release)
        if min_points is not None:
            rows = rows.filter(point_value__gte=min_points)
        if max_points is not None:
            rows = rows.filter(point_value__lte=max_points)
    return rows


def record_get(*, record_type: str, system: str, stable_id: str) -> CatalogueRecord | None:
    return record_list(record_type=record_type, system=system).filter(stable_id=stable_id).first()
