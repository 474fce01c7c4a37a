"""Players acting at the same moment (PostgreSQL): every action is logged once, in a definite
order, numbered 1..N with no gap, and the figures' state holds every one of them.

Run with ``DATABASE_URL=postgres://...``; on SQLite these are skipped.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from builder.play.log import log_document
from builder.play.models import Game, LogEntry
from content.api_selectors import engine_catalogue
from rules_engine.game_log import verify
from tests.builder.api_fixtures import token_client

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (set DATABASE_URL): SQLite serialises writers itself",
    ),
]

N = 8
WOUND = {"procedure": "wound", "params": {"hits": 1, "S": 3, "dc": 3}, "rolls": [6, 6]}


def test_actions_posted_at_once_are_all_logged_in_one_order(dust_game: Any, ann: Any, bob: Any):
    clients = [token_client(ann if n % 2 else bob) for n in range(N)]
    url = f"/api/v1/games/{dust_game.public_id}/actions/"
    start = threading.Barrier(N)
    answers: dict[int, tuple[int, int]] = {}

    def act(n: int) -> None:
        try:
            start.wait(10)
            answer = clients[n].post(url, WOUND | {"roles": {"target": "b1"}}, format="json")
            answers[n] = (answer.status_code, answer.json()["seq"])
        finally:
            connection.close()

    threads = [threading.Thread(target=act, args=(n,)) for n in range(N)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert sorted(status for status, _ in answers.values()) == [201] * N
    assert sorted(seq for _, seq in answers.values()) == list(range(1, N + 1))
    entries = list(LogEntry.objects.filter(game=dust_game).order_by("seq"))
    assert [e.seq for e in entries] == list(range(1, N + 1))
    report = verify(engine_catalogue(), log_document(dust_game))
    assert (report["verified"], report["entries"]) == (True, N)
    assert Game.objects.get(pk=dust_game.pk).state == {"b1": {"dc": -N, "wound": "major"}}


def test_the_same_request_sent_twice_at_once_is_logged_once(dust_game: Any, ann: Any):
    clients = [token_client(ann) for _ in range(4)]
    url = f"/api/v1/games/{dust_game.public_id}/actions/"
    start = threading.Barrier(len(clients))
    answers: list[tuple[int, int]] = []

    def act(n: int) -> None:
        try:
            start.wait(10)
            answer = clients[n].post(
                url,
                WOUND | {"roles": {"target": "b2"}},
                format="json",
                HTTP_IDEMPOTENCY_KEY="flaky-7",
            )
            answers.append((answer.status_code, answer.json()["seq"]))
        finally:
            connection.close()

    threads = [threading.Thread(target=act, args=(n,)) for n in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert sorted(answers) == [(200, 1), (200, 1), (200, 1), (201, 1)]
    assert LogEntry.objects.filter(game=dust_game).count() == 1
    assert Game.objects.get(pk=dust_game.pk).state == {"b2": {"dc": -1, "wound": "major"}}
