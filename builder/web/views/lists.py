"""A player's saved lists: open in the builder, duplicate, rename, trash and restore, share,
and upgrade to newer packs after seeing what would change."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from builder.core.errors import ApplicationError
from builder.lists.models import SavedList
from builder.lists.selectors import (
    saved_list_get_for_owner,
    saved_list_get_shared,
    saved_list_upgrade_preview,
    saved_lists_for_owner,
)
from builder.lists.services import (
    saved_list_duplicate,
    saved_list_rename,
    saved_list_restore,
    saved_list_set_share_token,
    saved_list_trash,
    saved_list_update,
    saved_list_upgrade,
)
from builder.web.redirects import safe_next
from builder.web.requests import SignedInHttpRequest
from builder.web.shared_roster import shared_roster
from builder.web.systems import SYSTEM_INFO, game_for, kind_label, kind_of
from builder.web.views.build import builder_response


@login_required
def my_lists(request: HttpRequest) -> HttpResponse:
    lists = [
        (saved, _kind_said(saved))
        for saved in saved_lists_for_owner(user=request.user).order_by("-updated_at")
    ]
    trash = list(saved_lists_for_owner(user=request.user, trashed=True).order_by("-deleted_at"))
    return render(
        request,
        "web/lists/index.html",
        {"lists": lists, "trash": trash, "systems": SYSTEM_INFO, "nav": "lists"},
    )


def _kind_said(saved: SavedList) -> str:
    """What a player calls the list's kind ("Warband", "Plane design")."""
    try:
        return kind_label(saved.system.slug, saved.kind)
    except Http404:
        return saved.kind


@login_required
def saved_list(request: SignedInHttpRequest, list_uuid: UUID) -> HttpResponse:
    saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
    return builder_response(request, saved.system.slug, saved.kind, saved_list=saved)


def _owned(request: HttpRequest, list_uuid: UUID, trashed: bool | None = False) -> SavedList:
    return saved_list_get_for_owner(user=request.user, list_uuid=list_uuid, trashed=trashed)


@login_required
@require_POST
def list_duplicate(request: SignedInHttpRequest, list_uuid: UUID) -> HttpResponse:
    copy_ = saved_list_duplicate(saved_list=_owned(request, list_uuid), owner=request.user)
    messages.success(request, f"Made “{copy_.name}”.")
    return redirect("web:my-lists")


@login_required
@require_POST
def list_rename(request: HttpRequest, list_uuid: UUID) -> HttpResponse:
    saved = _owned(request, list_uuid)
    name = request.POST.get("name", "").strip()
    if not name:
        messages.error(request, "A list needs a name.")
    else:
        try:
            saved_list_rename(saved_list=saved, name=name[:200])
            messages.success(request, f"Renamed to “{name[:200]}”.")
        except ApplicationError as exc:
            messages.error(request, exc.message)
    return redirect(safe_next(request, "web:my-lists"))


@login_required
@require_POST
def list_trash(request: HttpRequest, list_uuid: UUID) -> HttpResponse:
    saved = saved_list_trash(saved_list=_owned(request, list_uuid))
    messages.success(request, f"“{saved.name}” is in the trash for 30 days.")
    return redirect("web:my-lists")


@login_required
@require_POST
def list_restore(request: HttpRequest, list_uuid: UUID) -> HttpResponse:
    saved = _owned(request, list_uuid, trashed=True)
    try:
        saved_list_restore(saved_list=saved)
        messages.success(request, f"Restored “{saved.name}”.")
    except ApplicationError as exc:
        messages.error(request, exc.message)
    return redirect("web:my-lists")


def _visibility_said(saved: SavedList, *, new_link: bool) -> str:
    said = {
        SavedList.Visibility.PRIVATE: f"Only you can see “{saved.name}” now.",
        SavedList.Visibility.UNLISTED: f"Anyone with the link below can open “{saved.name}”.",
        SavedList.Visibility.PUBLIC: f"“{saved.name}” is public.",
    }[SavedList.Visibility(saved.visibility)]
    if new_link and saved.visibility != SavedList.Visibility.PRIVATE:
        return f"{said} The link is new: one given out before no longer opens the list."
    if new_link:
        return f"{said} Its old link no longer opens it."
    return said


@login_required
@require_POST
def list_share(request: HttpRequest, list_uuid: UUID) -> HttpResponse:
    saved = _owned(request, list_uuid)
    visibility = request.POST.get("visibility", "")
    if visibility in SavedList.Visibility.values and visibility != saved.visibility:
        old_token = saved.share_token
        saved_list_update(saved_list=saved, visibility=visibility)
        messages.success(request, _visibility_said(saved, new_link=saved.share_token != old_token))
    if request.POST.get("new_link"):
        saved_list_set_share_token(saved_list=saved)
        messages.success(request, "A new link: the old one no longer opens the list.")
    return redirect("web:saved-list", list_uuid=saved.uuid)


@login_required
def list_upgrade(request: HttpRequest, list_uuid: UUID) -> HttpResponse:
    saved = _owned(request, list_uuid)
    if request.method == "POST":
        saved_list_upgrade(saved_list=saved)
        messages.success(request, f"“{saved.name}” now uses the newest packs.")
        return redirect("web:saved-list", list_uuid=saved.uuid)
    preview = saved_list_upgrade_preview(saved_list=saved)
    return render(
        request, "web/lists/upgrade.html", {"saved": saved, "preview": preview, "nav": "lists"}
    )


def shared_list(request: HttpRequest, token: str) -> HttpResponse:
    """A shared list as its printed roster reads, for anyone with the link; its owner also
    gets the way to the PDF sheet."""
    saved = saved_list_get_shared(token=token)
    found = kind_of(saved.system.slug, saved.kind)
    try:
        roster = shared_roster(saved, unit=found.unit)
    except ApplicationError as exc:
        roster, unreadable = None, exc.message
    else:
        unreadable = ""
    return render(
        request,
        "web/lists/shared.html",
        {
            "saved": saved,
            "roster": roster,
            "unreadable": unreadable,
            "game_title": game_for(saved.system.slug).title,
            "kind_label": kind_label(saved.system.slug, saved.kind),
            "entries_label": found.entries_label,
            "unit": found.unit,
            "is_owner": saved.owner_id == request.user.pk,
        },
    )
