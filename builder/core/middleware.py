"""Text inputs cleaned once, at the edge, before any view or query sees them.

A control character in a path part or a query string, or in a web form's field (tab, LF
and CR aside), is refused with a 400 that names where it was: in the API's error shape
(code ``bad_text``) under ``/api/``, as a short page in words elsewhere. JSON bodies are
checked by the API's parser (``builder.api.limits``), which knows their JSON paths.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve

from builder.core.errors import ErrorCode
from builder.core.text import bad_in_address, bad_in_form_field, readable, shown

API_PREFIX = "/api/"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


@dataclass(frozen=True)
class BadText:
    """Where a control character was found: ``where`` is path, query or form."""

    where: str
    name: str


def _in_path(request: HttpRequest) -> BadText | None:
    path = request.path_info
    if not bad_in_address(path):
        return None
    try:
        match = resolve(path)
    except Resolver404:
        return BadText("path", "path")
    for name, value in match.kwargs.items():
        if isinstance(value, str) and bad_in_address(value):
            return BadText("path", name)
    return BadText("path", "path")


def _in_query(request: HttpRequest) -> BadText | None:
    for name, values in request.GET.lists():
        if bad_in_address(name) or any(bad_in_address(v) for v in values):
            return BadText("query", name)
    return None


def _in_form(request: HttpRequest) -> BadText | None:
    if request.method != "POST" or request.content_type not in FORM_TYPES:
        return None
    for name, values in request.POST.lists():
        if bad_in_address(name) or any(bad_in_form_field(v) for v in values):
            return BadText("form", name)
    for name, uploads in request.FILES.lists():
        if any(bad_in_address(upload.name or "") for upload in uploads):
            return BadText("form", name)
    return None


def find_bad_text(request: HttpRequest) -> BadText | None:
    """The first place in the address or the form that holds a control character."""
    found = _in_path(request) or _in_query(request)
    if found is None and not request.path_info.startswith(API_PREFIX):
        # API bodies are JSON, read (and checked) by the API's own parser.
        found = _in_form(request)
    return found


def _api_answer(bad: BadText) -> JsonResponse:
    name = shown(readable(bad.name))
    kind = {"path": "path part", "query": "query parameter", "form": "form field"}[bad.where]
    message = (
        f"The {kind} {name} holds a control character (such as NUL); "
        "text may hold none (tab and line breaks aside in a form field)."
    )
    detail = {"path": name, "field": name, "message": "holds a control character"}
    return JsonResponse(
        {"code": ErrorCode.BAD_TEXT, "message": message, "details": [detail]}, status=400
    )


def _page_answer(request: HttpRequest, bad: BadText) -> HttpResponse:
    name = shown(readable(bad.name), 40)
    if bad.where == "path":
        where = "The address"
    elif bad.where == "query":
        where = f"The “{name}” part of the address"
    else:
        where = f"The “{name}” field"
    return render(request, "web/bad_text.html", {"where": where}, status=400)


class CleanTextMiddleware:
    """Refuse control characters in addresses and form fields with a 400 naming where."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        bad = find_bad_text(request)
        if bad is None:
            return self.get_response(request)
        if request.path_info.startswith(API_PREFIX):
            return _api_answer(bad)
        return _page_answer(request, bad)
