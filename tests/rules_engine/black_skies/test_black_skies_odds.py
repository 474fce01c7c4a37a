"""Exact Black Skies odds (issue #5) checked by hand, by enumeration and by sampling."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import BadDocument
from rules_engine.black_skies import ODDS
from rules_engine.black_skies.book import read_book
from rules_engine.black_skies.dice import (
    armour_applied,
    chance,
    hit_chance,
    piloting_success,
    step_down,
    to_hit_modifier,
    volley_damage,
)
from rules_engine.montecarlo import Z95, rng
from tests.rules_engine.black_skies.black_skies_lists import CATALOGUE

BOOK = read_book(CATALOGUE)
LASER = BOOK.weapons["laser-cannon"]


def exact(report_entry):
    return Fraction(report_entry["exact"])


def test_light_armour_turns_rolls_of_2_and_3_into_3_damage():
    # Armour: "hit twice and the damage rolled was 2 and 3, then the actual damage applied
    # would be (2-1) + (3-1) or 3."
    assert armour_applied([2, 3], 1) == 3


def test_shields_turn_a_laser_cannons_d6_into_a_d4():
    # Shields: "hit by a Laser Cannon (damage = d6) the die your opponent actually rolled
    # would be a d4 instead."
    assert step_down(6, 1) == 4
    report = ODDS["damage_per_hit"](CATALOGUE, target_shields=1)
    assert {k: exact(v) for k, v in report["damage"]["distribution"].items()} == {
        str(n): Fraction(1, 4) for n in range(1, 5)}


def test_one_laser_hit_on_light_armour():
    report = ODDS["damage_per_hit"](CATALOGUE, target_armour="light-armour")
    assert {k: exact(v) for k, v in report["damage"]["distribution"].items()} == {
        str(n): Fraction(1, 6) for n in range(0, 6)}
    assert exact(report["damage"]["mean"]) == Fraction(5, 2)


@pytest.mark.parametrize(("band", "speed", "penalty", "expected"), [
    # Combat: Target Numbers 4 / 7 / 10; speed 0: +4, <4: +2, >9: -2, minus maneuver penalty.
    ("close", 6, 0, Fraction(9, 12)),
    ("medium", 6, 0, Fraction(6, 12)),
    ("long", 6, 0, Fraction(3, 12)),
    ("long", 0, 0, Fraction(7, 12)),
    ("medium", 3, 0, Fraction(8, 12)),
    ("medium", 10, 0, Fraction(4, 12)),
    ("long", 10, 2, Fraction(0)),
    ("close", 0, 0, Fraction(1)),
])
def test_hit_chance_per_d12(band, speed, penalty, expected):
    assert hit_chance(BOOK, band, to_hit_modifier(BOOK, speed, penalty)) == expected


def enumerate_volley(dice, band, modifier, sides, armour):
    """Every d12 and every damage die rolled out: an independent count of the volley."""
    need = BOOK.target_numbers[band] - modifier
    counts: dict[int, int] = {}
    for hits in itertools.product(range(1, 13), repeat=dice):
        for damage in itertools.product(range(1, sides + 1), repeat=dice):
            total = sum(max(0, d - armour) for h, d in zip(hits, damage, strict=True)
                        if h >= need)
            counts[total] = counts.get(total, 0) + 1
    whole = 12**dice * sides**dice
    return {k: Fraction(v, whole) for k, v in counts.items()}


@pytest.mark.parametrize(("band", "speed", "armour", "shields"), [
    ("close", 6, 0, 0), ("medium", 6, 1, 0), ("long", 0, 2, 1), ("medium", 10, 1, 1)])
def test_black_tiger_volley_matches_enumeration(band, speed, armour, shields):
    armour_id = {0: "no-armour", 1: "light-armour", 2: "heavy-armour"}[armour]
    report = ODDS["volley"](CATALOGUE, design="black-tiger", range=band, target_speed=speed,
                            target_armour=armour_id, target_shields=shields,
                            target_weight="heavy")
    got = {int(k): exact(v) for k, v in report["damage"]["distribution"].items()}
    want = enumerate_volley(2, band, BOOK.speed_modifier(speed), step_down(6, shields), armour)
    assert got == {k: v for k, v in want.items() if v}
    assert exact(report["destroyed"]) == sum(v for k, v in want.items() if k >= 8)
    assert exact(report["crippled"]) == sum(v for k, v in want.items() if 4 <= k < 8)


def test_black_tiger_against_itself_at_medium_range():
    report = ODDS["volley"](CATALOGUE, design="black-tiger", range="medium",
                            target_armour="light-armour")
    assert report["dice"] == 2
    assert exact(report["hit_chance_per_die"]) == Fraction(1, 2)
    assert exact(report["destroyed"]) == Fraction(5, 48)
    assert exact(report["crippled"]) == Fraction(17, 48)
    assert exact(report["crippled_or_destroyed"]) == Fraction(11, 24)


def test_crippled_firer_fires_half_its_weapons():
    # Combat: a crippled fighter "may only fire half (round down) of its weapons".
    assert ODDS["volley"](CATALOGUE, weapons=3, crippled=True)["dice"] == 1
    assert ODDS["volley"](CATALOGUE, weapons=3)["dice"] == 3


def test_volley_agrees_with_monte_carlo():
    report = ODDS["volley"](CATALOGUE, weapons=3, range="medium", target_speed=2,
                            target_armour="light-armour", target_weight="light")
    gen = rng(2024)
    runs = 200_000
    need = 7 - 2
    hits = gen.integers(1, 13, (runs, 3)) >= need
    damage = np.maximum(gen.integers(1, 7, (runs, 3)) - 1, 0)
    total = (hits * damage).sum(axis=1)
    for value, entry in report["damage"]["distribution"].items():
        p = exact(entry)
        seen = float((total == int(value)).mean())
        half = 4 * Z95 * float(np.sqrt(float(p) * (1 - float(p)) / runs)) + 1e-9
        assert abs(seen - float(p)) <= half, value
    mean = float(total.mean())
    half = Z95 * float(total.std(ddof=1)) / np.sqrt(runs)
    assert abs(mean - float(exact(report["damage"]["mean"]))) <= half


@settings(max_examples=40, deadline=None)
@given(count=st.integers(1, 4), band=st.sampled_from(["close", "medium", "long"]),
       speed=st.integers(0, 12), penalty=st.integers(0, 4), armour=st.integers(0, 2),
       shields=st.integers(0, 2))
def test_volley_distribution_is_a_distribution(count, band, speed, penalty, armour, shields):
    hit = hit_chance(BOOK, band, to_hit_modifier(BOOK, speed, penalty))
    die = volley_damage([LASER] * count, hit, armour, shields)
    assert chance(die, lambda _: True) == 1
    assert min(die.outcomes()) >= 0
    assert max(die.outcomes()) <= count * max(0, step_down(6, shields) - armour)
    # More armour never makes a volley more deadly.
    tougher = volley_damage([LASER] * count, hit, armour + 1, shields)
    assert chance(tougher, lambda d: d >= 4) <= chance(die, lambda d: d >= 4)


@pytest.mark.parametrize(("skill", "difficulty", "crippled", "failed", "expected"), [
    # Piloting Check: d6 + skill >= difficulty; crippled and earlier failures double it.
    (1, 3, False, False, Fraction(5, 6)),
    (4, 3, False, False, Fraction(1)),
    (1, 0, False, False, Fraction(1)),
    (1, 3, True, False, Fraction(2, 6)),
    (2, 2, False, True, Fraction(5, 6)),
    (1, 3, True, True, Fraction(0)),
    (4, 3, True, True, Fraction(0)),
    (4, 2, True, True, Fraction(3, 6)),
])
def test_piloting_check(skill, difficulty, crippled, failed, expected):
    assert piloting_success(BOOK, skill, difficulty, crippled, failed) == expected


def test_piloting_query_for_hard_left():
    report = ODDS["piloting"](CATALOGUE, skill=1, maneuver="hard-left", crippled=True)
    assert report["maneuvers"] == {"hard-left": {
        "name": "Hard Left", "card": 5, "difficulty": 3, "penalty": 2,
        "success": {"exact": "1/3", "value": 1 / 3}}}


def test_piloting_query_lists_every_maneuver_for_a_green_pilot():
    report = ODDS["piloting"](CATALOGUE, skill=1)
    assert report["pilot"] == "green pilot"
    assert len(report["maneuvers"]) == 18
    assert report["maneuvers"]["steady"]["success"]["exact"] == "1/1"
    assert report["maneuvers"]["reverse-right"]["success"]["exact"] == "5/6"


@pytest.mark.parametrize(("query", "params", "path"), [
    ("volley", {"range": "extreme"}, "params.range"),
    ("volley", {"weapons": "two"}, "params.weapons"),
    ("volley", {"target_hull": 9}, "params.target_hull"),
    ("volley", {"colour": "red"}, "params.colour"),
    ("piloting", {"skill": 5}, "params.skill"),
    ("piloting", {"maneuver": "barrel-roll"}, "params.maneuver"),
    ("damage_per_hit", {"weapon": "ion-gun"}, "params.weapon"),
])
def test_bad_parameters_name_the_parameter(query, params, path):
    with pytest.raises(BadDocument) as caught:
        ODDS[query](CATALOGUE, **params)
    assert [e.path for e in caught.value.errors] == [path]
