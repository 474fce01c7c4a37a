"""Saving catalogue records: the searchable columns always follow the validated document."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from content.models import CatalogueRecord, CombatDial, ContentPack, Figure, Release, SpeedDial
from content.services.collection import collection_pack_get_or_create, collector_source


def _related_pk(model: type[CatalogueRecord], system_id: int, stable_id: str | None) -> int | None:
    if not stable_id:
        return None
    return (
        model.objects.filter(system_id=system_id, stable_id=stable_id)
        .values_list("pk", flat=True)
        .first()
    )


def record_sync_columns(
    record: CatalogueRecord, related: dict[str, dict[str, int]] | None = None
) -> None:
    """Copy the searchable values of ``record.data`` into its columns.

    ``related`` maps ``release``/``combat_dial``/``speed_dial`` stable ids to primary keys when
    the caller already has them (a pack load); otherwise they are looked up.
    """
    data = record.data or {}
    if hasattr(record, "kind") and not isinstance(record, Figure):
        record.kind = str(data.get("kind") or "")
    if not isinstance(record, Figure):
        return
    record.kind = str(data.get("kind") or "")
    record.collector_number = str(data.get("collector_number") or "")
    record.point_value = data.get("point_value")
    record.squadron_symbol = str(data.get("squadron_symbol") or "")
    record.pilot = str(data.get("pilot") or "")
    record.plane_model = str(data.get("plane_model") or "")
    for field, model in (
        ("release", Release),
        ("combat_dial", CombatDial),
        ("speed_dial", SpeedDial),
    ):
        ref = data.get(field)
        if related is not None:
            pk = related.get(field, {}).get(ref) if ref else None
        else:
            pk = _related_pk(model, record.system_id, ref)
        setattr(record, f"{field}_id", pk)


@transaction.atomic
def record_save(*, record: CatalogueRecord) -> CatalogueRecord:
    """Validate an edited record against its schema, sync its columns, and save it."""
    record_sync_columns(record)
    record.full_clean()
    record.save()
    packs_mark_edited(pack_ids=[record.pack_id])
    return record


@transaction.atomic
def records_delete(*, records: Iterable[CatalogueRecord]) -> None:
    """Delete records (the admin has already refused any that others name), marking their
    packs edited."""
    doomed = list(records)
    for record in doomed:
        record.delete()
    packs_mark_edited(pack_ids=[r.pack_id for r in doomed])


def packs_mark_edited(*, pack_ids: Iterable[int]) -> None:
    """Record when a pack's records last changed outside a load: the catalogue API's
    ``Last-Modified`` moves with an edit as its ``ETag`` does."""
    ContentPack.objects.filter(pk__in=set(pack_ids)).update(edited_at=timezone.now())


@transaction.atomic
def figure_dial_save(*, figure: Figure, dial: dict[str, Any]) -> CombatDial:
    """Save the clicks entered with a figure as its combat dial and point the figure at it.

    The figure's own dial is updated in place; a figure without one gets a new dial in its
    system's collection pack, named after the figure.
    """
    dial_id = (figure.data or {}).get("combat_dial") or f"{figure.stable_id}-dial"
    record = CombatDial.objects.filter(system=figure.system, stable_id=dial_id).first()
    if record is None:
        record = CombatDial(
            system=figure.system,
            pack=collection_pack_get_or_create(system=figure.system),
            stable_id=dial_id,
            name=f"{figure.name} combat dial",
            source=collector_source(figure.system),
            uncertain=[],
            sample=False,
        )
    record.data = dial
    record_save(record=record)
    figure.data = {**(figure.data or {}), "combat_dial": record.stable_id}
    return record
