"""Exact Black Skies odds (issue #5) checked by hand, by enumeration and by sampling."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import BadDocument
from rules_engine.black_skies.book import Weapon, read_book
from rules_engine.black_skies.dice import (
    armour_applied,
    chance,
    hit_chance,
    is_crippled,
    piloting_success,
    step_down,
    to_hit_modifier,
    volley_damage,
    volley_hits,
)
from rules_engine.montecarlo import Z95, rng
from tests.rules_engine.black_skies.black_skies_lists import CATALOGUE
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("black-skies")

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
    report = facts("damage_per_hit", CATALOGUE, target_shields=1)
    assert {k: exact(v) for k, v in report["damage"]["distribution"].items()} == {
        str(n): Fraction(1, 4) for n in range(1, 5)}


def test_one_laser_hit_on_light_armour():
    report = facts("damage_per_hit", CATALOGUE, target_armour="light-armour")
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
    report = facts("volley", CATALOGUE, design="black-tiger", range=band, target_speed=speed,
                            target_armour=armour_id, target_shields=shields,
                            target_weight="heavy")
    got = {int(k): exact(v) for k, v in report["damage"]["distribution"].items()}
    want = enumerate_volley(2, band, BOOK.speed_modifier(speed), step_down(6, shields), armour)
    assert got == {k: v for k, v in want.items() if v}
    assert exact(report["destroyed"]) == sum(v for k, v in want.items() if k >= 8)
    assert exact(report["crippled"]) == sum(v for k, v in want.items() if 4 <= k < 8)


def test_black_tiger_against_itself_at_medium_range():
    report = facts("volley", CATALOGUE, design="black-tiger", range="medium",
                            target_armour="light-armour")
    assert report["dice"] == 2
    assert exact(report["hit_chance_per_die"]) == Fraction(1, 2)
    assert exact(report["destroyed"]) == Fraction(5, 48)
    assert exact(report["crippled"]) == Fraction(17, 48)
    assert exact(report["crippled_or_destroyed"]) == Fraction(11, 24)


def _tiger_written(**changes):
    """The book's Black Tiger written out, as a player's saved design holds it."""
    return dict(BOOK.designs["black-tiger"]) | changes


def test_a_design_written_out_fires_as_the_book_design_it_copies():
    asked = {"range": "medium", "target_armour": "light-armour"}
    written = facts("volley", CATALOGUE, design_written=_tiger_written(), **asked)
    assert written == facts("volley", CATALOGUE, design="black-tiger", **asked)
    assert exact(written["destroyed"]) == Fraction(5, 48)


def test_a_design_written_out_fires_its_own_weapons():
    three = _tiger_written(name="Dart", weapons=[{"weapon": "laser-cannon", "count": 3}])
    report = facts("volley", CATALOGUE, design_written=three)
    assert report["dice"] == 3
    assert report["firer"] == "Dart"
    assert exact(report["damage"]["mean"]) == Fraction(63, 8)


def test_a_design_written_out_is_checked_with_every_fault_named():
    with pytest.raises(BadDocument) as caught:
        facts("volley", CATALOGUE,
              design_written=_tiger_written(weapons=[{"weapon": "zap-gun", "count": 1}]))
    assert [(e.path, e.message) for e in caught.value.errors] == [
        ("params.design_written.weapons[0].weapon", "no weapon 'zap-gun' in the book")]
    with pytest.raises(BadDocument) as caught:
        facts("volley", CATALOGUE, design_written={"name": "Half a design"})
    assert {e.message for e in caught.value.errors} == {
        f"'{k}' is a required property" for k in ("weight", "thrusters", "weapons", "armour",
                                                   "shields")}
    with pytest.raises(BadDocument) as caught:
        facts("volley", CATALOGUE, design="black-tiger", design_written=_tiger_written())
    assert [e.path for e in caught.value.errors] == ["params.design_written"]


def test_crippled_firer_fires_half_its_weapons():
    # Combat: a crippled fighter "may only fire half (round down) of its weapons".
    assert facts("volley", CATALOGUE, weapons=3, crippled=True)["dice"] == 1
    assert facts("volley", CATALOGUE, weapons=3)["dice"] == 3


def test_volley_agrees_with_monte_carlo():
    report = facts("volley", CATALOGUE, weapons=3, range="medium", target_speed=2,
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
    report = facts("piloting", CATALOGUE, skill=1, maneuver="hard-left", crippled=True)
    assert report["maneuvers"] == {"hard-left": {
        "name": "Hard Left", "card": 5, "difficulty": 3, "penalty": 2,
        "on_failure": ["smooth-left"], "success": {"exact": "1/3", "value": 1 / 3}}}


def test_piloting_query_lists_every_maneuver_for_a_green_pilot():
    report = facts("piloting", CATALOGUE, skill=1)
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
        facts(query, CATALOGUE, **params)
    assert [e.path for e in caught.value.errors] == [path]


@pytest.mark.parametrize(("maneuver", "fallback"), [
    # Piloting Check: "the easiest of the basic maneuvers in the same direction is
    # substituted instead. For example, a pilot ... failing an Sideslip Left performs a basic
    # Smooth Left instead."
    ("sideslip-left", ["smooth-left"]),
    ("break-right", ["smooth-right"]),
    ("hard-right", ["smooth-right"]),
    ("reverse-left", ["smooth-left"]),
    ("afterburner", ["steady"]),
    ("accelerate", ["steady"]),
    ("bootlegger", ["steady"]),
    ("snake", ["smooth-left", "smooth-right"]),
])
def test_failed_check_falls_back_to_the_easiest_basic_maneuver(maneuver, fallback):
    report = facts("piloting", CATALOGUE, skill=2, maneuver=maneuver)
    assert report["maneuvers"][maneuver]["on_failure"] == fallback


@pytest.mark.parametrize(("weight", "crippled_at", "whole_at"), [
    # Combat: "'Crippled' when its Fighter Weight die drops to half or less".
    ("light", 2, 3), ("medium", 3, 4), ("heavy", 4, 5)])
def test_crippled_at_half_hull_or_less(weight, crippled_at, whole_at):
    full = BOOK.weights[weight].hull
    assert is_crippled(crippled_at, full)
    assert is_crippled(1, full)
    assert not is_crippled(whole_at, full)
    assert not is_crippled(0, full)  # destroyed, not crippled


def test_eight_laser_cannons_hits_are_binomial():
    # Combat: one d12 per weapon (rate of fire 1); medium range at speed 6 hits on 7+ (1/2).
    hits = volley_hits(8, Fraction(1, 2))
    assert [Fraction(hits.quantity(k), hits.denominator()) for k in range(9)] == [
        Fraction(n, 256) for n in (1, 8, 28, 56, 70, 56, 28, 8, 1)]


def test_eight_laser_cannons_volley_on_a_heavy_fighter():
    report = facts("volley", CATALOGUE, weapons=8, range="medium",
                            target_armour="light-armour", target_weight="heavy")
    # 8 dice x 1/2 to hit x (d6 less 1 armour: mean 5/2) = 10; 40 needs eight hits of 6.
    assert exact(report["damage"]["mean"]) == 10
    assert report["damage"]["distribution"]["40"]["exact"] == f"1/{12**8}"
    assert exact(report["destroyed"]) == sum(
        exact(v) for k, v in report["damage"]["distribution"].items() if int(k) >= 8)


def icepool_volley(weapons, hit, armour, shield_steps):
    """The same volley built die by die in icepool: an independent computation."""
    total = icepool.Die([0])
    for weapon in weapons:
        damage = icepool.d(step_down(weapon.damage_die, shield_steps)).map(
            lambda r: max(0, r - armour))
        miss = icepool.Die([0])
        if hit == 0:
            shot = miss
        elif hit == 1:
            shot = damage
        else:
            shot = icepool.Die([miss, damage], times=[
                (1 - hit).numerator * hit.denominator, hit.numerator * (1 - hit).denominator])
        total = total + weapon.rate_of_fire @ shot
    return total


def weapon_profile(die, rof):
    return Weapon(f"d{die}x{rof}", "test weapon", ("forward",), rof,
                  {"close": 6, "medium": 12, "long": 18}, die, 1)


@settings(max_examples=40, deadline=None)
@given(profiles=st.lists(st.tuples(st.sampled_from([4, 6, 8, 12]), st.integers(1, 2)),
                         min_size=1, max_size=4),
       hit_twelfths=st.integers(0, 12), armour=st.integers(0, 2), shields=st.integers(0, 2))
def test_volley_convolution_equals_icepool_sum(profiles, hit_twelfths, armour, shields):
    weapons = [weapon_profile(die, rof) for die, rof in profiles]
    hit = Fraction(hit_twelfths, 12)
    fast = volley_damage(weapons, hit, armour, shields)
    slow = icepool_volley(weapons, hit, armour, shields)
    assert {o: Fraction(fast.quantity(o), fast.denominator()) for o in fast.outcomes()} == {
        o: Fraction(slow.quantity(o), slow.denominator()) for o in slow.outcomes()}
