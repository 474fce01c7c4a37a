"""Whole Air Action fights: reproducible, well formed, and in agreement with the naive
per-die reference loop of bench/odds_and_fights.py."""

import importlib.util
import json
from pathlib import Path

import pytest

from rules_engine import BadDocument, load_catalogue
from rules_engine.cs_aces.scenario import read_scenario
from rules_engine.cs_air_action import simulate
from rules_engine.cs_air_action.forces import build_forces
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.montecarlo import proportion

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
A = json.loads((ROOT / "docs/examples/cs-air-action/devastators-200.json").read_text())
B = json.loads((ROOT / "docs/examples/cs-air-action/bloodhawks-200.json").read_text())


def _bench():
    spec = importlib.util.spec_from_file_location("bench_odds", ROOT / "bench/odds_and_fights.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_same_seed_same_result_and_another_seed_differs():
    one = simulate(CATALOGUE, A, B, {}, 2000, 5)
    assert one == simulate(CATALOGUE, A, B, {}, 2000, 5)
    assert one != simulate(CATALOGUE, A, B, {}, 2000, 6)


def test_outcomes_add_up_and_turns_respect_the_time_limit():
    result = simulate(CATALOGUE, A, B, {"max_turns": 3}, 3000, 1)
    total = result["a_wins"]["value"] + result["draws"]["value"] + result["b_wins"]["value"]
    assert total == pytest.approx(1.0)
    assert result["turns"]["high"] <= 3
    for figure in result["figures"]:
        assert sum(figure["clicks_of_damage"].values()) == pytest.approx(1.0)


def test_no_shots_and_no_hazards_means_everyone_survives():
    quiet = {"in_range": 0, "rear_shot": 0, "redline": 0, "collision": 0}
    result = simulate(CATALOGUE, A, B, quiet, 500, 1)
    assert all(f["survival"]["value"] == 1.0 for f in result["figures"])
    assert result["victory_points"]["a"]["value"] == 200  # remaining planes' points
    assert result["victory_points"]["b"]["value"] == 168


def test_a_bad_scenario_value_is_named():
    with pytest.raises(BadDocument) as err:
        simulate(CATALOGUE, A, B, {"in_range": 2, "wind": 1}, 10, 1)
    assert {e.path for e in err.value.errors} == {"scenario.in_range", "scenario.wind"}


def test_vectorised_and_naive_fights_agree_on_the_win_rate():
    bench = _bench()
    scenario = read_scenario(SCENARIO, {"fate": "none"})
    forces = build_forces(CATALOGUE, A, B)
    naive = bench.naive_outcomes(forces, scenario, 1500, 3)
    fast = simulate(CATALOGUE, A, B, {"fate": "none"}, 20000, 3)
    slow = proportion(int((naive == 1).sum()), len(naive))
    assert slow.low <= fast["a_wins"]["high"]
    assert fast["a_wins"]["low"] <= slow.high
