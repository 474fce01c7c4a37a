"""Query parameters read strictly, with the limits the OpenAPI document states.

Each reader and its ``OpenApiParameter`` share one limit, so a value the document allows is
one the server accepts and one it refuses is a 400 naming the parameter (never quietly
replaced by a default). Control characters never get this far
(``builder.core.middleware``).
"""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from builder.core.errors import ApplicationError, ErrorCode
from builder.core.text import shown

MAX_TEXT_PARAM = 200
"""Characters in a text filter (a slug, an id or a search)."""
MAX_WHOLE_NUMBER = 1_000_000
"""Largest number a numeric filter takes."""
_WHOLE_NUMBER = re.compile(r"^[0-9]+\Z")


def invalid_param(name: str, message: str, detail: str) -> ApplicationError:
    return ApplicationError(
        code=ErrorCode.INVALID,
        message=f"{name} {message}",
        details=[{"path": name, "field": name, "message": detail}],
    )


def int_param(
    request: Request,
    name: str,
    *,
    minimum: int = 0,
    maximum: int = MAX_WHOLE_NUMBER,
    default: int | None = None,
) -> int | None:
    """A whole number from ``minimum`` to ``maximum``; absent gives ``default``."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    value = int(raw) if _WHOLE_NUMBER.match(raw) and len(raw) <= 12 else None
    if value is None or not minimum <= value <= maximum:
        raise invalid_param(
            name,
            f"must be a whole number from {minimum} to {maximum}, not {shown(raw)!r}.",
            f"a whole number from {minimum} to {maximum}",
        )
    return value


def bool_param(request: Request, name: str) -> bool:
    """``true`` or ``false`` (``1``/``0``, ``yes``/``no`` too); absent is false."""
    raw = request.query_params.get(name)
    if raw is None:
        return False
    if raw.lower() in ("false", "0", "no"):
        return False
    if raw.lower() in ("true", "1", "yes"):
        return True
    raise invalid_param(name, f"must be true or false, not {shown(raw)!r}.", "true or false")


def text_param(request: Request, name: str) -> str | None:
    """Up to ``MAX_TEXT_PARAM`` characters; absent or empty gives ``None``."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if len(raw) > MAX_TEXT_PARAM:
        raise invalid_param(
            name,
            f"is {len(raw)} characters long; the limit is {MAX_TEXT_PARAM}.",
            f"at most {MAX_TEXT_PARAM} characters",
        )
    return raw


def int_parameter(
    name: str, description: str, *, minimum: int = 0, maximum: int = MAX_WHOLE_NUMBER
) -> OpenApiParameter:
    """The document's word for an ``int_param``."""
    return OpenApiParameter(
        name,
        {"type": "integer", "minimum": minimum, "maximum": maximum},
        description=description,
    )


def text_parameter(name: str, description: str, **kwargs: Any) -> OpenApiParameter:
    """The document's word for a ``text_param``."""
    schema: dict[str, Any] = {"type": "string", "maxLength": MAX_TEXT_PARAM}
    if "enum" in kwargs:
        schema["enum"] = kwargs.pop("enum")
    return OpenApiParameter(name, schema, description=description, **kwargs)
