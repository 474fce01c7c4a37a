"""The builder's unsaved work as its page sees it: what to offer back, what to keep after
a change, and what the page's script needs to know (``static/web/drafts.js``).

A signed-in player's draft lives on the server (``builder.lists.drafts``); anyone else's in
the browser, written by the script from the document each answer carries. Either way the
page learns after each change whether the list differs from the last saved one (the
script warns before leaving only then) and whether the changes could be kept.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect

from builder.core.errors import ApplicationError
from builder.lists.drafts import (
    list_draft_discard,
    list_draft_get,
    list_draft_keep,
    list_draft_problem,
    list_drafts_trim,
)
from builder.lists.models import ListDraft, SavedList
from builder.web.listfile import list_file_read
from builder.web.requests import HtmxHttpRequest

RESTORE = "draft-restore"
"""The builder's ``action`` that loads a draft posted by the page's script."""

EVENT = "muster-draft"
"""The event the script listens for, sent in the answer's ``HX-Trigger`` headers."""


@dataclass(frozen=True)
class DraftState:
    key: str
    signed_in: bool
    changed: bool = False
    offer: ListDraft | None = None
    problem: str = ""
    restored: bool = False

    def event(self) -> str:
        """The ``HX-Trigger`` header value that tells the script what became of the change."""
        detail = {"changed": self.changed, "problem": self.problem, "restored": self.restored}
        return json.dumps({EVENT: detail})


def draft_key(system: str, kind: str, saved_list: SavedList | None) -> str:
    """What the browser files a draft under: the game, the kind and the list (or "new")."""
    return f"{system}:{kind}:{saved_list.uuid if saved_list is not None else 'new'}"


def is_discard(request: HtmxHttpRequest) -> bool:
    return request.method == "POST" and request.POST.get("draft") == "discard"


def draft_discarded(
    request: HtmxHttpRequest, system: str, kind: str, saved_list: SavedList | None
) -> HttpResponse:
    """Forget the server's draft and show the list as last saved."""
    if request.user.is_authenticated:
        list_draft_discard(owner=request.user, system=system, kind=kind, saved_list=saved_list)
    return redirect(request.path)


def draft_posted(
    request: HtmxHttpRequest, system: str, kind: str, fallback: dict[str, Any]
) -> tuple[dict[str, Any], str]:
    """The browser's draft the script posts back, read like a list file: a draft of the
    wrong shape (a browser's storage can hold anything) keeps ``fallback`` and says so."""
    text = request.POST.get("draft", "")
    doc, _problems = list_file_read(
        stream=io.BytesIO(text.encode("utf-8")), system=system, kind=kind
    )
    if doc is None:
        return fallback, "The unsaved draft kept in this browser cannot be read; it is discarded."
    doc.setdefault("house_rules", {"prices": {}, "notes": ""})
    return doc, ""


def draft_stored(
    request: HtmxHttpRequest, system: str, kind: str, saved_list: SavedList | None
) -> dict[str, Any] | None:
    """The server's draft, when the page is asked to restore it (``?draft=restore``)."""
    if request.GET.get("draft") != "restore" or not request.user.is_authenticated:
        return None
    draft = list_draft_get(owner=request.user, system=system, kind=kind, saved_list=saved_list)
    return dict(draft.document) if draft is not None else None


def draft_state(
    request: HtmxHttpRequest,
    doc: Mapping[str, Any],
    last_saved: Mapping[str, Any],
    *,
    saved_list: SavedList | None,
    problem: str = "",
) -> DraftState:
    """After the builder read ``doc``: keep it (a post) or find a draft to offer (a visit).

    A change back to the last saved list forgets the draft, so only real changes are
    offered back. A post (the page sends one on each change) costs one statement; the
    oldest drafts are trimmed when the builder opens, which every new draft follows."""
    system, kind = str(doc["system"]), str(doc["kind"])
    user = request.user
    key = draft_key(system, kind, saved_list)
    changed = dict(doc) != dict(last_saved)
    restored = request.method == "POST" and request.POST.get("action") == RESTORE and not problem
    if problem:
        return DraftState(key, user.is_authenticated, changed, problem=problem)
    if not user.is_authenticated:
        return DraftState(
            key,
            False,
            changed,
            problem=list_draft_problem(doc) if changed else "",
            restored=restored,
        )
    if request.method != "POST":
        offer = list_draft_get(owner=user, system=system, kind=kind, saved_list=saved_list)
        if offer is not None and offer.document == dict(last_saved):
            offer = None
        list_drafts_trim(owner=user)
        return DraftState(key, True, changed, offer=None if changed else offer)
    if changed:
        try:
            list_draft_keep(owner=user, document=doc, saved_list=saved_list)
        except ApplicationError as exc:
            problem = exc.message
    else:
        list_draft_discard(owner=user, system=system, kind=kind, saved_list=saved_list)
    return DraftState(key, True, changed, problem=problem, restored=restored)


def draft_saved(
    request: HtmxHttpRequest,
    response: HttpResponse,
    system: str,
    kind: str,
    saved_list: SavedList | None,
) -> HttpResponse:
    """The list was saved: the draft it was (of ``saved_list``, or of a new list) is spent,
    and the page leaves without asking."""
    if request.user.is_authenticated:
        list_draft_discard(owner=request.user, system=system, kind=kind, saved_list=saved_list)
    response["HX-Trigger"] = DraftState(draft_key(system, kind, saved_list), True).event()
    return response
