"""The "print cards" action for catalogue record admins: queue a print job for the chosen
records and point the user to it."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from builder.core.errors import ApplicationError
from builder.printing.services import print_job_create
from content.admin import CatalogueRecordAdmin

# Record types that print as cards, and the sheet each one becomes.
PRINTABLE = {
    "figure": "cards",
    "archetype": "cards",
    "table": "cards",  # Black Skies example fighter designs
    "navigation_card": "navigation",
}


@admin.action(description="Print cards (PDF)")
def print_cards(modeladmin: Any, request: HttpRequest, queryset: QuerySet[Any]) -> None:
    record_type = getattr(queryset.model, "RECORD_TYPE", "")
    kind = PRINTABLE.get(record_type)
    if kind is None:
        modeladmin.message_user(
            request,
            f"{queryset.model._meta.verbose_name_plural} do not print as cards.",
            messages.ERROR,
        )
        return
    refs = [
        f"{slug}/{stable_id}"
        for slug, stable_id in queryset.order_by("system__slug", "stable_id").values_list(
            "system__slug", "stable_id"
        )
    ]
    try:
        job = print_job_create(owner=request.user, kind=kind, what={"records": refs})
    except ApplicationError as exc:
        detail = "; ".join(d.get("message", "") for d in exc.details)
        modeladmin.message_user(request, f"{exc.message} {detail}".strip(), messages.ERROR)
        return
    url = reverse("admin:printing_printjob_change", args=[job.pk])
    modeladmin.message_user(
        request,
        format_html(
            'Print job <a href="{}">#{}</a> queued for {} record(s); its PDF appears there '
            "when it is done.",
            url,
            job.pk,
            len(refs),
        ),
        messages.SUCCESS,
    )


def print_cards_offer(site: admin.AdminSite) -> None:
    """Offer "Print cards" on every catalogue record admin of ``site``.

    The catalogue (``content``) sits below printing and knows nothing of it, so printing
    adds its action to the record admins content registered."""
    for model in apps.get_app_config("content").get_models():
        if not site.is_registered(model):
            continue
        model_admin = site.get_model_admin(model)
        if isinstance(model_admin, CatalogueRecordAdmin) and print_cards not in model_admin.actions:
            model_admin.actions = (*model_admin.actions, print_cards)
