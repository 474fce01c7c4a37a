"""The table: frozen lists, the append-only log, live state, corrections and fair dice."""

from __future__ import annotations

import pytest

from builder.core.errors import ApplicationError
from builder.play.log import log_document
from builder.play.models import Game, LogEntry
from builder.play.selectors import game_view, orders_visible
from builder.play.services import (
    game_act,
    game_correct,
    game_end,
    game_entropy_add,
    game_join,
    game_turn_next,
    order_submit,
)
from content.api_selectors import engine_catalogue
from rules_engine.fair_dice import commitment
from rules_engine.game_log import verify
from tests.builder.play.conftest import saved

pytestmark = pytest.mark.django_db

TEST = {"dice": 3, "difficulty": 2, "cumulative": True}


def act(game, user, rolls=None, roles=None, **more):
    return game_act(
        game=game,
        user=user,
        procedure="skill-test",
        params=TEST,
        roles={"model": "a1"} if roles is None else roles,
        rolls=rolls,
        **more,
    )


def test_each_player_brings_a_frozen_copy_and_its_figures(dust_game, ann):
    view = game_view(dust_game, ann)
    assert [
        (s["player"], s["side"], s["list"], s["points"], s["legal"]) for s in view["seats"]
    ] == [("ann", "a", "Dust Devils", 500, True), ("bob", "b", "Dust Devils", 500, True)]
    names = [f["name"] for f in view["figures"] if f["side"] == "a"]
    assert names[:2] == ["Sergeant Vance", "Brick"]
    assert [f["key"] for f in view["figures"]][:3] == ["a1", "a2", "a3"]
    assert view["seats"][0]["versions"] == {"crimson-dust-core": "1.0.0"}


def test_a_later_edit_of_the_saved_list_does_not_reach_the_table(dust_game, ann):
    from builder.lists.models import SavedList
    from builder.lists.services import saved_list_update

    mine = SavedList.objects.filter(owner=ann).first()
    doc = dict(mine.document, name="Renamed")
    saved_list_update(saved_list=mine, document=doc)
    assert dust_game.seats.get(user=ann).list_name == "Dust Devils"


def test_physical_dice_are_resolved_logged_and_applied(dust_game, ann):
    entry = act(dust_game, ann, rolls=[4, 1, 2])
    assert entry.seq == 1
    assert entry.record["outcome"]["passed"] is False
    assert entry.record["source"] == "physical"
    assert entry.record["roles"] == {"model": "a1"}
    dust_game.refresh_from_db()
    assert dust_game.state == {"a1": {"banked_scores": 1}}
    assert dust_game.status == Game.Status.PLAYING


def test_bad_input_appends_nothing(dust_game, ann):
    for rolls, roles, path in (
        ([4, 1], {"model": "a1"}, "rolls"),
        ([4, 1, 9], {"model": "a1"}, "rolls[2]"),
        ([4, 1, 2], {}, "roles.model"),
        ([4, 1, 2], {"model": "z9"}, "roles.model"),
    ):
        with pytest.raises(ApplicationError) as caught:
            act(dust_game, ann, rolls=rolls, roles=roles)
        assert caught.value.details[0]["path"] == path
    assert LogEntry.objects.count() == 0
    dust_game.refresh_from_db()
    assert dust_game.state == {}


def test_a_repeated_request_is_logged_once(dust_game, ann):
    first = act(dust_game, ann, rolls=[4, 1, 2], idempotency_key="k-1")
    again = act(dust_game, ann, rolls=[4, 1, 2], idempotency_key="k-1")
    assert again.pk == first.pk
    assert dust_game.entries.count() == 1


def test_a_correction_takes_the_change_back_and_is_logged(dust_game, ann, bob):
    act(dust_game, ann, rolls=[4, 1, 2])
    fix = game_correct(game=dust_game, user=bob, reverses=1, reason="wrong model")
    assert fix.seq == 2
    assert fix.record["reverses"] == 1
    dust_game.refresh_from_db()
    assert dust_game.state == {"a1": {}}
    with pytest.raises(ApplicationError) as caught:
        game_correct(game=dust_game, user=bob, reverses=1, reason="again")
    assert caught.value.message == "Entry 1 was reversed by entry 2 already."


def test_server_dice_are_committed_then_revealed_and_verify(server_game, ann, bob, ref):
    assert server_game.commitment == commitment(server_game.seed)
    game_entropy_add(game=server_game, user=ann, text="kestrel")
    first = act(server_game, ann)
    assert len(first.record["rolls"]) == 3
    with pytest.raises(ApplicationError):
        act(server_game, ann, rolls=[6, 6, 6])
    with pytest.raises(ApplicationError) as caught:
        game_entropy_add(game=server_game, user=bob, text="too late")
    assert caught.value.code == "game_not_open"
    act(server_game, bob, roles={"model": "b2"})
    before = log_document(server_game)
    assert before["dice"]["seed"] is None
    assert before["dice"]["entropy"] == {"ann": "kestrel"}
    server_game = game_end(game=server_game, user=ref)
    log = log_document(server_game)
    assert log["dice"]["seed"] == server_game.seed
    report = verify(engine_catalogue(), log)
    assert report == {
        "verified": True,
        "entries": 2,
        "rolls_checked": 6,
        "seed_revealed": True,
        "mismatch": None,
    }
    with pytest.raises(ApplicationError) as caught:
        act(server_game, ann)
    assert caught.value.code == "game_not_playing"


def test_joining_twice_or_with_another_game_is_refused(dust_game, ann, bob, packs):
    with pytest.raises(ApplicationError) as caught:
        game_join(
            game=dust_game, user=bob, saved_list=saved(bob, "crimson-dust/dust-devils-500.json")
        )
    assert caught.value.code == "already_seated"
    from tests.builder.api_fixtures import make_user

    cy = make_user("cy")
    with pytest.raises(ApplicationError) as caught:
        game_join(game=dust_game, user=cy, saved_list=saved(cy, "cs-aces/kims-team.json"))
    assert caught.value.code == "wrong_system"
    assert caught.value.message == (
        "Kim's team is a Crimson Skies: Aces list; this game is Crimson Dust."
    )


def test_orders_are_the_referees_until_the_turn_is_revealed(server_game, ann, bob, ref):
    order_submit(game=server_game, user=ann, text="advance  to the ridge")
    order_submit(game=server_game, user=bob, text="hold")
    order_submit(game=server_game, user=bob, text="hold and aim")
    assert [o.text for o in orders_visible(server_game, ref)] == [
        "advance to the ridge",
        "hold and aim",
    ]
    assert [o.text for o in orders_visible(server_game, ann)] == ["advance to the ridge"]
    game_turn_next(game=server_game, user=ref)
    assert [o.text for o in orders_visible(server_game, ann)] == [
        "advance to the ridge",
        "hold and aim",
    ]
    server_game.refresh_from_db()
    assert server_game.turn == 2


def test_who_asks_for_notices_is_e_mailed_and_orders_go_to_the_referee_only(
    server_game, ann, bob, ref, mailoutbox, django_capture_on_commit_callbacks
):
    from builder.play.services import game_notices_set

    ann.email, bob.email, ref.email = "ann@example.org", "bob@example.org", "rita@example.org"
    for user in (ann, bob, ref):
        user.save(update_fields=["email"])
    game_notices_set(game=server_game, user=bob, on=True)
    game_notices_set(game=server_game, user=ref, on=True)
    with django_capture_on_commit_callbacks(execute=True):
        entry = act(server_game, ann)
    assert sorted(m.to[0] for m in mailoutbox) == ["bob@example.org", "rita@example.org"]
    assert mailoutbox[0].subject.startswith(
        f"Refereed: Entry {entry.seq}: ann rolled for skill test."
    )
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        order_submit(game=server_game, user=ann, text="4L2F")
    assert [m.to for m in mailoutbox] == [["rita@example.org"]]
    assert "4L2F" not in mailoutbox[0].body
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game_turn_next(game=server_game, user=ref)
    assert sorted(m.to[0] for m in mailoutbox) == ["bob@example.org", "rita@example.org"]
    assert mailoutbox[0].subject == "Refereed: Turn 2 begins: the orders of turn 1 are revealed."
