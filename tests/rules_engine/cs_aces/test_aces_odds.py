"""Aces odds against the book's examples and independent enumeration ("Resolving an
Attack", "Capturing", "Escaping", "Fate", "Breaking Away")."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import BadDocument, load_catalogue
from rules_engine.clix.dice import count_hits
from tests.rules_engine.cs_aces.dice_enumeration import distribution, enumerate_hits
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("cs-aces")

CATALOGUE = load_catalogue()


exact = distribution


def test_charlies_defensive_fate_turns_four_hits_into_one():
    # "Charlie" Steele, defense 4; opponent rolls 4, 4, 5 and 6 ("Fate").
    assert count_hits([4, 4, 5, 6], 4) == 4
    assert count_hits([4, 4, 5, 6], 4, defensive_fate=True) == 1


def test_tims_attack_with_charlie_hits_show_stopper_once():
    # Charlie's 3 dice roll 2, 3, 5; only the 5 reaches a defense of 4 ("Resolving an Attack").
    assert count_hits([2, 3, 5], 4) == 1


def test_louis_offensive_fate_rolls_five_dice():
    report = facts("attack", CATALOGUE, attack=3, defense=5, fate=2)
    assert report["dice"] == 5
    assert exact(report, "hits") == enumerate_hits(5, 5)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 5), st.integers(0, 9), st.booleans())
def test_attack_matches_enumeration(dice, defense, hindering):
    report = facts("attack", CATALOGUE, attack=dice, defense=defense, hindering=hindering)
    need = max(1, min(6, defense + hindering))
    assert exact(report, "hits") == enumerate_hits(dice, need)


def test_defense_above_6_counts_as_6_and_hindering_reading_is_a_setting():
    assert facts("attack", CATALOGUE, attack=2, defense=9)["target_number"] == 6
    strict = facts("attack", CATALOGUE, attack=2, defense=6, hindering=True,
                            cap_before_modifiers=True)
    assert exact(strict, "hits") == {0: Fraction(1)}


def test_capture_rolls_two_fewer_dice_and_any_hit_captures():
    report = facts("capture", CATALOGUE, attack=4, defense=4)
    assert report["dice"] == 2
    assert Fraction(report["captured"]["exact"]) == 1 - Fraction(3, 6) ** 2


def test_escape_needs_more_hits_than_the_captor():
    report = facts("escape", CATALOGUE, captive_dice=2, captive_defense=4, captor_dice=2,
                   captor_defense=5)
    wins = 0
    for faces in itertools.product(range(1, 7), repeat=4):
        mine = sum(f >= 5 for f in faces[:2])
        theirs = sum(f >= 4 for f in faces[2:])
        wins += mine > theirs
    assert Fraction(report["escaped"]["exact"]) == Fraction(wins, 6**4)


def test_multi_target_gives_each_target_one_die_at_most():
    report = facts("multi_target", CATALOGUE, attack=3, defenses=[4, 6])
    counts = {0: 0, 1: 0, 2: 0}
    for faces in itertools.product(range(1, 7), repeat=3):
        top = sorted(faces, reverse=True)
        both = top[0] >= 6 and top[1] >= 4
        one = top[0] >= 4
        counts[2 if both else 1 if one else 0] += 1
    assert exact(report, "targets_hit") == {k: Fraction(v, 216) for k, v in counts.items() if v}


def test_break_away_is_an_even_chance():
    assert facts("break_away", CATALOGUE)["broke_away"]["exact"] == "1/2"


def test_bad_parameters_name_the_parameter():
    with pytest.raises(BadDocument) as err:
        facts("attack", CATALOGUE, dice="three", target_number=4)
    assert err.value.errors[0].path == "params.dice"
    with pytest.raises(BadDocument) as err:
        facts("attack", CATALOGUE, attack=3, defense=4, range=2)
    assert err.value.errors[0].path == "params.range"
