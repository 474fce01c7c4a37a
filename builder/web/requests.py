"""What the pages' views are handed, typed as middleware and decorators leave it.

django-htmx's middleware adds ``request.htmx`` to every request, and ``login_required``
lets only a signed-in user through. ``HttpRequest`` says neither, so a view names the
request it really gets. These classes are never instantiated: Django's own request is.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """Any request to a page: ``htmx`` says whether htmx sent it, and what for."""

    htmx: HtmxDetails


class SignedInHttpRequest(HtmxHttpRequest):
    """The request a ``login_required`` view is given: its user is signed in."""

    user: User
