"""Intervals for Monte Carlo estimates, so a simulated number always says how sure it is."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy loads only where a simulation runs, not on every import
    import numpy as np
    from numpy.typing import ArrayLike

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A simulated proportion or mean with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


def proportion(successes: int, runs: int) -> Estimate:
    """Wilson score interval: honest near 0 and 1, where the normal interval is not."""
    if runs <= 0:
        raise ValueError("runs must be positive")
    p = successes / runs
    denom = 1 + Z95**2 / runs
    centre = (p + Z95**2 / (2 * runs)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / runs + Z95**2 / (4 * runs**2)) / denom
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def mean(samples: ArrayLike) -> Estimate:
    """Sample mean with a normal-approximation 95% interval."""
    import numpy as np

    values = np.asarray(samples, dtype=float)
    m = float(values.mean())
    if values.size < 2:
        return Estimate(m, m, m)
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(values.size)
    return Estimate(m, m - half, m + half)


def outcome(a_wins: int, draws: int, b_wins: int, runs: int) -> dict[str, dict[str, float]]:
    """Who won how often, the ``outcome`` of every simulation report, so all systems read alike.

    Args:
        a_wins: runs won by list A.
        draws: runs neither list won.
        b_wins: runs won by list B.
        runs: runs played; the three counts must add up to it.

    Returns:
        ``{"a_wins", "draws", "b_wins"}``, each a Wilson 95% ``Estimate`` as a dict.

    Raises:
        ValueError: a count is negative or the counts do not add up to ``runs``.
    """
    counts = {"a_wins": a_wins, "draws": draws, "b_wins": b_wins}
    if min(counts.values()) < 0 or sum(counts.values()) != runs:
        raise ValueError(f"outcome counts {counts} do not add up to {runs} runs")
    return {key: proportion(count, runs).to_dict() for key, count in counts.items()}


def rng(seed: int) -> np.random.Generator:
    """The one way the engine makes randomness: seeded, so a run can be replayed."""
    import numpy as np

    return np.random.default_rng(seed)


def block_rng(seed: int, block: int) -> np.random.Generator:
    """The random stream of one block of runs: it depends on the seed and the block's number
    only, so blocks played in any process, in any order, give the same numbers."""
    import numpy as np

    return np.random.default_rng(np.random.SeedSequence([seed, block]))
