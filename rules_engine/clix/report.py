"""What a simulated fight of either Crimson Skies game reports: who won, with 95% intervals,
and how each figure fared ("Victory!"). Both games keep the same totals per block and build
the same report from them; each adds its own extras."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from rules_engine.clix.arrays import Bools, Ints
from rules_engine.clix.samples import sample_notice
from rules_engine.simulation_report import figure_shares, outcome_shares
from rules_engine.tally import Tally


class Sides(Protocol):
    """The figures of both lists as a fight holds them (an Air Action ``Forces``, an Aces
    ``Team``)."""

    @property
    def count(self) -> int: ...
    @property
    def side(self) -> Ints: ...
    @property
    def ko(self) -> Ints: ...
    @property
    def paths(self) -> Sequence[str]: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def build_points(self) -> tuple[int, int]: ...


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


def run_header(system: str, runs: int, seed: int, names: Sequence[Any]) -> dict[str, Any]:
    """The opening of every simulation report: what was played, how often, with which seed."""
    return {
        "system": system,
        "runs": runs,
        "seed": seed,
        "lists": {"a": names[0], "b": names[1]},
    }


def tally_fights(
    tally: Tally,
    sides: Sides,
    codes: Ints,
    turns: Ints,
    victory: Ints,
    damage: Ints,
    **shares: Bools,
) -> None:
    """Add a block of fights to ``tally``: wins (``codes`` from ``tie_broken``), turns,
    victory points, and each figure's survival, clicks of damage and further ``shares``
    ((runs, figures) masks, e.g. captive at the end)."""
    tally.runs += len(codes)
    tally.count("a_wins", codes == 1)
    tally.count("b_wins", codes == -1)
    tally.moment("turns", turns)
    tally.moment("victory_a", victory[:, 0])
    tally.moment("victory_b", victory[:, 1])
    # Every figure's clicks of damage in one histogram of the block (a reduction down the
    # runs of each figure costs ten times more); survival is read from it.
    n, ko = sides.count, np.asarray(sides.ko, dtype=np.int64).tolist()
    damage = np.asarray(damage, dtype=np.int64).reshape(len(codes), n)
    if damage.size and damage.min() < 0:
        raise ValueError("clicks of damage are never negative")
    width = max([k + 1 for k in ko] + [int(damage.max(initial=0)) + 1])
    cells = (damage + np.arange(n) * width).reshape(-1)
    by_figure = np.bincount(cells, minlength=n * width).reshape(n, width)
    shared = {
        key: np.bincount(np.flatnonzero(mask) % n, minlength=n).tolist()
        for key, mask in shares.items()
    }
    damages = {}
    for i in range(n):
        counts = by_figure[i].tolist()
        tally.count(f"survived_{i}", sum(counts[: ko[i]]))
        for key, shared_counts in shared.items():
            tally.count(f"{key}_{i}", shared_counts[i])
        seen = max((v for v, c in enumerate(counts) if c), default=0)
        damages[f"damage_{i}"] = counts[: max(ko[i], seen) + 1]
    tally.merge(Tally(histograms=damages))


def fight_report(
    system: str,
    scenario: Mapping[str, Any],
    names: Sequence[Any],
    samples: Sequence[str],
    sides: Sides,
    tally: Tally,
    seed: int,
    shares: tuple[str, ...] = (),
    **extras: Any,
) -> dict[str, Any]:
    """The shared simulation report (docs/simulation.md, "The report") from the totals of
    ``tally_fights``: the scenario as played, outcome shares, turns, each figure's survival,
    ``shares`` and clicks of damage, victory points, the game's ``extras``, build points,
    and which figures played on sample (invented) dials."""
    return {
        **run_header(system, tally.runs, seed, names),
        "scenario": dict(scenario),
        "outcome": outcome_shares(tally),
        "turns": tally.mean("turns").to_dict(),
        "figures": [
            figure_shares(
                tally,
                i,
                int(sides.side[i]),
                sides.paths[i],
                sides.names[i],
                int(sides.ko[i]),
                shares,
            )
            for i in range(sides.count)
        ],
        "victory_points": {
            "a": tally.mean("victory_a").to_dict(),
            "b": tally.mean("victory_b").to_dict(),
        },
        **extras,
        "build_points": {"a": sides.build_points[0], "b": sides.build_points[1]},
        **sample_notice(samples),
    }
