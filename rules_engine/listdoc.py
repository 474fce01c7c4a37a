"""Reading list documents: the shared envelope, then the body by system and kind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules_engine.errors import BadDocument, DocumentError
from rules_engine.schema import compiled, schema_errors

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"


def list_schema_path(system: str, kind: str) -> Path:
    return SCHEMA_DIR / f"{system}.{kind}.json"


def validate_list(doc: Any, root: str = "$") -> None:
    """Raise ``BadDocument`` listing every JSON path that is wrong in a list document.

    ``root`` prefixes the paths when the document sits inside something larger (a backup
    file, the second list of a simulation).
    """
    errors = schema_errors(compiled(SCHEMA_DIR / "list.json"), doc, root)
    if errors:
        raise BadDocument(errors)
    body_schema = list_schema_path(doc["system"], doc["kind"])
    if not body_schema.exists():
        raise BadDocument(
            DocumentError(f"{root}.kind", f"{doc['system']} has no list kind {doc['kind']!r}")
        )
    errors = schema_errors(compiled(body_schema), doc, root)
    if errors:
        raise BadDocument(errors)
