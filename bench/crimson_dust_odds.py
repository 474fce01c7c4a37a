"""Crimson Dust speed figures: an exact shot distribution, simulated shots and fights per second.

Run: .venv/bin/python bench/crimson_dust_odds.py

Every figure is CPU time (best of a few repeats) with wall time beside it.
"""

from __future__ import annotations

import json

import numpy as np
from figures import measured
from timing import EXAMPLES as ALL_EXAMPLES
from timing import cpu_and_wall, ms, per_second

from rules_engine.catalogue import load_catalogue
from rules_engine.crimson_dust import critical_sixes, exact
from rules_engine.crimson_dust.fighters import side_from
from rules_engine.crimson_dust.simulation import Scenario, _Fight
from rules_engine.montecarlo import rng
from rules_engine.odds import compute
from rules_engine.simulation import simulate

EXAMPLES = ALL_EXAMPLES / "crimson-dust"


def main() -> None:
    catalogue = load_catalogue()
    shot = {
        "weapon": "saw-or-lmg",
        "band": "12-18",
        "dice": 8,
        "df": 6,
        "av": 2,
        "dc": 2,
        "mr": 3,
        "shots": 2,
        "concealed": True,
    }
    caches = (
        exact.scoring,
        exact.hits,
        exact._one_die,
        exact._power,
        exact.wound_split,
        exact.morale,
        critical_sixes.scoring_sixes,
        critical_sixes.hits_sixes,
    )

    def cold() -> None:
        for cached in caches:
            cached.cache_clear()
        compute(catalogue, "crimson-dust", "shot", shot)

    def warm() -> None:
        compute(catalogue, "crimson-dust", "shot", shot)

    warm()  # import and first-call costs out of the figure
    cold_took, warm_took = cpu_and_wall(cold, 5), cpu_and_wall(warm, 5)
    print(
        "exact shot distribution (RoF 2, Rg 8 vs Df 6, concealed): "
        f"{ms(cold_took)} with empty caches, "
        f"{ms(warm_took)} repeated"
    )
    measured(
        "exact Crimson Dust shot, empty caches",
        cold_took[0] * 1000,
        "ms cpu",
        baseline="repeated (warm caches)",
        baseline_value=warm_took[0] * 1000,
    )

    sixes = {
        "weapon": "rifle",
        "band": "12-18",
        "dice": 8,
        "df": 6,
        "av": 2,
        "dc": 2,
        "mr": 3,
        "critical_shot": True,
        "critical_shot_six": "hit-random",
        "refractor": True,
    }

    def cold_sixes() -> None:
        for cached in caches:
            cached.cache_clear()
        compute(catalogue, "crimson-dust", "shot", sixes)

    sixes_took = cpu_and_wall(cold_sixes, 5)
    print(
        "exact shot, Critical Shot on the roll to hit (random cancelling, Rg 8 vs Df 6, "
        f"refractor): {ms(sixes_took)} with empty caches"
    )
    measured("exact shot with Critical Shot, empty caches", sixes_took[0] * 1000, "ms cpu")

    devils = json.loads((EXAMPLES / "dust-devils-500.json").read_text())
    runs = 100_000
    side = side_from(catalogue, devils, "12-18")
    fight = _Fight(side, side, Scenario(), runs, rng(1))
    every = np.ones(runs, dtype=bool)

    def shots() -> None:
        fight.dc = [np.tile(s.Dc, (runs, 1)) for s in fight.sides]
        fight.shoot(0, 0, every, morale=True)

    took = cpu_and_wall(shots, 5)
    print(f"simulated shots (with wounding and morale): {per_second(runs, took)}")
    measured("simulated Crimson Dust shots", runs / took[0], "/s cpu")

    fights = 2000
    took = cpu_and_wall(lambda: simulate(catalogue, devils, devils, runs=fights, seed=1), 3)
    print(f"fights, 500 points a side: {per_second(fights, took)}")
    measured("Crimson Dust fights, 500 points a side", fights / took[0], "/s cpu")
    took = cpu_and_wall(lambda: simulate(catalogue, devils, devils, runs=1000, seed=1), 3)
    print(f"in process, simulate() of 1,000 runs (an API call), 500 points a side: {ms(took)}")
    measured("in process, simulate() of 1,000 Crimson Dust runs", took[0] * 1000, "ms cpu")
    hundred = json.loads((EXAMPLES / "hundred-models.json").read_text())
    fights = 200
    took = cpu_and_wall(lambda: simulate(catalogue, hundred, hundred, runs=fights, seed=1), 1)
    print(f"fights, 100 models a side: {per_second(fights, took)}")
    measured("Crimson Dust fights, 100 models a side", fights / took[0], "/s cpu")


if __name__ == "__main__":
    main()
