"""Where a page may send someone next: a page of this site, never another one.

Every ``next`` the site reads (sign-up, log-in and out, renaming a list) goes through
``safe_next``: an address off this site, over plain HTTP from an HTTPS page, relative
(``abc``), with control characters, or naming no page here falls back to the default.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import HttpRequest
from django.shortcuts import resolve_url
from django.urls import Resolver404, get_script_prefix, resolve
from django.utils.http import url_has_allowed_host_and_scheme

NEXT_FIELD = "next"
_MAX_LENGTH = 2000


def allowed_next(request: HttpRequest, field: str = NEXT_FIELD) -> str:
    """The ``next`` the request carries (form first, then query) when it is a page of this
    site; ``""`` when it is absent or unsafe."""
    url = (request.POST.get(field) or request.GET.get(field) or "").strip()
    if not url or len(url) > _MAX_LENGTH or any(ord(c) < 32 or ord(c) == 127 for c in url):
        return ""
    if not url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    return url if _names_a_page(urlsplit(url).path) else ""


def safe_next(request: HttpRequest, default: str) -> str:
    """Where to go after a form: the request's ``next`` if safe, else ``default`` (a URL or
    a URL name, as ``redirect`` takes)."""
    return allowed_next(request) or resolve_url(default)


def _names_a_page(path: str) -> bool:
    prefix = get_script_prefix()
    if not path.startswith(prefix):
        return False
    try:
        resolve("/" + path[len(prefix) :])
    except Resolver404:
        return False
    return True
