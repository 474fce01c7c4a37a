"""Home: what Muster is, the five games, where to start; a signed-in player's lists and
collection at a glance."""

from __future__ import annotations

from typing import Any

from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from builder.collections.selectors import collection_items_for_owner
from builder.lists.selectors import saved_lists_for_owner
from builder.web.systems import SYSTEM_INFO


def home(request: HttpRequest) -> HttpResponse:
    context: dict[str, Any] = {"systems": SYSTEM_INFO.values(), "nav": "home"}
    if request.user.is_authenticated:
        context["recent_lists"] = list(
            saved_lists_for_owner(user=request.user).order_by("-updated_at")[:5]
        )
        context["owned"] = (
            collection_items_for_owner(user=request.user).aggregate(n=Sum("quantity"))["n"] or 0
        )
    return render(request, "web/home.html", context)
