"""Another player's list, collection item or token is a 404 for every verb; anonymous
callers get a 401 everywhere except the documented public endpoints."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from builder.accounts.models import ApiToken
from builder.accounts.services import api_token_create
from builder.collections.models import CollectionItem
from builder.collections.services import collection_item_create
from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_trash

pytestmark = pytest.mark.django_db

# (what, method, url, body); {pk} is the victim's object.
OWNED = [
    ("list", "get", "/api/v1/lists/{pk}/", None),
    ("list", "patch", "/api/v1/lists/{pk}/", {"notes": "mine now"}),
    ("list", "delete", "/api/v1/lists/{pk}/", None),
    ("list", "post", "/api/v1/lists/{pk}/rename/", {"name": "Stolen"}),
    ("list", "post", "/api/v1/lists/{pk}/duplicate/", {}),
    ("list", "post", "/api/v1/lists/{pk}/share-token/", None),
    ("list", "get", "/api/v1/lists/{pk}/upgrade/", None),
    ("list", "post", "/api/v1/lists/{pk}/upgrade/", None),
    ("list", "get", "/api/v1/lists/{pk}/fielding/", None),
    ("list", "get", "/api/v1/lists/{pk}/export/", None),
    ("trashed-list", "post", "/api/v1/lists/{pk}/restore/", None),
    ("item", "get", "/api/v1/collection/{pk}/", None),
    ("item", "patch", "/api/v1/collection/{pk}/", {"quantity": 9}),
    ("item", "delete", "/api/v1/collection/{pk}/", None),
    ("token", "get", "/api/v1/tokens/{pk}/", None),
    ("token", "delete", "/api/v1/tokens/{pk}/", None),
]


@pytest.fixture
def victims(packs: Any, user: Any, kims_team: Any) -> dict[str, Any]:
    """``user``'s things, which ``other_user`` goes after."""
    trashed = saved_list_create(owner=user, document={**kims_team, "name": "Binned"})
    saved_list_trash(saved_list=trashed)
    token, _secret = api_token_create(owner=user, name="laptop")
    return {
        "list": saved_list_create(owner=user, document=kims_team).uuid,
        "trashed-list": trashed.uuid,
        "item": collection_item_create(
            owner=user, system="cs-aces", record_type="figure", stable_id="ruffian"
        ).pk,
        "token": token.pk,
    }


def snapshot() -> list[Any]:
    return [
        sorted(
            SavedList.objects.values_list(
                "owner_id", "name", "notes", "share_token", "deleted_at", "points"
            )
        ),
        sorted(CollectionItem.objects.values_list("owner_id", "stable_id", "quantity")),
        sorted(ApiToken.objects.values_list("owner_id", "name")),
    ]


@pytest.mark.parametrize(
    ("what", "method", "url", "body"), OWNED, ids=[f"{m} {u} ({w})" for w, m, u, _ in OWNED]
)
def test_someone_elses_object_is_a_404(
    victims: dict[str, Any], other_user: Any, what: str, method: str, url: str, body: Any
) -> None:
    client = APIClient()
    client.force_authenticate(other_user)
    before = snapshot()
    r = getattr(client, method)(url.format(pk=victims[what]), body, format="json")
    assert r.status_code == 404
    assert snapshot() == before


@pytest.mark.parametrize(
    ("what", "method", "url", "body"), OWNED, ids=[f"{m} {u} ({w})" for w, m, u, _ in OWNED]
)
def test_anonymous_is_a_401(
    victims: dict[str, Any], anon: APIClient, what: str, method: str, url: str, body: Any
) -> None:
    before = snapshot()
    r = getattr(anon, method)(url.format(pk=victims[what]), body, format="json")
    assert r.status_code == 401
    assert snapshot() == before


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/api/v1/lists/"),
        ("post", "/api/v1/lists/"),
        ("get", "/api/v1/lists/trash/"),
        ("get", "/api/v1/lists/export/"),
        ("post", "/api/v1/lists/import/"),
        ("get", "/api/v1/collection/"),
        ("post", "/api/v1/collection/"),
        ("post", "/api/v1/collection/fielding/"),
        ("get", "/api/v1/tokens/"),
        ("post", "/api/v1/tokens/"),
        ("get", "/api/v1/auth/me/"),
    ],
)
def test_collection_endpoints_need_sign_in(anon: APIClient, db: Any, method: str, url: str) -> None:
    assert getattr(anon, method)(url, {}, format="json").status_code == 401


@pytest.mark.parametrize(
    "url", ["/api/v1/lists/", "/api/v1/lists/trash/", "/api/v1/collection/", "/api/v1/tokens/"]
)
def test_listings_show_only_ones_own(victims: dict[str, Any], other_user: Any, url: str) -> None:
    client = APIClient()
    client.force_authenticate(other_user)
    body = client.get(url).json()
    assert (body["results"] if isinstance(body, dict) else body) == []


def test_backup_holds_only_ones_own(victims: dict[str, Any], other_user: Any) -> None:
    client = APIClient()
    client.force_authenticate(other_user)
    assert client.get("/api/v1/lists/export/").json()["lists"] == []


def test_public_endpoints_need_no_sign_in(victims: dict[str, Any], anon: APIClient) -> None:
    assert anon.get("/api/v1/lists/public/").status_code == 200
    assert anon.get("/api/v1/shared/not-a-token/").status_code == 404
