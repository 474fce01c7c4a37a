"""Share links: no listing hands out a list's link token, and a list that becomes or stops
being unlisted gets a new one, so a link given out before no longer opens it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_update

pytestmark = pytest.mark.django_db


def create(api: Any, document: dict[str, Any], visibility: str) -> dict[str, Any]:
    r = api.post("/api/v1/lists/", {"document": document, "visibility": visibility}, format="json")
    assert r.status_code == 201, r.content
    return dict(r.json())


def set_visibility(api: Any, list_uuid: str, visibility: str) -> dict[str, Any]:
    r = api.patch(f"/api/v1/lists/{list_uuid}/", {"visibility": visibility}, format="json")
    assert r.status_code == 200, r.content
    return dict(r.json())


def opens(anon: Any, token: str) -> int:
    return int(anon.get(f"/api/v1/shared/{token}/").status_code)


def test_the_public_listing_hands_out_no_link_token(
    packs: Any, api: Any, anon: Any, kims_team: Any
) -> None:
    team = create(api, kims_team, "public")
    answer = anon.get("/api/v1/lists/public/")
    assert [r["name"] for r in answer.json()["results"]] == ["Kim's team"]
    assert "share_token" not in answer.json()["results"][0]
    assert team["share_token"] not in answer.content.decode()


def test_no_listing_of_the_owners_own_lists_carries_a_token(
    packs: Any, api: Any, kims_team: Any, dust_devils: Any
) -> None:
    team = create(api, kims_team, "unlisted")
    warband = create(api, dust_devils, "public")
    api.delete(f"/api/v1/lists/{warband['uuid']}/")
    for path in ("/api/v1/lists/", "/api/v1/lists/trash/"):
        answer = api.get(path)
        assert answer.json()["count"] == 1, path
        assert "share_token" not in answer.json()["results"][0], path
        for token in (team["share_token"], warband["share_token"]):
            assert token not in answer.content.decode(), path
    detail = api.get(f"/api/v1/lists/{team['uuid']}/").json()
    assert detail["share_token"] == team["share_token"]


def test_a_shared_list_read_by_its_link_does_not_repeat_the_token(
    packs: Any, api: Any, anon: Any, kims_team: Any
) -> None:
    team = create(api, kims_team, "unlisted")
    shared = anon.get(f"/api/v1/shared/{team['share_token']}/").json()
    assert shared["name"] == "Kim's team"
    assert "share_token" not in shared


@pytest.mark.parametrize("before", ["private", "public"])
def test_becoming_unlisted_gives_a_new_link_and_the_old_one_dies(
    packs: Any, api: Any, anon: Any, kims_team: Any, before: str
) -> None:
    team = create(api, kims_team, before)
    old = team["share_token"]
    assert opens(anon, old) == (200 if before == "public" else 404)
    new = set_visibility(api, team["uuid"], "unlisted")["share_token"]
    assert new != old
    assert opens(anon, old) == 404
    assert opens(anon, new) == 200


@pytest.mark.parametrize(("after", "new_opens"), [("private", 404), ("public", 200)])
def test_leaving_unlisted_gives_a_new_link_and_the_old_one_dies(
    packs: Any, api: Any, anon: Any, kims_team: Any, after: str, new_opens: int
) -> None:
    team = create(api, kims_team, "unlisted")
    old = team["share_token"]
    assert opens(anon, old) == 200
    new = set_visibility(api, team["uuid"], after)["share_token"]
    assert new != old
    assert opens(anon, old) == 404
    assert opens(anon, new) == new_opens


def test_an_unlisted_link_made_private_and_unlisted_again_stays_dead(
    packs: Any, api: Any, anon: Any, kims_team: Any
) -> None:
    team = create(api, kims_team, "unlisted")
    first = team["share_token"]
    set_visibility(api, team["uuid"], "private")
    second = set_visibility(api, team["uuid"], "unlisted")["share_token"]
    assert len({first, second}) == 2
    assert (opens(anon, first), opens(anon, second)) == (404, 200)


@pytest.mark.parametrize(
    ("before", "body"),
    [
        ("unlisted", {"visibility": "unlisted"}),
        ("unlisted", {"notes": "club night"}),
        ("unlisted", {"name": "Raiders"}),
        ("private", {"visibility": "public"}),
        ("public", {"visibility": "private"}),
    ],
)
def test_changes_that_neither_make_nor_end_unlisted_keep_the_link(
    packs: Any, api: Any, kims_team: Any, before: str, body: dict[str, Any]
) -> None:
    team = create(api, kims_team, before)
    r = api.patch(f"/api/v1/lists/{team['uuid']}/", body, format="json")
    assert r.status_code == 200
    assert r.json()["share_token"] == team["share_token"]


def test_the_service_rotates_the_stored_token(packs: Any, user: Any, kims_team: Any) -> None:
    saved = saved_list_create(owner=user, document=kims_team, visibility="public")
    old = saved.share_token
    saved_list_update(saved_list=saved, visibility=SavedList.Visibility.UNLISTED)
    saved.refresh_from_db()
    assert saved.visibility == "unlisted"
    assert saved.share_token != old
    assert not SavedList.objects.filter(share_token=old).exists()


def test_the_sharing_form_gives_a_new_link_and_says_so(
    packs: Any, user: Any, kims_team: Any
) -> None:
    saved = saved_list_create(owner=user, document=kims_team, visibility="public")
    old = saved.share_token
    owner, stranger = Client(), Client()
    owner.force_login(user)
    assert stranger.get(f"/lists/shared/{old}/").status_code == 200
    page = owner.post(
        f"/lists/{saved.uuid}/share/", {"visibility": "unlisted"}, follow=True
    ).content.decode()
    saved.refresh_from_db()
    assert saved.share_token != old
    assert (
        "Anyone with the link below can open “Kim&#x27;s team”. The link is new: one given "
        "out before no longer opens the list." in page
    )
    assert f"/lists/shared/{saved.share_token}/" in page
    assert stranger.get(f"/lists/shared/{old}/").status_code == 404
    assert stranger.get(f"/lists/shared/{saved.share_token}/").status_code == 200


def test_the_schema_keeps_the_token_out_of_listings(anon: Any, db: Any) -> None:
    schemas = anon.get("/api/v1/schema/").json()["components"]["schemas"]
    assert "share_token" not in schemas["SharedList"]["properties"]
    assert "share_token" not in schemas["SavedListSummary"]["properties"]
    assert "share_token" in schemas["SavedListDetail"]["properties"]
