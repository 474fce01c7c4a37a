"""Addresses browsers ask for on their own, whatever the pages link to."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseRedirect
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe


@require_safe
@cache_control(max_age=60 * 60 * 24, public=True)
def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """``/favicon.ico``: the icon the pages' ``<link rel="icon">`` names, for browsers and
    feed readers that ask the old address. Resolved per request, so production's hashed
    static name is the one it leads to."""
    return HttpResponseRedirect(static("web/favicon.ico"))
