"""Limits on what one request may ask for, each refused with an error that names it.

Body size (413), NUL characters in JSON strings, JSON depth, entries per list and
simulation runs (400). The numbers are the engine's where it sets them
(``builder.engine``), the body size a setting.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from builder import engine
from builder.core.errors import ApplicationError, ErrorCode
from builder.core.text import nul_paths
from builder.engine import BadDocument

MAX_REPORTED = 50
"""Paths named in one error; a body full of bad strings is not echoed back whole."""


def max_body_bytes() -> int:
    return int(getattr(settings, "API_MAX_BODY_BYTES", 1_048_576))


def body_too_large(size: int | None = None) -> ApplicationError:
    limit = max_body_bytes()
    got = f" (got {size} bytes)" if size is not None else ""
    return ApplicationError(
        code=ErrorCode.REQUEST_TOO_LARGE,
        message=f"The request body is larger than the limit of {limit} bytes{got}.",
        details=[{"path": "$", "field": "", "message": f"limit: {limit} bytes"}],
        status=413,
    )


class LimitedJSONParser(JSONParser):
    """JSON bodies up to ``API_MAX_BODY_BYTES`` and ``engine.MAX_JSON_DEPTH`` levels."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        request = (parser_context or {}).get("request")
        limit = max_body_bytes()
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0) if request else 0
        except ValueError:
            declared = 0
        if declared > limit:
            raise body_too_large(declared)
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise body_too_large()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ParseError(f"not UTF-8 text: byte {exc.start} cannot be decoded") from exc
        depth = engine.nesting_depth(text)
        if depth > engine.MAX_JSON_DEPTH:
            raise too_deep(depth)
        try:
            data = engine.parse_json(raw, "$")
        except BadDocument as exc:
            raise ParseError("; ".join(e.message for e in exc.errors)) from exc
        check_no_nul(data)
        return data


def check_no_nul(data: Any, root: str = "$") -> None:
    """Refuse a NUL in any string or key of a JSON document, naming each path.

    No database stores one (PostgreSQL refuses it in text and jsonb), and no name or note
    a person types holds one.
    """
    paths = list(nul_paths(data, root))
    if not paths:
        return
    raise ApplicationError(
        code=ErrorCode.BAD_TEXT,
        message=(
            f"{engine.place_in_words(paths[0])} holds a NUL character (\\u0000); "
            "no text may hold one."
            if len(paths) == 1
            else f"{len(paths)} strings hold a NUL character (\\u0000); no text may hold one."
        ),
        details=[
            {"path": path, "message": "holds a NUL character"} for path in paths[:MAX_REPORTED]
        ],
    )


def too_deep(depth: int | None = None) -> ApplicationError:
    limit = engine.MAX_JSON_DEPTH
    got = f" ({depth} levels)" if depth is not None else ""
    return ApplicationError(
        code=ErrorCode.JSON_TOO_DEEP,
        message=f"The request body nests deeper than the limit of {limit} levels{got}.",
        details=[{"path": "$", "field": "", "message": f"limit: {limit} levels of nesting"}],
    )


def check_entries(doc: Any, root: str) -> None:
    """Refuse a list document with more entries than ``engine.MAX_ENTRIES``."""
    entries = doc.get("entries") if isinstance(doc, Mapping) else None
    if isinstance(entries, list) and len(entries) > engine.MAX_ENTRIES:
        raise ApplicationError(
            code=ErrorCode.TOO_MANY_ENTRIES,
            message=(
                f"{root}.entries has {len(entries)} entries; the limit is {engine.MAX_ENTRIES}."
            ),
            details=[
                {
                    "path": f"{root}.entries",
                    "field": "entries",
                    "message": f"limit: {engine.MAX_ENTRIES} entries",
                }
            ],
        )


def list_document(data: Any, root: str = "$") -> dict[str, Any]:
    """A request body that must be one list document within the entries limit."""
    if not isinstance(data, dict):
        raise BadDocument.at(root, "must be a muster-list/1 JSON object")
    check_entries(data, root)
    return data


def check_runs(runs: int, path: str = "$.runs") -> None:
    """Refuse a simulation of more than ``engine.MAX_RUNS`` runs."""
    if runs > engine.MAX_RUNS:
        raise ApplicationError(
            code=ErrorCode.TOO_MANY_RUNS,
            message=f"{runs} runs asked; the limit is {engine.MAX_RUNS} runs per request.",
            details=[{"path": path, "field": "runs", "message": f"limit: {engine.MAX_RUNS} runs"}],
        )
