"""Every listing answers in the same number of queries for 1 row as for 50."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from builder.accounts.services import api_token_create
from builder.collections.models import CollectionItem
from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_duplicate, saved_list_trash
from content.models import GameSystem

pytestmark = pytest.mark.django_db


def make_lists(
    user: Any, document: dict[str, Any], n: int, *, trash: bool = False, visibility: str = "private"
) -> None:
    first = saved_list_create(owner=user, document=document, visibility=visibility)
    rows = [first] + [saved_list_duplicate(saved_list=first, owner=user) for _ in range(n - 1)]
    SavedList.objects.filter(pk__in=[r.pk for r in rows]).update(visibility=visibility)
    if trash:
        for row in rows:
            saved_list_trash(saved_list=row)


def make_items(user: Any, n: int) -> None:
    system = GameSystem.objects.get(slug="cs-aces")
    start = CollectionItem.objects.count()
    CollectionItem.objects.bulk_create(
        CollectionItem(owner=user, system=system, record_type="figure", stable_id=f"fig-{i}")
        for i in range(start, start + n)
    )


def make_tokens(user: Any, n: int) -> None:
    for i in range(n):
        api_token_create(owner=user, name=f"t{i}")


CASES: list[tuple[str, Callable[..., None], dict[str, Any]]] = [
    ("/api/v1/lists/", make_lists, {}),
    ("/api/v1/lists/trash/", make_lists, {"trash": True}),
    ("/api/v1/lists/public/", make_lists, {"visibility": "public"}),
    ("/api/v1/lists/export/", make_lists, {}),
    ("/api/v1/collection/", make_items, {}),
    ("/api/v1/tokens/", make_tokens, {}),
]


def queries_for(url: str, client: APIClient) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        r = client.get(url)
    assert r.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize(("url", "make", "kw"), CASES, ids=[c[0] for c in CASES])
def test_query_count_constant_in_rows(
    packs: Any,
    user: Any,
    kims_team: Any,
    url: str,
    make: Callable[..., None],
    kw: dict[str, Any],
    django_assert_num_queries: Any,
    settings: Any,
) -> None:
    settings.MUSTER_MAX_API_TOKENS = 100
    client = APIClient()
    client.force_authenticate(user)

    def fill(owner: Any, n: int) -> None:
        if make is make_lists:
            make(owner, kims_team, n, **kw)
        else:
            make(owner, n, **kw)

    fill(user, 1)
    n_one = queries_for(url, client)
    assert n_one <= 6
    fill(user, 49)
    with django_assert_num_queries(n_one):
        body = client.get(url).json()
    rows = (
        body["results"]
        if isinstance(body, dict) and "results" in body
        else (body["lists"] if isinstance(body, dict) else body)
    )
    assert len(rows) == 50
