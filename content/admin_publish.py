"""Publishing from the admin: each pack says how many edits players do not see yet, shows
them in words (records by name, fields by label, prices called out) and publishes them as
the pack's next version.

Players' pages read published pack versions only, so the admin says so wherever an edit is
made (``templates/admin/content/change_form.html``) and links here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.views.main import ChangeList
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from content.models import RECORD_MODELS, ContentPack
from content.prices import price_leaves
from content.record_display import field_label, value_html
from content.services.pack_diff import ABSENT, Change, FieldChange, Kind, PackDiff, RecordChange
from content.services.packs import FileError, PackLoadError, pack_document
from content.services.publishing import (
    publication_summary,
    publish,
    publish_candidate,
    unpublished_changes,
    unpublished_changes_of,
)

_IN_RECORD = re.compile(r"^\$\.records\[(\d+)\](.*)$")


def change_count_text(diff: PackDiff) -> str:
    """``1 unpublished change``, ``3 unpublished changes``; none reads ``Published: nothing
    to publish``."""
    if diff.count == 0:
        return "Published: nothing to publish"
    return f"{diff.count} unpublished change{'' if diff.count == 1 else 's'}"


def _value(value: Any) -> SafeString | str:
    if value is ABSENT:
        return "not set"
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(not isinstance(v, Mapping | list) for v in value):
        return ", ".join(str(v) for v in value) or "none"
    if isinstance(value, Mapping | list):
        return value_html(value)
    return str(value)


@dataclass(frozen=True)
class FieldRow:
    """One changed value as the diff page shows it."""

    label: str
    old: SafeString | str
    new: SafeString | str
    is_price: bool


@dataclass(frozen=True)
class RecordView:
    """A record of the diff in words: its name and kind, a link to it, what changed."""

    name: str
    type_label: str
    url: str
    rows: tuple[FieldRow, ...]
    prices: tuple[FieldRow, ...]


@dataclass(frozen=True)
class ChangeView:
    """One change of the diff page: its record and the parts that changed with it."""

    record: RecordView
    parts: tuple[RecordView, ...]


def _rows(fields: tuple[FieldChange, ...]) -> tuple[FieldRow, ...]:
    return tuple(
        FieldRow(field_label(f.path), _value(f.old), _value(f.new), f.is_price) for f in fields
    )


def _prices(record: Mapping[str, Any] | None) -> tuple[FieldRow, ...]:
    """The prices of a record added or removed, to call them out."""
    leaves = price_leaves((record or {}).get("data", {}))
    return tuple(FieldRow(field_label(p), "", _value(v), True) for p, v in leaves)


def _urls(changes: tuple[RecordChange, ...], pack: ContentPack) -> dict[tuple[str, str], str]:
    """Admin pages of the records still in the catalogue: one query per record type."""
    wanted: dict[str, list[str]] = {}
    for rec in changes:
        if rec.kind is not Kind.REMOVED and rec.type in RECORD_MODELS:
            wanted.setdefault(rec.type, []).append(rec.id)
    urls = {}
    for record_type, ids in wanted.items():
        model = RECORD_MODELS[record_type]
        name = f"admin:{model._meta.app_label}_{model._meta.model_name}_change"
        rows = model.objects.filter(pack=pack, stable_id__in=ids).values_list("stable_id", "pk")
        for stable_id, pk in rows:
            urls[(record_type, stable_id)] = reverse(name, args=[pk])
    return urls


def _record_view(rec: RecordChange, urls: Mapping[tuple[str, str], str]) -> RecordView:
    model = RECORD_MODELS.get(rec.type)
    type_label = str(model._meta.verbose_name) if model else rec.type.replace("_", " ")
    if rec.kind is Kind.CHANGED:
        prices: tuple[FieldRow, ...] = ()
    else:
        prices = _prices(rec.new if rec.kind is Kind.ADDED else rec.old)
    return RecordView(rec.name, type_label, urls.get(rec.key, ""), _rows(rec.fields), prices)


def diff_views(diff: PackDiff, pack: ContentPack) -> dict[str, list[ChangeView]]:
    """The diff's changes in words, by kind: added, changed, removed."""
    urls = _urls(diff.records, pack)
    out: dict[str, list[ChangeView]] = {
        str(k): [] for k in (Kind.ADDED, Kind.CHANGED, Kind.REMOVED)
    }

    def view(change: Change) -> ChangeView:
        parts = tuple(_record_view(p, urls) for p in change.parts)
        return ChangeView(_record_view(change.record, urls), parts)

    for change in diff.changes:
        out[str(change.kind)].append(view(change))
    return out


def refusal_text(error: FileError, records: list[dict[str, Any]]) -> str:
    """Why a publication was refused, naming the record and field rather than the pack's
    JSON path: ``figure Lou Bright (Fury), Combat dial: no combat_dial 'x' in ...``."""
    found = _IN_RECORD.match(error.error.path)
    if found is None or int(found[1]) >= len(records):
        return f"Not published: {error.error}"
    rec = records[int(found[1])]
    model = RECORD_MODELS.get(rec["type"])
    type_label = str(model._meta.verbose_name) if model else rec["type"]
    where = f"{type_label} {rec['name']}"
    if found[2]:
        where += f", {field_label('$' + found[2])}"
    return f"Not published: {where}: {error.error.message}"


def publish_url(pack: ContentPack) -> str:
    """The pack's page of unpublished changes and its Publish button."""
    return reverse("admin:content_contentpack_publish", args=[pack.pk])


class PackPublishingAdmin(admin.ModelAdmin[ContentPack]):
    """Adds to the pack admin: the count of unpublished changes in its list and a page that
    shows them and publishes them (POST, for staff who may change packs)."""

    def get_list_display(self, request: HttpRequest) -> Any:
        return (*super().get_list_display(request), "unpublished")

    def get_changelist_instance(self, request: HttpRequest) -> ChangeList:
        """The list's page of packs, each carrying its unpublished changes, worked out for
        the whole page at once so the list costs the same queries for 5 packs or 50."""
        changelist = super().get_changelist_instance(request)
        packs = list(changelist.result_list)
        diffs = unpublished_changes_of(packs)
        for pack in packs:
            pack.unpublished_diff = diffs[pack.pk]
        return changelist

    @admin.display(description="publishing")
    def unpublished(self, obj: ContentPack) -> SafeString:
        diff = getattr(obj, "unpublished_diff", None)
        if diff is None:
            diff = unpublished_changes(obj)
        # The list's column is narrow: nothing waiting reads short there.
        shown = change_count_text(diff) if diff.count else "Up to date"
        return format_html('<a href="{}">{}</a>', publish_url(obj), shown)

    def get_urls(self) -> list[URLPattern]:
        own = [
            path(
                "<int:pk>/publish/",
                self.admin_site.admin_view(self.publish_view),
                name="content_contentpack_publish",
            )
        ]
        return [*own, *super().get_urls()]

    def publish_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """GET: what publishing would write; POST: publish it."""
        pack = ContentPack.objects.select_related("system").filter(pk=pk).first()
        if pack is None:
            raise Http404("No such pack.")
        if not self.has_view_or_change_permission(request, pack):
            raise PermissionDenied
        may_publish = self.has_change_permission(request, pack)
        if request.method == "POST":
            if not may_publish:
                raise PermissionDenied
            previous = pack.version
            try:
                version = publish(pack, actor=request.user.get_username())
            except PackLoadError as exc:
                records = pack_document(pack)["records"]
                for error in exc.errors:
                    messages.error(request, refusal_text(error, records))
            else:
                by = request.user.get_username()
                messages.success(request, publication_summary(version, previous, by=by))
            return HttpResponseRedirect(publish_url(pack))
        diff = unpublished_changes(pack)
        candidate = publish_candidate(pack)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": pack,
            "title": f"Publish {pack.pack_id}",
            "diff": diff,
            "count_text": change_count_text(diff),
            "views": diff_views(diff, pack),
            "may_publish": may_publish,
            "known_good": candidate.findings,
            "known_good_refused": candidate.refused,
            "candidate_checksum": candidate.checksum,
            "change_url": reverse("admin:content_contentpack_change", args=[pack.pk]),
        }
        return TemplateResponse(request, "admin/content/contentpack/publish.html", context)
