"""The table's pages: start a game, invite, roll, read the log in words, check the rolls."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from builder.play.models import Game, LogEntry
from tests.builder.play.conftest import saved

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_player_starts_a_game_invites_another_and_both_roll(packs, ann, bob):
    mine = saved(ann, "crimson-dust/dust-devils-500.json")
    theirs = saved(bob, "crimson-dust/dust-devils-500.json")
    a, b = client_for(ann), client_for(bob)
    page = a.post("/play/", {"title": "Dust at dawn", "list": str(mine.uuid), "dice": "physical"})
    game = Game.objects.get()
    assert page.status_code == 302
    assert page["Location"] == f"/play/{game.public_id}/"
    join = b.post(f"/play/join/{game.invite_token}/", {"list": str(theirs.uuid)})
    assert join.status_code == 302
    table = b.get(f"/play/{game.public_id}/").content.decode()
    assert "ann: Dust Devils" in table
    assert "bob: Dust Devils" in table
    assert "Sergeant Vance" in table
    done = b.post(
        f"/play/{game.public_id}/act/",
        {
            "procedure": "skill-test",
            "p_dice": "3",
            "p_difficulty": "2",
            "p_state": "normal",
            "p_cumulative": "on",
            "role_model": "b1",
            "rolls": "4 5 1",
        },
    )
    assert done.status_code == 302
    entry = LogEntry.objects.get()
    assert entry.record["rolls"] == [4, 5, 1]
    assert entry.record["outcome"]["passed"] is True
    log = a.get(f"/play/{game.public_id}/log/?after=0").content.decode()
    assert "Skill test" in log or "skill test" in log
    assert "the test succeeds" in log
    assert 'hx-trigger="every 2s"' in log
    assert "after=1" in log


def test_wrong_dice_are_refused_beside_the_field_in_words(packs, dust_game, ann):
    page = client_for(ann).post(
        f"/play/{dust_game.public_id}/act/",
        {
            "procedure": "skill-test",
            "p_dice": "3",
            "p_difficulty": "2",
            "p_state": "normal",
            "role_model": "a1",
            "rolls": "4 5",
        },
    )
    assert page.status_code == 400
    text = page.content.decode()
    assert "The dice: needs 3 dice: 3d6 (the characteristic tested); got 2." in text
    assert "rolls[" not in text
    assert "params." not in text
    assert LogEntry.objects.count() == 0


def test_someone_elses_game_is_not_found_and_a_spectator_only_reads(packs, dust_game, ref):
    assert client_for(ref).get(f"/play/{dust_game.public_id}/").status_code == 404
    assert client_for(ref).post(f"/play/{dust_game.public_id}/act/", {}).status_code == 404
    watch = Client().get(f"/play/watch/{dust_game.spectator_token}/")
    assert watch.status_code == 200
    text = watch.content.decode()
    assert "Roll and resolve" not in text
    assert "Resolve these dice" not in text
    assert re.search(r"/log/\?after=0&amp;watch=", text)


def test_the_rolls_are_checked_on_the_page(packs, server_game, ann, ref):
    a = client_for(ann)
    a.post(
        f"/play/{server_game.public_id}/act/",
        {
            "procedure": "skill-test",
            "p_dice": "2",
            "p_difficulty": "1",
            "p_state": "normal",
            "role_model": "a1",
        },
    )
    client_for(ref).post(f"/play/{server_game.public_id}/end/")
    page = a.get(f"/play/{server_game.public_id}/verify/").content.decode()
    assert "The one entry replays" in page
    assert "all 2 server dice come from the seed promised before the first roll" in page
    file = a.get(f"/play/{server_game.public_id}/log.json")
    assert file["Content-Disposition"] == 'attachment; filename="refereed.muster-game-log.json"'
    assert file.json()["dice"]["seed"]
