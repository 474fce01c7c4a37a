"""Reading a pack file the engine can rely on: within the size and number limits, with the
envelope and record shape the catalogue is built from.

The full pack schemas live with the content app (content/schemas); this is the engine's
own guard for ``--packs`` folders it is pointed at, so a malformed or hostile pack is a
``BadDocument`` naming the file and the JSON path (``FILE:$.records[3].data.speed``), never
a crash or a number too large for the fight arrays.
"""

from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path
from typing import Any

from rules_engine.errors import BadDocument, DocumentError
from rules_engine.jsonpath import child
from rules_engine.limits import MAX_PACK_BYTES, MAX_PACK_NUMBER, read_json_file
from rules_engine.schema import CompiledSchema, compiled, schema_errors

RECORD_SCHEMAS = Path(__file__).resolve().parent.parent / "content" / "schemas" / "records"
"""The record schemas of the content app, read (never changed) by the engine."""
KIND = re.compile(r"^[a-z][a-z0-9-]*$")

PACK_INT_DIGITS = 400
"""Digits of a pack integer the reader takes, so a huge one is reported with its path."""

MAX_ERRORS = 20
"""Problems listed for one pack file before the list is cut short."""

_ENVELOPE = ("id", "version", "system")
_RECORD_TEXT = ("type", "id", "name")
_RECORD_OBJECTS = ("source", "data")


def read_pack(path: Path) -> dict[str, Any]:
    """One pack file, read and checked.

    Raises:
        BadDocument: the file cannot be read, is not JSON within the limits, lacks the
        envelope or record fields, or holds a number beyond ``MAX_PACK_NUMBER``.
    """
    label = str(path)
    # Long integers are read here and reported below with their JSON path.
    doc = read_json_file(path, label, MAX_PACK_BYTES, max_int_digits=PACK_INT_DIGITS)
    errors = pack_errors(doc, label)
    if errors:
        raise BadDocument(errors[:MAX_ERRORS])
    result: dict[str, Any] = doc
    return result


def pack_errors(doc: Any, label: str) -> list[DocumentError]:
    """Every problem of the pack ``doc`` (read from ``label``) the engine would trip on."""
    if not isinstance(doc, dict):
        return [DocumentError(f"{label}:$", "a pack is a JSON object")]
    errors = [
        DocumentError(f"{label}:$.{key}", "must be a non-empty string")
        for key in _ENVELOPE
        if not _text(doc.get(key))
    ]
    records = doc.get("records")
    if not isinstance(records, list):
        errors.append(DocumentError(f"{label}:$.records", "must be an array of records"))
        records = []
    for i, rec in enumerate(records):
        errors += _record_errors(rec, f"{label}:$.records[{i}]")
        if len(errors) >= MAX_ERRORS:
            return errors
    errors += _number_errors(doc, f"{label}:$")
    return errors or _data_errors(doc, label)


def _data_errors(doc: dict[str, Any], label: str) -> list[DocumentError]:
    """Each record's ``data`` against the record schemas the content app keeps
    (``content/schemas/records/<type>[.<system>].json``), when they are there: the system
    code reads ``data`` as those schemas promise."""
    system = doc.get("system")
    errors: list[DocumentError] = []
    for i, rec in enumerate(doc.get("records") or []):
        schema = _record_schema(str(rec.get("type")), str(system))
        if schema is not None and not schema.is_valid(rec.get("data")):
            errors += schema_errors(schema, rec.get("data"), f"{label}:$.records[{i}].data")
            if len(errors) >= MAX_ERRORS:
                break
    return errors


@cache
def _record_schema(record_type: str, system: str) -> CompiledSchema | None:
    if not KIND.match(record_type.replace("_", "-")) or not KIND.match(system):
        return None
    for name in (f"{record_type}.{system}.json", f"{record_type}.json"):
        path = RECORD_SCHEMAS / name
        if path.is_file():
            return compiled(path)
    return None


def _text(value: Any) -> bool:
    return isinstance(value, str) and value != ""


def _record_errors(rec: Any, path: str) -> list[DocumentError]:
    if not isinstance(rec, dict):
        return [DocumentError(path, "a record is a JSON object")]
    errors = [
        DocumentError(f"{path}.{key}", "must be a non-empty string")
        for key in _RECORD_TEXT
        if not _text(rec.get(key))
    ]
    errors += [
        DocumentError(f"{path}.{key}", "must be an object")
        for key in _RECORD_OBJECTS
        if not isinstance(rec.get(key), dict)
    ]
    if rec.get("name_original") is not None and not isinstance(rec["name_original"], str):
        errors.append(DocumentError(f"{path}.name_original", "must be a string"))
    if not isinstance(rec.get("sample", False), bool):
        errors.append(DocumentError(f"{path}.sample", "must be true or false"))
    if not isinstance(rec.get("uncertain", []), list):
        errors.append(DocumentError(f"{path}.uncertain", "must be an array"))
    return errors


def _out_of_range(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and (not math.isfinite(value) or abs(value) > MAX_PACK_NUMBER)
    )


def _any_out_of_range(doc: Any) -> bool:
    """A quick pass without paths: the common, clean pack costs no path strings."""
    stack = [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif _out_of_range(value):
            return True
    return False


def _number_errors(doc: Any, root: str) -> list[DocumentError]:
    """Numbers beyond ``MAX_PACK_NUMBER`` either way, found without recursion."""
    if not _any_out_of_range(doc):
        return []
    errors: list[DocumentError] = []
    stack: list[tuple[str, Any]] = [(root, doc)]
    while stack and len(errors) < MAX_ERRORS:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((child(path, str(k)), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((child(path, i), v) for i, v in enumerate(value))
        elif _out_of_range(value):
            errors.append(
                DocumentError(
                    path,
                    f"{value:g} is beyond the limit of "
                    f"{MAX_PACK_NUMBER:,} either way for a number in "
                    "a pack",
                )
            )
    return sorted(errors, key=lambda e: e.path)
