"""The engine's errors in the API's shape, by one rule for ``path`` and ``field``.

``path`` is the engine's JSON path, rebased under ``root`` when the document sits inside a
larger file (``$.lists[2]``); ``field`` is the last name on that path, indices skipped.
"""

from __future__ import annotations

import re

from builder.core.errors import ApplicationError, ErrorCode
from rules_engine.errors import BadDocument

_LAST_NAME = re.compile(r"(?:\.|\[')([^.\['\]]+)'?\]?$")


def field_of(path: str) -> str:
    """The last name on a JSON path: ``$.entries[2].pilot`` -> ``pilot``; indices skipped."""
    trimmed = re.sub(r"(\[\d+\])+$", "", path)
    match = _LAST_NAME.search(trimmed)
    if match:
        return match.group(1)
    return "" if trimmed in ("$", "") else trimmed


def rooted(path: str, root: str = "$") -> str:
    """``path`` (``$...``) as a path under ``root``."""
    return root + path[1:] if path.startswith("$") else path


def error_details(exc: BadDocument, root: str = "$") -> list[dict[str, str]]:
    """Every problem of the engine's error as ``{path, field, message}``."""
    out = []
    for e in exc.errors:
        path = rooted(e.path, root)
        out.append({"path": path, "field": field_of(path), "message": e.message})
    return out


def summary(details: list[dict[str, str]]) -> str:
    """One problem said with its path; several counted."""
    if len(details) == 1:
        where, what = details[0]["path"], details[0]["message"]
        return f"{where}: {what}" if where not in ("", "$") else what
    if details:
        return f"{len(details)} problems in the request; see details."
    return "The document cannot be read."


def bad_document_error(exc: BadDocument, root: str = "$") -> ApplicationError:
    """The engine's ``BadDocument`` as the API's 400 ``bad_document``, said as the API's
    error handler says it."""
    details = error_details(exc, root)
    return ApplicationError(code=ErrorCode.BAD_DOCUMENT, message=summary(details), details=details)
