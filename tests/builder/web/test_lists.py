"""My lists: rename, duplicate, trash and restore, share links, the upgrade preview."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from content.services.packs import pack_load
from tests.builder.web.conftest import example
from tests.conftest import read_pack

pytestmark = pytest.mark.django_db
PACKS = Path(__file__).resolve().parents[3] / "content" / "packs"


@pytest.fixture
def saved(client: Client, packs: Any) -> SavedList:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    return saved_list_create(owner=user, document=example("crimson-dust/dust-devils-500.json"))


def test_my_lists_shows_each_with_its_verdict(client: Client, saved: SavedList) -> None:
    page = client.get("/lists/").content.decode()
    assert f'<a href="/lists/{saved.uuid}/">Dust Devils</a>' in page
    assert '<td class="num">500 / 500</td>' in page


def test_rename_duplicate_trash_and_restore(client: Client, saved: SavedList) -> None:
    client.post(f"/lists/{saved.uuid}/rename/", {"name": "Dust Angels"})
    saved.refresh_from_db()
    assert (saved.name, saved.document["name"]) == ("Dust Angels", "Dust Angels")
    client.post(f"/lists/{saved.uuid}/duplicate/")
    assert sorted(SavedList.objects.values_list("name", flat=True)) == [
        "Copy of Dust Angels",
        "Dust Angels",
    ]
    client.post(f"/lists/{saved.uuid}/trash/")
    page = client.get("/lists/").content.decode()
    assert 'Restore<span class="visually-hidden"> Dust Angels' in page
    assert client.get(f"/lists/{saved.uuid}/").status_code == 404
    client.post(f"/lists/{saved.uuid}/restore/")
    assert client.get(f"/lists/{saved.uuid}/").status_code == 200


def test_a_shared_link_opens_for_anyone_until_made_private(
    client: Client, saved: SavedList
) -> None:
    client.post(f"/lists/{saved.uuid}/share/", {"visibility": "unlisted"})
    saved.refresh_from_db()
    stranger = Client()
    page = stranger.get(f"/lists/shared/{saved.share_token}/").content.decode()
    assert "Dust Devils" in page
    assert "shared by ada" in page
    old_token = saved.share_token
    client.post(f"/lists/{saved.uuid}/share/", {"visibility": "unlisted", "new_link": "1"})
    assert stranger.get(f"/lists/shared/{old_token}/").status_code == 404
    client.post(f"/lists/{saved.uuid}/share/", {"visibility": "private"})
    saved.refresh_from_db()
    assert stranger.get(f"/lists/shared/{saved.share_token}/").status_code == 404


def test_upgrade_preview_shows_the_new_price_then_applies(client: Client, saved: SavedList) -> None:
    newer = copy.deepcopy(read_pack(PACKS / "crimson-dust" / "crimson-dust-core.json"))
    newer["version"] = "1.0.1"
    medio = next(r for r in newer["records"] if r["id"] == "medio")
    medio["data"]["qualities"]["veteran"]["points"] = 80  # was 75
    pack_load(documents=[("newer.json", newer)])
    # The list page and the upgrade preview name packs by their titles, not their ids.
    assert "Built against Crimson Dust V2.1 core rules 1.0.0." in client.get(
        f"/lists/{saved.uuid}/"
    ).content.decode()
    page = client.get(f"/lists/{saved.uuid}/upgrade/").content.decode()
    assert "Crimson Dust V2.1 core rules: 1.0.0 → 1.0.1" in page
    assert (
        '<tr><th scope="row">Points</th><td class="num">500</td><td class="num">505</td></tr>'
        in page
    )
    client.post(f"/lists/{saved.uuid}/upgrade/")
    saved.refresh_from_db()
    assert saved.points == 505
    page = client.get(f"/lists/{saved.uuid}/").content.decode()
    assert "Built against Crimson Dust V2.1 core rules 1.0.1." in page


def test_a_saved_list_keeps_checking_against_its_pinned_version(
    client: Client, saved: SavedList
) -> None:
    newer = copy.deepcopy(read_pack(PACKS / "crimson-dust" / "crimson-dust-core.json"))
    newer["version"] = "1.0.1"
    next(r for r in newer["records"] if r["id"] == "medio")["data"]["qualities"]["veteran"][
        "points"
    ] = 80
    pack_load(documents=[("newer.json", newer)])
    page = client.get(f"/lists/{saved.uuid}/").content.decode()
    assert 'id="points-total">500</span>' in page  # still 1.0.0 prices
