"""The vectorised Crimson Dust fight and the fair plain-Python loop of
bench/crimson_dust_fights.py play the same rules: they agree on how often each side wins and
how many models each loses, whatever the scenario stresses."""

import json
import math
import statistics
from pathlib import Path

import pytest

from rules_engine import load_catalogue
from rules_engine.crimson_dust.simulation import prepare
from rules_engine.montecarlo import Z95
from rules_engine.simulation import simulate
from tests.bench_scripts import bench_script
from tests.rules_engine.crimson_dust.conftest import make_warband

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = load_catalogue()
DEVILS = json.loads((ROOT / "docs/examples/crimson-dust/dust-devils-500.json").read_text())
# Everything the example warband does not carry: scopes, a tripod, camouflage, both fields,
# AT, Hail, Pinning, Battle-hardened, Brain-dead.
GEAR = make_warband(
    {
        "archetype": "medio",
        "quality": "regular",
        "weapons": ["rifle"],
        "equipment": ["red-dot-laser", "infrared-scope", "refractor-field-generator"],
    },
    {
        "archetype": "medio",
        "quality": "regular",
        "weapons": ["saw-or-lmg"],
        "equipment": ["stabilising-tripod", "camouflage-2"],
    },
    {
        "archetype": "suboles",
        "quality": "veteran",
        "weapons": ["missile-launcher"],
        "skills": ["battle-hardened"],
        "equipment": ["deflector-field-generator"],
    },
    {
        "archetype": "durus",
        "quality": "regular",
        "weapons": ["shotgun"],
        "skills": ["brain-dead"],
        "equipment": ["camouflage-1"],
    },
    {
        "archetype": "medio",
        "quality": "veteran",
        "weapons": ["bolt-pistol"],
        "skills": ["critical-shot"],
    },
    limit=None,
)
# Beyond three standard errors of the difference (99.7% each) the two loops disagree.
Z = 3.0


def _agree(slow_value, slow_se, fast_value, fast_se, what):
    bound = Z * math.hypot(slow_se, fast_se) + 1e-9
    assert abs(slow_value - fast_value) <= bound, (what, slow_value, fast_value, bound)


@pytest.mark.parametrize(
    ("a", "b", "scenario"),
    [
        (DEVILS, DEVILS, {}),  # a rider on its mount, RoF, Critical Shot, Fanatic
        (DEVILS, GEAR, {"band": "6-12", "concealed": True}),  # Red Dot, return fire
        (
            GEAR,
            DEVILS,
            {
                "cover": 2,
                "critical_shot_six": "hit-random",
                "camouflage_reading": "everywhere",
                "critical_wound_av": "kept",
            },
        ),
        (
            GEAR,
            DEVILS,
            {
                "critical_shot_six": "hit-sixes-kept",
                "concealed": True,
                "return_fire_when_equal": "cover",
                "band": "18-24",
            },
        ),
        (
            DEVILS,
            GEAR,
            {"morale": False, "max_turns": 2, "critical_shot_six": "hit-sixes-cancelled"},
        ),
    ],
)
def test_vectorised_and_fair_loop_fights_agree_on_wins_and_casualties(a, b, scenario):
    fair = bench_script("crimson_dust_fights").fair_results(
        prepare(CATALOGUE, a, b, scenario), 1200, 3
    )
    fast = simulate(CATALOGUE, a, b, runs=10_000, seed=3, scenario=scenario)
    n, runs = len(fair), fast["runs"]
    for code, key in ((1, "a_wins"), (0, "draws"), (-1, "b_wins")):
        p = sum(f[0] == code for f in fair) / n
        q = fast["outcome"][key]["value"]
        _agree(p, math.sqrt(p * (1 - p) / n), q, math.sqrt(q * (1 - q) / runs), key)
    for column, label in ((1, "a"), (2, "b")):
        lost = [f[column] for f in fair]
        mean = fast["sides"][label]["casualties"]["mean"]
        _agree(
            statistics.fmean(lost),
            statistics.stdev(lost) / math.sqrt(n),
            mean["value"],
            (mean["high"] - mean["low"]) / (2 * Z95),
            f"casualties_{label}",
        )
