"""Black Skies dice procedures resolved by the rules: the book's examples, edge cases, bad
rolls refused, and agreement with the exact odds the engine already computes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import BadDocument
from rules_engine.black_skies.book import read_book
from rules_engine.black_skies.dice import hit_chance, hit_damage, piloting_success, to_hit_modifier
from rules_engine.resolve import dice_needed, resolve
from tests.rules_engine.black_skies.black_skies_lists import CATALOGUE

BOOK = read_book(CATALOGUE)
SYSTEM = "black-skies"


def run(procedure, rolls=(), **params):
    return resolve(CATALOGUE, SYSTEM, procedure, params, list(rolls))


def refused(procedure, rolls=(), **params):
    with pytest.raises(BadDocument) as caught:
        run(procedure, rolls, **params)
    return [(e.path, e.message) for e in caught.value.errors]


def changes(result):
    return {(c["subject"], c["field"]): c.get("delta", c.get("value")) for c in result["changes"]}


def sections(result):
    return [s["section"] for s in result["explanation"]]


# --- the book's worked examples ---------------------------------------------------------


def test_book_example_piloting_check_failed_sideslip_left_flies_smooth_left():
    # Seed line 16 (Piloting Check): "a pilot attempting and failing an Sideslip Left performs
    # a basic Smooth Left instead. His wingman REMAINS WITH HIM. A fighter out of control this
    # way may not fire this turn". The book gives no roll; a green pilot in a crippled fighter
    # (difficulty 2 doubled to 4) rolling 2 makes 3 and fails.
    result = run("pilot-check", [2], skill=1, maneuver="sideslip-left", crippled=True)
    assert result["outcome"]["passed"] is False
    assert result["outcome"]["flown"] == "smooth-left"
    assert result["outcome"]["may_fire"] is False
    assert changes(result) == {("fighter", "failed_check"): True, ("fighter", "may_fire"): False}
    assert "wingman remains with him" in result["explanation"][2]["text"]


def test_book_example_maneuvers_hard_left_at_8_drops_to_6_after_the_move():
    # Seed line 16 (Maneuvers): "a fighter moving 8 inches per turn attempts a Hard Left. Its
    # current speed for this turn remains 8 until its movement is finished and then it drops
    # to 6 inches per turn." A trained pilot passes difficulty 3 without a roll.
    assert (
        dice_needed(CATALOGUE, SYSTEM, "pilot-check", {"skill": 2, "maneuver": "hard-left"}) == []
    )
    result = run("pilot-check", skill=2, maneuver="hard-left", speed=8)
    assert result["outcome"]["passed"] is True
    assert (result["outcome"]["speed_moved"], result["outcome"]["speed_after"]) == (8, 6)
    assert changes(result) == {("fighter", "speed"): 6}
    assert sections(result)[-1] == "Maneuvers"


def test_book_example_maneuvers_penalty_applies_whether_the_maneuver_succeeds_or_not():
    # Seed line 16 (Maneuvers): the Movement Penalty "is applied whether the maneuver succeeds
    # or not": the same Hard Left at 8, failed by a green pilot rolling 1 (1 + 1 < 3).
    result = run("pilot-check", [1], skill=1, maneuver="hard-left", speed=8)
    assert result["outcome"]["passed"] is False
    assert result["outcome"]["flown"] == "smooth-left"
    assert result["outcome"]["speed_after"] == 6


def test_book_example_armour_light_armour_hit_for_2_and_3_takes_3():
    # Seed line 20 (Armour): "if a fighter with light armour (-1) was hit twice and the
    # damage rolled was 2 and 3, then the actual damage applied would be (2-1) + (3-1) or 3."
    result = run("damage", [2, 3], hits=2, damage_die=6, armour=1)
    assert result["outcome"]["damage_per_hit"] == [1, 2]
    assert result["outcome"]["damage"] == 3
    assert changes(result)[("target", "hull")] == -3


def test_book_example_shields_a_laser_cannon_rolls_a_d4_against_shields():
    # Seed line 20 (Shields): "if a fighter with shields was hit by a Laser Cannon (damage =
    # d6) the die your opponent actually rolled would be a d4 instead."
    (die,) = dice_needed(CATALOGUE, SYSTEM, "damage", {"hits": 1, "damage_die": 6, "shields": 1})
    assert (die.count, die.sides) == (1, 4)
    assert run("damage", [4], shields=1)["outcome"]["damage"] == 4
    assert refused("damage", [5], shields=1) == [
        ("rolls[0]", "a d4 (damage: one die per hit) shows 1 to 4, not 5")
    ]


def test_book_example_examples_black_tiger_fires_two_d12_and_one_when_crippled():
    # Seed line 22 (Examples): "Laser Cannon ... Rate of Fire - 1 ... Damage - d6 / Black
    # Tiger ... Weapons - Laser Cannons (2)"; Combat (line 20): a crippled fighter "may only
    # fire half (round down) of its weapons".
    tiger = {"weapons": 2, "rate_of_fire": 1}
    assert [(d.count, d.sides) for d in dice_needed(CATALOGUE, SYSTEM, "volley", tiger)] == [
        (2, 12)
    ]
    crippled = dice_needed(CATALOGUE, SYSTEM, "volley", tiger | {"crippled": True})
    assert [(d.count, d.sides) for d in crippled] == [(1, 12)]


# --- pilot-check -----------------------------------------------------------------------


def test_a_check_that_cannot_fail_takes_no_die_and_a_roll_is_refused():
    assert run("pilot-check", skill=1, maneuver="steady")["outcome"]["rolled"] is False
    assert refused("pilot-check", [3], skill=1, maneuver="steady") == [
        ("rolls", "needs 0 dice: no dice; got 1")
    ]


def test_a_check_that_cannot_pass_fails_without_a_roll():
    # Hard Left 3, doubled for crippled and again for a failure: 12 > 6 + 1.
    result = run("pilot-check", skill=1, maneuver="hard-left", crippled=True, failed_before=True)
    assert result["outcome"]["difficulty"] == 12
    assert (result["outcome"]["passed"], result["outcome"]["rolled"]) == (False, False)
    assert "12 fails without a roll" in result["explanation"][1]["text"]


def test_a_failed_check_earlier_doubles_the_difficulty():
    # Break Left 2, doubled to 4: a green pilot fails on 2 (2 + 1) and passes on 3 (3 + 1).
    before = {"skill": 1, "maneuver": "break-left", "failed_before": True}
    assert run("pilot-check", [2], **before)["outcome"]["passed"] is False
    assert run("pilot-check", [3], **before)["outcome"]["passed"] is True
    assert run("pilot-check", skill=1, maneuver="break-left")["outcome"]["rolled"] is False


@pytest.mark.parametrize(("side", "flown"), [("left", "smooth-left"), ("right", "smooth-right")])
def test_a_failed_snake_flies_the_smooth_turn_it_set_off_to(side, flown):
    result = run("pilot-check", [1], skill=1, maneuver="snake", snake_side=side)
    assert result["outcome"]["flown"] == flown


def test_a_failed_accelerate_flies_steady_at_the_old_speed():
    result = run(
        "pilot-check",
        [1],
        skill=1,
        maneuver="accelerate",
        crippled=True,
        failed_before=True,
        speed=5,
    )
    assert result["outcome"]["flown"] == "steady"
    assert result["outcome"]["speed_after"] == 5
    assert ("fighter", "speed") not in changes(result)


@pytest.mark.parametrize(
    ("maneuver", "weight", "extra", "speed", "after"),
    [
        ("accelerate", "medium", {}, 6, 9),
        ("accelerate", "light", {"accelerate_by": 2}, 6, 8),
        ("accelerate", "light", {}, 10, 12),  # the speed limit of 12
        ("decelerate", "medium", {}, 6, 5),
        ("decelerate", "medium", {}, 0, 0),
        ("afterburner", "light", {}, 2, 8),  # 150% of 4
        ("afterburner", "heavy", {}, 2, 5),  # 150% of 2
        ("reverse-left", "medium", {}, 3, 0),  # penalty 4, never below 0
    ],
)
def test_speed_changes_by_the_maneuver_and_its_penalty(maneuver, weight, extra, speed, after):
    result = run("pilot-check", skill=4, maneuver=maneuver, weight=weight, speed=speed, **extra)
    assert result["outcome"]["speed_after"] == after


def test_accelerate_by_is_within_the_acceleration_rating_and_only_for_accelerate():
    assert refused("pilot-check", maneuver="accelerate", weight="heavy", accelerate_by=3) == [
        ("params.accelerate_by", "must be from 0 to 2, not 3")
    ]
    assert refused("pilot-check", maneuver="steady", accelerate_by=1) == [
        ("params.accelerate_by", "accelerate_by goes with the Accelerate maneuver only")
    ]


def test_a_wingman_check_decides_only_whether_he_may_fire():
    result = run("pilot-check", [1], skill=1, maneuver="hard-right", role="wingman", speed=8)
    assert result["outcome"]["may_fire"] is False
    assert result["outcome"]["flown"] is None
    assert result["explanation"][2]["text"].startswith(
        "Fighter control has got away from the wingman"
    )
    assert result["outcome"]["speed_after"] is None
    assert changes(result) == {("fighter", "failed_check"): True, ("fighter", "may_fire"): False}


def test_a_bootlegger_says_retrograde_motion_is_lost():
    result = run("pilot-check", skill=4, maneuver="bootlegger")
    assert any("Retrograde Motion" in s["text"] for s in result["explanation"])


def test_an_unknown_maneuver_is_refused_by_name():
    problems = refused("pilot-check", maneuver="loop")
    assert problems[0][0] == "params.maneuver"


# --- volley, damage, crippling ------------------------------------------------------------


def test_volley_hits_on_the_target_number_after_modifiers():
    # Medium range 7; target speed 2 gives +2; the firer's penalty 2 takes 2 off: +0.
    result = run("volley", [6, 7], weapons=2, range="medium", target_speed=2, maneuver_penalty=2)
    assert result["outcome"] == {
        "weapons_fired": 2,
        "dice": 2,
        "target_number": 7,
        "modifier": 0,
        "hits": 1,
    }


@pytest.mark.parametrize(
    ("speed", "band", "face", "hit"),
    [
        (0, "long", 6, True),
        (0, "long", 5, False),
        (10, "close", 5, False),
        (10, "close", 6, True),
        (3, "close", 2, True),
        (4, "close", 3, False),
    ],
)
def test_volley_speed_modifiers(speed, band, face, hit):
    result = run("volley", [face], weapons=1, range=band, target_speed=speed)
    assert result["outcome"]["hits"] == int(hit)


def test_a_crippled_fighter_with_one_weapon_fires_none():
    result = run("volley", weapons=1, crippled=True)
    assert result["outcome"]["dice"] == 0
    assert result["outcome"]["hits"] == 0


def test_volley_refuses_a_face_a_d12_lacks_and_the_wrong_count():
    assert refused("volley", [13, 1], weapons=2) == [
        ("rolls[0]", "a d12 (to hit: one d12 per shot) shows 1 to 12, not 13")
    ]
    assert refused("volley", [3], weapons=1, rate_of_fire=2)[0][0] == "rolls"


def test_armour_never_makes_a_hit_negative():
    assert run("damage", [1, 4], hits=2, armour=2)["outcome"]["damage_per_hit"] == [0, 2]


def test_two_shield_levels_step_a_d6_down_to_a_d2_when_the_setting_allows():
    params = {"shields": 2, "max_shield_levels": 2}
    assert [d.sides for d in dice_needed(CATALOGUE, SYSTEM, "damage", params)] == [2]
    assert refused("damage", [1], shields=2) == [
        ("params.shields", "2 shield levels, over the max_shield_levels setting of 1")
    ]


def test_damage_refuses_a_die_the_chain_lacks_and_a_hull_over_full():
    assert refused("damage", [1], damage_die=7)[0][0] == "params.damage_die"
    assert refused("damage", [1], target_weight="light", target_hull=5) == [
        ("params.target_hull", "must be from 1 to 4, not 5")
    ]


def test_damage_cripples_then_destroys_and_stops_at_zero():
    crippled = run("damage", [2], target_weight="light", target_hull=4)
    assert crippled["outcome"]["hull_after"] == 2
    assert changes(crippled) == {("target", "hull"): -2, ("target", "crippled"): True}
    already = run("damage", [1], target_weight="light", target_hull=2)
    assert changes(already) == {("target", "hull"): -1}
    destroyed = run("damage", [6, 6], hits=2, target_weight="light", target_hull=2)
    assert changes(destroyed) == {("target", "hull"): -2, ("target", "destroyed"): True}
    assert destroyed["outcome"]["destroyed"] is True


@pytest.mark.parametrize(
    ("weight", "hull", "crippled"),
    [
        ("light", 2, True),
        ("light", 3, False),
        ("medium", 3, True),
        ("medium", 4, False),
        ("heavy", 4, True),
        ("heavy", 5, False),
        ("heavy", 0, False),
    ],
)
def test_crippling_at_half_the_weight_die_or_less(weight, hull, crippled):
    result = run("crippling", weight=weight, hull=hull)
    assert result["outcome"]["crippled"] is crippled
    assert result["outcome"]["destroyed"] is (hull == 0)
    assert result["dice"] == []


# --- agreement with the exact odds ----------------------------------------------------------


def _pass_chance(**params):
    dice = dice_needed(CATALOGUE, SYSTEM, "pilot-check", params)
    if not dice:
        return Fraction(int(run("pilot-check", **params)["outcome"]["passed"]))
    passes = sum(run("pilot-check", [f], **params)["outcome"]["passed"] for f in range(1, 7))
    return Fraction(passes, 6)


@pytest.mark.parametrize("maneuver", sorted(BOOK.options))
@pytest.mark.parametrize("skill", [1, 2, 3, 4])
@pytest.mark.parametrize(
    ("crippled", "failed_before"), [(False, False), (True, False), (True, True)]
)
def test_pilot_check_passes_as_often_as_the_piloting_odds(maneuver, skill, crippled, failed_before):
    expected = piloting_success(
        BOOK, skill, BOOK.options[maneuver].difficulty, crippled, failed_before
    )
    assert (
        _pass_chance(skill=skill, maneuver=maneuver, crippled=crippled, failed_before=failed_before)
        == expected
    )


@pytest.mark.parametrize("band", ["close", "medium", "long"])
@pytest.mark.parametrize(("speed", "penalty"), [(0, 0), (2, 1), (6, 2), (11, 4)])
def test_volley_hits_as_often_as_the_volley_odds(band, speed, penalty):
    params = {"weapons": 1, "range": band, "target_speed": speed, "maneuver_penalty": penalty}
    hits = sum(run("volley", [f], **params)["outcome"]["hits"] for f in range(1, 13))
    assert Fraction(hits, 12) == hit_chance(BOOK, band, to_hit_modifier(BOOK, speed, penalty))


@pytest.mark.parametrize(("die", "armour", "shields"), [(6, 0, 0), (6, 1, 1), (8, 2, 0), (4, 1, 1)])
def test_one_hit_does_the_damage_the_odds_give(die, armour, shields):
    params = {"damage_die": die, "armour": armour, "shields": shields}
    (rolled,) = dice_needed(CATALOGUE, SYSTEM, "damage", params)
    got = sorted(
        run("damage", [f], **params)["outcome"]["damage"] for f in range(1, rolled.sides + 1)
    )
    expected = hit_damage(die, armour, shields * BOOK.shield_steps)
    assert got == sorted(o for o in expected.outcomes() for _ in range(expected.quantity(o)))


# --- properties: every situation and roll resolves; a higher roll never does worse --------


@st.composite
def pilot_situations(draw):
    maneuver = draw(st.sampled_from(sorted(BOOK.options)))
    weight = draw(st.sampled_from(sorted(BOOK.weights)))
    params = {
        "skill": draw(st.integers(1, 4)),
        "maneuver": maneuver,
        "speed": draw(st.integers(0, 12)),
        "crippled": draw(st.booleans()),
        "failed_before": draw(st.booleans()),
        "role": draw(st.sampled_from(["lead", "wingman"])),
        "weight": weight,
        "snake_side": draw(st.sampled_from(["left", "right"])),
    }
    if maneuver == "accelerate" and draw(st.booleans()):
        params["accelerate_by"] = draw(st.integers(0, BOOK.weights[weight].acceleration))
    return params


@given(pilot_situations(), st.integers(1, 6), st.integers(1, 6))
def test_every_pilot_check_resolves_and_a_higher_roll_never_fails_where_a_lower_passes(
    params, a, b
):
    if not dice_needed(CATALOGUE, SYSTEM, "pilot-check", params):
        assert isinstance(run("pilot-check", **params)["outcome"]["passed"], bool)
        return
    low, high = sorted((a, b))
    worse = run("pilot-check", [low], **params)["outcome"]
    better = run("pilot-check", [high], **params)["outcome"]
    assert better["passed"] >= worse["passed"]
    if params["role"] == "lead":
        assert 0 <= better["speed_after"] <= 12


@given(
    st.integers(1, 6),
    st.integers(1, 3),
    st.booleans(),
    st.sampled_from(["close", "medium", "long"]),
    st.integers(0, 12),
    st.integers(0, 12),
    st.data(),
)
def test_every_volley_resolves_and_a_higher_die_never_hits_less(
    weapons, rof, crippled, band, speed, penalty, data
):
    params = {
        "weapons": weapons,
        "rate_of_fire": rof,
        "crippled": crippled,
        "range": band,
        "target_speed": speed,
        "maneuver_penalty": penalty,
    }
    count = sum(d.count for d in dice_needed(CATALOGUE, SYSTEM, "volley", params))
    faces = data.draw(st.lists(st.integers(1, 12), min_size=count, max_size=count))
    result = run("volley", faces, **params)["outcome"]
    assert 0 <= result["hits"] <= count
    if faces:
        i = data.draw(st.integers(0, count - 1))
        raised = [*faces[:i], min(12, faces[i] + 1), *faces[i + 1 :]]
        assert run("volley", raised, **params)["outcome"]["hits"] >= result["hits"]


@given(
    st.integers(1, 5),
    st.sampled_from([4, 6, 8, 10, 12, 20]),
    st.integers(0, 2),
    st.integers(0, 1),
    st.sampled_from(sorted(BOOK.weights)),
    st.data(),
)
def test_every_damage_resolves_and_a_higher_die_never_does_less(
    hits, die, armour, shields, weight, data
):
    hull = data.draw(st.integers(1, BOOK.weights[weight].hull))
    params = {
        "hits": hits,
        "damage_die": die,
        "armour": armour,
        "shields": shields,
        "target_weight": weight,
        "target_hull": hull,
    }
    (rolled,) = dice_needed(CATALOGUE, SYSTEM, "damage", params)
    faces = data.draw(st.lists(st.integers(1, rolled.sides), min_size=hits, max_size=hits))
    result = run("damage", faces, **params)["outcome"]
    assert 0 <= result["hull_after"] <= hull
    i = data.draw(st.integers(0, hits - 1))
    raised = [*faces[:i], min(rolled.sides, faces[i] + 1), *faces[i + 1 :]]
    assert run("damage", raised, **params)["outcome"]["damage"] >= result["damage"]
