"""What every players'-data endpoint shares: who may call it, throttles and paging.

Authentication is by session (the web pages) or by a personal token sent as
``Authorization: Token <secret>`` (the API's defaults). Errors raised by services become the
API's one error shape in ``builder.api.errors``; its ``Error`` component documents them.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.cache import caches
from drf_spectacular.utils import OpenApiExample, extend_schema_serializer
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from builder.api.errors import error_body
from builder.api.pagination import PagePagination
from builder.api.schema import ErrorSerializer
from builder.api.throttles import AnonThrottle, UserThrottle
from builder.core.errors import ErrorCode

__all__ = [
    "NOT_FOUND",
    "ErrorSerializer",
    "OwnedApi",
    "PublicApi",
    "ScopedThrottle",
    "SignedInRequest",
    "error_example",
    "page_example",
    "page_of",
    "paginated",
    "request_example",
    "response_example",
]


class ScopedThrottle(ScopedRateThrottle):
    """A view's own rate (``throttle_scope``), counted in the shared throttle cache."""

    cache = caches["throttle"]


class OwnedApi(APIView):
    """Signed-in callers only; the views filter every queryset by ``request.user``."""

    permission_classes = [IsAuthenticated]


class SignedInRequest(Request):
    """The request an ``OwnedApi`` handler is given, typed: ``IsAuthenticated`` has let
    only a signed-in user this far, never the anonymous one."""

    user: User


class PublicApi(APIView):
    """Documented as public: anyone may call it, signed in or not."""

    permission_classes = [AllowAny]


SCOPED_THROTTLES = [AnonThrottle, UserThrottle, ScopedThrottle]


def paginated(view: APIView, queryset: Any, serializer: type[Any]) -> Response:
    paginator = PagePagination()
    page: list[Any] | None = paginator.paginate_queryset(queryset, view.request, view=view)
    return paginator.get_paginated_response(serializer(page, many=True).data)


def error_example(
    name: str, status: int, code: ErrorCode, message: str, path: str, field: str, detail: str
) -> OpenApiExample:
    return OpenApiExample(
        name,
        value=error_body(code, message, [{"path": path, "field": field, "message": detail}]),
        response_only=True,
        status_codes=[str(status)],
    )


NOT_FOUND = OpenApiExample(
    "Not found (or not yours)",
    value=error_body(ErrorCode.NOT_FOUND, "Nothing here: no such resource, or it is not yours."),
    response_only=True,
    status_codes=["404"],
)


def page_of(item: type[Any], name: str) -> type[Any]:
    """The schema of one page of ``item`` rows, as ``paginated`` answers it."""
    from rest_framework import serializers

    fields = {
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": item(many=True),
    }
    page = type(name, (serializers.Serializer,), fields)
    return extend_schema_serializer(component_name=name)(page)


def page_example(name: str, row: Any) -> OpenApiExample:
    return OpenApiExample(
        name,
        value={"count": 1, "next": None, "previous": None, "results": [row]},
        response_only=True,
        status_codes=["200"],
    )


def response_example(name: str, value: Any, status: int = 200) -> OpenApiExample:
    return OpenApiExample(name, value=value, response_only=True, status_codes=[str(status)])


def request_example(name: str, value: Any) -> OpenApiExample:
    return OpenApiExample(name, value=value, request_only=True)
