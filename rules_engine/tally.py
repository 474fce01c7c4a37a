"""Exact running totals of simulated fights, so blocks of runs merge into one report.

A block of runs is summed into whole numbers only (counts, sums, sums of squares and
histograms of integer outcomes). Integers add exactly in any order, so the report built from
merged blocks is the same, bit for bit, however the runs were split and in whatever order
the blocks came back. A tally is plain JSON (``to_dict``/``from_dict``) for a job queue.
No numpy import here: a tally is read and merged where numpy need not be loaded.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.montecarlo import Z95, Estimate, proportion


@dataclass
class Tally:
    """Whole-number totals of some runs: ``runs`` played, named counts, moments, histograms.

    ``moments[name]`` is ``[n, sum, sum of squares]`` of integer samples; ``histograms[name]``
    counts the runs ending with each value 0, 1, 2, ...
    """

    runs: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    moments: dict[str, list[int]] = field(default_factory=dict)
    histograms: dict[str, list[int]] = field(default_factory=dict)

    def count(self, name: str, value: Any) -> None:
        """Add ``value`` (a number, or a boolean array whose ``True`` entries are counted)."""
        total = int(value.sum()) if hasattr(value, "sum") else int(value)
        self.counts[name] = self.counts.get(name, 0) + total

    def moment(self, name: str, samples: Any) -> None:
        """Add integer ``samples`` (a numpy array) to the mean and spread of ``name``."""
        import numpy as np

        values = np.asarray(samples, dtype=np.int64)
        add = [int(values.size), int(values.sum()), int((values * values).sum())]
        old = self.moments.get(name, [0, 0, 0])
        self.moments[name] = [a + b for a, b in zip(old, add, strict=True)]

    def histogram(self, name: str, values: Any, minlength: int = 0) -> None:
        """Add non-negative integer ``values`` (a numpy array) to the histogram ``name``."""
        import numpy as np

        counts = [
            int(c) for c in np.bincount(np.asarray(values, dtype=np.int64), minlength=minlength)
        ]
        self.histograms[name] = _add_lists(self.histograms.get(name, []), counts)

    def merge(self, other: Tally) -> None:
        """Add another block's totals into this one."""
        self.runs += other.runs
        for name, value in other.counts.items():
            self.counts[name] = self.counts.get(name, 0) + value
        for name, moment in other.moments.items():
            old = self.moments.get(name, [0, 0, 0])
            self.moments[name] = [a + b for a, b in zip(old, moment, strict=True)]
        for name, hist in other.histograms.items():
            self.histograms[name] = _add_lists(self.histograms.get(name, []), hist)

    def mean(self, name: str) -> Estimate:
        """The mean of ``name`` with a normal-approximation 95% interval, from exact sums."""
        n, total, squares = self.moments.get(name, [0, 0, 0])
        if n == 0:
            return Estimate(0.0, 0.0, 0.0)
        m = total / n
        if n < 2:
            return Estimate(m, m, m)
        # Sample variance from whole numbers: (n*Σx² - (Σx)²) / (n(n-1)), exact to the
        # final division, so no cancellation error creeps in however large n grows.
        variance = (n * squares - total * total) / (n * (n - 1))
        half = Z95 * math.sqrt(max(variance, 0.0)) / math.sqrt(n)
        return Estimate(m, m - half, m + half)

    def share(self, name: str) -> Estimate:
        """The Wilson 95% interval of the share of runs counted under ``name``."""
        return proportion(self.counts.get(name, 0), self.runs)

    def shares_of(
        self, name: str, minlength: int = 0, *, skip_zero: bool = False
    ) -> dict[str, float]:
        """The histogram ``name`` as the share of runs ending at each value."""
        hist = self.histograms.get(name, [])
        hist = hist + [0] * (minlength - len(hist))
        return {str(k): c / self.runs for k, c in enumerate(hist) if c or not skip_zero}

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: whole numbers only."""
        return {
            "runs": self.runs,
            "counts": dict(self.counts),
            "moments": {k: list(v) for k, v in self.moments.items()},
            "histograms": {k: list(v) for k, v in self.histograms.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        return cls(
            int(data["runs"]),
            {k: int(v) for k, v in data["counts"].items()},
            {k: [int(x) for x in v] for k, v in data["moments"].items()},
            {k: [int(x) for x in v] for k, v in data["histograms"].items()},
        )

    @classmethod
    def merged(cls, tallies: Iterable[Tally]) -> Tally:
        total = cls()
        for tally in tallies:
            total.merge(tally)
        return total


def _add_lists(a: list[int], b: list[int]) -> list[int]:
    longer, shorter = (a, b) if len(a) >= len(b) else (b, a)
    return [x + (shorter[i] if i < len(shorter) else 0) for i, x in enumerate(longer)]
