"""Pagination: numbered pages for small tables, a cursor for large ones (figures).

A cursor keeps each page one indexed range query however deep a client reads, and stays
stable while rows are added; page numbers suit the small tables people browse.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, inline_serializer
from rest_framework import serializers
from rest_framework.pagination import CursorPagination, PageNumberPagination
from rest_framework.serializers import Serializer


class PagePagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class IdCursorPagination(CursorPagination):
    """Cursor over the primary key: ``?cursor=`` from the ``next`` and ``previous`` links."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
    ordering = "id"


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


PAGE_PARAMS = [
    OpenApiParameter("page", int, description="Page number, from 1."),
    OpenApiParameter("page_size", int, description="Items a page, up to 200 (50 by default)."),
]
CURSOR_PARAMS = [
    OpenApiParameter("cursor", str, description="Where to continue: from `next` or `previous`."),
    OpenApiParameter("page_size", int, description="Items a page, up to 200 (50 by default)."),
]
