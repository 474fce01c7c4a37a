"""Reading a content pack and its record schemas, for the tests that check a pack against its book.

Every pack is checked the same way (the file is in canonical form, each record is valid
against its schema, a spoiled document is refused at a JSON path), so the reading is done
here once and each system's test module keeps only what its book says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "content" / "packs"
RECORD_SCHEMAS = ROOT / "content" / "schemas" / "records"
PACK_SCHEMA = ROOT / "content" / "schemas" / "pack.json"
SEEDS = ROOT.parent / "shared" / "seeds"

RecordKey = tuple[str, str]


def load(path: Path) -> Any:
    """A JSON file's content."""
    return json.loads(path.read_text(encoding="utf-8"))


def pack_path(system: str) -> Path:
    """The core pack file of a game system."""
    return PACKS / system / f"{system}-core.json"


def records_by_key(pack: dict[str, Any]) -> dict[RecordKey, dict[str, Any]]:
    """A pack's records by (type, id)."""
    return {(r["type"], r["id"]): r for r in pack["records"]}


def record_keys(pack: dict[str, Any]) -> list[RecordKey]:
    """The (type, id) of each record, in file order."""
    return [(r["type"], r["id"]) for r in pack["records"]]


def canonical_text(pack: dict[str, Any]) -> str:
    """The text the exporter writes for a pack: the form a pack file must already have."""
    return json.dumps(pack, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def record_id(record: dict[str, Any]) -> str:
    """A record's test id, ``type:id``."""
    return f"{record['type']}:{record['id']}"


def schema_for(record_type: str, system: str) -> dict[str, Any]:
    """A record type's schema: the system's own when it has one, else the shared one."""
    specific = RECORD_SCHEMAS / f"{record_type}.{system}.json"
    schema: dict[str, Any] = load(
        specific if specific.exists() else RECORD_SCHEMAS / f"{record_type}.json"
    )
    return schema


def schema_errors(schema: dict[str, Any], data: Any) -> list[str]:
    """Every error of ``data`` against ``schema`` as ``path: message``."""
    return [f"{e.json_path}: {e.message}" for e in Draft202012Validator(schema).iter_errors(data)]


def error_paths(schema: dict[str, Any], data: Any, *, nested: bool = False) -> list[str]:
    """The JSON path of each error; with ``nested``, also those under anyOf/oneOf branches."""
    errors = list(Draft202012Validator(schema).iter_errors(data))
    paths = [e.json_path for e in errors]
    if nested:
        paths += [c.json_path for e in errors for c in (e.context or [])]
    return paths


def envelope_errors(pack: dict[str, Any]) -> list[str]:
    """Errors of a pack's envelope against ``content/schemas/pack.json``."""
    return schema_errors(load(PACK_SCHEMA), pack)


def copy_of(data: Any) -> Any:
    """A deep copy of JSON data, to spoil without touching the pack."""
    return json.loads(json.dumps(data))


def table_value(
    records: dict[RecordKey, dict[str, Any]], table_id: str, key: Any, column: str
) -> Any:
    """The cell of a ``table`` record in ``column`` of the row whose first cell is ``key``."""
    table = records[("table", table_id)]["data"]
    rows = [dict(zip(table["columns"], row, strict=True)) for row in table["rows"]]
    (row,) = [row for row in rows if row[table["columns"][0]] == key]
    return row[column]
