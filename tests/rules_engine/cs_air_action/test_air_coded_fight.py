"""``CodedFight``, which holds each squadron as one number per fight: without fate it plays
exactly the fights ``TableFight`` plays for the same seed, with Aces' fate the fights
``Fight`` plays (statistically); squadrons too large to number fall back to those two;
collisions read from two checks keep the book's exact odds."""

import itertools
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import load_catalogue
from rules_engine.clix.scenario import read_scenario
from rules_engine.cs_air_action.batch import play_fight
from rules_engine.cs_air_action.coded_fight import CodedFight
from rules_engine.cs_air_action.coded_states import fate_policy, plays_by_code, state_counts
from rules_engine.cs_air_action.collisions import (
    CRITICAL,
    CRITICAL_CHANCE,
    FAILED,
    PASSED,
    check_results,
    collision_lefts,
    collision_lefts_with_fate,
    collision_outcomes,
)
from rules_engine.cs_air_action.fight import Fight
from rules_engine.cs_air_action.fight_tables import pilot_check_fails
from rules_engine.cs_air_action.forces import Forces, build_forces
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.cs_air_action.shot_tables import defended_chances
from rules_engine.cs_air_action.table_fight import TableFight
from rules_engine.montecarlo import proportion, rng
from tests.rules_engine.cs_air_action.agreement import assert_same_fights

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
LISTS = {
    name: json.loads((ROOT / "docs/examples/cs-air-action" / f"{name}.json").read_text())
    for name in ("devastators-200", "bloodhawks-200", "aces-300")
}
FIELDS = ("damage", "fate_used", "victory", "shot_down", "active", "turns")


@settings(max_examples=30, deadline=None)
@given(
    pair=st.sampled_from([(a, b) for a in LISTS for b in LISTS]),
    chances=st.fixed_dictionaries(
        {
            k: st.sampled_from([0, 0.05, 0.3, 1])
            for k in ("in_range", "rear_shot", "rear_arc", "point_blank", "redline", "collision")
        }
    ),
    reading=st.sampled_from(["every-check", "collisions-only"]),
    max_turns=st.integers(1, 12),
    seed=st.integers(0, 2**16),
)
def test_coded_and_table_fights_play_the_same_fights(pair, chances, reading, max_turns, seed):
    forces = build_forces(CATALOGUE, LISTS[pair[0]], LISTS[pair[1]])
    params = read_scenario(
        SCENARIO,
        {**chances, "fate": "none", "critical_failure": reading, "max_turns": max_turns},
    )
    coded = CodedFight(forces, params, 500, rng(seed)).play()
    table = TableFight(forces, params, 500, rng(seed)).play()
    for field in FIELDS:
        assert np.array_equal(getattr(coded, field), getattr(table, field)), field


def test_the_default_fight_is_the_same_with_either_class_over_many_runs():
    forces = build_forces(CATALOGUE, LISTS["devastators-200"], LISTS["bloodhawks-200"])
    params = read_scenario(SCENARIO, {})
    coded = CodedFight(forces, params, 20_000, rng(11)).play()
    table = TableFight(forces, params, 20_000, rng(11)).play()
    for field in FIELDS:
        assert np.array_equal(getattr(coded, field), getattr(table, field)), field


def _squadrons(planes: int, ko: int) -> Forces:
    """Two hand-made squadrons of ``planes`` identical planes shot down by ``ko`` clicks."""
    n = 2 * planes
    dial = np.r_[np.full(ko, 3), 0]
    return Forces(
        names=tuple(f"Plane {i}" for i in range(n)),
        paths=tuple(f"list_{'ab'[i // planes]}.entries[{i % planes}]" for i in range(n)),
        side=np.repeat(np.arange(2, dtype=np.int8), planes),
        points=np.full(n, 40, dtype=np.int32),
        silhouette=np.full(n, 4, dtype=np.int16),
        ko=np.full(n, ko, dtype=np.int16),
        front=np.tile(dial, (n, 1)).astype(np.int16),
        rear=np.zeros((n, ko + 1), dtype=np.int16),
        piloting=np.tile(np.r_[np.full(ko, 8), 0], (n, 1)).astype(np.int16),
        ace_fate=np.zeros((n, 1), dtype=np.int16),
        build_points=(40 * planes, 40 * planes),
    )


def test_squadrons_too_large_to_number_are_played_by_table():
    """Six planes a side of 7 clicks: 8**6 states a squadron, past ``MAX_TABLE_CELLS``."""
    large, small = _squadrons(6, 7), _squadrons(3, 7)
    assert state_counts(large) == (8**6, 8**6)
    params = read_scenario(SCENARIO, {"fate": "none"})
    assert not plays_by_code(large, params)
    assert plays_by_code(small, params)
    played = play_fight(large, params, 300, rng(4))
    table = TableFight(large, params, 300, rng(4)).play()
    for field in FIELDS:
        assert np.array_equal(getattr(played, field), getattr(table, field)), field


@pytest.mark.parametrize(
    ("piloting_a", "piloting_b", "left_a", "left_b"),
    [(8, 6, 3, 2), (2, 12, 1, 5), (13, 7, 4, 4), (10, 10, 1, 1), (7, 9, 6, 3)],
)
def test_a_collision_read_from_two_checks_has_the_book_odds(
    piloting_a, piloting_b, left_a, left_b
):
    """ "Collisions with Other Planes": a check is a 2 (1/36), another failure, or a pass;
    the clicks left after each pair of results give the damage odds that enumerating both
    2d6 checks gives."""
    width = 8
    after_a, after_b, down = collision_lefts(width)
    critical = Fraction(1, 36)
    results = []
    for piloting in (piloting_a, piloting_b):
        fails = pilot_check_fails(piloting)
        results.append({CRITICAL: critical, FAILED: fails - critical, PASSED: 1 - fails})
    damage_a, damage_b, destroyed = Counter(), Counter(), Counter()
    for check_a, chance_a in results[0].items():
        for check_b, chance_b in results[1].items():
            cell = ((3 * check_a + check_b) * width + left_a) * width + left_b
            damage_a[left_a - int(after_a[cell])] += chance_a * chance_b
            damage_b[left_b - int(after_b[cell])] += chance_a * chance_b
            destroyed[int(down[cell])] += chance_a * chance_b
    exact = collision_outcomes(piloting_a, piloting_b, left_a, left_b, False, False)
    for read, die in ((damage_a, exact.damage_a), (damage_b, exact.damage_b)):
        expected = {k: Fraction(q, die.denominator()) for k, q in die.items() if q}
        assert {k: v for k, v in read.items() if v} == expected
    assert destroyed[1] + destroyed[3] == exact.destroyed_a
    assert destroyed[2] + destroyed[3] == exact.destroyed_b


def test_a_plane_shot_down_collides_with_nothing():
    after_a, after_b, down = collision_lefts(5)
    for check_a in (CRITICAL, FAILED, PASSED):
        for check_b in (CRITICAL, FAILED, PASSED):
            for left_a, left_b in ((0, 3), (2, 0), (0, 0)):
                cell = ((3 * check_a + check_b) * 5 + left_a) * 5 + left_b
                assert (after_a[cell], after_b[cell], down[cell]) == (left_a, left_b, 0)


def test_one_draw_settles_a_pilot_check_with_its_chances():
    fails = float(pilot_check_fails(9))  # 26 of 36 totals fail, the 2 among them
    results = check_results(rng(3).random(200_000), np.full(200_000, fails))
    counts = np.bincount(results, minlength=3)
    for result, chance in ((CRITICAL, CRITICAL_CHANCE), (FAILED, fails - CRITICAL_CHANCE),
                           (PASSED, 1 - fails)):
        share = proportion(int(counts[result]), 200_000)
        assert share.low <= chance <= share.high


@pytest.mark.parametrize(
    ("list_a", "list_b", "scenario"),
    [
        ("aces-300", "bloodhawks-200", {"fate": "defensive"}),
        ("aces-300", "devastators-200", {"fate": "offensive"}),
        ("bloodhawks-200", "aces-300", {"fate": "defensive", "collision": 0.3, "redline": 0.3}),
        ("aces-300", "aces-300", {"fate": "offensive", "in_range": 1, "rear_shot": 1}),
        ("devastators-200", "aces-300", {"fate": "defensive", "point_blank": 0.7,
                                         "max_turns": 5}),
    ],
)
def test_with_fate_the_numbered_fight_plays_the_general_ones_rules(list_a, list_b, scenario):
    """ "Fate": an Ace spends fate once a turn, on the first shot it takes (offensive) or
    against the first hits other than natural sixes and serious collisions (defensive).
    ``CodedFight`` and ``Fight`` agree on every figure's clicks and survival, the fate each
    Ace spent, victory points, planes shot down and turns."""
    forces = build_forces(CATALOGUE, LISTS[list_a], LISTS[list_b])
    params = read_scenario(SCENARIO, scenario)
    runs = 30_000
    general = Fight(forces, params, runs, rng(31)).play()
    coded = CodedFight(forces, params, runs, rng(32)).play()
    assert coded.fate_used.any()
    assert_same_fights(forces, general, coded, fate=True)


def test_a_fight_with_aces_using_fate_is_numbered_unless_its_states_are_too_many():
    aces = build_forces(CATALOGUE, LISTS["aces-300"], LISTS["bloodhawks-200"])
    both = build_forces(CATALOGUE, LISTS["aces-300"], LISTS["aces-300"])
    defensive = read_scenario(SCENARIO, {"fate": "defensive"})
    # Each Ace: 5 values of fate spent (fate 2, 2, 1, 1 then 0) x spent this turn or not.
    assert state_counts(aces, fate_policy(aces, defensive)) == (7 * 8 * 10 * 10, 8 * 6 * 6)
    assert plays_by_code(aces, defensive)
    assert not plays_by_code(both, defensive)  # 2 x 5,600 states x 12 outcomes of a shot
    played = play_fight(both, defensive, 200, rng(3))
    general = Fight(both, defensive, 200, rng(3)).play()
    assert np.array_equal(played.victory, general.victory)


@pytest.mark.parametrize(("dice", "target"), [(0, 4), (1, 6), (3, 4), (4, 1), (5, 3)])
def test_defended_chances_count_the_faces_of_every_roll(dice, target):
    """A defending Ace keeps only natural sixes when any other die hits."""
    kept, cut = [Fraction(0)] * (dice + 1), [Fraction(0)] * (dice + 1)
    for faces in itertools.product(range(1, 7), repeat=dice):
        hits, sixes = sum(f >= target for f in faces), faces.count(6)
        if hits > sixes:
            cut[sixes] += Fraction(1, 6**dice)
        else:
            kept[hits] += Fraction(1, 6**dice)
    assert defended_chances(dice, target) == (tuple(kept), tuple(cut))


def test_an_ace_spends_fate_to_avoid_a_serious_collision_completely():
    """ "Fate": plane a's Ace first, else plane b's; other collisions are unchanged."""
    width = 6
    plain = collision_lefts(width)
    with_fate = collision_lefts_with_fate(width)
    size = 9 * width * width
    for can_a, can_b in itertools.product((0, 1), repeat=2):
        for check_a, check_b in itertools.product((CRITICAL, FAILED, PASSED), repeat=2):
            for left_a, left_b in ((3, 2), (1, 1), (5, 4)):
                cell = ((3 * check_a + check_b) * width + left_a) * width + left_b
                fate_cell = (2 * can_a + can_b) * size + cell
                got = tuple(int(t[fate_cell]) for t in with_fate)
                serious = CRITICAL in (check_a, check_b)
                if serious and (can_a or can_b):
                    assert got == (left_a, left_b, 0, 1 if can_a else 2)
                else:
                    assert got == (*(int(t[cell]) for t in plain), 0)
