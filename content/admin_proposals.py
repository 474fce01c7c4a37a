"""The maintainers' review queue: collectors' proposals, those waiting first, each shown as
a diff in words against the catalogue's record, with Approve, Reject and Ask for changes.

Reviewing is for staff who may change records of the proposal's type
(``proposal_may_review``); a signed-in collector who is not staff is refused (403) rather
than sent to the admin's sign-in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Case, IntegerField, Value, When
from django.db.models.expressions import Combinable
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html

from content.admin_publish import change_count_text, diff_views, publish_url
from content.models import RECORD_MODELS, ContentPack
from content.proposals import RecordProposal
from content.record_display import field_label
from content.services.proposals import (
    proposal_approve,
    proposal_diff,
    proposal_errors,
    proposal_may_review,
    proposal_reject,
    proposal_request_changes,
    proposed_of,
    type_label,
)
from content.services.publishing import unpublished_changes

Status = RecordProposal.Status

QUEUE_ORDER = Case(
    When(status=Status.PENDING, then=Value(0)),
    When(status=Status.CHANGES_REQUESTED, then=Value(1)),
    When(status=Status.APPROVED, then=Value(2)),
    default=Value(3),
    output_field=IntegerField(),
)
"""Waiting for review first, then sent back, then approved, then closed."""

FIELD_NAMES = {
    "name": "Name",
    "name_original": "Name as printed",
    "source": "Source",
    "uncertain": "Uncertain values",
    "stable_id": "Stable id",
    "dial": "Combat dial",
    "data": "",
    "review_reason": "Reason",
}


def refusal_lines(errors: dict[str, list[str]]) -> list[str]:
    """A refusal's messages in words: ``Combat dial, Clicks 3 › Values › Piloting: -1 is
    less than the minimum of 0``."""
    lines = []
    for name, texts in errors.items():
        prefix = FIELD_NAMES.get(name, "")
        for text in texts:
            path, sep, message = text.partition(": ")
            if sep and path.startswith("$"):
                where = field_label("$.data" + path[1:])
                text = f"{where}: {message}"
            lines.append(f"{prefix}, {text}" if prefix else text)
    return lines


def _record_change_perms() -> list[str]:
    return [f"{m._meta.app_label}.change_{m._meta.model_name}" for m in RECORD_MODELS.values()]


@admin.register(RecordProposal)
class RecordProposalAdmin(admin.ModelAdmin[RecordProposal]):
    list_display = ("name", "what", "state", "proposer", "system", "created_at", "reviewer")
    list_display_links = ("name",)
    list_filter = ("status", "kind", "system")
    search_fields = ("name", "stable_id", "proposer__username")
    list_select_related = ("proposer", "system", "reviewer")

    class Media:
        css = {"all": ("content/admin.css", "content/publish.css")}

    def get_ordering(self, request: HttpRequest) -> list[str | Combinable]:
        return [QUEUE_ORDER.asc(), "created_at", "id"]

    @admin.display(description="what")
    def what(self, obj: RecordProposal) -> str:
        return f"{obj.get_kind_display().capitalize()} of a {type_label(obj.record_type)}"

    @admin.display(description="status", ordering="status")
    def state(self, obj: RecordProposal) -> str:
        return obj.get_status_display().capitalize()

    # --- who may see and review --------------------------------------------------------
    def _maintainer(self, request: HttpRequest) -> bool:
        user = request.user
        return bool(
            user.is_active
            and user.is_staff
            and any(user.has_perm(p) for p in _record_change_perms())
        )

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._maintainer(request) or super().has_module_permission(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and proposal_may_review(request.user, obj):
            return True
        return self._maintainer(request) or super().has_view_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a proposal is reviewed, never edited

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_superuser)

    # --- the review page -----------------------------------------------------------------
    def get_urls(self) -> list[URLPattern]:
        review = self._staff_only(self.review_view)
        own = [path("<int:pk>/change/", review, name="content_recordproposal_change")]
        return [*own, *super().get_urls()]

    def _staff_only(self, view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        """The admin's own guard, but a signed-in user who is not staff is refused outright:
        sending a collector to the admin's sign-in would suggest another account helps."""
        guarded = self.admin_site.admin_view(view)

        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.user.is_authenticated and not request.user.is_staff:
                raise PermissionDenied
            return guarded(request, *args, **kwargs)

        return update_wrapper(wrapper, view)

    def review_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """GET: the proposal as a diff, and whether the catalogue would take it now; POST:
        approve, reject or ask for changes (a reason for the last two)."""
        proposal = (
            RecordProposal.objects.select_related(
                "proposer", "system", "pack", "reviewer", "published_in"
            )
            .filter(pk=pk)
            .first()
        )
        if proposal is None:
            raise Http404("No such proposal.")
        if not self.has_view_permission(request, proposal):
            raise PermissionDenied
        may_review = proposal_may_review(request.user, proposal)
        reason = ""
        if request.method == "POST":
            if not may_review:
                raise PermissionDenied
            reason = request.POST.get("reason", "")
            done = self._review(request, proposal, request.POST.get("action", ""), reason)
            if done is not None:
                return done
        return self._review_page(request, proposal, may_review, reason)

    def _review(
        self, request: HttpRequest, proposal: RecordProposal, action: str, reason: str
    ) -> HttpResponse | None:
        """Carry out the reviewer's decision; None (with the refusal shown) when it fails."""
        here = reverse("admin:content_recordproposal_change", args=[proposal.pk])
        try:
            if action == "approve":
                record = proposal_approve(proposal=proposal, reviewer=request.user, reason=reason)
                pack = record.pack
                messages.success(
                    request,
                    format_html(
                        "Approved {} {}: pack {} now has {}. <a href='{}'>Review and publish "
                        "{}</a>.",
                        type_label(proposal.record_type),
                        record.name,
                        pack.pack_id,
                        change_count_text(unpublished_changes(pack)).lower(),
                        publish_url(pack),
                        pack.pack_id,
                    ),
                )
            elif action == "reject":
                proposal_reject(proposal=proposal, reviewer=request.user, reason=reason)
                messages.success(request, f"Rejected {proposal.name}; the proposer sees why.")
            elif action == "changes":
                proposal_request_changes(proposal=proposal, reviewer=request.user, reason=reason)
                messages.success(
                    request, f"Sent {proposal.name} back to its proposer with your reason."
                )
            else:
                messages.error(request, "Choose Approve, Reject or Ask for changes.")
                return None
        except ValidationError as exc:
            errors = exc.message_dict if hasattr(exc, "error_dict") else {"": exc.messages}
            for line in refusal_lines(errors):
                messages.error(request, f"Not done: {line}")
            return None
        return HttpResponseRedirect(here)

    def _review_page(
        self, request: HttpRequest, proposal: RecordProposal, may_review: bool, reason: str
    ) -> HttpResponse:
        diff = proposal_diff(proposal)
        pack = proposal.pack or ContentPack.objects.filter(system=proposal.system).first()
        refusal: list[str] = []
        if proposal.status == Status.PENDING:
            refusal = refusal_lines(
                proposal_errors(
                    system=proposal.system,
                    record_type=proposal.record_type,
                    kind=proposal.kind,
                    stable_id=proposal.stable_id,
                    proposed=proposed_of(proposal),
                )
            )
        record_url = ""
        model = RECORD_MODELS[proposal.record_type]
        existing = model.objects.filter(
            system=proposal.system, stable_id=proposal.stable_id
        ).values_list("pk", flat=True)
        if existing:
            name = f"admin:{model._meta.app_label}_{model._meta.model_name}_change"
            record_url = reverse(name, args=[existing[0]])
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": proposal,
            "title": f"Review: {proposal.get_kind_display()} of {type_label(proposal.record_type)} "
            f"{proposal.name}",
            "proposal": proposal,
            "type_label": type_label(proposal.record_type),
            "views": diff_views(diff, pack) if pack is not None else {},
            "empty": diff.is_empty,
            "refusal": refusal,
            "may_review": may_review and proposal.status == Status.PENDING,
            "reason": reason,
            "record_url": record_url,
            "publish_url": publish_url(proposal.pack) if proposal.pack else "",
            "media": self.media,
        }
        return TemplateResponse(request, "admin/content/recordproposal/review.html", context)
