"""``owned=true`` on catalogue lists: only the records the signed-in user's collection holds.

Collections name records by (system, stable id), so the filter is one ``EXISTS`` subquery
on the collection: the page stays a single query however much the user owns.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, QuerySet
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request

from builder.collections.models import CollectionItem


def require_user(request: Request) -> Any:
    if not request.user or not request.user.is_authenticated:
        raise NotAuthenticated("owned=true needs a token: it shows your own collection.")
    return request.user


def only_owned(rows: QuerySet[Any], *, user: Any, record_type: str) -> QuerySet[Any]:
    """``rows`` narrowed to what ``user`` owns at least one of."""
    owned = CollectionItem.objects.filter(
        owner=user,
        record_type=record_type,
        system_id=OuterRef("system_id"),
        stable_id=OuterRef("stable_id"),
    )
    return rows.filter(Exists(owned))
