"""Black Skies timings: an exact volley distribution, a fighter check, simulated fights.

Run from the repository root: ``.venv/bin/python bench/black_skies_odds.py``.
"""

from __future__ import annotations

import json

from timing import EXAMPLES as ALL_EXAMPLES
from timing import best_of

from rules_engine import check, load_catalogue
from rules_engine.black_skies import ODDS, simulate

EXAMPLES = ALL_EXAMPLES / "black-skies"


def main() -> None:
    catalogue = load_catalogue()
    tiger = json.loads((EXAMPLES / "black-tiger.fighter.json").read_text())
    squadron_a = json.loads((EXAMPLES / "tiger-squadron.squadron.json").read_text())
    squadron_b = json.loads((EXAMPLES / "lancer-flight.squadron.json").read_text())

    volley = best_of(
        lambda: ODDS["volley"](
            catalogue,
            weapons=8,
            range="medium",
            target_armour="light-armour",
            target_weight="heavy",
        )
    )
    print(f"exact volley, 8 laser cannons vs heavy light-armoured: {volley * 1e3:.2f} ms")
    fighter = best_of(lambda: check(catalogue, tiger), repeat=50)
    print(f"fighter check (Black Tiger): {fighter * 1e6:.0f} us")
    runs = 20_000
    fights = best_of(lambda: simulate(catalogue, squadron_a, squadron_b, {}, runs, 1), 3)
    print(
        f"simulated fights (4 Black Tigers vs 2 Lancers): {runs / fights:,.0f} per second "
        f"({runs} runs in {fights:.2f} s)"
    )


if __name__ == "__main__":
    main()
