"""What a simulated fight of either Crimson Skies game reports: who won, with 95% intervals,
and how each figure fared ("Victory!")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rules_engine.clix.arrays import Bools, Ints
from rules_engine.montecarlo import mean, outcome, proportion


def tie_broken(*scores: Ints) -> Ints:
    """Per run: 1 when side A wins, -1 when B wins, 0 when only a die roll could decide.

    Each score is (runs,) A's minus B's (positive favours A), in the book's order of
    tie-breakers; a later score decides only where every earlier one is level.
    """
    out: Ints = np.zeros(scores[0].shape, dtype=np.int64)
    for score in reversed(scores):
        sign = np.sign(score)
        out = np.where(sign != 0, sign, out)
    return out


def outcome_report(codes: Ints, runs: int) -> dict[str, Any]:
    """The report's ``outcome``: shares of A's wins, draws and B's wins (from ``tie_broken``)."""
    a_wins, b_wins = int((codes == 1).sum()), int((codes == -1).sum())
    return outcome(a_wins, runs - a_wins - b_wins, b_wins, runs)


def victory_points_report(victory: Ints) -> dict[str, Any]:
    """Each side's mean victory points; ``victory`` is (runs, 2), side A first."""
    return {"a": mean(victory[:, 0]).to_dict(), "b": mean(victory[:, 1]).to_dict()}


def figure_report(side: int, path: str, name: str, damage: Ints, ko: int,
                  runs: int, **shares: Bools) -> dict[str, Any]:
    """One figure's survival, any further shares (e.g. captive at the end) and the share of
    runs ending with each number of clicks of damage taken."""
    taken = np.bincount(damage, minlength=ko + 1)
    return {
        "side": "a" if side == 0 else "b",
        "path": path,
        "name": name,
        "survival": proportion(int((damage < ko).sum()), runs).to_dict(),
        **{key: proportion(int(mask.sum()), runs).to_dict() for key, mask in shares.items()},
        "clicks_of_damage": {str(k): int(v) / runs for k, v in enumerate(taken)},
    }


def run_header(system: str, runs: int, seed: int, names: Sequence[Any]) -> dict[str, Any]:
    """The opening of every simulation report: what was played, how often, with which seed."""
    return {
        "system": system,
        "runs": runs,
        "seed": seed,
        "lists": {"a": names[0], "b": names[1]},
    }
