"""The game table through the API: a whole refereed game on server dice, verified by the
command line from the downloaded log; who may read and act; repeated requests; bad input."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from builder.play.models import Game, LogEntry
from builder.play.services import game_act, game_create, game_join
from tests.builder.api_fixtures import ROOT, make_user, token_client
from tests.builder.play.conftest import saved

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"
TEST = {"dice": 3, "difficulty": 2, "cumulative": True}
WOUND = {"hits": 1, "S": 3, "dc": 3}


def path_of(url: str) -> str:
    return url.removeprefix("http://127.0.0.1")


def skill_test(model: str) -> dict:
    return {"procedure": "skill-test", "params": TEST, "roles": {"model": model}}


def verify_file(tmp_path: Path, log: dict) -> subprocess.CompletedProcess[str]:
    file = tmp_path / "game.json"
    file.write_text(json.dumps(log), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", "verify", str(file)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.fixture
def clients(ann, bob, ref):
    return {name: token_client(user) for name, user in (("ann", ann), ("bob", bob), ("ref", ref))}


def test_a_refereed_game_on_server_dice_from_start_to_verified_log(
    packs, ann, bob, clients, tmp_path
):
    a, b, r = clients["ann"], clients["bob"], clients["ref"]
    made = r.post(
        GAMES,
        {"system": "crimson-dust", "title": "Ridge at dawn", "dice": "server", "referee": True},
        format="json",
    )
    assert made.status_code == 201, made.json()
    game = made.json()
    assert (game["status"], game["turn"], game["dice"], game["referee"]) == (
        "setup",
        1,
        "server",
        "rita",
    )
    assert len(game["commitment"]) == 64
    assert game["seed"] is None
    assert made["Location"] == game["url"]
    url = path_of(game["url"])
    assert path_of(game["actions_url"]) == f"{url}actions/"
    assert path_of(game["log_url"]) == f"{url}log/"

    join = path_of(game["invite_url"])
    for client, owner, side in ((a, ann, "a"), (b, bob, "b")):
        listed = saved(owner, "crimson-dust/dust-devils-500.json")
        seat = client.post(join, {"list": str(listed.uuid)}, format="json")
        assert seat.status_code == 201, seat.json()
        assert (seat.json()["side"], seat.json()["points"], seat.json()["legal"]) == (
            side,
            500,
            True,
        )
        assert seat.json()["game"] == game["id"]

    mixed = a.post(f"{url}entropy/", {"text": "kestrel"}, format="json")
    assert (mixed.status_code, mixed.json()["entropy"]) == (200, "kestrel")

    first = a.post(game["actions_url"], skill_test("a1"), format="json")
    assert first.status_code == 201, first.json()
    assert (first.json()["seq"], first.json()["who"], first.json()["source"]) == (
        1,
        "ann",
        "server",
    )
    assert len(first.json()["rolls"]) == 3
    second = b.post(game["actions_url"], skill_test("b2"), format="json")
    assert (second.status_code, second.json()["seq"], second.json()["who"]) == (201, 2, "bob")
    late = b.post(f"{url}entropy/", {"text": "too late"}, format="json")
    assert (late.status_code, late.json()["code"]) == (409, "game_not_open")

    banked = first.json()["outcome"]["banked_after"]
    view = a.get(url).json()
    a1 = next(f for f in view["figures"] if f["key"] == "a1")
    assert a1["state"] == {"banked_scores": banked}
    assert (view["entries"], view["can_act"], view["runs_game"]) == (2, True, False)
    assert (view["invite_url"], view["spectator_url"]) == (None, None)

    fix = r.post(f"{url}corrections/", {"reverses": 1, "reason": "wrong model"}, format="json")
    assert fix.status_code == 201, fix.json()
    assert (fix.json()["seq"], fix.json()["reverses"], fix.json()["who"]) == (3, 1, "rita")
    a1 = next(f for f in a.get(url).json()["figures"] if f["key"] == "a1")
    assert a1["state"] == {}

    assert (
        a.post(f"{url}orders/", {"text": "advance  to the ridge"}, format="json").status_code == 201
    )
    assert b.post(f"{url}orders/", {"text": "hold"}, format="json").status_code == 201
    assert [o["text"] for o in a.get(f"{url}orders/").json()["orders"]] == ["advance to the ridge"]
    assert [o["text"] for o in b.get(f"{url}orders/").json()["orders"]] == ["hold"]
    assert [o["text"] for o in r.get(f"{url}orders/").json()["orders"]] == [
        "advance to the ridge",
        "hold",
    ]
    refused = b.post(f"{url}turn/", format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "permission_denied")
    turned = r.post(f"{url}turn/", format="json")
    assert (turned.status_code, turned.json()["turn"]) == (200, 2)
    seen = a.get(f"{url}orders/").json()
    assert seen["turn"] == 2
    assert [(o["player"], o["text"]) for o in seen["orders"]] == [
        ("ann", "advance to the ridge"),
        ("bob", "hold"),
    ]
    assert all(o["revealed_at"] for o in seen["orders"])

    assert a.post(f"{url}end/", format="json").status_code == 403
    ended = r.post(f"{url}end/", format="json").json()
    assert ended["status"] == "ended"
    assert hashlib.sha256(bytes.fromhex(ended["seed"])).hexdigest() == game["commitment"]
    closed = a.post(game["actions_url"], skill_test("a1"), format="json")
    assert (closed.status_code, closed.json()["code"]) == (409, "game_not_playing")

    download = a.get(f"{url}log/file/")
    assert download.status_code == 200
    assert download["Content-Disposition"] == (
        'attachment; filename="ridge-at-dawn.muster-game-log.json"'
    )
    log = download.json()
    assert log["format"] == "muster-game-log/1"
    assert log["dice"]["seed"] == ended["seed"]
    assert log["dice"]["entropy"] == {"ann": "kestrel"}
    assert [e["seq"] for e in log["entries"]] == [1, 2, 3]
    checked = verify_file(tmp_path, log)
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout) == {
        "verified": True,
        "entries": 3,
        "rolls_checked": 6,
        "seed_revealed": True,
        "mismatch": None,
    }

    rolls = log["entries"][1]["rolls"]
    rolls[0] = rolls[0] % 6 + 1
    tampered = verify_file(tmp_path, log)
    assert tampered.returncode == 1
    assert json.loads(tampered.stdout)["mismatch"]["seq"] == 2
    assert "not verified: entry 2" in tampered.stderr


def test_the_log_polls_from_a_number(dust_game, ann, bob):
    for model, rolls in (("a1", [4, 1, 2]), ("b1", [6, 6, 1]), ("a2", [1, 1, 1])):
        game_act(
            game=dust_game,
            user=ann,
            procedure="skill-test",
            params=TEST,
            roles={"model": model},
            rolls=rolls,
        )
    client = token_client(bob)
    url = f"{GAMES}{dust_game.public_id}/log/"
    body = client.get(url, {"after": 1}).json()
    assert (body["after"], body["last"], body["more"]) == (1, 3, False)
    assert [(e["seq"], e["roles"], e["rolls"]) for e in body["entries"]] == [
        (2, {"model": "b1"}, [6, 6, 1]),
        (3, {"model": "a2"}, [1, 1, 1]),
    ]
    assert body["entries"] == [e.record for e in LogEntry.objects.filter(seq__gt=1)]
    empty = client.get(url, {"after": 3}).json()
    assert (empty["entries"], empty["last"]) == ([], 3)
    bad = client.get(url, {"after": "-1"})
    assert (bad.status_code, bad.json()["details"][0]["path"]) == (400, "after")


def test_physical_dice_are_typed_and_checked(dust_game, ann):
    client = token_client(ann)
    url = f"{GAMES}{dust_game.public_id}/actions/"
    body = {"procedure": "wound", "params": WOUND, "roles": {"target": "b1"}, "rolls": [6, 6]}
    done = client.post(url, body, format="json")
    assert done.status_code == 201, done.json()
    assert done.json()["outcome"]["dc_lost"] == 1
    assert done.json()["source"] == "physical"
    state = client.get(f"{GAMES}{dust_game.public_id}/").json()
    b1 = next(f for f in state["figures"] if f["key"] == "b1")
    assert b1["state"] == {"dc": -1, "wound": "major"}


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"procedure": "no-such-thing"}, "procedure"),
        ({"rolls": [6]}, "rolls"),
        ({"rolls": [6, 7]}, "rolls[1]"),
        ({"rolls": None}, "rolls"),
        ({"rolls": "6,6"}, "$.rolls"),
        ({"rolls": [True, 6]}, "$.rolls[0]"),
        ({"params": {"hits": "many"}}, "params.hits"),
        ({"params": {"hits": 10_000}}, "params.hits"),
        ({"params": []}, "$.params"),
        ({"roles": {}}, "roles.target"),
        ({"roles": {"target": "z9"}}, "roles.target"),
        ({"roles": {"target": 3}}, "$.roles.target"),
        ({"procedure": 7}, "$.procedure"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_appends_nothing(dust_game, ann, change, path):
    client = token_client(ann)
    body = {"procedure": "wound", "params": WOUND, "roles": {"target": "b1"}, "rolls": [6, 6]}
    answer = client.post(f"{GAMES}{dust_game.public_id}/actions/", body | change, format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["details"][0]["path"] == path
    assert LogEntry.objects.count() == 0
    dust_game.refresh_from_db()
    assert dust_game.state == {}


def test_rolls_sent_to_server_dice_are_refused(server_game, ann):
    client = token_client(ann)
    body = skill_test("a1") | {"rolls": [6, 6, 6]}
    answer = client.post(f"{GAMES}{server_game.public_id}/actions/", body, format="json")
    assert (answer.status_code, answer.json()["details"][0]["path"]) == (400, "rolls")
    assert LogEntry.objects.count() == 0


def test_the_same_idempotency_key_twice_is_one_entry(dust_game, ann):
    client = token_client(ann)
    url = f"{GAMES}{dust_game.public_id}/actions/"
    body = {"procedure": "wound", "params": WOUND, "roles": {"target": "b1"}, "rolls": [6, 6]}
    first = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="roll-17")
    again = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="roll-17")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    other = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="roll-18")
    assert (other.status_code, other.json()["seq"]) == (201, 2)
    assert list(LogEntry.objects.values_list("seq", flat=True)) == [1, 2]
    dust_game.refresh_from_db()
    assert dust_game.state["b1"]["dc"] == -2
    long = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k" * 81)
    assert (long.status_code, long.json()["details"][0]["path"]) == (400, "Idempotency-Key")
    assert LogEntry.objects.count() == 2


ENDPOINTS = [
    ("get", ""),
    ("post", "entropy/"),
    ("get", "log/"),
    ("get", "log/file/"),
    ("post", "actions/"),
    ("post", "corrections/"),
    ("get", "orders/"),
    ("post", "orders/"),
    ("post", "phase/"),
    ("post", "turn/"),
    ("post", "reveal/"),
    ("post", "notices/"),
    ("post", "end/"),
]


@pytest.mark.parametrize(("method", "tail"), ENDPOINTS)
def test_another_users_game_is_not_found_on_every_endpoint(dust_game, method, tail):
    stranger = token_client(make_user("cy"))
    answer = getattr(stranger, method)(f"{GAMES}{dust_game.public_id}/{tail}", {}, format="json")
    assert (answer.status_code, answer.json()["code"]) == (404, "not_found")
    assert LogEntry.objects.count() == 0


def test_only_my_games_are_listed(dust_game, server_game, ann, bob, ref):
    cy = make_user("cy")
    assert token_client(cy).get(GAMES).json()["count"] == 0
    mine = token_client(ref).get(GAMES).json()
    assert [g["title"] for g in mine["results"]] == ["Refereed"]
    both = token_client(ann).get(GAMES).json()
    assert [(g["title"], g["players"]) for g in both["results"]] == [
        ("Refereed", ["ann", "bob"]),
        ("Dust at dawn", ["ann", "bob"]),
    ]


def test_the_spectator_link_reads_and_cannot_act(dust_game, ann):
    anon = APIClient(HTTP_HOST="127.0.0.1")
    game_act(
        game=dust_game,
        user=ann,
        procedure="skill-test",
        params=TEST,
        roles={"model": "a1"},
        rolls=[4, 1, 2],
    )
    link = token_client(ann).get(f"{GAMES}{dust_game.public_id}/").json()["spectator_url"]
    watched = anon.get(path_of(link))
    assert watched.status_code == 200
    body = watched.json()
    assert body["game"]["title"] == "Dust at dawn"
    assert (body["game"]["can_act"], body["game"]["runs_game"]) == (False, False)
    assert (body["game"]["invite_url"], body["game"]["spectator_url"]) == (None, None)
    assert [e["seq"] for e in body["log"]["entries"]] == [1]
    assert anon.post(path_of(link), skill_test("a1"), format="json").status_code == 405
    assert anon.get(f"{GAMES}{dust_game.public_id}/").status_code == 401
    assert anon.get("/api/v1/spectate/not-a-token/").status_code == 404
    assert LogEntry.objects.count() == 1


def test_a_participant_who_does_not_play_cannot_act(dust_game, ann, bob):
    cy = make_user("cy")
    Game.objects.filter(pk=dust_game.pk).update(owner=cy)
    client = token_client(cy)
    url = f"{GAMES}{dust_game.public_id}/"
    assert client.get(url).status_code == 200
    for tail, body in (
        ("actions/", skill_test("a1") | {"rolls": [4, 1, 2]}),
        ("corrections/", {"reverses": 1}),
        ("entropy/", {"text": "mine"}),
        ("orders/", {"text": "hold"}),
        ("notices/", {"on": True}),
    ):
        answer = client.post(f"{url}{tail}", body, format="json")
        assert (answer.status_code, answer.json()["code"]) == (403, "permission_denied"), tail
    assert LogEntry.objects.count() == 0


def test_joining_needs_a_list_of_ones_own_of_the_games_system(dust_game, packs, ann):
    cy = make_user("cy")
    client = token_client(cy)
    join = f"{GAMES}join/{dust_game.invite_token}/"
    anns = saved(ann, "crimson-dust/dust-devils-500.json")
    theirs = client.post(join, {"list": str(anns.uuid)}, format="json")
    assert (theirs.status_code, theirs.json()["details"][0]["path"]) == (400, "list")
    aces = saved(cy, "cs-aces/kims-team.json")
    wrong = client.post(join, {"list": str(aces.uuid)}, format="json")
    assert (wrong.status_code, wrong.json()["code"]) == (400, "wrong_system")
    assert client.post(join, {"list": "nope"}, format="json").json()["details"][0]["path"] == (
        "$.list"
    )
    assert client.post(f"{GAMES}join/no-such-invite/", {}, format="json").status_code == 404
    assert dust_game.seats.count() == 2


def test_creating_a_game_checks_its_fields(packs, ann):
    client = token_client(ann)
    for body, path in (
        ({"system": "chess", "referee": True}, "system"),
        ({"system": "crimson-dust"}, "list"),
        ({"system": "crimson-dust", "referee": True, "dice": "loaded"}, "$.dice"),
        ({"system": "crimson-dust", "list": "0c8f6a3e-5b1d-4e2a-9f7c-1d2e3f4a5b6c"}, "list"),
        ({"system": "crimson-dust", "referee": True, "title": "x" * 201}, "$.title"),
    ):
        answer = client.post(GAMES, body, format="json")
        assert (answer.status_code, answer.json()["details"][0]["path"]) == (400, path), body
    assert Game.objects.count() == 0


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_table_and_its_log_take_the_same_queries_however_long(dust_game, ann, bob, packs):
    client = token_client(ann)
    view, log = f"{GAMES}{dust_game.public_id}/", f"{GAMES}{dust_game.public_id}/log/"
    game_act(
        game=dust_game,
        user=ann,
        procedure="skill-test",
        params=TEST,
        roles={"model": "a1"},
        rolls=[4, 1, 2],
    )
    small = (_queries(client, view), _queries(client, log))
    for n in range(20):
        game_act(
            game=dust_game,
            user=bob,
            procedure="skill-test",
            params=TEST,
            roles={"model": f"b{n % 5 + 1}"},
            rolls=[4, 1, 2],
        )
    big = game_create(
        owner=ann,
        system="crimson-dust",
        title="Big",
        dice="physical",
        saved_list=saved(ann, "crimson-dust/hundred-models.json"),
    )
    game_join(game=big, user=bob, saved_list=saved(bob, "crimson-dust/hundred-models.json"))
    assert (dust_game.figures.count(), big.figures.count()) == (12, 200)
    assert (_queries(client, view), _queries(client, log)) == small
    big_view = f"{GAMES}{big.public_id}/"
    assert _queries(client, big_view) == small[0]
    assert small[0] <= 10


def test_who_runs_the_game_moves_it_phase_by_phase(server_game, ann, ref):
    player, referee = token_client(ann), token_client(ref)
    url = f"{GAMES}{server_game.public_id}/"
    assert player.post(f"{url}orders/", {"text": "advance"}, format="json").status_code == 201
    refused = player.post(f"{url}phase/", {}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "permission_denied")
    seen = []
    for _ in range(3):
        moved = referee.post(f"{url}phase/", {}, format="json").json()
        seen.append((moved["turn"], moved["phase"]["name"]))
    assert seen == [(1, "Action Points"), (1, "Morale Tests"), (2, "Activation")]
    orders = player.get(f"{url}orders/").json()["orders"]
    assert [(o["turn"], o["text"], bool(o["revealed_at"])) for o in orders] == [
        (1, "advance", True)
    ]
    bad = referee.post(f"{url}phase/", {"again": "sometimes"}, format="json")
    assert (bad.status_code, bad.json()["details"][0]["path"]) == (400, "$.again")


def test_players_and_the_referee_choose_their_notices(server_game, ann, ref):
    url = f"{GAMES}{server_game.public_id}/notices/"
    assert token_client(ann).post(url, {"on": True}, format="json").status_code == 200
    assert token_client(ref).post(url, {"on": True}, format="json").status_code == 200
    server_game.refresh_from_db()
    assert server_game.referee_notify is True
    assert [(s.user.username, s.notify) for s in server_game.seats.order_by("side")] == [
        ("ann", True),
        ("bob", False),
    ]
