"""A player's "this price is wrong" report on one of their saved lists."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from builder.core.errors import ApplicationError
from builder.lists.reports import list_report_create
from builder.lists.selectors import saved_list_get_for_owner
from builder.web.report_box import entry_choices
from builder.web.requests import SignedInHttpRequest


@login_required
@require_POST
def list_report(request: SignedInHttpRequest, list_uuid: UUID) -> HttpResponse:
    """File the report with a copy of the list, then back to the list, which shows it."""
    saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
    entries = entry_choices(saved)
    picked = request.POST.get("entry", "")
    entry = entries[int(picked) - 1] if picked.isdigit() and 0 < int(picked) <= len(entries) else ""
    try:
        list_report_create(
            saved_list=saved,
            reporter=request.user,
            message=request.POST.get("message", ""),
            entry_label=entry,
        )
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Thank you: your report reached the maintainers.")
    return redirect(reverse("web:saved-list", args=[saved.uuid]) + "#report")
