"""The vectorised Aces fight and the fair plain-Python loop of bench/aces_fights.py play the
same rules: they agree on how often each team wins, whatever the scenario stresses."""

import json
from pathlib import Path

import pytest

from rules_engine import load_catalogue
from rules_engine.clix.scenario import read_scenario
from rules_engine.cs_aces.fight_scenario import SCENARIO
from rules_engine.cs_aces.forces import build_teams
from rules_engine.montecarlo import proportion
from rules_engine.simulation import simulate
from tests.bench_scripts import bench_script

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
A = json.loads((ROOT / "docs/examples/cs-aces/kims-team.json").read_text())
B = json.loads((ROOT / "docs/examples/cs-aces/genghis-gang.json").read_text())


def _bench():
    return bench_script("aces_fights")


@pytest.mark.parametrize(
    "scenario",
    [
        {},  # defensive fate
        {"fate": "offensive"},
        {"fate": "none", "capture": 0.6},  # captures and escapes
        {"cap_before_modifiers": True, "hindering": 0.8},
        {"adjacent": 0.1, "in_range": 0.9},  # ranged attacks, several targets
    ],
)
def test_vectorised_and_fair_loop_fights_agree_on_the_win_rate(scenario):
    bench = _bench()
    team = build_teams(CATALOGUE, A, B)
    fair = bench.fair_outcomes(team, read_scenario(SCENARIO, scenario), 1500, 3)
    fast = simulate(CATALOGUE, A, B, runs=10_000, seed=3, scenario=scenario)
    slow = proportion(int((fair == 1).sum()), len(fair))
    assert slow.low <= fast["outcome"]["a_wins"]["high"]
    assert fast["outcome"]["a_wins"]["low"] <= slow.high
