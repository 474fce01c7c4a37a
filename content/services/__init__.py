"""Writes to the catalogue: loading and publishing packs, saving edited records."""

from content.services.packs import PackLoadError, PackLoadReport, pack_dump, pack_load
from content.services.records import (
    packs_mark_edited,
    record_save,
    record_sync_columns,
    records_delete,
)

__all__ = [
    "PackLoadError",
    "PackLoadReport",
    "pack_dump",
    "pack_load",
    "packs_mark_edited",
    "record_save",
    "record_sync_columns",
    "records_delete",
]
