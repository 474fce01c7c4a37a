"""A simulation's answer as JSON: outcomes with 95% intervals, turns, and each fighter's fate."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from rules_engine.black_skies.scenario import SIDES, Scenario
from rules_engine.jsonpath import child
from rules_engine.montecarlo import mean, outcome, proportion


class Fighter(Protocol):
    """What the report reads of a fighter: plain values, so the report does not depend on
    the simulation that fills them in."""

    @property
    def side(self) -> int: ...
    @property
    def entry(self) -> int: ...
    @property
    def pilot(self) -> str: ...
    @property
    def design(self) -> str: ...
    @property
    def hull(self) -> int: ...

GEOMETRY = (
    "Movement is abstracted: each activation a fighter that passes its Piloting Check has a "
    "target in arc with chance shot_chance, at a range band drawn from range_weights; each "
    "side flies at a fixed speed and repeats one maneuver every turn."
)


def report(sc: Scenario, fighters: Sequence[Fighter], docs: Sequence[Mapping[str, Any]],
           legal: Sequence[bool], hull: NDArray[np.int64], turns: NDArray[np.int64],
           winner: NDArray[np.int64], runs: int, seed: int) -> dict[str, Any]:
    """Summarise finished fights (see ``simulation.fight`` for the arrays) in the shared
    report shape of docs/simulation.md; ``geometry`` and ``sides`` are this system's extras."""
    return {
        "system": "black-skies",
        "runs": runs,
        "seed": seed,
        "lists": {s: d.get("name") for s, d in zip(SIDES, docs, strict=True)},
        "scenario": sc.to_dict(),
        "outcome": outcome(int((winner == 0).sum()), int((winner == -1).sum()),
                           int((winner == 1).sum()), runs),
        "turns": mean(turns).to_dict(),
        "figures": [_fighter(f, hull[:, i], runs) for i, f in enumerate(fighters)],
        "geometry": GEOMETRY,
        "sides": {s: {"legal": ok} for s, ok in zip(SIDES, legal, strict=True)},
    }


def _fighter(f: Fighter, hull_left: NDArray[np.int64], runs: int) -> dict[str, Any]:
    taken = f.hull - hull_left
    counts = np.bincount(taken, minlength=f.hull + 1)
    return {
        "side": SIDES[f.side],
        "path": child(f"list_{SIDES[f.side]}.entries", f.entry),
        "name": f.pilot,
        "survival": proportion(int((hull_left > 0).sum()), runs).to_dict(),
        "design": f.design,
        "crippled_at_end": proportion(
            int(((hull_left > 0) & (2 * hull_left <= f.hull)).sum()), runs).to_dict(),
        "damage_taken": {str(d): float(c / runs) for d, c in enumerate(counts)},
        "mean_damage_taken": mean(taken).to_dict(),
    }
