"""A simulation's answer as JSON: outcomes with 95% intervals, turns, and each fighter's fate."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from rules_engine.black_skies.scenario import SIDES, Scenario
from rules_engine.jsonpath import child
from rules_engine.simulation_report import outcome_shares
from rules_engine.tally import Tally


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


def add_to_tally(tally: Tally, fighters: Sequence[Fighter], hull: NDArray[np.int64],
                 turns: NDArray[np.int64], winner: NDArray[np.int64]) -> None:
    """Add finished fights (see ``simulation.fight`` for the arrays) to the totals."""
    tally.runs += len(turns)
    tally.count("a_wins", winner == 0)
    tally.count("b_wins", winner == 1)
    tally.moment("turns", turns)
    for i, f in enumerate(fighters):
        left = hull[:, i]
        taken = f.hull - left
        tally.count(f"survived_{i}", left > 0)
        tally.count(f"crippled_at_end_{i}", (left > 0) & (2 * left <= f.hull))
        tally.histogram(f"damage_{i}", taken, f.hull + 1)
        tally.moment(f"damage_{i}", taken)


def tally_report(sc: Scenario, fighters: Sequence[Fighter], docs: Sequence[Mapping[str, Any]],
                 legal: Sequence[bool], tally: Tally, seed: int) -> dict[str, Any]:
    """Summarise the totals of finished fights in the shared report shape of
    docs/simulation.md; ``geometry`` and ``sides`` are this system's extras."""
    return {
        "system": "black-skies",
        "runs": tally.runs,
        "seed": seed,
        "lists": {s: d.get("name") for s, d in zip(SIDES, docs, strict=True)},
        "scenario": sc.to_dict(),
        "outcome": outcome_shares(tally),
        "turns": tally.mean("turns").to_dict(),
        "figures": [_fighter(f, i, tally) for i, f in enumerate(fighters)],
        "geometry": GEOMETRY,
        "sides": {s: {"legal": ok} for s, ok in zip(SIDES, legal, strict=True)},
    }


def _fighter(f: Fighter, i: int, tally: Tally) -> dict[str, Any]:
    return {
        "side": SIDES[f.side],
        "path": child(f"list_{SIDES[f.side]}.entries", f.entry),
        "name": f.pilot,
        "survival": tally.share(f"survived_{i}").to_dict(),
        "design": f.design,
        "crippled_at_end": tally.share(f"crippled_at_end_{i}").to_dict(),
        "damage_taken": tally.shares_of(f"damage_{i}", f.hull + 1),
        "mean_damage_taken": tally.mean(f"damage_{i}").to_dict(),
    }
