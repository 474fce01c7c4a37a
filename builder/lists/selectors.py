"""Reads of saved lists: always scoped to an owner, or to what the owner chose to share."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet
from django.http import Http404

from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.checking import verdict_for
from builder.lists.models import SavedList
from builder.lists.pinning import current_versions, pinned_document, versions_map
from builder.lists.upgrade import pack_changes, verdict_changes
from content.models import GameSystem


def _with_relations(qs: QuerySet[SavedList]) -> QuerySet[SavedList]:
    return qs.select_related("system", "owner").prefetch_related("pack_versions__pack")


def saved_lists_for_owner(
    *, user: User | AnonymousUser, trashed: bool = False
) -> QuerySet[SavedList]:
    """The user's lists, or the user's trash; nobody else's."""
    if not user.is_authenticated:
        return SavedList.objects.none()
    return _with_relations(SavedList.objects.filter(owner=user, deleted_at__isnull=not trashed))


def saved_list_get_for_owner(
    *, user: User | AnonymousUser, list_uuid: UUID | str, trashed: bool | None = False
) -> SavedList:
    """One of the user's lists; someone else's, or a trashed one, is not found (404)."""
    if not user.is_authenticated:
        raise Http404("No such list.")
    qs = _with_relations(SavedList.objects.filter(owner=user))
    if trashed is not None:
        qs = qs.filter(deleted_at__isnull=not trashed)
    try:
        return qs.get(uuid=list_uuid)
    except (SavedList.DoesNotExist, ValueError) as exc:
        raise Http404("No such list.") from exc


def saved_list_get_by_uuid(*, list_uuid: UUID | str) -> SavedList | None:
    """Any player's list by its uuid, for the operator's commands: uuids are unique across
    players, so the answer names one list, with its owner. A trashed list is not found."""
    try:
        wanted = list_uuid if isinstance(list_uuid, UUID) else UUID(str(list_uuid))
    except ValueError:
        return None
    return _with_relations(SavedList.objects.filter(uuid=wanted, deleted_at__isnull=True)).first()


def public_saved_lists() -> QuerySet[SavedList]:
    return _with_relations(
        SavedList.objects.filter(visibility=SavedList.Visibility.PUBLIC, deleted_at__isnull=True)
    )


def saved_list_get_shared(*, token: str) -> SavedList:
    """A list by its link token, when its owner shares it (unlisted or public)."""
    try:
        return _with_relations(
            SavedList.objects.filter(
                visibility__in=[SavedList.Visibility.UNLISTED, SavedList.Visibility.PUBLIC],
                deleted_at__isnull=True,
            )
        ).get(share_token=token)
    except SavedList.DoesNotExist as exc:
        raise Http404("No such shared list.") from exc


def saved_list_upgrade_preview(*, saved_list: SavedList) -> dict[str, Any]:
    """Everything upgrading would change, computed from the stored pack documents; nothing
    is written."""
    pins_before = list(saved_list.pack_versions.all())
    pins_after = current_versions(saved_list.system.slug)
    before = verdict_for(saved_list.document, pins_before).to_dict()
    after_doc = pinned_document(saved_list.document, pins_after)
    after = verdict_for(after_doc, pins_after).to_dict()
    old_versions, new_versions = versions_map(pins_before), versions_map(pins_after)
    titles = {v.pack.pack_id: v.pack.name for v in (*pins_before, *pins_after)}
    prices, removed = pack_changes(
        {v.pack.pack_id: v.document for v in pins_before},
        {v.pack.pack_id: v.document for v in pins_after},
        saved_list.document,
    )
    return {
        "up_to_date": old_versions == new_versions,
        "packs": [
            {
                "pack": p,
                "name": titles.get(p, p),
                "from": old_versions.get(p),
                "to": new_versions.get(p),
            }
            for p in sorted(set(old_versions) | set(new_versions))
            if old_versions.get(p) != new_versions.get(p)
        ],
        "before": {k: before[k] for k in ("legal", "points", "limit", "violations")},
        "after": {k: after[k] for k in ("legal", "points", "limit", "violations")},
        **verdict_changes(before, after),
        "price_changes": prices,
        "removed_records": removed,
    }


def saved_designs_for_owner(
    *,
    user: User | AnonymousUser,
    system: str,
    kind: str,
    uuids: Collection[str] | None = None,
) -> list[tuple[str, str, dict[str, Any]]]:
    """The user's saved single-design lists of one kind (a Black Skies ``fighter``) as
    (uuid, name, the design), newest first, in one query; ``uuids`` keeps only those."""
    if not user.is_authenticated:
        return []
    rows = SavedList.objects.filter(
        owner=user, system__slug=system, kind=kind, deleted_at__isnull=True
    )
    if uuids is not None:
        valid = [u for u in uuids if _is_uuid(u)]
        rows = rows.filter(uuid__in=valid)
    found = []
    for uuid, name, document in rows.order_by("-updated_at").values_list(
        "uuid", "name", "document"
    ):
        entries = document.get("entries") if isinstance(document, dict) else None
        if isinstance(entries, list) and entries and isinstance(entries[0], dict):
            found.append((str(uuid), name, entries[0]))
    return found


def _is_uuid(value: str) -> bool:
    try:
        UUID(value)
    except ValueError:
        return False
    return True


def game_system_loaded(slug: str) -> GameSystem:
    """The game system ``slug`` names, refused at ``$.system`` when no pack of it is loaded:
    one wording wherever a player or an app names a game."""
    system = GameSystem.objects.filter(slug=slug).first()
    if system is None:
        raise ApplicationError(
            code=ErrorCode.UNKNOWN_SYSTEM,
            message=f"No game system {slug!r} is loaded.",
            details=[{"path": "$.system", "field": "system", "message": f"unknown {slug!r}"}],
        )
    return system
