"""Unsaved work in the builder, kept for signed-in players so that a reload, a closed tab
or a log-in never loses a list.

The builder posts the whole document on every change, so keeping it costs one upsert per
change and nothing else. A draft is bounded like a saved list's document, each player
keeps at most ``max_drafts()`` (the oldest go first) and none outlives ``DRAFT_DAYS``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Subquery
from django.utils import timezone

from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.checking import max_entries, storable_problems
from builder.lists.models import ListDraft, SavedList
from content.services.json_safety import MAX_DOCUMENT_BYTES

DRAFT_DAYS = 30
MAX_DRAFTS = 20


def max_drafts() -> int:
    return int(getattr(settings, "MUSTER_MAX_DRAFTS", MAX_DRAFTS))


def _key(saved_list: SavedList | None) -> str:
    return str(saved_list.uuid) if saved_list is not None else ""


def list_draft_problem(document: Mapping[str, Any]) -> str:
    """Why a document is too big to keep, in words ("" when it can be kept): the limits
    of a saved list's document, so a draft can always be saved."""
    entries = document.get("entries")
    limit = max_entries()
    if isinstance(entries, list) and len(entries) > limit:
        return (
            f"Unsaved changes are not kept: a list may hold at most {limit} entries "
            f"and this one has {len(entries)}."
        )
    size = len(json.dumps(document, ensure_ascii=False).encode("utf-8"))
    if size > MAX_DOCUMENT_BYTES:
        return (
            f"Unsaved changes are not kept: a list may take at most "
            f"{MAX_DOCUMENT_BYTES // 1000:,} kB and this one takes {size // 1000:,} kB."
        )
    problems = storable_problems(document)
    if problems:
        return f"Unsaved changes are not kept: a value in the list {problems[0]['message']}."
    return ""


def list_draft_keep(
    *,
    owner: User,
    document: Mapping[str, Any],
    saved_list: SavedList | None = None,
    now: datetime | None = None,
) -> ListDraft:
    """Keep ``document`` as the owner's draft of ``saved_list`` (or of a new list of its
    system and kind), replacing the one before. One statement, atomic on its own: it runs
    on every change the builder checks.

    Raises:
        ApplicationError: the document is bigger than a saved list may be, in words.
    """
    problem = list_draft_problem(document)
    if problem:
        raise ApplicationError(code=ErrorCode.BAD_DOCUMENT, message=problem)
    draft = ListDraft(
        owner=owner,
        system=str(document["system"]),
        kind=str(document["kind"]),
        saved_list=saved_list,
        list_key=_key(saved_list),
        document=dict(document),
        updated_at=now or timezone.now(),
    )
    ListDraft.objects.bulk_create(
        [draft],
        update_conflicts=True,
        unique_fields=["owner", "system", "kind", "list_key"],
        update_fields=["document", "updated_at"],
    )
    return draft


def list_draft_get(
    *,
    owner: User | AnonymousUser,
    system: str,
    kind: str,
    saved_list: SavedList | None = None,
) -> ListDraft | None:
    """The owner's draft of ``saved_list`` (or of a new ``system`` ``kind`` list). A saved
    list's draft counts only while it is newer than the list: saving supersedes it."""
    if not owner.is_authenticated:
        return None
    draft = ListDraft.objects.filter(
        owner=owner, system=system, kind=kind, list_key=_key(saved_list)
    ).first()
    if draft is not None and saved_list is not None and draft.updated_at <= saved_list.updated_at:
        return None
    return draft


def list_draft_discard(
    *,
    owner: User,
    system: str,
    kind: str,
    saved_list: SavedList | None = None,
) -> int:
    """Forget the owner's draft of ``saved_list`` (or of a new list); how many went."""
    deleted, _ = ListDraft.objects.filter(
        owner=owner, system=system, kind=kind, list_key=_key(saved_list)
    ).delete()
    return deleted


def list_drafts_trim(*, owner: User) -> int:
    """Drop the owner's oldest drafts beyond ``max_drafts()``, in one statement."""
    newest = ListDraft.objects.filter(owner=owner).order_by("-updated_at", "-id")
    deleted, _ = (
        ListDraft.objects.filter(owner=owner)
        .exclude(pk__in=Subquery(newest.values("pk")[: max_drafts()]))
        .delete()
    )
    return deleted


def list_draft_purge_expired(*, now: datetime | None = None) -> int:
    """Delete every draft left untouched for more than ``DRAFT_DAYS`` days."""
    cutoff = (now or timezone.now()) - timedelta(days=DRAFT_DAYS)
    deleted, _ = ListDraft.objects.filter(updated_at__lt=cutoff).delete()
    return deleted
