"""A long game's table page opens on the latest entries, with the whole log one link away,
and asks the database the same few questions however long the log has grown."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from builder.play.services import game_act
from builder.web.views.play import LOG_SHOWN

pytestmark = pytest.mark.django_db


def played(game, user, count: int) -> None:
    for _ in range(count):
        game_act(
            game=game,
            user=user,
            procedure="skill-test",
            params={"dice": 3, "difficulty": 2},
            roles={"model": "a1"},
            rolls=[4, 5, 1],
        )


def shown(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'id="entry-(\d+)"', page)]


def test_the_page_shows_the_latest_entries_and_links_the_whole_log(dust_game, ann):
    played(dust_game, ann, LOG_SHOWN + 3)
    client = Client()
    client.force_login(ann)
    url = f"/play/{dust_game.public_id}/"
    page = client.get(url).content.decode()
    assert shown(page) == list(range(4, LOG_SHOWN + 4))
    assert "The first 3 entries are not shown here" in page
    assert 'href="?log=all#log"' in page
    assert f"after={LOG_SHOWN + 3}" in page  # the poll goes on from the last entry
    whole = client.get(url, {"log": "all"}).content.decode()
    assert shown(whole) == list(range(1, LOG_SHOWN + 4))
    assert "are not shown here" not in whole


def test_a_short_log_is_shown_whole_without_the_link(dust_game, ann):
    played(dust_game, ann, 2)
    client = Client()
    client.force_login(ann)
    page = client.get(f"/play/{dust_game.public_id}/").content.decode()
    assert shown(page) == [1, 2]
    assert "are not shown here" not in page


def test_the_page_asks_as_many_queries_for_a_long_log_as_for_a_short_one(dust_game, ann):
    client = Client()
    client.force_login(ann)
    url = f"/play/{dust_game.public_id}/"
    counts = []
    for more in (1, LOG_SHOWN + 5):
        played(dust_game, ann, more)
        client.get(url)
        with CaptureQueriesContext(connection) as captured:
            client.get(url)
        counts.append(len(captured))
    assert counts[0] == counts[1]
