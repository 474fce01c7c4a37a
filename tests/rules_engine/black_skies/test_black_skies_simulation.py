"""Squadron fights (issue #5): reproducible, consistent, and true to the exact odds."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from rules_engine import BadDocument
from rules_engine.black_skies.book import read_book
from rules_engine.black_skies.scenario import read_scenario
from rules_engine.black_skies.simulation import VolleyFire, read_forces
from rules_engine.cli import main
from rules_engine.montecarlo import rng
from rules_engine.simulation import simulate
from tests.rules_engine.black_skies.black_skies_lists import (
    CATALOGUE,
    LANCER,
    pilot,
    squadron,
    tiger_squadron,
)
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("black-skies")

LANCERS = squadron(pilot("Blue", "Vance", 3, LANCER), pilot("Blue", "Orla", 2, LANCER))


def test_same_seed_same_result_and_another_seed_differs():
    first = simulate(CATALOGUE, tiger_squadron(), LANCERS, runs=2000, seed=11, scenario={})
    assert simulate(CATALOGUE, tiger_squadron(), LANCERS, runs=2000, seed=11, scenario={}) == first
    assert simulate(CATALOGUE, tiger_squadron(), LANCERS, runs=2000, seed=12, scenario={}) != first


def test_outcomes_add_up_and_fighters_are_reported():
    result = simulate(CATALOGUE, tiger_squadron(), LANCERS,
        runs=3000, seed=5, scenario={"max_turns": 20})
    outcome = result["outcome"]
    assert sum(outcome[k]["value"] for k in ("a_wins", "draws", "b_wins")) == pytest.approx(1)
    for estimate in outcome.values():
        assert estimate["low"] <= estimate["value"] <= estimate["high"]
    assert [(f["side"], f["name"]) for f in result["figures"]] == [
        ("a", "Kell"), ("a", "Moss"), ("a", "Ariane"), ("a", "Tobin"),
        ("b", "Vance"), ("b", "Orla")]
    assert [f["path"] for f in result["figures"]] == [
        "list_a.entries[0]", "list_a.entries[1]", "list_a.entries[2]", "list_a.entries[3]",
        "list_b.entries[0]", "list_b.entries[1]"]
    lancer = result["figures"][4]
    assert list(lancer["damage_taken"]) == [str(n) for n in range(9)]
    assert sum(lancer["damage_taken"].values()) == pytest.approx(1)
    # A fighter survives exactly when it has taken less than its hull (8 for a heavy).
    assert lancer["survival"]["value"] == pytest.approx(1 - lancer["damage_taken"]["8"])
    assert 1 <= result["turns"]["value"] <= 20
    assert result["scenario"]["max_turns"] == 20
    assert result["scenario"]["range_weights"] == {"close": 1, "medium": 2, "long": 1}


def test_no_targets_in_arc_means_every_fight_is_a_draw():
    result = simulate(CATALOGUE, tiger_squadron(), LANCERS,
        runs=500, seed=1, scenario={"shot_chance": 0, "max_turns": 5})
    assert result["outcome"]["draws"]["value"] == 1
    assert result["turns"] == {"value": 5, "low": 5, "high": 5}
    assert all(f["survival"]["value"] == 1 for f in result["figures"])


def test_one_turn_of_fire_matches_the_exact_volley():
    # A lone Black Tiger fires first at a lone Lancer: after one turn the Lancer's damage is
    # exactly one volley (medium range, speed 6, light armour, one shield level).
    a = squadron(pilot("Red", "Kell", 4), settings={"single_fighter_elements": "allowed"})
    b = squadron(pilot("Blue", "Vance", 4, LANCER))
    scenario = {"first": "a", "max_turns": 1, "shot_chance": 1,
                "range_weights": {"medium": 1}}
    runs = 40_000
    result = simulate(CATALOGUE, a, b, runs=runs, seed=3, scenario=scenario)
    exact = facts("volley", CATALOGUE, design="black-tiger", range="medium",
                           target_armour="light-armour", target_shields=1,
                           target_weight="heavy")
    seen = result["figures"][1]["damage_taken"]
    for value, entry in exact["damage"]["distribution"].items():
        p = float(Fraction(entry["exact"]))
        sd = (p * (1 - p) / runs) ** 0.5
        assert abs(seen[value] - p) <= 4 * sd + 1e-9, value
    mean = result["figures"][1]["mean_damage_taken"]
    assert mean["low"] <= float(Fraction(exact["damage"]["mean"]["exact"])) <= mean["high"]


@pytest.mark.parametrize(("own_hull", "expected"), [
    (6, set(range(2, 9))),  # whole: both cannons, 2d6 capped by the Lancer's 8 hull
    (3, set(range(1, 7))),  # crippled (3 of 6): "half (round down) of its weapons", one d6
])
def test_crippled_fighters_only_fire_half_their_weapons(own_hull, expected):
    # Combat: sure hits (close range, stationary target), no armour, so damage = dice rolled.
    a = squadron(pilot("Red", "Kell", 4), settings={"single_fighter_elements": "allowed"})
    b = squadron(pilot("Blue", "Vance", 4, dict(LANCER, armour="no-armour", shields=0)))
    book = read_book(CATALOGUE)
    sc = read_scenario(book, {"shot_chance": 1, "range_weights": {"close": 1}, "speed": 0})
    forces = read_forces(book, a, b, sc)
    runs = 3000
    hull = np.tile(np.array([own_hull, 8]), (runs, 1))
    VolleyFire(book, sc, forces.fighters, runs, rng(1)).fire(
        0, np.array([1]), hull, np.ones(runs, dtype=bool))
    assert set((8 - hull[:, 1]).tolist()) == expected


def test_bad_scenario_is_reported_by_parameter():
    with pytest.raises(BadDocument) as caught:
        simulate(CATALOGUE, tiger_squadron(), LANCERS,
            runs=10, seed=1,
            scenario={"shot_chance": 2, "maneuver": {"a": "hard-left", "b": "hard-left"},
                  "range": 3})
    assert [e.path for e in caught.value.errors] == ["scenario.range", "scenario.shot_chance"]


def test_maneuver_the_design_cannot_fly_is_named():
    with pytest.raises(BadDocument) as caught:
        simulate(CATALOGUE, tiger_squadron(), LANCERS,
            runs=10, seed=1, scenario={"maneuver": {"a": "hard-left", "b": "sideslip-left"}})
    assert [e.path for e in caught.value.errors] == ["scenario.maneuver.b"] * 2
    assert "Vance's Lancer cannot fly sideslip-left" in str(caught.value)


def test_unflyable_list_is_a_bad_document():
    broken = squadron(pilot("Red", "Kell", 3, "grey-ghost"), pilot("Red", "Moss", 3))
    with pytest.raises(BadDocument) as caught:
        simulate(CATALOGUE, broken, LANCERS, runs=10, seed=1, scenario={})
    assert [e.path for e in caught.value.errors] == ["list_a.entries[0].design"]


def test_cli_simulate_runs_the_documented_examples(capsys):
    code = main(["simulate", "docs/examples/black-skies/tiger-squadron.squadron.json",
                 "docs/examples/black-skies/lancer-flight.squadron.json", "--runs", "200",
                 "--seed", "4"])
    assert code == 0
    assert '"a_wins"' in capsys.readouterr().out


@pytest.mark.parametrize(("maneuvers", "penalty_of", "hit"), [
    # Combat: close range Target Number 4, "- maneuver penalty"; Break Left's penalty is 2.
    ({"a": "steady", "b": "break-left"}, "firer", Fraction(9, 12)),
    ({"a": "steady", "b": "break-left"}, "target", Fraction(7, 12)),
    ({"a": "break-left", "b": "steady"}, "firer", Fraction(7, 12)),
])
def test_whose_maneuver_penalty_lowers_the_roll(maneuvers, penalty_of, hit):
    a = squadron(pilot("Red", "Kell", 4), settings={"single_fighter_elements": "allowed"})
    b = squadron(pilot("Blue", "Vance", 4, dict(LANCER, armour="no-armour", shields=0)),
                 settings={"single_fighter_elements": "allowed"})
    scenario = {"first": "a", "max_turns": 1, "shot_chance": 1,
                "range_weights": {"close": 1}, "maneuver": maneuvers,
                "maneuver_penalty_of": penalty_of}
    runs = 20_000
    result = simulate(CATALOGUE, a, b, runs=runs, seed=8, scenario=scenario)
    # Two Laser Cannons, no armour: the Lancer takes no damage only when both d12s miss.
    p = float((1 - hit) ** 2)
    sd = (p * (1 - p) / runs) ** 0.5
    assert abs(result["figures"][1]["damage_taken"]["0"] - p) <= 4 * sd
