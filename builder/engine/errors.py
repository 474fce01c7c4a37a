"""The engine's errors in the API's shape, by one rule for ``path`` and ``field``.

``path`` is the engine's JSON path, rebased under ``root`` when the document sits inside a
larger file (``$.lists[2]``); ``field`` is the last name on that path, indices skipped.
"""

from __future__ import annotations

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine.paths import field_of, rooted
from builder.engine.wording import error_summary
from rules_engine.errors import BadDocument


def error_details(exc: BadDocument, root: str = "$") -> list[dict[str, str]]:
    """Every problem of the engine's error as ``{path, field, message}``."""
    out = []
    for e in exc.errors:
        path = rooted(e.path, root)
        out.append({"path": path, "field": field_of(path), "message": e.message})
    return out


def bad_document_error(exc: BadDocument, root: str = "$") -> ApplicationError:
    """The engine's ``BadDocument`` as the API's 400 ``bad_document``, said as the API's
    error handler says it."""
    details = error_details(exc, root)
    return ApplicationError(
        code=ErrorCode.BAD_DOCUMENT,
        message=error_summary(details, "The document cannot be read."),
        details=details,
    )
