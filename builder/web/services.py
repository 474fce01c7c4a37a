"""Work the pages ask of the engine: the live check of a list being built."""

from __future__ import annotations

from typing import Any

from builder import engine
from builder.core.errors import ApplicationError, ErrorCode
from content.catalogues import Resolved


def list_check(*, doc: dict[str, Any], resolved: Resolved | None = None) -> dict[str, Any]:
    """The engine's verdict on a list being built, as plain data, against the pack versions
    the one catalogue policy resolves for it (the API, a save and a print use the same).

    A document the engine cannot read, or one pinning a pack version that is not stored,
    comes back as errors at their JSON paths, shown beside the list, rather than an
    exception or a check against other versions. ``resolved`` is the policy's answer for
    ``doc`` when the page has it already (its pickers asked first).
    """
    try:
        return engine.list_checked(doc, resolved=resolved).verdict.to_dict()
    except ApplicationError as exc:
        if exc.code != ErrorCode.BAD_DOCUMENT:
            raise
        limit = doc.get("points_limit")
        return {
            "legal": False,
            "points": None,
            "limit": limit if isinstance(limit, int) else None,
            "violations": [
                {
                    "code": ErrorCode.BAD_DOCUMENT,
                    "message": engine.schema_message_in_words(d["message"], d["path"]),
                    "path": d["path"],
                    "detail": d["message"],
                    "severity": "error",
                }
                for d in exc.details
            ],
            "breakdown": {},
            "house_rules": {},
        }
