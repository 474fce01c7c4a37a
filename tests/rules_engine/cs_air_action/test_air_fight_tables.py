"""The per-click tables a vectorised Air Action fight reads, against the dials they come from
and against icepool's exact dice ("Pilot Checks", "Combat", "Movement")."""

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from rules_engine.clix.dice import capped_target, hits
from rules_engine.cs_air_action.fight_tables import (
    fight_tables,
    hit_chances,
    hit_table,
    pilot_check_fails,
)


@pytest.mark.parametrize(("piloting", "fails"), [
    (2, Fraction(1, 36)),  # only the critical 2
    (6, Fraction(10, 36)),
    (7, Fraction(15, 36)),
    (9, Fraction(26, 36)),
    (13, Fraction(1)),
])
def test_pilot_check_fails_below_the_value_and_always_on_a_2(piloting, fails):
    assert pilot_check_fails(piloting) == fails


def test_tables_are_read_by_clicks_left_and_are_0_once_shot_down(duel_forces):
    tables = fight_tables(duel_forces, redline_chance=0.1)

    assert tables.front[0].tolist() == [0, 2, 3, 4]
    assert tables.front[1].tolist() == [0, 1, 3, 0]
    assert tables.rear[0].tolist() == [0, 1, 2, 2]
    assert tables.piloting[1].tolist() == [0, 10, 8, 0]
    assert tables.blocks == ((0, 1), (1, 2))
    assert tables.points_by_side.tolist() == [[60, 0], [0, 45]]


def test_redlining_costs_a_click_with_the_chance_to_redline_times_a_failed_check(duel_forces):
    tables = fight_tables(duel_forces, redline_chance=0.1)

    expected = [0.0, 0.1 * 26 / 36, 0.1 * 15 / 36, 0.1 * 10 / 36]
    assert tables.redline_fail[0].tolist() == pytest.approx(expected, rel=1e-12)
    assert tables.redline_fail[1, 0] == 0.0


@pytest.mark.parametrize("dice", range(9))
def test_hit_chances_match_icepool(dice):
    for target in range(1, 7):
        die = hits(dice, target)
        expected = tuple(Fraction(die.quantity(h), die.denominator()) for h in range(dice + 1))
        assert hit_chances(dice, target) == expected


def test_hit_table_rows_are_cumulative_chances_with_the_silhouette_capped():
    table = hit_table(max_dice=9, max_silhouette=6)

    assert table.cdf.shape == (10 * 7, 16)
    for dice in range(10):
        for silhouette in range(7):
            row = table.cdf[int(table.row(np.int64(dice), np.int64(silhouette)))]
            die = hits(dice, capped_target(silhouette))
            below = [float(Fraction(die.quantity("<=", h), die.denominator()))
                     for h in range(dice)]
            assert row[:dice].tolist() == below
            assert (row[dice:] == 2.0).all()


@pytest.mark.parametrize(("piloting", "every_check", "collisions_only"), [
    (1, Fraction(1, 36), Fraction(0)),
    (2, Fraction(1, 36), Fraction(0)),
    (3, Fraction(1, 36), Fraction(1, 36)),  # a 2 is below 3 under either reading
    (7, Fraction(15, 36), Fraction(15, 36)),
])
def test_the_critical_two_reading_changes_only_low_piloting_values(piloting, every_check,
                                                                   collisions_only):
    assert pilot_check_fails(piloting) == every_check
    assert pilot_check_fails(piloting, critical_two=False) == collisions_only


def test_redlining_under_the_collisions_only_reading(duel_forces):
    easy = dataclasses.replace(duel_forces, piloting=np.full_like(duel_forces.piloting, 2))
    default = fight_tables(easy, redline_chance=0.1)
    relaxed = fight_tables(easy, redline_chance=0.1, critical_two=False)
    assert default.redline_fail[0, 1] == pytest.approx(0.1 / 36, rel=1e-12)
    assert relaxed.redline_fail[0, 1] == 0.0
