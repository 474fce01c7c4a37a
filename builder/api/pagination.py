"""Pagination: numbered pages for small tables, a cursor for large ones (figures).

A cursor keeps each page one indexed range query however deep a client reads, and stays
stable while rows are added; page numbers suit the small tables people browse.
"""

from __future__ import annotations

from rest_framework.pagination import CursorPagination, PageNumberPagination


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
