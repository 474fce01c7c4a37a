"""Air Action's dice procedures resolved by the rules: the book's worked examples, edge cases,
bad rolls, and every situation and roll resolving without error."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.catalogue import load_catalogue
from rules_engine.cs_air_action.collisions import check_fails, collision_damage
from rules_engine.cs_air_action.procedures import PROCEDURES
from rules_engine.errors import BadDocument
from rules_engine.resolve import dice_needed, resolve

CATALOGUE = load_catalogue()
SYSTEM = "cs-air-action"


def play(procedure, rolls, **params):
    return resolve(CATALOGUE, SYSTEM, procedure, params, rolls)


def notation(procedure, **params):
    return [d.notation for d in dice_needed(CATALOGUE, SYSTEM, procedure, params)]


def changes(answer):
    return {(c["subject"], c["field"]): c.get("delta", c.get("value")) for c in answer["changes"]}


def refused(procedure, rolls, **params):
    with pytest.raises(BadDocument) as caught:
        play(procedure, rolls, **params)
    return [(e.path, e.message) for e in caught.value.errors]


# -- the book's worked examples -----------------------------------------------------------


def test_book_example_fate_loyle_crawford_rolls_six_dice():
    # Seed 001 line 96 ("Fate"): "Loyle Crawford takes a shot against a plane with a
    # silhouette value of 5 ... His attack value is 3 and his fate value is 3, so he rolls
    # six dice and counts his hits normally. After resolving the shot, click Loyle's Ace
    # combat dial clockwise one click for using fate."
    situation = dict(gunnery=3, silhouette=5, offensive_fate=True, attacker_fate=3)
    assert notation("shot", **situation) == ["6d6"]
    answer = play("shot", [1, 2, 3, 4, 5, 6], **situation)
    assert answer["outcome"]["hits"] == 2  # the 5 and the 6, counted normally
    assert changes(answer) == {("attacker", "ace_clicks"): 1, ("target", "clicks"): 2}
    assert answer["explanation"][1]["section"] == "Fate"


def test_book_example_fate_charlie_steele_defends_down_to_the_natural_six():
    # Seed 001 line 96 ("Fate"): "Charlie Steele's plane has a silhouette value of 4. Her
    # opponent takes a shot at her, rolling 4, 4, 5, and 6 for a total of four hits! ...
    # Charlie uses her fate value of 2 defensively to prevent three of the hits; the 6 hit
    # cannot be prevented by fate. Charlie clicks her plane's combat dial clockwise one
    # click. After the action is resolved, Charlie's Ace combat dial is clicked clockwise
    # once for using fate."
    plain = play("shot", [4, 4, 5, 6], gunnery=4, silhouette=4)
    assert plain["outcome"]["hits"] == 4
    answer = play("shot", [4, 4, 5, 6], gunnery=4, silhouette=4, defensive_fate=True, target_fate=2)
    outcome = answer["outcome"]
    assert (outcome["hits"], outcome["prevented_by_fate"], outcome["clicks"]) == (4, 3, 1)
    assert changes(answer) == {("target", "clicks"): 1, ("target", "ace_clicks"): 1}


def test_book_example_fate_value_0_still_clicks_the_ace_dial():
    # Seed 001 line 96 ("Fate"): "If an Ace has a fate value of 0, he or she may still use
    # fate offensively. Doing so will have no effect on the number of dice rolled, but you
    # still give the Ace's combat dial a clockwise click."
    situation = dict(gunnery=3, offensive_fate=True, attacker_fate=0)
    assert notation("shot", **situation) == ["3d6"]
    answer = play("shot", [1, 1, 1], **situation)
    assert changes(answer) == {("attacker", "ace_clicks"): 1}


def test_book_example_firing_arcs_from_behind_at_point_blank_is_a_double_bonus():
    # Seed 001 line 75 ("Firing Arcs"): "Firing from behind and at point-blank range, this
    # pilot gets a double bonus!" Line 76: from the rear arc "add one attack die"; line 82
    # ("Combat"): "within one movement marker ... reduce the target's silhouette value by 1".
    situation = dict(gunnery=2, silhouette=5, rear_arc=True, point_blank=True)
    assert notation("shot", **situation) == ["3d6"]
    answer = play("shot", [4, 4, 3], **situation)
    assert (answer["outcome"]["target_number"], answer["outcome"]["hits"]) == (4, 2)
    assert "Firing Arcs" in [s["section"] for s in answer["explanation"]]


def test_book_example_combat_a_near_perfect_shot_deals_three_clicks():
    # Seed 001 line 82 ("Combat"): "A near-perfect shot dishes out 3 clicks of damage to the
    # enemy target"; "Your opponent must click the target's combat dial clockwise once for
    # each hit."
    answer = play("shot", [6, 6, 6], gunnery=3, silhouette=6)
    assert changes(answer) == {("target", "clicks"): 3}


def test_book_example_movement_moving_faster_than_recommended_takes_a_redline_check():
    # Seed 001 line 51 ("Movement"): "Because this plane is trying to move faster than
    # recommended, its pilot must make a pilot check for redlining the engine."
    assert notation("redline", current_speed=7, max_speed=6) == ["2d6"]
    assert notation("redline", current_speed=6, max_speed=6) == []


# -- shot -----------------------------------------------------------------------------------


def test_a_modified_silhouette_above_6_is_6_and_point_blank_comes_first():
    answer = play("shot", [6, 5], gunnery=2, silhouette=7, silhouette_modifier=1, point_blank=True)
    assert answer["outcome"]["target_number"] == 6
    assert answer["outcome"]["hits"] == 1
    assert "considered to be 6" in answer["explanation"][1]["text"]


def test_speed_effects_change_the_dice_and_can_leave_none():
    assert notation("shot", gunnery=3, gunnery_modifier=-1) == ["2d6"]
    assert notation("shot", gunnery=1, gunnery_modifier=-2) == []
    answer = play("shot", [], gunnery=1, gunnery_modifier=-2)
    assert answer["outcome"]["hits"] == 0
    assert answer["changes"] == []
    assert notation("shot", gunnery=1, gunnery_modifier=-2, rear_arc=True) == ["1d6"]


def test_hits_stop_at_three_bullet_holes_and_score_a_shot_down():
    answer = play("shot", [5, 5, 5, 5], gunnery=4, silhouette=3, clicks_left=2)
    assert answer["outcome"]["shot_down"] is True
    assert changes(answer) == {("target", "clicks"): 2, ("target", "shot_down"): True}


def test_in_a_campaign_hits_run_on_to_the_structural_limit_and_earn_experience():
    answer = play(
        "shot", [5, 5, 5, 5], gunnery=4, silhouette=3, clicks_left=2, campaign_clicks_left=3
    )
    assert changes(answer) == {
        ("target", "clicks"): 3,
        ("target", "shot_down"): True,
        ("attacker", "experience"): 100,
    }
    assert "Bailing Out" in [s["section"] for s in answer["explanation"]]
    short = play(
        "shot", [5, 5, 1, 1], gunnery=4, silhouette=3, clicks_left=2, campaign_clicks_left=5
    )
    assert changes(short)[("target", "clicks")] == 2


def test_fate_saves_the_ace_from_being_shot_down_but_not_from_sixes():
    answer = play(
        "shot",
        [6, 6, 4],
        gunnery=3,
        silhouette=4,
        clicks_left=2,
        defensive_fate=True,
        target_fate=1,
    )
    assert answer["outcome"]["shot_down"] is True
    assert answer["outcome"]["clicks"] == 2
    saved = play(
        "shot",
        [6, 5, 4],
        gunnery=3,
        silhouette=4,
        clicks_left=2,
        defensive_fate=True,
        target_fate=1,
    )
    assert saved["outcome"]["shot_down"] is False
    assert saved["outcome"]["clicks"] == 1


def test_defensive_fate_needs_a_fate_value_above_0():
    assert refused("shot", [4, 4, 4], defensive_fate=True, target_fate=0) == [
        (
            "params.defensive_fate",
            "an Ace's fate value must be greater than 0 to use fate defensively",
        )
    ]


def test_a_campaign_limit_needs_the_clicks_to_three_bullet_holes():
    assert refused("shot", [4, 4, 4], campaign_clicks_left=3)[0][0] == "params.campaign_clicks_left"
    assert refused("shot", [4, 4, 4], clicks_left=3, campaign_clicks_left=2)[0][0] == (
        "params.campaign_clicks_left"
    )


@pytest.mark.parametrize(
    ("rolls", "path", "start"),
    [
        ([4, 4], "rolls", "needs 3 dice: 3d6 (attack dice); got 2"),
        ([4, 4, 4, 4], "rolls", "needs 3 dice: 3d6 (attack dice); got 4"),
        ([4, 7, 4], "rolls[1]", "a d6 (attack dice) shows 1 to 6, not 7"),
        ([0, 4, 4], "rolls[0]", "a d6 (attack dice) shows 1 to 6, not 0"),
    ],
)
def test_bad_rolls_are_refused_naming_the_dice(rolls, path, start):
    assert refused("shot", rolls) == [(path, start)]


def test_a_check_that_needs_no_dice_refuses_dice():
    assert refused("redline", [3, 4], current_speed=4, max_speed=5) == [
        ("rolls", "needs 0 dice: no dice; got 2")
    ]


# -- pilot checks, redline, throttle, obstacles, speed effects --------------------------------


@pytest.mark.parametrize(
    ("rolls", "piloting", "passed"),
    [
        ([3, 4], 7, True),
        ([3, 3], 7, False),
        ([6, 6], 12, True),
        ([1, 1], 2, False),
        ([1, 1], 0, False),
        ([1, 2], 3, True),
    ],
)
def test_a_pilot_check_succeeds_at_or_above_piloting_and_a_2_always_fails(rolls, piloting, passed):
    answer = play("pilot-check", rolls, piloting=piloting)
    assert answer["outcome"]["passed"] is passed
    assert answer["outcome"]["critical_failure"] is (sum(rolls) == 2)


def test_under_the_collisions_only_reading_a_2_can_pass_a_low_piloting_value():
    answer = play("pilot-check", [1, 1], piloting=2, critical_failure="collisions-only")
    assert answer["outcome"]["passed"] is True


def test_a_failed_redline_check_costs_a_click_and_drops_to_maximum_speed():
    answer = play("redline", [2, 3], current_speed=8, max_speed=6, piloting=7)
    assert answer["outcome"] == {"redlining": True, "passed": False, "speed": 6, "destroyed": False}
    assert changes(answer) == {("plane", "clicks"): 1, ("plane", "speed"): 6}
    kept = play("redline", [4, 3], current_speed=8, max_speed=6, piloting=7)
    assert kept["outcome"]["speed"] == 8
    assert kept["changes"] == []


def test_a_redline_click_can_destroy_the_plane():
    answer = play("redline", [1, 2], current_speed=8, max_speed=6, piloting=7, clicks_left=1)
    assert changes(answer)[("plane", "destroyed")] is True


def test_throttling_one_click_is_free_and_two_take_a_check():
    assert notation("throttle", current_speed=4, change=1) == []
    assert play("throttle", [], current_speed=4, change=-1)["outcome"]["speed"] == 3
    assert notation("throttle", current_speed=4, change=2) == ["2d6"]
    passed = play("throttle", [4, 4], current_speed=4, change=2, piloting=8)
    assert changes(passed) == {("plane", "speed"): 6}
    failed = play("throttle", [3, 4], current_speed=4, change=-2, piloting=8)
    assert failed["outcome"]["speed"] == 4
    assert changes(failed) == {("plane", "clicks"): 1}


def test_the_speed_dial_never_turns_past_the_red_line():
    assert refused("throttle", [4, 4], current_speed=8, change=2, red_line=9)[0][0] == (
        "params.change"
    )


def test_an_obstacle_costs_one_click_or_the_current_speed_and_a_point_of_speed():
    passed = play("obstacle", [4, 4], current_speed=5, piloting=8)
    assert changes(passed) == {("plane", "clicks"): 1, ("plane", "speed"): 4}
    failed = play("obstacle", [3, 4], current_speed=5, piloting=8)
    assert changes(failed) == {("plane", "clicks"): 5, ("plane", "speed"): 4}
    wrecked = play("obstacle", [3, 4], current_speed=5, piloting=8, clicks_left=3)
    assert changes(wrecked) == {("plane", "clicks"): 3, ("plane", "destroyed"): True}


def test_a_maximum_speed_effect_is_read_from_the_catalogue():
    answer = play("speed-effect", [], effect="sample-airframe-strain", current_speed=9)
    assert changes(answer) == {("plane", "clicks"): 1, ("plane", "speed"): 8}
    assert "sample" in answer["explanation"][1]["text"]
    assert refused("speed-effect", [], effect="sample-shaky-aim")[0][0] == "params.effect"
    assert refused("speed-effect", [], effect="no-such-effect")[0][0] == "params.effect"
    assert refused("speed-effect", [])[0][0] == "params.effect"


# -- collisions ----------------------------------------------------------------------------


TOTALS = {2: [1, 1], 3: [1, 2], 6: [3, 3], 7: [3, 4], 12: [6, 6]}


@pytest.mark.parametrize(
    ("total_a", "total_b", "left_a", "left_b"),
    list(itertools.product(TOTALS, TOTALS, (1, 2, 4), (1, 3))),
)
def test_a_two_plane_collision_matches_the_engines_collision_damage(
    total_a, total_b, left_a, left_b
):
    answer = play(
        "collision",
        TOTALS[total_a] + TOTALS[total_b],
        piloting=[7, 6],
        clicks_left=[left_a, left_b],
    )
    expected = collision_damage(
        check_fails(total_a, 7),
        check_fails(total_b, 6),
        2 in (total_a, total_b),
        left_a,
        left_b,
        False,
    )
    assert tuple(answer["outcome"]["clicks"]) == expected


def test_an_aces_fate_avoids_a_two_plane_serious_collision_completely():
    answer = play("collision", [1, 1, 6, 6], piloting=[7, 7], clicks_left=[3, 3], fate=[2])
    assert answer["outcome"]["clicks"] == [0, 0]
    assert changes(answer) == {("plane_2", "ace_clicks"): 1}
    plain = play("collision", [1, 2, 6, 6], piloting=[7, 7], clicks_left=[3, 3], fate=[2])
    assert changes(plain) == {("plane_1", "clicks"): 1}  # not serious: no fate


def test_in_a_three_plane_collision_the_ace_leaves_and_the_others_collide_on():
    answer = play(
        "collision", [1, 1, 6, 6, 5, 5], piloting=[7, 7, 7], clicks_left=[3, 2, 4], fate=[2]
    )
    # Plane 1 fails (1 click, 2 left); planes 1 and 3 then click together until plane 1 is
    # destroyed: 2 more each.
    assert answer["outcome"]["clicks"] == [3, 0, 2]
    assert answer["outcome"]["destroyed"] == [True, False, False]
    three = play("collision", [1, 1, 6, 6, 5, 5], piloting=[7, 7, 7], clicks_left=[3, 2, 4])
    assert three["outcome"]["clicks"] == [3, 2, 2]


def test_collision_parameters_must_agree():
    assert refused("collision", [4, 4, 4, 4], piloting=[7, 7], clicks_left=[3])[0][0] == (
        "params.clicks_left"
    )
    assert refused("collision", [4, 4, 4, 4], fate=[3])[0][0] == "params.fate[0]"
    assert notation("collision", piloting=[7, 7, 7], clicks_left=[1, 1, 1]) == ["2d6"] * 3


# -- bail out, heroic acts, daring feats, initiative, etiquette ----------------------------


@pytest.mark.parametrize(
    ("act", "value_up", "experience"),
    [
        ("grabbing-one-memento", 1, 25),
        ("grabbing-two-mementos", 2, 50),
        ("piloting-the-plane-to-a-safe-crash-site", 3, 100),
    ],
)
def test_heroic_acts_raise_the_bail_out_value_and_pay_experience_on_success(
    act, value_up, experience
):
    # Seed 001 line 114 ("Heroic Acts"): "Grabbing one memento: add 1 to the bail out value
    # and gain 25 experience points if successful" (two mementos 2 and 50, safe crash site
    # 3 and 100); line 128 ("Gaining Experience"): "Successfully bailing out earns 25".
    need = 7 + value_up
    low = [1, need - 2] if need - 2 <= 6 else [need - 7, 6]
    high = [need - 6, 6] if need > 6 else [1, need - 1]
    failed = play("bail-out", low, bail_out_value=7, heroic_act=act)
    assert failed["outcome"]["bailed_out"] is False
    assert changes(failed) == {("pilot", "perished"): True}
    made = play("bail-out", high, bail_out_value=7, heroic_act=act)
    assert made["outcome"]["bail_out_value"] == need
    assert changes(made) == {
        ("pilot", "bailed_out"): True,
        ("pilot", "experience"): 25 + experience,
    }


def test_experience_levels_add_to_the_bail_out_roll():
    # Seed 001 line 110: "Veteran and Ace pilots: add 1 Double Ace pilot: add 2 Legend
    # pilot: add 3".
    for level, rolls, made in (
        ("rookie", [3, 4], False),
        ("veteran", [3, 4], True),
        ("legend", [1, 4], True),
        ("double_ace", [1, 4], False),
    ):
        answer = play("bail-out", rolls, bail_out_value=8, level=level)
        assert answer["outcome"]["bailed_out"] is made, level
    setting = play("bail-out", [3, 4], bail_out_value=8, rookie_bail_out_modifier=1)
    assert setting["outcome"]["bailed_out"] is True
    assert refused("bail-out", [3, 4], level="captain")[0][0] == "params.level"
    assert refused("bail-out", [3, 4], heroic_act="wave")[0][0] == "params.heroic_act"


def test_a_daring_feat_gives_the_total_and_says_the_table_is_lost():
    answer = play("daring-feat", [5, 4], attack=3)
    assert answer["outcome"] == {"total": 12, "feat": None}
    assert "not in the book's text" in answer["explanation"][1]["text"]


def test_initiative_goes_to_the_highest_total_and_ties_roll_again():
    assert play("initiative", [3, 4, 6, 2])["outcome"] == {
        "totals": [7, 8],
        "aggressor": 2,
        "tied": [],
    }
    tied = play("initiative", [3, 4, 6, 1, 5, 2], players=3)["outcome"]
    assert tied == {"totals": [7, 7, 7], "aggressor": None, "tied": [1, 2, 3]}


def test_a_victory_tie_goes_to_the_highest_die_and_equal_dice_roll_again():
    # Seed 001 line 77 ("Victory!"): "If this total is also tied, roll a six-sided die to
    # determine who wins."
    assert play("victory-tie", [2, 5])["outcome"] == {"faces": [2, 5], "winner": 2, "tied": []}
    assert play("victory-tie", [4, 4, 1], players=3)["outcome"]["tied"] == [1, 2]


def test_an_etiquette_roll_allows_the_order_on_4_or_more():
    assert [play("etiquette", [f])["outcome"]["allowed"] for f in range(1, 7)] == [
        False,
        False,
        False,
        True,
        True,
        True,
    ]


# -- every situation, every roll -------------------------------------------------------------


def _rolls_for(draw, procedure, params):
    faces = []
    for die in dice_needed(CATALOGUE, SYSTEM, procedure, params):
        faces += draw(st.lists(st.integers(1, die.sides), min_size=die.count, max_size=die.count))
    return faces


@st.composite
def situations(draw):
    procedure = draw(st.sampled_from([p.name for p in PROCEDURES]))
    params: dict = {}
    left = draw(st.one_of(st.none(), st.integers(1, 6)))
    if procedure == "shot":
        params = dict(
            gunnery=draw(st.integers(1, 8)),
            silhouette=draw(st.integers(1, 9)),
            point_blank=draw(st.booleans()),
            rear_arc=draw(st.booleans()),
            gunnery_modifier=draw(st.integers(-3, 2)),
            silhouette_modifier=draw(st.integers(-2, 3)),
            offensive_fate=draw(st.booleans()),
            attacker_fate=draw(st.integers(0, 4)),
            defensive_fate=draw(st.booleans()),
            target_fate=draw(st.integers(1, 4)),
            weapon=draw(st.sampled_from(["front", "rear"])),
            clicks_left=left,
        )
        if left is not None and draw(st.booleans()):
            params["campaign_clicks_left"] = left + draw(st.integers(0, 3))
    elif procedure in ("pilot-check", "redline", "throttle", "obstacle"):
        params = dict(
            piloting=draw(st.integers(0, 13)),
            critical_failure=draw(st.sampled_from(["every-check", "collisions-only"])),
        )
        if procedure == "redline":
            params |= dict(
                current_speed=draw(st.integers(0, 10)),
                max_speed=draw(st.integers(0, 10)),
                clicks_left=left,
            )
        if procedure == "obstacle":
            params |= dict(current_speed=draw(st.integers(0, 10)), clicks_left=left)
        if procedure == "throttle":
            speed = draw(st.integers(3, 8))
            params |= dict(current_speed=speed, change=draw(st.integers(-2, 2)), clicks_left=left)
    elif procedure == "collision":
        n = draw(st.integers(2, 4))
        params = dict(
            piloting=draw(st.lists(st.integers(0, 12), min_size=n, max_size=n)),
            clicks_left=draw(st.lists(st.integers(1, 6), min_size=n, max_size=n)),
            fate=draw(st.lists(st.integers(1, n), max_size=n, unique=True)),
        )
    elif procedure == "bail-out":
        params = dict(
            bail_out_value=draw(st.integers(0, 14)),
            level=draw(st.sampled_from(["rookie", "veteran", "ace", "double_ace", "legend"])),
            heroic_act=draw(
                st.sampled_from(["none", "grabbing-one-memento", "grabbing-two-mementos"])
            ),
        )
    elif procedure == "speed-effect":
        params = dict(
            effect="sample-airframe-strain",
            current_speed=draw(st.integers(0, 10)),
            clicks_left=left,
        )
    elif procedure == "daring-feat":
        params = dict(attack=draw(st.integers(0, 6)))
    elif procedure in ("initiative", "victory-tie"):
        params = dict(players=draw(st.integers(2, 6)))
    return procedure, params, _rolls_for(draw, procedure, params)


@given(situations())
def test_every_situation_and_roll_resolves(case):
    procedure, params, rolls = case
    answer = play(procedure, rolls, **params)
    assert answer["explanation"]
    assert all(s["text"].endswith(".") and s["section"] for s in answer["explanation"])
    for change in answer["changes"]:
        assert change["text"]
        assert ("delta" in change) != ("value" in change)


@given(st.integers(1, 8), st.integers(1, 8), st.data())
def test_a_higher_die_never_hits_less(gunnery, silhouette, data):
    faces = data.draw(st.lists(st.integers(1, 6), min_size=gunnery, max_size=gunnery))
    at = data.draw(st.integers(0, gunnery - 1))
    higher = list(faces)
    higher[at] = data.draw(st.integers(faces[at], 6))
    defend = data.draw(st.booleans())
    hits = [
        play("shot", f, gunnery=gunnery, silhouette=silhouette, defensive_fate=defend)["outcome"][
            "clicks"
        ]
        for f in (faces, higher)
    ]
    assert hits[0] <= hits[1]


@given(
    st.sampled_from(["pilot-check", "obstacle", "bail-out"]),
    st.integers(0, 13),
    st.integers(1, 6),
    st.integers(1, 6),
)
def test_a_higher_check_never_does_worse(procedure, value, low, high):
    low, high = min(low, high), max(low, high)
    key = "bail_out_value" if procedure == "bail-out" else "piloting"
    outcomes = [play(procedure, [3, face], **{key: value})["outcome"] for face in (low, high)]
    passed = "bailed_out" if procedure == "bail-out" else "passed"
    assert outcomes[0][passed] <= outcomes[1][passed]
    if procedure == "obstacle":
        assert outcomes[0]["clicks"] >= outcomes[1]["clicks"]
