"""The experience a real game log earns Air Action campaign pilots ("Gaining Experience",
"Bailing Out", "Heroic Acts", "Performing a Daring Feat"; seed 001), and applying it twice."""

from __future__ import annotations

from typing import Any

from rules_engine.campaign import new_events, roster
from rules_engine.cs_air_action.campaign import RULES, members_from_list
from tests.rules_engine.campaign.air_logs import (
    CATALOGUE,
    CHARLIE,
    LOYLE,
    SQUADRON,
    SYSTEM,
    GameLog,
)

MEMBERS = members_from_list(CATALOGUE, SQUADRON)
FIGURES = {"a1": CHARLIE, "a2": LOYLE}
DEFAULTS = {"experience_multipliers": {}, "carry_over": True, "serious_collision_experience": 0}


def proposed(
    log: GameLog,
    winner: str | None = None,
    settings: dict[str, Any] | None = None,
    figures: dict[str, str] | None = None,
) -> list[dict[str, Any]]:
    return RULES.proposals(
        CATALOGUE, log.doc, figures or FIGURES, winner, {**DEFAULTS, **(settings or {})}
    )


def brief(events: list[dict[str, Any]]) -> list[tuple[str, str, int]]:
    return [(e["member"], e["kind"], e["experience"]) for e in events]


def test_gaining_experience_each_enemy_plane_shot_down_by_the_pilots_shot_earns_100():
    log = GameLog()
    seq = log.shoot_down("a1", "b1")
    events = proposed(log)
    assert events == [
        {
            "key": f"game-1:{seq}:shot-down:{CHARLIE}",
            "member": CHARLIE,
            "kind": "shot-down",
            "experience": 100,
            "cost": 0,
            "game": "game-1",
            "entry": seq,
            "text": "Shot down an enemy plane",
            "section": "Gaining Experience",
            "target": "b1",
            "target_member": None,
        }
    ]


def test_gaining_experience_a_friendly_plane_shot_down_earns_nothing():
    # "Each enemy plane that is shot down by the pilot's shot earns 100 experience points."
    log = GameLog()
    log.shoot_down("a1", "a2")
    assert proposed(log) == []


def test_bailing_out_successfully_earns_25_and_a_failed_bail_out_perishes():
    # "Successfully bailing out earns 25 experience points"; "Otherwise, the pilot perishes
    # in a burning wreck."
    log = GameLog()
    log.shoot_down("b1", "a1")
    log.bail_out("a1", made=True)
    log.shoot_down("b1", "a2")
    log.bail_out("a2", made=False)
    assert brief(proposed(log)) == [(CHARLIE, "bail-out", 25), (LOYLE, "perished", 0)]


def test_heroic_acts_earn_25_50_100_only_when_the_bail_out_succeeds():
    # "Grabbing one memento ... gain 25 experience points if successful. Grabbing two
    # mementos ... 50 ... Piloting the plane to a safe crash site ... 100".
    for act, points in (
        ("grabbing-one-memento", 25),
        ("grabbing-two-mementos", 50),
        ("piloting-the-plane-to-a-safe-crash-site", 100),
    ):
        made, lost = GameLog(), GameLog()
        made.roll("bail-out", [6, 6], {"pilot": "a1"}, bail_out_value=8, heroic_act=act)
        lost.roll("bail-out", [1, 2], {"pilot": "a1"}, bail_out_value=8, heroic_act=act)
        events = proposed(made)
        assert brief(events) == [(CHARLIE, "bail-out", 25), (CHARLIE, "heroic-act", points)]
        assert events[1]["act"] == act
        assert brief(proposed(lost)) == [(CHARLIE, "perished", 0)]


def test_daring_feats_winged_em_10_timely_distraction_15():
    for feat, points in (("winged-em", 10), ("timely-distraction", 15)):
        log = GameLog()
        log.daring_feat("a1", feat)
        events = proposed(log)
        assert brief(events) == [(CHARLIE, "daring-feat", points)]
        assert events[0]["feat"] == feat


def test_daring_feat_enjoy_the_ride_earns_50_plus_100_as_if_shot_down():
    # "Performing an Enjoy the Ride daring feat earns 50 experience points, plus 100 points
    # as if the commandeered plane were shot down."
    log = GameLog()
    log.daring_feat("a1", "enjoy-the-ride")
    events = proposed(log)
    assert brief(events) == [(CHARLIE, "daring-feat", 50), (CHARLIE, "shot-down", 100)]
    assert sum(e["experience"] for e in events) == 150
    charlie = roster(CATALOGUE, SYSTEM, MEMBERS, events)[0]
    assert charlie["experience"] == 150


def test_a_daring_feat_not_read_on_the_printed_table_earns_nothing():
    log = GameLog()
    log.roll("daring-feat", [5, 4], {"ace": "a1"}, attack=3)
    assert proposed(log) == []


def test_remaining_on_the_play_area_and_winning_earns_25_for_the_winners_survivors_only():
    # "Remaining on the play area at the end of a game and winning the game earns 25
    # experience points."  Ruling 20: a plane shot down, destroyed or bailed out of is not
    # remaining.
    log = GameLog()
    log.shoot_down("a1", "b1")
    events = proposed(log, winner="a")
    assert brief(events) == [
        (CHARLIE, "shot-down", 100),
        (CHARLIE, "remained-and-won", 25),
        (LOYLE, "remained-and-won", 25),
    ]
    assert events[1]["key"] == f"game-1:end:remained-and-won:{CHARLIE}"
    assert events[1]["entry"] is None
    assert brief(proposed(log, winner="b")) == [(CHARLIE, "shot-down", 100)]
    assert brief(proposed(log, winner=None)) == [(CHARLIE, "shot-down", 100)]
    log.shoot_down("b1", "a2")
    log.bail_out("a2", made=True)
    assert brief(proposed(log, winner="a"))[-2:] == [
        (LOYLE, "bail-out", 25),
        (CHARLIE, "remained-and-won", 25),
    ]


def test_a_plane_destroyed_in_a_collision_does_not_remain_and_a_serious_collision_setting():
    # Plane 1 rolls a 2: a serious collision; it had one click left and is destroyed.
    log = GameLog()
    log.roll(
        "collision",
        [1, 1, 6, 6],
        {"plane_1": "a1", "plane_2": "b1"},
        piloting=[7, 7],
        clicks_left=[1, 3],
    )
    assert brief(proposed(log, winner="a")) == [(LOYLE, "remained-and-won", 25)]
    survivor = GameLog()
    survivor.roll(
        "collision",
        [1, 1, 6, 6],
        {"plane_1": "b1", "plane_2": "a1"},
        piloting=[7, 7],
        clicks_left=[1, 3],
    )
    # Ruling 22: the book prints no points for surviving a serious collision (0: none).
    assert proposed(survivor) == []
    assert brief(proposed(survivor, settings={"serious_collision_experience": 10})) == [
        (CHARLIE, "survived-collision", 10)
    ]


def test_entries_reversed_by_a_correction_are_ignored():
    log = GameLog()
    wrong = log.shoot_down("a1", "b1")
    log.correct(wrong)
    log.shoot_down("a2", "b1")
    assert brief(proposed(log, winner="a")) == [
        (LOYLE, "shot-down", 100),
        (CHARLIE, "remained-and-won", 25),
        (LOYLE, "remained-and-won", 25),
    ]


def test_figures_missing_from_the_figure_map_are_ignored():
    log = GameLog()
    log.shoot_down("b1", "a3")
    log.shoot_down("a1", "b2")
    log.bail_out("b2", made=False)
    assert brief(proposed(log, winner="b")) == [(CHARLIE, "shot-down", 100)]
    assert brief(proposed(log, winner="a", figures={"a1": CHARLIE})) == [
        (CHARLIE, "shot-down", 100),
        (CHARLIE, "remained-and-won", 25),
    ]


def test_applying_the_same_log_twice_gives_no_new_events():
    log = GameLog()
    log.shoot_down("a1", "b1")
    log.daring_feat("a2", "enjoy-the-ride")
    first = new_events(set(), proposed(log, winner="a"))
    assert len(first) == 5
    assert new_events({e["key"] for e in first}, proposed(log, winner="a")) == []
    # Events of a log that grew after the first apply: only the new ones.
    log.shoot_down("a1", "b3")
    again = new_events({e["key"] for e in first}, proposed(log, winner="a"))
    assert brief(again) == [(CHARLIE, "shot-down", 100)]
    before = roster(CATALOGUE, SYSTEM, MEMBERS, first)
    after = roster(CATALOGUE, SYSTEM, MEMBERS, first + again)
    assert [s["experience"] for s in before] == [125, 175]
    assert [s["experience"] for s in after] == [225, 175]
    assert after[0]["level"] == "veteran"


def test_bailing_out_a_pilot_who_perished_is_proposed_nothing_more():
    # "Do not continue accumulating experience for this pilot."
    log = GameLog()
    log.shoot_down("b1", "a1")
    log.bail_out("a1", made=False)
    log.shoot_down("a1", "b2")
    assert brief(proposed(log, winner="a")) == [
        (CHARLIE, "perished", 0),
        (LOYLE, "remained-and-won", 25),
    ]
