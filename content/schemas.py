"""Where each structured document's JSON Schema lives, and checking documents against it.

Schemas are Draft 2020-12 files in ``content/schemas/``; each is compiled once per process.
A record's ``data`` uses ``records/<type>.<system>.json`` when the system has its own shape,
else ``records/<type>.json``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from content.engine import CompiledSchema, DocumentError, compiled, json_path
from content.engine import schema_errors as _reference_errors
from content.systems import SYSTEMS

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
RECORD_SCHEMA_DIR = SCHEMA_DIR / "records"
PACK_SCHEMA = SCHEMA_DIR / "pack.json"


def schema_errors(schema: CompiledSchema, doc: Any, root: str = "$") -> list[DocumentError]:
    """Every way ``doc`` breaks the schema; never empty for a document the fast validator
    refuses (the two engines read ``$`` in a pattern differently: Python's also matches
    before a final line break), so a value is accepted only when both engines accept it."""
    errors = _reference_errors(schema, doc, root)
    if errors or schema.is_valid(doc):
        return errors
    return [
        DocumentError(json_path(e.instance_path, root=root), e.message)
        for e in schema.fast.iter_errors(doc)
    ]


def record_schema_path(record_type: str, system: str) -> Path | None:
    """The schema file for a record type in a system, or None when there is none."""
    for name in (f"{record_type}.{system}.json", f"{record_type}.json"):
        path = RECORD_SCHEMA_DIR / name
        if path.exists():
            return path
    return None


@cache
def _record_schema(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def dial_stats(system: str) -> list[str]:
    """The stats of a combat dial in ``system``, in the order its schema fixes them (the
    order of a click's values on the dial); empty for a game without dials."""
    path = record_schema_path("combat_dial", system)
    stats = _record_schema(path)["properties"]["stats"].get("const") if path else None
    return list(stats) if isinstance(stats, list) else []


def systems_with(record_type: str) -> list[str]:
    """The games whose packs may hold ``record_type`` records (a schema says their shape)."""
    return [system for system in SYSTEMS if record_schema_path(record_type, system)]


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


RECORD_FIELDS = ("id", "name", "name_original", "source", "uncertain")


def record_envelope_errors(record: dict[str, Any]) -> list[tuple[str, DocumentError]]:
    """A record's own fields (source, uncertain, ...) against the pack format, by field.

    The record is checked as the only record of a minimal pack, so the one pack schema stays
    the single definition of what a record is; paths come back relative to the field.
    """
    pack = {
        "format": "muster-pack/1",
        "id": "record",
        "version": "0.0.0",
        "system": "cs-aces",
        "name": "record",
        "source": {"seed": "record"},
        "records": [record],
    }
    out = []
    for error in pack_envelope_errors(pack):
        rest = error.path.removeprefix("$.records[0]")
        field = next((f for f in RECORD_FIELDS if rest.startswith(f".{f}")), None)
        if field is None:
            continue  # data is checked against its own schema
        if field == "id":
            field = "stable_id"
        path = "$" + rest.removeprefix(f".{'id' if field == 'stable_id' else field}")
        out.append((field, DocumentError(path, error.message)))
    return out
