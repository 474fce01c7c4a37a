"""Readings players may choose (docs/rulings/cs-air-action-engine.md): each setting's
default, and the exact difference each other value makes in a squadron's verdict, the odds
and the fights ("Fate", "Using Crimson Skies: Aces Characters in the Crimson Skies: Air
Action Game", "Bail Out", "Victory!"; seed 001_b3fd56ffbc849938.txt)."""

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from rules_engine import BadDocument, check, load_catalogue
from rules_engine.clix.scenario import read_scenario
from rules_engine.cs_air_action.fight import Fight
from rules_engine.cs_air_action.forces import Forces
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.montecarlo import rng
from rules_engine.simulation import simulate
from tests.rules_engine.cs_aces.dice_enumeration import distribution, enumerate_hits
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("cs-air-action")

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
EXAMPLES = ROOT / "docs" / "examples" / "cs-air-action"
ACES = json.loads((EXAMPLES / "aces-300.json").read_text())
BLOODHAWKS = json.loads((EXAMPLES / "bloodhawks-200.json").read_text())
DEFAULTS = {"ace_navigation_cards": True, "ace_shots_roll": "plane_gunnery",
            "victory_points_include_ace": False, "rookie_bail_out_modifier": 0}


def with_settings(doc, **settings):
    return {**doc, "settings": settings}


# --- the squadron's verdict states its readings ---------------------------------------------

def test_a_squadron_without_settings_states_the_default_readings():
    assert check(CATALOGUE, ACES).breakdown["settings"] == DEFAULTS


def test_a_squadron_states_the_readings_it_chose():
    chosen = {"ace_navigation_cards": False, "ace_shots_roll": "ace_attack",
              "victory_points_include_ace": True, "rookie_bail_out_modifier": -1}
    verdict = check(CATALOGUE, with_settings(ACES, **chosen))
    assert verdict.breakdown["settings"] == chosen
    assert (verdict.legal, verdict.points) == (True, 243)  # readings do not change the price


def test_an_unknown_reading_is_refused_at_its_path():
    with pytest.raises(BadDocument) as err:
        check(CATALOGUE, with_settings(ACES, ace_shots_roll="pilot_gunnery"))
    assert [e.path for e in err.value.errors] == ["$.settings.ace_shots_roll"]


# --- ace_shots_roll in the shot odds ---------------------------------------------------------

def shot(**params):
    return facts("shot", CATALOGUE, silhouette=4, **params)


def test_loyles_fate_example_rolls_six_dice_under_either_reading():
    # "Fate": "His attack value is 3 and his fate value is 3, so he rolls six dice."
    for reading in ("plane_gunnery", "ace_attack"):
        report = facts("shot", CATALOGUE, shooter="loyle-crawford-devastator", ace=True,
                              fate=3, silhouette=5, ace_shots_roll=reading)
        assert (report["dice"], report["target_number"]) == (6, 5)


def test_charlie_flown_by_her_ace_rolls_her_planes_4_or_her_aces_3():
    # Charlie's Fury shows front gunnery 4 on its starting click; her Ace's attack is 3.
    gunnery = shot(shooter="charlie-steele-fury", ace=True)
    attack = shot(shooter="charlie-steele-fury", ace=True, ace_shots_roll="ace_attack")
    assert (gunnery["dice"], gunnery["rolled"]) == (4, "front_gunnery")
    assert (attack["dice"], attack["rolled"]) == (3, "ace_attack")
    assert distribution(gunnery, "hits") == enumerate_hits(4, 4)
    assert distribution(attack, "hits") == enumerate_hits(3, 4)


def test_the_aces_attack_ignores_plane_damage_but_follows_fate_clicks():
    # The Devastator's front gunnery drops to 2 after 4 clicks; Loyle's attack stays 3 until
    # fate has clicked his own dial three times (then 2).
    damaged = {"shooter": "loyle-crawford-devastator", "damage": 4, "ace": True}
    assert shot(**damaged)["dice"] == 2
    assert shot(**damaged, ace_shots_roll="ace_attack")["dice"] == 3
    assert shot(**damaged, ace_shots_roll="ace_attack", ace_clicks=3)["dice"] == 2


def test_without_its_ace_or_at_the_rear_the_reading_changes_nothing():
    # The rear gunner is not the Ace: after 6 clicks the Devastator's rear gunnery is 1.
    rear = {"shooter": "loyle-crawford-devastator", "damage": 6, "weapon": "rear"}
    assert shot(**rear, ace=True, ace_shots_roll="ace_attack")["dice"] == 1
    assert shot(shooter="charlie-steele-fury", ace_shots_roll="ace_attack")["dice"] == 4


def test_bad_ace_parameters_are_named():
    with pytest.raises(BadDocument) as err:
        shot(dice=3, ace=True)
    assert err.value.errors[0].path == "params.ace"
    with pytest.raises(BadDocument) as err:
        shot(shooter="charlie-steele-fury", ace_shots_roll="both")
    assert err.value.errors[0].path == "params.ace_shots_roll"
    with pytest.raises(BadDocument) as err:
        shot(shooter="charlie-steele-fury", ace=True, ace_clicks=9)
    assert err.value.errors[0].path == "params.ace_clicks"


# --- rookie_bail_out_modifier in the bail out odds -------------------------------------------

def bail_out(**params):
    return facts("bail_out", CATALOGUE, **params)


@pytest.mark.parametrize(("modifier", "chance"), [
    (None, Fraction(15, 36)),  # the table's 0: 2d6 >= 8
    (0, Fraction(15, 36)),
    (1, Fraction(21, 36)),  # 2d6 >= 7
    (-1, Fraction(10, 36)),  # 2d6 >= 9
])
def test_a_rookie_bails_out_of_a_value_8_with_the_chosen_modifier(modifier, chance):
    report = bail_out(bail_out_value=8, rookie_bail_out_modifier=modifier)
    assert Fraction(report["bailed_out"]["exact"]) == chance
    assert report["roll_modifier"] == (modifier or 0)


def test_the_rookie_setting_leaves_other_levels_alone():
    # "Veteran and Ace pilots: add 1"
    for modifier in (None, -2, 3):
        report = bail_out(bail_out_value=8, level="veteran", rookie_bail_out_modifier=modifier)
        assert Fraction(report["bailed_out"]["exact"]) == Fraction(21, 36)


def test_heroic_acts_add_to_the_value_and_levels_to_the_roll():
    # "Piloting the plane to a safe crash site: add 3 to the bail out value"
    crash = bail_out(bail_out_value=8, heroic_act="piloting-the-plane-to-a-safe-crash-site")
    assert (crash["bail_out_value"], crash["bailed_out"]["exact"]) == (11, "1/12")
    # "Legend pilot: add 3"; one memento adds 1 to the value: 2d6 + 3 >= 11
    legend = bail_out(bail_out_value=10, level="legend", heroic_act="grabbing-one-memento")
    assert legend["bailed_out"]["exact"] == "5/12"


def test_bad_bail_out_parameters_are_named():
    with pytest.raises(BadDocument) as err:
        bail_out(bail_out_value=8, level="hero")
    assert err.value.errors[0].path == "params.level"
    with pytest.raises(BadDocument) as err:
        bail_out(bail_out_value=8, rookie_bail_out_modifier=5)
    assert err.value.errors[0].path == "params.rookie_bail_out_modifier"


# --- the readings in the fights --------------------------------------------------------------

def ace_duel() -> Forces:
    """A flies with an Ace (front gunnery 1, Ace attack 3); B (2 clicks) cannot shoot."""
    return Forces(
        names=("Ace", "Target"), paths=("list_a.entries[0]", "list_b.entries[0]"),
        side=np.array([0, 1], dtype=np.int8), points=np.array([60, 45], dtype=np.int32),
        silhouette=np.array([2, 2], dtype=np.int16), ko=np.array([3, 2], dtype=np.int16),
        front=np.array([[1, 1, 1, 0], [0, 0, 0, 0]], dtype=np.int16),
        rear=np.zeros((2, 4), dtype=np.int16),
        piloting=np.array([[6, 6, 6, 0], [6, 6, 0, 0]], dtype=np.int16),
        ace_fate=np.zeros((2, 2), dtype=np.int16), build_points=(60, 45),
        ace_pilot=np.array([True, False]),
        ace_attack=np.array([[3, 3], [0, 0]], dtype=np.int16),
    )


@pytest.mark.parametrize(("reading", "target_clicks", "victory_a"), [
    ("plane_gunnery", 1, 60),  # one die, one hit: the target flies on
    ("ace_attack", 2, 2 * 45 + 60),  # three hits shoot it down
])
def test_an_ace_pilots_first_shot_under_each_reading(reading, target_clicks, victory_a):
    # Point blank on silhouette 2 needs a 1: every die hits ("Combat").
    sure = {"max_turns": 1, "in_range": 1, "rear_shot": 0, "rear_arc": 0, "point_blank": 1,
            "redline": 0, "collision": 0, "ace_shots_roll": reading}
    state = Fight(ace_duel(), read_scenario(SCENARIO, sure), 500, rng(1)).play()
    assert state.damage[:, 1].tolist() == [target_clicks] * 500
    assert state.victory[:, 0].tolist() == [victory_a] * 500


def test_the_lists_reading_is_the_fights_unless_the_scenario_names_one():
    chosen = with_settings(ACES, ace_shots_roll="ace_attack")
    by_list = simulate(CATALOGUE, chosen, BLOODHAWKS, runs=3000, seed=2, scenario={})
    by_scenario = simulate(CATALOGUE, ACES, BLOODHAWKS,
        runs=3000, seed=2, scenario={"ace_shots_roll": "ace_attack"})
    default = simulate(CATALOGUE, ACES, BLOODHAWKS, runs=3000, seed=2, scenario={})
    assert by_list["scenario"]["ace_shots_roll"]["value"] == "ace_attack"
    assert by_list == by_scenario
    assert default["scenario"]["ace_shots_roll"]["value"] == "plane_gunnery"
    assert default["outcome"] != by_list["outcome"]  # Charlie rolls 3 dice, not 4
    overridden = simulate(CATALOGUE, chosen, BLOODHAWKS,
        runs=3000, seed=2, scenario={"ace_shots_roll": "plane_gunnery"})
    assert overridden == default


def test_lists_choosing_different_readings_must_agree():
    other = with_settings(BLOODHAWKS, ace_shots_roll="plane_gunnery")
    with pytest.raises(BadDocument) as err:
        simulate(CATALOGUE, with_settings(ACES, ace_shots_roll="ace_attack"), other,
            runs=10, seed=1, scenario={})
    assert [e.path for e in err.value.errors] == ["list_b.settings.ace_shots_roll"]


@pytest.mark.parametrize(("include", "points"), [(False, 64 + 80), (True, 64 + 49 + 80 + 50)])
def test_victory_points_include_the_aces_when_the_list_says_so(include, points):
    quiet = {"in_range": 0, "rear_shot": 0, "redline": 0, "collision": 0}
    doc = with_settings(ACES, victory_points_include_ace=include)
    result = simulate(CATALOGUE, doc, BLOODHAWKS, runs=200, seed=1, scenario=quiet)
    assert result["victory_points"]["a"]["value"] == points


def test_a_fight_reads_the_critical_two_as_a_scenario_choice():
    assert read_scenario(SCENARIO, {})["critical_failure"] == "every-check"
    assert read_scenario(SCENARIO, {"critical_failure": "collisions-only"})[
        "critical_failure"] == "collisions-only"
    with pytest.raises(BadDocument) as caught:
        read_scenario(SCENARIO, {"critical_failure": "never"})
    assert caught.value.errors[0].path == "scenario.critical_failure"
