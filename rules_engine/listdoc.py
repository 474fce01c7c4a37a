"""Reading list documents: the shared envelope, then the body by system and kind."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from rules_engine.errors import BadDocument, DocumentError
from rules_engine.limits import MAX_MODELS, depth_errors
from rules_engine.schema import CompiledSchema, compiled, schema_errors
from rules_engine.systems import SYSTEMS

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"

KIND = re.compile(r"^[a-z][a-z0-9-]*$")
"""A list kind names a schema file, so it is a plain slug, never a path."""

MODEL_COUNTS = {"cs-aces": "count"}
"""Systems whose entries stand for several models each, and the field saying how many."""


def list_schema_path(system: str, kind: str) -> Path:
    return SCHEMA_DIR / f"{system}.{kind}.json"


@cache
def _body_schema(system: str, kind: str) -> CompiledSchema | None:
    """The compiled body schema of a system's list kind; None when it has no such kind."""
    path = list_schema_path(system, kind)
    return compiled(path) if path.exists() else None


def validate_list(doc: Any, root: str = "$") -> None:
    """Raise ``BadDocument`` listing every JSON path that is wrong in a list document.

    The envelope and the body (the schema of the document's system and kind) are checked in
    one pass, so a document with both kinds of fault hears of all of them at once. ``root``
    prefixes the paths when the document sits inside something larger (a backup file, the
    second list of a simulation).
    """
    errors = depth_errors(doc, root)
    if errors:
        raise BadDocument(errors)
    errors = schema_errors(compiled(SCHEMA_DIR / "list.json"), doc, root)
    system = doc.get("system") if isinstance(doc, dict) else None
    kind = doc.get("kind") if isinstance(doc, dict) else None
    system = system if isinstance(system, str) else None
    if system in SYSTEMS and isinstance(kind, str) and KIND.match(kind):
        body_schema = _body_schema(system, kind)
        if body_schema is not None:
            errors += [e for e in schema_errors(body_schema, doc, root) if e not in errors]
        else:
            errors.append(DocumentError(f"{root}.kind", f"{system} has no list kind {kind!r}"))
    elif system in SYSTEMS and not any(e.path == f"{root}.kind" for e in errors):
        errors.append(DocumentError(f"{root}.kind", f"{system} has no list kind {kind!r}"))
    if errors:
        raise BadDocument(errors)
    if doc["system"] in MODEL_COUNTS:
        models = model_count(doc)
        if models > MAX_MODELS:
            raise BadDocument.at(
                f"{root}.entries",
                f"{models:,} models, {models - MAX_MODELS:,} over the limit of {MAX_MODELS}",
            )


def model_count(doc: Mapping[str, Any]) -> int:
    """How many models a schema-valid list fields: one per entry, or each entry's count
    where the system has one (``MODEL_COUNTS``)."""
    field = MODEL_COUNTS.get(doc["system"])
    if field is None:
        return len(doc["entries"])
    return sum(int(entry.get(field, 1)) for entry in doc["entries"])
