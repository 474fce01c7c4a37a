"""Home: what Muster is, the five games, where to start."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from builder.web.systems import SYSTEM_INFO


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"systems": SYSTEM_INFO.values(), "nav": "home"})
