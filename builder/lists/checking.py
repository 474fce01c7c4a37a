"""Checking a list document against pinned pack versions, with the limits a request obeys."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings

from builder.core.errors import ApplicationError
from builder.lists.pinning import versions_map
from content.models import ContentPackVersion
from content.selectors import catalogue_for_packs
from rules_engine.api import check
from rules_engine.errors import BadDocument
from rules_engine.limits import MAX_DEPTH
from rules_engine.listdoc import validate_list
from rules_engine.verdict import Verdict

MAX_POINTS_LIMIT = 2**31 - 1
"""What the verdict's integer column holds on every database."""


def max_entries() -> int:
    return int(getattr(settings, "MUSTER_LIST_MAX_ENTRIES", 200))


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
            code="bad_document",
            message="The document holds values that cannot be stored.",
            details=problems[:50],
        )


def bad_document_error(exc: BadDocument, root: str = "$") -> ApplicationError:
    """The engine's error as the API's: every JSON path, under ``root`` in a larger file."""
    return ApplicationError(
        code="bad_document",
        message="The list document is not valid.",
        details=[
            {
                "path": root + e.path[1:] if e.path.startswith("$") else e.path,
                "field": e.path.rsplit(".", 1)[-1],
                "message": e.message,
            }
            for e in exc.errors
        ],
    )


def validate_document(document: Any, *, root: str = "$") -> None:
    """Shape and limits of a list document; raises ``ApplicationError`` naming the path."""
    if not isinstance(document, Mapping):
        raise ApplicationError(
            code="bad_document",
            message="The list document must be a JSON object.",
            details=[{"path": root, "field": "document", "message": "not an object"}],
        )
    require_storable(document, root)
    entries = document.get("entries")
    limit = max_entries()
    if isinstance(entries, list) and len(entries) > limit:
        raise ApplicationError(
            code="too_many_entries",
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
            code="bad_document",
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
        validate_list(document, root)
    except BadDocument as exc:
        raise ApplicationError(
            code="bad_document",
            message="The list document is not valid.",
            details=[
                {"path": e.path, "field": e.path.rsplit(".", 1)[-1], "message": e.message}
                for e in exc.errors
            ],
        ) from exc


def verdict_for(
    document: Mapping[str, Any], pins: Iterable[ContentPackVersion], *, root: str = "$"
) -> Verdict:
    """The engine's verdict on ``document`` against exactly the pinned versions."""
    catalogue = catalogue_for_packs(versions_map(pins))
    try:
        return check(catalogue, document)
    except BadDocument as exc:
        raise bad_document_error(exc, root) from exc


def is_unknown_id(code: str) -> bool:
    """Violations that mean "this id is not in the content" (each system names them so)."""
    return ".unknown" in code
