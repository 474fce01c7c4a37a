"""Saving catalogue records: the searchable columns always follow the validated document."""

from __future__ import annotations

from django.db import transaction

from content.models import CatalogueRecord, CombatDial, Figure, Release, SpeedDial


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
    return record
