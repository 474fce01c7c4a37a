"""Where each structured document's JSON Schema lives, and checking documents against it.

Schemas are Draft 2020-12 files in ``content/schemas/``; each is compiled once per process.
A record's ``data`` uses ``records/<type>.<system>.json`` when the system has its own shape,
else ``records/<type>.json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules_engine.errors import DocumentError
from rules_engine.schema import compiled, schema_errors

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
RECORD_SCHEMA_DIR = SCHEMA_DIR / "records"
PACK_SCHEMA = SCHEMA_DIR / "pack.json"


def record_schema_path(record_type: str, system: str) -> Path | None:
    """The schema file for a record type in a system, or None when there is none."""
    for name in (f"{record_type}.{system}.json", f"{record_type}.json"):
        path = RECORD_SCHEMA_DIR / name
        if path.exists():
            return path
    return None


def record_data_errors(
    record_type: str, system: str, data: Any, root: str = "$"
) -> list[DocumentError]:
    """Every way a record's ``data`` breaks its schema, each with its JSON path."""
    path = record_schema_path(record_type, system)
    if path is None:
        return [DocumentError(root, f"no schema for {record_type} records in {system}")]
    return schema_errors(compiled(path), data, root)


def pack_envelope_errors(doc: Any, root: str = "$") -> list[DocumentError]:
    """Every way a pack document breaks the pack format (records' data checked apart)."""
    return schema_errors(compiled(PACK_SCHEMA), doc, root)
