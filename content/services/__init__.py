"""Writes to the catalogue: loading and publishing packs, saving edited records."""

from content.services.packs import PackLoadError, PackLoadReport, pack_dump, pack_load
from content.services.records import record_save, record_sync_columns

__all__ = [
    "PackLoadError",
    "PackLoadReport",
    "pack_dump",
    "pack_load",
    "record_save",
    "record_sync_columns",
]
