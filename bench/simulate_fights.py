"""The public ``simulate()`` of Air Action per CPU second, against the fair loop.

    .venv/bin/python bench/simulate_fights.py [--runs N] [--calls N] [--fair-runs N]
        [--rounds N]

What a player waits for is a whole ``simulate()`` (validate the lists, prepare the pairing,
play its blocks, build the report), not the fight loop alone (``odds_and_fights.py``). Each
figure is fights per CPU second of ``simulate()`` of the example 200-point squadrons over
those of ``fair_fight`` (``odds_and_fights.py``: the same fight in plain Python, lists and
``random.Random``), timed in turn (``figures.compare``), at ``--runs`` runs (two blocks) and
at 1,000 runs (what a page or an API call asks):

- with the pairing's setup kept between calls (``rules_engine.pairings``), as repeated
  requests and the blocks of a job find it; targets >= 100x at 20,000 runs and >= 30x at
  1,000 (the issue's);
- at 1,000 runs with the setup built afresh for every call (a pairing asked for the first
  time), which is what every call cost before the setup was kept.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import Case, fight_options, simulate_calls, versus_fair_loop
from odds_and_fights import EXAMPLES, fair_outcomes

from rules_engine.catalogue import load_catalogue
from rules_engine.clix.scenario import read_scenario
from rules_engine.cs_air_action.forces import build_forces
from rules_engine.cs_air_action.scenario import SCENARIO
from rules_engine.cs_air_action.simulation import PAIRINGS
from rules_engine.simulation import simulate


def main() -> None:
    args = fight_options(__doc__, calls=20, rounds=3)
    catalogue = load_catalogue()
    list_a = json.loads((EXAMPLES / "devastators-200.json").read_text())
    list_b = json.loads((EXAMPLES / "bloodhawks-200.json").read_text())
    forces = build_forces(catalogue, list_a, list_b)
    scenario = read_scenario(SCENARIO, {})
    simulate(catalogue, list_a, list_b, runs=1000, seed=1)  # warm the imports and caches

    def calls(runs: int, count: int, fresh: bool) -> Callable[[], None]:
        lists = (catalogue, list_a, list_b)
        return simulate_calls(simulate, lists, runs, count, PAIRINGS.clear if fresh else None)

    def fair() -> Any:
        return fair_outcomes(forces, scenario, args.fair_runs, 7)

    # Samples of about the fair loop's length.
    big = max(1, round(args.calls * 1000 / args.runs * 4))
    cases = [
        Case(args.runs, big, calls(args.runs, big, False), 100.0),
        Case(1000, args.calls, calls(1000, args.calls, False), 30.0),
        Case(1000, args.calls, calls(1000, args.calls, True), how=", set up afresh each call"),
    ]
    versus_fair_loop("Air Action", cases, fair, args.fair_runs, args.rounds)


if __name__ == "__main__":
    main()
