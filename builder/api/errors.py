"""One error shape for every failed API request.

``{"code": ..., "message": ..., "details": [{"path": ..., "field": ..., "message": ...}]}``

DRF's own handler leaves Django's ``ValidationError``, the application's errors and the
engine's ``BadDocument`` to become 500s, and answers DRF errors in several shapes; this
handler turns all of them into the one shape above. ``path`` is a JSON path into the
request body (``$.entries[2].weapons``) or the query parameter's name; ``field`` is the
last name on that path, for forms that highlight one input. Every ``code`` is an
``ErrorCode`` (docs/api/errors.md): DRF's own codes are members, spelt as DRF spells them.

A rejected value is quoted back only up to a short prefix (``QUOTE_LIMIT`` characters and
"…"), wherever the message came from (DRF, Django, the engine or our own), so a 900 kB
value sent by mistake is not sent back whole.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from builder.core.errors import ApplicationError, ErrorCode
from builder.core.text import QUOTE_LIMIT, shown
from builder.engine import BadDocument, error_details, error_summary, field_of

logger = logging.getLogger(__name__)

_QUOTED = re.compile(
    "|".join(rf"(?<!\w){a}[^{b}]{{{QUOTE_LIMIT + 1},}}{b}(?!\w)" for a, b in ("''", '""', "“”"))
)
"""A quoted value longer than ``QUOTE_LIMIT``: ``'…'``, ``"…"`` or ``“…”``."""
MAX_MESSAGE = 1_000
"""Characters of one message, whatever it holds; the rest is cut to "…"."""
MAX_DETAILS = 100
"""Details in one answer; the count in ``message`` still says how many there were."""


def detail(path: str, message: str, field: str | None = None) -> dict[str, str]:
    return {"path": path, "field": field_of(path) if field is None else field, "message": message}


def error_body(
    code: ErrorCode, message: str, details: list[dict[str, str]] | None = None
) -> dict[str, Any]:
    """The one shape; ``code`` as plain text, so any renderer (YAML too) writes it."""
    return {"code": str(code), "message": message, "details": details or []}


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if key == "non_field_errors":
        return path
    return f"{path}.{key}"


def _flatten(data: Any, path: str = "$") -> list[dict[str, str]]:
    """DRF's nested error dict/list -> details with JSON paths."""
    if isinstance(data, dict):
        return [d for key, value in data.items() for d in _flatten(value, _join(path, key))]
    if isinstance(data, list):
        if all(isinstance(item, str) for item in data):
            return [detail(path, str(item)) for item in data]
        return [
            d for index, item in enumerate(data) if item for d in _flatten(item, _join(path, index))
        ]
    return [detail(path, str(data))]


def _normalised(details: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    for item in details:
        path = str(item.get("path", ""))
        out.append(
            {
                "path": path,
                "field": str(item.get("field") or field_of(path)),
                "message": str(item.get("message", "")),
            }
        )
    return out


_CODES = frozenset(ErrorCode)


def _drf_code(exc: exceptions.APIException) -> ErrorCode:
    """DRF's code for ``exc`` (``method_not_allowed``, ``not_authenticated``, ...); one that
    is not in the vocabulary is ``bad_request`` for a 4xx and ``server_error`` otherwise."""
    codes = exc.get_codes()
    for code in (codes, exc.default_code):
        if isinstance(code, str) and code in _CODES:
            return ErrorCode(code)
    return ErrorCode.BAD_REQUEST if 400 <= exc.status_code < 500 else ErrorCode.SERVER_ERROR


def _cut_quotes(text: str) -> str:
    def cut(match: re.Match[str]) -> str:
        quoted = match.group()
        return f"{quoted[0]}{shown(quoted[1:-1])}{quoted[-1]}"

    return shown(_QUOTED.sub(cut, text), MAX_MESSAGE)


def shortened(body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with every quoted value cut to a short prefix, and at most ``MAX_DETAILS``."""
    return {
        **body,
        "message": _cut_quotes(str(body["message"])),
        "details": [
            {key: _cut_quotes(str(value)) for key, value in item.items()}
            for item in body["details"][:MAX_DETAILS]
        ],
    }


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF ``EXCEPTION_HANDLER``: every error becomes the one shape (never a bare 500)."""
    headers: dict[str, str] = {}
    if isinstance(exc, ApplicationError):
        details = _normalised(exc.details)
        body, code = error_body(exc.code, exc.message, details), exc.status
    elif isinstance(exc, BadDocument):
        details = error_details(exc)
        body = error_body(
            ErrorCode.BAD_DOCUMENT, error_summary(details, "The document cannot be read."), details
        )
        code = status.HTTP_400_BAD_REQUEST
    elif isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            details = [detail(_join("$", f), m) for f, ms in exc.message_dict.items() for m in ms]
        else:
            details = [detail("$", m) for m in exc.messages]
        body = error_body(
            ErrorCode.INVALID, error_summary(details, "The request is not valid."), details
        )
        code = status.HTTP_400_BAD_REQUEST
    elif isinstance(exc, Http404 | exceptions.NotFound):
        body = error_body(
            ErrorCode.NOT_FOUND, "Nothing here: no such resource, or it is not yours."
        )
        code = status.HTTP_404_NOT_FOUND
    elif isinstance(exc, DjangoPermissionDenied):
        body = error_body(ErrorCode.PERMISSION_DENIED, "You may not do this.")
        code = status.HTTP_403_FORBIDDEN
    elif isinstance(exc, exceptions.ValidationError):
        details = _flatten(exc.detail)
        body = error_body(
            ErrorCode.INVALID, error_summary(details, "The request is not valid."), details
        )
        code = status.HTTP_400_BAD_REQUEST
    elif isinstance(exc, exceptions.Throttled):
        # DRF's Throttled sets ``wait`` in its constructor; its stubs leave the attribute out.
        wait = int(exc.wait or 1)  # type: ignore[attr-defined]
        headers["Retry-After"] = str(max(wait, 1))
        body = error_body(
            ErrorCode.THROTTLED, f"Too many requests: try again in {max(wait, 1)} seconds."
        )
        code = status.HTTP_429_TOO_MANY_REQUESTS
    elif isinstance(exc, exceptions.ParseError):
        body = error_body(ErrorCode.PARSE_ERROR, f"The request body cannot be read: {exc.detail}")
        code = status.HTTP_400_BAD_REQUEST
    elif isinstance(exc, exceptions.APIException):
        # DRF's views attach the header a 401 needs to the exception they raise.
        auth_header = getattr(exc, "auth_header", None)
        if auth_header:
            headers["WWW-Authenticate"] = str(auth_header)
        message = exc.detail if isinstance(exc.detail, str) else "The request failed."
        body, code = error_body(_drf_code(exc), str(message)), exc.status_code
    elif isinstance(exc, RecursionError):
        body = error_body(
            ErrorCode.JSON_TOO_DEEP,
            "The request body is nested too deeply to read.",
            [detail("$", "too deep")],
        )
        code = status.HTTP_400_BAD_REQUEST
    else:
        logger.exception("unexpected error answering an API request", exc_info=exc)
        body = error_body(
            ErrorCode.SERVER_ERROR, "Something went wrong on our side; it has been logged."
        )
        code = status.HTTP_500_INTERNAL_SERVER_ERROR
    set_rollback()
    return Response(shortened(body), status=code, headers=headers)
