"""Writes to saved lists. Every change of the document or of the pinned versions re-checks
the list, so the stored verdict always describes the stored document."""

from __future__ import annotations

import copy
import uuid as uuid_module
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.checking import validate_document, verdict_for
from builder.lists.models import SavedList, new_share_token
from builder.lists.pinning import current_versions, pinned_document, pins_for_document
from content.models import ContentPackVersion, GameSystem

TRASH_DAYS = 30


def _apply_verdict(
    saved_list: SavedList, document: dict[str, Any], pins: list[ContentPackVersion]
) -> None:
    verdict = verdict_for(document, pins)
    saved_list.document = document
    saved_list.name = document["name"]
    saved_list.legal = verdict.legal
    saved_list.points = verdict.points
    saved_list.points_limit = verdict.limit
    saved_list.violations = [v.to_dict() for v in verdict.violations]
    saved_list.breakdown = dict(verdict.to_dict()["breakdown"])
    saved_list.checked_at = timezone.now()


VERDICT_FIELDS = [
    "document",
    "name",
    "legal",
    "points",
    "points_limit",
    "violations",
    "breakdown",
    "checked_at",
    "updated_at",
]


@transaction.atomic
def saved_list_create(
    *,
    owner: User,
    document: Mapping[str, Any],
    visibility: str = SavedList.Visibility.PRIVATE,
    notes: str = "",
    list_uuid: uuid_module.UUID | None = None,
) -> SavedList:
    """Save a new list, pinned to the pack versions its document names (or the current ones)."""
    validate_document(document)
    system = GameSystem.objects.filter(slug=document["system"]).first()
    if system is None:
        raise ApplicationError(
            code=ErrorCode.NO_CONTENT,
            message=f"No content pack is loaded for {document['system']}.",
            details=[{"path": "$.system", "field": "system", "message": "no pack loaded"}],
        )
    pins = pins_for_document(document)
    doc = pinned_document(document, pins)
    saved_list = SavedList(
        owner=owner,
        system=system,
        kind=doc["kind"],
        visibility=visibility,
        notes=notes,
        uuid=list_uuid or uuid_module.uuid4(),
    )
    _apply_verdict(saved_list, doc, pins)
    saved_list.full_clean()
    saved_list.save()
    saved_list.pack_versions.set(pins)
    return saved_list


FOLLOWED = {("black-skies", "fighter"): "squadron"}
"""Kinds of saved list other lists link into their entries (``design_ref``: a squadron
fighter flying a saved fighter design), and the kind of list that links them."""


def _followers_refresh(saved_list: SavedList) -> list[SavedList]:
    """Every list of the owner's whose entries are linked to ``saved_list`` flies it as it
    is saved now, checked again: the share page, prints and the API read the stored copy,
    so it changes with the design, in the same transaction (docs/web.md)."""
    kind = FOLLOWED.get((saved_list.system.slug, saved_list.kind))
    entries = saved_list.document.get("entries")
    if kind is None or not isinstance(entries, list) or not entries:
        return []
    design, ref = entries[0], str(saved_list.uuid)
    followers = SavedList.objects.filter(
        owner_id=saved_list.owner_id, system=saved_list.system, kind=kind, deleted_at__isnull=True
    ).prefetch_related("pack_versions__pack")
    changed = []
    for follower in followers:
        document = copy.deepcopy(follower.document)
        linked = [
            e
            for e in document.get("entries") or ()
            if isinstance(e, dict) and e.get("design_ref") == ref and e.get("design") != design
        ]
        if not linked:
            continue
        for entry in linked:
            entry["design"] = copy.deepcopy(design)
        pins = list(follower.pack_versions.all())
        _apply_verdict(follower, pinned_document(document, pins), pins)
        follower.save(update_fields=VERDICT_FIELDS)
        changed.append(follower)
    return changed


def _link_changes(before: str, after: str) -> bool:
    """Whether a change of visibility needs a new link token: whenever a list becomes or
    stops being unlisted, so that no link given out before opens it afterwards."""
    unlisted = SavedList.Visibility.UNLISTED
    return before != after and unlisted in (before, after)


@transaction.atomic
def saved_list_update(
    *,
    saved_list: SavedList,
    document: Mapping[str, Any] | None = None,
    visibility: str | None = None,
    notes: str | None = None,
) -> SavedList:
    """Change a list. A new document keeps the list's pinned versions and system and kind;
    a list that becomes or stops being unlisted gets a new link token."""
    fields = ["updated_at"]
    if document is not None:
        validate_document(document)
        current = {"system": saved_list.system.slug, "kind": saved_list.kind}
        for key, value in current.items():
            if document[key] != value:
                raise ApplicationError(
                    code=ErrorCode.IMMUTABLE_FIELD,
                    message=f"A saved list's {key} cannot change; save a new list instead.",
                    details=[{"path": f"$.{key}", "field": key, "message": f"must stay {value}"}],
                )
        pins = list(saved_list.pack_versions.select_related("pack"))
        _apply_verdict(saved_list, pinned_document(document, pins), pins)
        fields += VERDICT_FIELDS
    if visibility is not None:
        if _link_changes(saved_list.visibility, visibility):
            saved_list.share_token = new_share_token()
            fields.append("share_token")
        saved_list.visibility = visibility
        fields.append("visibility")
    if notes is not None:
        saved_list.notes = notes
        fields.append("notes")
    saved_list.full_clean()
    saved_list.save(update_fields=sorted(set(fields)))
    if document is not None:
        _followers_refresh(saved_list)
    return saved_list


@transaction.atomic
def saved_list_rename(*, saved_list: SavedList, name: str) -> SavedList:
    """Rename a list (the document carries the name too, so it is re-checked)."""
    document = dict(saved_list.document)
    document["name"] = name
    return saved_list_update(saved_list=saved_list, document=document)


@transaction.atomic
def saved_list_duplicate(
    *, saved_list: SavedList, owner: User, name: str | None = None
) -> SavedList:
    """A private copy with the same document and the same pinned versions."""
    pins = list(saved_list.pack_versions.select_related("pack"))
    document = copy.deepcopy(saved_list.document)
    document["name"] = name or f"Copy of {saved_list.name}"[:200]
    validate_document(document)
    copy_ = SavedList(
        owner=owner,
        system=saved_list.system,
        kind=saved_list.kind,
        notes=saved_list.notes,
        visibility=SavedList.Visibility.PRIVATE,
    )
    _apply_verdict(copy_, document, pins)
    copy_.full_clean()
    copy_.save()
    copy_.pack_versions.set(pins)
    return copy_


@transaction.atomic
def saved_list_trash(*, saved_list: SavedList) -> SavedList:
    """Move to the trash: hidden everywhere, restorable for ``TRASH_DAYS`` days."""
    if saved_list.deleted_at is None:
        saved_list.deleted_at = timezone.now()
        saved_list.save(update_fields=["deleted_at", "updated_at"])
    return saved_list


@transaction.atomic
def saved_list_restore(*, saved_list: SavedList, now: datetime | None = None) -> SavedList:
    if saved_list.deleted_at is None:
        raise ApplicationError(
            code=ErrorCode.NOT_IN_TRASH, message="This list is not in the trash."
        )
    if saved_list.deleted_at < (now or timezone.now()) - timedelta(days=TRASH_DAYS):
        raise ApplicationError(
            code=ErrorCode.TRASH_EXPIRED,
            message=f"Lists stay in the trash for {TRASH_DAYS} days; this one can no longer "
            "be restored.",
        )
    saved_list.deleted_at = None
    saved_list.save(update_fields=["deleted_at", "updated_at"])
    return saved_list


@transaction.atomic
def saved_list_purge_expired(*, now: datetime | None = None) -> int:
    """Delete for good every list that has been in the trash longer than ``TRASH_DAYS``."""
    cutoff = (now or timezone.now()) - timedelta(days=TRASH_DAYS)
    _total, per_model = SavedList.objects.filter(deleted_at__lt=cutoff).delete()
    return per_model.get(SavedList._meta.label, 0)


@transaction.atomic
def saved_list_set_share_token(*, saved_list: SavedList) -> SavedList:
    """A new link token: the old unlisted link stops working."""
    saved_list.share_token = new_share_token()
    saved_list.save(update_fields=["share_token", "updated_at"])
    return saved_list


@transaction.atomic
def saved_list_upgrade(*, saved_list: SavedList) -> SavedList:
    """Pin the list to the currently published pack versions and re-check it."""
    pins = sorted(current_versions(saved_list.system.slug), key=lambda v: v.pack.pack_id)
    _apply_verdict(saved_list, pinned_document(saved_list.document, pins), pins)
    saved_list.full_clean()
    saved_list.save(update_fields=VERDICT_FIELDS)
    saved_list.pack_versions.set(pins)
    return saved_list
