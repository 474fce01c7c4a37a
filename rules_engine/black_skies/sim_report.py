"""A simulation's answer as JSON: outcomes with 95% intervals, turns, and each fighter's fate."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from rules_engine.black_skies.scenario import SIDES, Scenario
from rules_engine.montecarlo import mean, proportion

if TYPE_CHECKING:
    from rules_engine.black_skies.simulation import Fighter

GEOMETRY = (
    "Movement is abstracted: each activation a fighter that passes its Piloting Check has a "
    "target in arc with chance shot_chance, at a range band drawn from range_weights; each "
    "side flies at a fixed speed and repeats one maneuver every turn."
)


def report(sc: Scenario, fighters: Sequence[Fighter], docs: Sequence[Mapping[str, Any]],
           legal: Sequence[bool], hull: NDArray[np.int64], turns: NDArray[np.int64],
           winner: NDArray[np.int64], runs: int, seed: int) -> dict[str, Any]:
    """Summarise finished fights (see ``simulation.fight`` for the arrays)."""
    outcome = {
        "a_wins": proportion(int((winner == 0).sum()), runs).to_dict(),
        "draws": proportion(int((winner == -1).sum()), runs).to_dict(),
        "b_wins": proportion(int((winner == 1).sum()), runs).to_dict(),
    }
    return {
        "system": "black-skies",
        "runs": runs,
        "seed": seed,
        "scenario": sc.to_dict(),
        "geometry": GEOMETRY,
        "sides": {s: {"name": d["name"], "legal": ok} for s, d, ok in zip(SIDES, docs, legal,
                                                                         strict=True)},
        "outcome": outcome,
        "turns": mean(turns).to_dict(),
        "fighters": [_fighter(f, hull[:, i], runs) for i, f in enumerate(fighters)],
    }


def _fighter(f: Fighter, hull_left: NDArray[np.int64], runs: int) -> dict[str, Any]:
    taken = f.hull - hull_left
    counts = np.bincount(taken, minlength=f.hull + 1)
    return {
        "side": SIDES[f.side],
        "entry": f.entry,
        "pilot": f.pilot,
        "design": f.design,
        "survived": proportion(int((hull_left > 0).sum()), runs).to_dict(),
        "crippled_at_end": proportion(
            int(((hull_left > 0) & (2 * hull_left <= f.hull)).sum()), runs).to_dict(),
        "damage_taken": {str(d): float(c / runs) for d, c in enumerate(counts)},
        "mean_damage_taken": mean(taken).to_dict(),
    }
