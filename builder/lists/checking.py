"""Checking a list document against pinned pack versions, with the limits a request obeys."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings

from builder import engine
from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import BadDocument, Verdict, bad_document_error
from builder.lists.pinning import versions_map
from content.models import ContentPackVersion

MAX_DEPTH = engine.MAX_JSON_DEPTH

MAX_POINTS_LIMIT = 2**31 - 1
"""What the verdict's integer column holds on every database."""


def max_entries() -> int:
    return int(getattr(settings, "MUSTER_LIST_MAX_ENTRIES", engine.MAX_ENTRIES))


def storable_problems(value: Any, root: str = "$", depth: int = 0) -> list[dict[str, str]]:
    """Values no database column can keep: NUL characters (PostgreSQL refuses them) and
    nesting deeper than ``MAX_DEPTH``."""
    if depth > MAX_DEPTH:
        return [{"path": root, "field": "", "message": f"nested deeper than {MAX_DEPTH} levels"}]
    problems: list[dict[str, str]] = []
    if isinstance(value, str):
        if "\x00" in value:
            problems.append(
                {
                    "path": root,
                    "field": root.rsplit(".", 1)[-1],
                    "message": "contains a NUL character",
                }
            )
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if "\x00" in str(key):
                problems.append({"path": root, "field": "", "message": "a key contains NUL"})
            else:
                problems += storable_problems(item, f"{root}.{key}", depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            problems += storable_problems(item, f"{root}[{i}]", depth + 1)
    return problems


def require_storable(value: Any, root: str = "$") -> None:
    problems = storable_problems(value, root)
    if problems:
        raise ApplicationError(
            code=ErrorCode.BAD_DOCUMENT,
            message="The document holds values that cannot be stored.",
            details=problems[:50],
        )


def validate_document(document: Any, *, root: str = "$") -> None:
    """Shape and limits of a list document; raises ``ApplicationError`` naming the path."""
    if not isinstance(document, Mapping):
        raise ApplicationError(
            code=ErrorCode.BAD_DOCUMENT,
            message="The list document must be a JSON object.",
            details=[{"path": root, "field": "document", "message": "not an object"}],
        )
    require_storable(document, root)
    entries = document.get("entries")
    limit = max_entries()
    if isinstance(entries, list) and len(entries) > limit:
        raise ApplicationError(
            code=ErrorCode.TOO_MANY_ENTRIES,
            message=f"A list may hold at most {limit} entries; this one has {len(entries)}.",
            details=[
                {
                    "path": f"{root}.entries",
                    "field": "entries",
                    "message": f"at most {limit} entries (MUSTER_LIST_MAX_ENTRIES)",
                }
            ],
        )
    points_limit = document.get("points_limit")
    if isinstance(points_limit, int) and points_limit > MAX_POINTS_LIMIT:
        raise ApplicationError(
            code=ErrorCode.BAD_DOCUMENT,
            message=f"A points limit may be at most {MAX_POINTS_LIMIT}.",
            details=[
                {
                    "path": f"{root}.points_limit",
                    "field": "points_limit",
                    "message": f"at most {MAX_POINTS_LIMIT}",
                }
            ],
        )
    try:
        engine.validate(document, root)
    except BadDocument as exc:
        raise bad_document_error(exc) from exc


def verdict_for(
    document: Mapping[str, Any], pins: Iterable[ContentPackVersion], *, root: str = "$"
) -> Verdict:
    """The engine's verdict on ``document`` against exactly the pinned versions."""
    return engine.list_checked_against(document, versions_map(pins), root=root).verdict


def is_unknown_id(code: str) -> bool:
    """Violations that mean "this id is not in the content" (each system names them so)."""
    return ".unknown" in code
