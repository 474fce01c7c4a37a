"""Black Skies timings: an exact volley distribution, a fighter check, simulated fights.

Every figure is CPU time (best of a few repeats) with wall time beside it.

Run from the repository root: ``.venv/bin/python bench/black_skies_odds.py``.
"""

from __future__ import annotations

import json

from figures import measured
from timing import EXAMPLES as ALL_EXAMPLES
from timing import cpu_and_wall, ms, per_second

from rules_engine import check, load_catalogue, odds, simulate

EXAMPLES = ALL_EXAMPLES / "black-skies"


def main() -> None:
    catalogue = load_catalogue()
    tiger = json.loads((EXAMPLES / "black-tiger.fighter.json").read_text())
    squadron_a = json.loads((EXAMPLES / "tiger-squadron.squadron.json").read_text())
    squadron_b = json.loads((EXAMPLES / "lancer-flight.squadron.json").read_text())

    volley = cpu_and_wall(
        lambda: odds(
            catalogue,
            "black-skies",
            "volley",
            {
                "weapons": 8,
                "range": "medium",
                "target_armour": "light-armour",
                "target_weight": "heavy",
            },
        )
    )
    print(f"exact volley, 8 laser cannons vs heavy light-armoured: {ms(volley)}")
    measured("exact volley, 8 laser cannons", volley[0] * 1000, "ms cpu")
    raw = cpu_and_wall(
        lambda: odds(
            catalogue,
            "black-skies",
            "volley",
            {"dice": 8, "die_size": 6, "target_number": 7, "armour": 1, "shields": 1},
        )
    )
    print(f"exact volley from raw values (8 d12, d6 damage, armour 1, 1 shield): {ms(raw)}")
    measured("exact volley from raw values", raw[0] * 1000, "ms cpu")
    fighter = cpu_and_wall(lambda: check(catalogue, tiger), repeat=50)
    print(f"fighter check (Black Tiger): {ms(fighter)}")
    measured("fighter check (Black Tiger)", fighter[0] * 1000, "ms cpu")
    runs = 20_000
    fights = cpu_and_wall(lambda: simulate(catalogue, squadron_a, squadron_b, runs=runs, seed=1), 3)
    print(
        f"simulated fights (4 Black Tigers vs 2 Lancers), {runs:,} runs: {per_second(runs, fights)}"
    )
    measured("simulated Black Skies fights", runs / fights[0], "/s cpu")
    api = cpu_and_wall(lambda: simulate(catalogue, squadron_a, squadron_b, runs=1000, seed=1), 5)
    print(f"in process, simulate() of 1,000 runs (an API call): {ms(api)}, {per_second(1000, api)}")
    measured("in process, simulate() of 1,000 Black Skies runs", api[0] * 1000, "ms cpu")


if __name__ == "__main__":
    main()
