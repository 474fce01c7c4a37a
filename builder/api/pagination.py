"""Pagination: numbered pages for small tables, a cursor for large ones (figures).

A cursor keeps each page one indexed range query however deep a client reads, and stays
stable while rows are added; page numbers suit the small tables people browse.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, inline_serializer
from rest_framework import serializers
from rest_framework.pagination import CursorPagination, PageNumberPagination
from rest_framework.request import Request
from rest_framework.serializers import Serializer

from builder.api.params import (
    MAX_TEXT_PARAM,
    MAX_WHOLE_NUMBER,
    int_param,
    int_parameter,
    text_param,
)

PAGE_SIZE = 50
MAX_PAGE_SIZE = 200


class StrictPageSize:
    """``page_size`` from 1 to ``MAX_PAGE_SIZE``; anything else is a 400 naming it.

    DRF quietly answers a default page for ``page_size=abc`` (or ``null``, or 0) and clamps
    a larger one; a client that asked for something else should hear so.
    """

    page_size: int | None = PAGE_SIZE
    page_size_query_param: str | None = "page_size"
    max_page_size: int | None = MAX_PAGE_SIZE

    def get_page_size(self, request: Request) -> int | None:
        size = int_param(request, "page_size", minimum=1, maximum=MAX_PAGE_SIZE)
        return self.page_size if size is None else size


class PagePagination(StrictPageSize, PageNumberPagination):
    def get_page_number(self, request: Request, paginator: Any) -> int:
        number = int_param(request, "page", minimum=1, default=1)
        return 1 if number is None else number


class IdCursorPagination(StrictPageSize, CursorPagination):
    """Cursor over the primary key: ``?cursor=`` from the ``next`` and ``previous`` links."""

    ordering = "id"

    def decode_cursor(self, request: Request) -> Any:
        text_param(request, self.cursor_query_param)
        return super().decode_cursor(request)


def page_of(item: type[Serializer[Any]], *, name: str, cursor: bool = False) -> Serializer[Any]:
    """The OpenAPI shape of one page of ``item``s (views built on APIView page by hand)."""
    fields: dict[str, Any] = {
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": item(many=True),
    }
    if not cursor:
        fields = {"count": serializers.IntegerField(), **fields}
    return inline_serializer(name, fields)


_PAGE_SIZE_PARAM = int_parameter(
    "page_size",
    f"Items a page, up to {MAX_PAGE_SIZE} ({PAGE_SIZE} by default).",
    minimum=1,
    maximum=MAX_PAGE_SIZE,
)
PAGE_PARAMS = [
    int_parameter(
        "page",
        "Page number, from 1 (past the last page: 404).",
        minimum=1,
        maximum=MAX_WHOLE_NUMBER,
    ),
    _PAGE_SIZE_PARAM,
]
CURSOR_PARAMS = [
    OpenApiParameter(
        "cursor",
        {"type": "string", "maxLength": MAX_TEXT_PARAM},
        description="Where to continue: from `next` or `previous` (an unknown one: 404).",
    ),
    _PAGE_SIZE_PARAM,
]
