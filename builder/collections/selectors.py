"""Reads of a player's collection, and whether it can field a list."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet, Sum
from django.http import Http404

from builder.collections.models import CollectionItem
from builder.collections.requirements import collectable, list_needs
from builder.engine import Catalogue
from builder.lists.pinning import systems_for
from content.models import CatalogueRecord


def collection_items_for_owner(*, user: User | AnonymousUser) -> QuerySet[CollectionItem]:
    if not user.is_authenticated:
        return CollectionItem.objects.none()
    return CollectionItem.objects.filter(owner=user).select_related("system")


def collection_item_get_for_owner(
    *, user: User | AnonymousUser, item_id: int | str
) -> CollectionItem:
    """One of the user's items; anyone else's is not found (404)."""
    try:
        return collection_items_for_owner(user=user).get(pk=int(item_id))
    except (CollectionItem.DoesNotExist, ValueError, TypeError) as exc:
        raise Http404("No such collection item.") from exc


def owned_record_ids(*, user: User | AnonymousUser, model: type[CatalogueRecord]) -> set[str]:
    """Stable ids of the records of ``model`` the user owns at least one of.

    Stable ids are unique within a system; use ``owned_records_q`` to filter a queryset
    that spans systems exactly.
    """
    if not user.is_authenticated:
        return set()
    return set(
        CollectionItem.objects.filter(owner=user, record_type=model.RECORD_TYPE)
        .values_list("stable_id", flat=True)
        .distinct()
    )


def owned_records_q(*, user: User | AnonymousUser, model: type[CatalogueRecord]) -> Q:
    """A filter for ``model``'s queryset: only what the user owns (one query to build)."""
    if not user.is_authenticated:
        return Q(pk__in=[])
    pairs = (
        CollectionItem.objects.filter(owner=user, record_type=model.RECORD_TYPE)
        .values_list("system_id", "stable_id")
        .distinct()
    )
    q = Q(pk__in=[])
    for system_id, stable_id in pairs:
        q |= Q(system_id=system_id, stable_id=stable_id)
    return q


def owned_counts(*, user: User | AnonymousUser) -> Counter[tuple[str, str, str]]:
    """(system, record type, stable id) -> how many the user owns, all conditions together."""
    if not user.is_authenticated:
        return Counter()
    rows = (
        CollectionItem.objects.filter(owner=user)
        .values_list("system__slug", "record_type", "stable_id")
        .annotate(total=Sum("quantity"))
    )
    return Counter({(s, t, i): n for s, t, i, n in rows})


def keeps_collection_for(owned: Mapping[tuple[str, str, str], int], system: str) -> bool:
    """Whether ``owned`` holds any record a list of ``system`` may field: until a player
    keeps a collection of that game, the builder says nothing of it."""
    systems = set(systems_for(system))
    return any(n > 0 and s in systems for (s, _, _), n in owned.items())


def collection_fielding(
    *,
    user: User | AnonymousUser,
    document: Mapping[str, Any],
    catalogue: Catalogue | None = None,
    owned: Mapping[tuple[str, str, str], int] | None = None,
) -> dict[str, Any]:
    """Can the user's collection field this list, and what is missing?

    Each need says how many the list takes, how many the user owns, and for a shortfall a
    line such as "needs 2 × Ruffian, owns 1". ``owned`` is ``owned_counts`` when the
    caller has read it already.
    """
    owned = owned_counts(user=user) if owned is None else owned
    needs = []
    for need in list_needs(document):
        record = catalogue.get(need.system, need.record_type, need.stable_id) if catalogue else None
        name = record.name if record else need.stable_id
        have = owned[(need.system, need.record_type, need.stable_id)]
        missing = max(need.quantity - have, 0)
        needs.append(
            {
                "system": need.system,
                "record_type": need.record_type,
                "id": need.stable_id,
                "name": name,
                "needed": need.quantity,
                "owned": have,
                "missing": missing,
                "paths": need.paths,
                "message": f"needs {need.quantity} × {name}, owns {have}" if missing else "",
            }
        )
    return {
        "collectable": collectable(document["system"]),
        "can_field": all(n["missing"] == 0 for n in needs),
        "missing": [n for n in needs if n["missing"]],
        "needs": needs,
    }
