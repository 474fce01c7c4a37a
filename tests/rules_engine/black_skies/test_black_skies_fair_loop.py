"""The vectorised Black Skies fight and the fair plain-Python loop of
bench/black_skies_fights.py play the same rules: they agree on how often each side wins."""

import json
from pathlib import Path

import pytest

from rules_engine import load_catalogue
from rules_engine.black_skies.simulation import prepare
from rules_engine.montecarlo import proportion
from rules_engine.simulation import simulate
from tests.bench_scripts import bench_script

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
EXAMPLES = ROOT / "docs/examples/black-skies"
A = json.loads((EXAMPLES / "tiger-squadron.squadron.json").read_text())
B = json.loads((EXAMPLES / "lancer-flight.squadron.json").read_text())


def _bench():
    return bench_script("black_skies_fights")


@pytest.mark.parametrize(
    "scenario",
    [
        {},
        {"targeting": "weakest"},
        {"shot_chance": 0.9, "max_turns": 4},  # many draws at the time limit
        {"first": "b"},
    ],
)
def test_vectorised_and_fair_loop_fights_agree_on_who_wins(scenario):
    bench = _bench()
    winners = bench.fair_winners(prepare(CATALOGUE, A, B, scenario), 2000, 5)
    fast = simulate(CATALOGUE, A, B, runs=20_000, seed=5, scenario=scenario)
    for side, key in ((0, "a_wins"), (1, "b_wins"), (-1, "draws")):
        slow = proportion(sum(w == side for w in winners), len(winners))
        assert slow.low <= fast["outcome"][key]["high"], key
        assert fast["outcome"][key]["low"] <= slow.high, key
