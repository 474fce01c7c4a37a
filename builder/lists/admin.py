"""Maintainers' side of saved lists: known-good lists (registered by pasting a list file,
from saved lists or from players' reports), the queue of players' reports, and accepting a
known-good list's new result from the pack's Publish page."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.contrib.auth.models import User
from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.db.models.expressions import Combinable
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.views.decorators.http import require_POST

from builder.core.errors import ApplicationError
from builder.lists.known_good import (
    known_good_accept,
    known_good_create,
    known_good_from_documents,
    known_good_validate,
    verdict_words,
)
from builder.lists.models import KnownGoodList, ListReport, PriceSheet, SavedList
from builder.lists.pinning import versions_map
from builder.lists.price_sheets import unpriced_for
from builder.lists.reports import list_report_dismiss, list_report_make_known


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # the admin lets only signed-in staff through
    return user


def _versions_words(versions: dict[str, str]) -> str:
    return ", ".join(f"{pack} {version}" for pack, version in sorted(versions.items())) or "none"


class KnownGoodListForm(forms.ModelForm[KnownGoodList]):
    """Paste a list file; leave the points empty to take what the published packs give it."""

    points = forms.IntegerField(
        required=False,
        help_text="The points it must keep; leave empty to take what the published packs "
        "give it now.",
    )

    class Meta:
        model = KnownGoodList
        fields = ("name", "note", "pack", "document", "legal", "points", "violation_codes")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        pack, document = data.get("pack"), data.get("document")
        if pack is not None and "document" in data:
            try:
                known_good_validate(document=document, pack=pack)
            except forms.ValidationError as exc:
                self.add_error("document", exc)
        if data.get("points") is None and self.instance.pk is not None:
            self.add_error("points", "Give the points it must keep.")
        return data


@admin.register(KnownGoodList)
class KnownGoodListAdmin(admin.ModelAdmin[KnownGoodList]):
    form = KnownGoodListForm
    list_display = ("name", "pack", "expectation", "note", "created_by", "accepted")
    list_filter = ("pack",)
    list_select_related = ("pack", "created_by", "accepted_by")
    search_fields = ("name", "note")
    readonly_fields = ("created_by", "created_at", "accepted_by", "accepted_at")

    @admin.display(description="must stay")
    def expectation(self, obj: KnownGoodList) -> str:
        return verdict_words(obj.legal, obj.points)

    @admin.display(description="last accepted")
    def accepted(self, obj: KnownGoodList) -> str:
        if obj.accepted_at is None:
            return "never"
        who = obj.accepted_by.get_username() if obj.accepted_by else "someone"
        return f"by {who}, {obj.accepted_at:%Y-%m-%d %H:%M}"

    def save_model(self, request: HttpRequest, obj: KnownGoodList, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        created = known_good_create(
            pack=obj.pack,
            document=obj.document,
            by=_user(request),
            name=obj.name,
            note=obj.note,
            legal=obj.legal,
            points=form.cleaned_data.get("points"),
        )
        if obj.violation_codes is not None:
            created.violation_codes = obj.violation_codes
            created.save(update_fields=["violation_codes"])
        form.instance = obj = created

    def get_urls(self) -> list[URLPattern]:
        accept = path(
            "<int:pk>/accept/",
            self.admin_site.admin_view(require_POST(self.accept_view)),
            name="lists_knowngoodlist_accept",
        )
        return [accept, *super().get_urls()]

    def accept_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Accept the result the Publish page showed (its candidate's checksum is posted)."""
        row = get_object_or_404(KnownGoodList.objects.select_related("pack"), pk=pk)
        back = reverse("admin:content_contentpack_publish", args=[row.pack_id])
        if not self.has_change_permission(request, row):
            messages.error(request, "You may not change known-good lists.")
            return HttpResponseRedirect(back)
        try:
            row = known_good_accept(
                known_good=row, by=_user(request), checksum=request.POST.get("checksum", "")
            )
        except ApplicationError as exc:
            messages.error(request, f"{row.name}: {exc.message}")
        else:
            messages.success(
                request,
                f"Accepted the new result of {row.name}: it must now stay "
                f"{verdict_words(row.legal, row.points)}.",
            )
        return HttpResponseRedirect(back)


@admin.register(SavedList)
class SavedListAdmin(admin.ModelAdmin[SavedList]):
    """Players' saved lists, read only: a maintainer picks some to keep as known-good."""

    list_display = ("name", "owner", "system", "kind", "verdict", "updated_at")
    list_filter = ("system",)
    list_select_related = ("owner", "system")
    search_fields = ("name", "owner__username")
    actions = ("make_known_good",)
    fields = ("name", "owner", "system", "kind", "verdict", "built_against", "notes")
    readonly_fields = fields

    @admin.display(description="verdict")
    def verdict(self, obj: SavedList) -> str:
        return verdict_words(obj.legal, obj.points)

    @admin.display(description="built against")
    def built_against(self, obj: SavedList) -> str:
        return _versions_words(versions_map(obj.pack_versions.select_related("pack")))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Register as known-good lists", permissions=["view"])
    def make_known_good(self, request: HttpRequest, queryset: QuerySet[SavedList]) -> None:
        if not request.user.has_perm("lists.add_knowngoodlist"):
            messages.error(request, "You may not add known-good lists.")
            return
        chosen = list(queryset.prefetch_related("pack_versions__pack"))
        items = [
            (s.document, versions_map(s.pack_versions.all()), f"Saved list of {s.owner}")
            for s in chosen
        ]
        try:
            made = known_good_from_documents(items=items, by=_user(request))
        except ApplicationError as exc:
            messages.error(request, f"Nothing was registered: {exc.message}")
            return
        said = "; ".join(
            f"{k.name} ({k.pack.pack_id}: {verdict_words(k.legal, k.points)})" for k in made
        )
        messages.success(request, f"Registered {len(made)} known-good list(s): {said}.")


@admin.register(PriceSheet)
class PriceSheetAdmin(admin.ModelAdmin[PriceSheet]):
    """Players' house price sheets, read only: what groups agree on for the items a book
    leaves unpriced (a maintainer sees which items players price, and how)."""

    list_display = ("name", "owner", "system", "priced", "updated_at")
    list_filter = ("system",)
    list_select_related = ("owner", "system")
    search_fields = ("name", "owner__username")
    fields = ("name", "owner", "system", "prices_in_words", "notes", "updated_at")
    readonly_fields = fields

    @admin.display(description="items priced")
    def priced(self, obj: PriceSheet) -> int:
        return len(obj.prices or {})

    @admin.display(description="prices")
    def prices_in_words(self, obj: PriceSheet) -> str:
        names = unpriced_for(obj.system.slug)
        said = sorted((names.get(item, item), points) for item, points in obj.prices.items())
        return ", ".join(f"{name} {points}" for name, points in said) or "none"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReportActionForm(ActionForm):
    """The queue's actions, with what a maintainer may add to them in the same step."""

    points = forms.IntegerField(
        required=False, label="Corrected points", help_text="for a known-good or known-bad list"
    )
    reason = forms.CharField(required=False, label="Reason", help_text="for dismissing")


@admin.register(ListReport)
class ListReportAdmin(admin.ModelAdmin[ListReport]):
    """The maintainers' queue: open reports first, newest first."""

    action_form = ReportActionForm
    actions = ("make_known_good", "make_known_bad", "dismiss")
    list_display = (
        "list_name",
        "reporter",
        "message",
        "entry_label",
        "seen",
        "status",
        "created_at",
    )
    list_filter = ("status",)
    list_select_related = ("reporter",)
    search_fields = ("list_name", "message", "reporter__username")
    fields = (
        "list_name",
        "reporter",
        "message",
        "entry_label",
        "seen",
        "checked_against",
        "entries",
        "status",
        "reason",
        "known_good_link",
        "handled_by",
        "handled_at",
        "created_at",
    )
    readonly_fields = fields

    def get_ordering(self, request: HttpRequest) -> tuple[str | Combinable, ...]:
        open_first = Case(
            When(status=ListReport.Status.OPEN, then=Value(0)),
            default=Value(1),
            output_field=IntegerField(),
        )
        return (open_first.asc(), "-created_at", "-id")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="the player saw")
    def seen(self, obj: ListReport) -> str:
        return verdict_words(obj.legal, obj.points)

    @admin.display(description="checked against")
    def checked_against(self, obj: ListReport) -> str:
        return _versions_words(obj.pinned_versions)

    @admin.display(description="list file")
    def entries(self, obj: ListReport) -> SafeString:
        text = json.dumps(obj.document, indent=2, ensure_ascii=False)
        return format_html("<details><summary>show</summary><pre>{}</pre></details>", text)

    @admin.display(description="known-good list")
    def known_good_link(self, obj: ListReport) -> SafeString | str:
        if obj.known_good_id is None:
            return "—"
        url = reverse("admin:lists_knowngoodlist_change", args=[obj.known_good_id])
        return format_html('<a href="{}">{}</a>', url, obj.list_name)

    def _make(self, request: HttpRequest, queryset: QuerySet[ListReport], legal: bool) -> None:
        points = request.POST.get("points", "").strip()
        if points and not points.lstrip("-").isdigit():
            messages.error(request, f"Corrected points must be a whole number, not {points!r}.")
            return
        made: list[str] = []
        for report in queryset:
            try:
                known = list_report_make_known(
                    report=report,
                    by=_user(request),
                    legal=legal,
                    points=int(points) if points else None,
                )
            except ApplicationError as exc:
                messages.error(request, f"{report.list_name}: {exc.message}")
            else:
                made.append(
                    f"{known.name} ({known.pack.pack_id}: must stay "
                    f"{verdict_words(known.legal, known.points)})"
                )
        if made:
            kind = "known-good" if legal else "known-bad"
            messages.success(request, f"Made {kind} list(s): {'; '.join(made)}.")

    @admin.action(description="Make known-good list", permissions=["change"])
    def make_known_good(self, request: HttpRequest, queryset: QuerySet[ListReport]) -> None:
        self._make(request, queryset, legal=True)

    @admin.action(description="Make known-bad list", permissions=["change"])
    def make_known_bad(self, request: HttpRequest, queryset: QuerySet[ListReport]) -> None:
        self._make(request, queryset, legal=False)

    @admin.action(description="Dismiss", permissions=["change"])
    def dismiss(self, request: HttpRequest, queryset: QuerySet[ListReport]) -> None:
        reason = request.POST.get("reason", "")
        done = 0
        for report in queryset:
            try:
                list_report_dismiss(report=report, by=_user(request), reason=reason)
            except ApplicationError as exc:
                messages.error(request, f"{report.list_name}: {exc.message}")
            else:
                done += 1
        if done:
            messages.success(request, f"Dismissed {done} report(s).")
