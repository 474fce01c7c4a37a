"""One record for every benchmark figure, so ``bench/run.py`` can table, judge and keep them.

A script prints its own lines as before and, for each figure, calls ``report``. When the
script runs under ``bench/run.py`` the environment names a file (``BENCH_FIGURES``) and each
figure is appended to it as one JSON line; run on its own, ``report`` writes nothing.

``compare`` is the shared timing of a figure against its baseline: the two sides timed in
turn, sample after sample, so other work on a shared machine falls on both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ENV = "BENCH_FIGURES"
MET, MISSED, SKIPPED, NO_TARGET = "met", "missed", "skipped", "-"


@dataclass(frozen=True)
class Target:
    """A figure's goal: ``op`` is ``<=`` or ``>=``, ``limit`` in the figure's unit."""

    op: str
    limit: float

    def met(self, value: float) -> bool:
        return value <= self.limit if self.op == "<=" else value >= self.limit

    def text(self, unit: str) -> str:
        """``<= 0.5 s cpu``, ``>= 30x cpu``."""
        gap = "" if unit.startswith("x") else " "
        return f"{self.op} {self.limit:g}{gap}{unit}".strip()


def at_most(limit: float) -> Target:
    return Target("<=", limit)


def at_least(limit: float) -> Target:
    return Target(">=", limit)


@dataclass(frozen=True)
class Figure:
    """One measured (or skipped) figure, with the baseline it is read against."""

    name: str
    value: float | None
    unit: str
    baseline: str = ""
    baseline_value: float | None = None
    target: str = ""
    target_op: str = ""
    target_value: float | None = None
    status: str = NO_TARGET
    reason: str = ""
    script: str = ""

    @property
    def ratio(self) -> float | None:
        """Value over baseline, when both are there."""
        if self.value is None or not self.baseline_value:
            return None
        return self.value / self.baseline_value

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"ratio": self.ratio}


def figure(
    name: str,
    value: float,
    unit: str,
    *,
    baseline: str = "",
    baseline_value: float | None = None,
    target: Target | None = None,
) -> Figure:
    """A measured figure, judged against ``target`` when it has one."""
    status = NO_TARGET if target is None else MET if target.met(value) else MISSED
    return Figure(
        name=name,
        value=value,
        unit=unit,
        baseline=baseline,
        baseline_value=baseline_value,
        target="" if target is None else target.text(unit),
        target_op="" if target is None else target.op,
        target_value=None if target is None else target.limit,
        status=status,
        script=_script(),
    )


def skipped(name: str, unit: str, reason: str, target: Target | None = None) -> Figure:
    """A figure this setup cannot measure (a service not configured or not reachable)."""
    return Figure(
        name=name,
        value=None,
        unit=unit,
        target="" if target is None else target.text(unit),
        target_op="" if target is None else target.op,
        target_value=None if target is None else target.limit,
        status=SKIPPED,
        reason=reason,
        script=_script(),
    )


def report(fig: Figure) -> Figure:
    """Append ``fig`` to the file ``BENCH_FIGURES`` names, if any; returns it."""
    path = os.environ.get(ENV)
    if path:
        with Path(path).open("a", encoding="utf-8") as out:
            out.write(json.dumps(fig.as_dict()) + "\n")
    return fig


def measured(*args: Any, **kwargs: Any) -> Figure:
    """``report(figure(...))``: the one call most scripts make."""
    return report(figure(*args, **kwargs))


def _script() -> str:
    import __main__

    return Path(getattr(__main__, "__file__", "") or "").stem


@dataclass(frozen=True)
class Side:
    """Median over rounds of one side's best sample, in seconds."""

    cpu: float
    wall: float


def compare(
    fn: Callable[[], Any], base: Callable[[], Any], rounds: int = 5, samples: int = 3
) -> tuple[Side, Side]:
    """(``fn``, ``base``) timed in turn: each round takes ``samples`` of each side,
    alternating, and keeps each side's least-CPU sample; the result is the median of those
    over ``rounds``, on the CPU clock (``time.process_time``) and the wall clock.

    Give both sides samples of about equal length (batch the quicker one), so neither is
    luckier for being shorter.
    """
    best: list[list[tuple[float, float]]] = [[], []]
    for _ in range(rounds):
        kept = [(float("inf"), float("inf"))] * 2
        for _ in range(samples):
            for i, call in enumerate((fn, base)):
                cpu, wall = time.process_time(), time.perf_counter()
                call()
                took = (time.process_time() - cpu, time.perf_counter() - wall)
                kept[i] = min(kept[i], took)
        for i in (0, 1):
            best[i].append(kept[i])
    sides = [
        Side(statistics.median(c for c, _ in b), statistics.median(w for _, w in b)) for b in best
    ]
    return sides[0], sides[1]


@dataclass(frozen=True)
class Case:
    """One size of a whole ``simulate()`` to time: ``calls`` runs ``count`` calls of ``runs``
    runs each; ``how`` names what is special about it in the figure's name."""

    runs: int
    count: int
    calls: Callable[[], None]
    target: float | None = None
    how: str = ""


def versus_fair_loop(
    system: str, cases: Sequence[Case], fair: Callable[[], Any], fair_runs: int, rounds: int
) -> None:
    """Each case's fights per CPU second against the fair plain-Python loop's (``fair``
    plays ``fair_runs`` fights), timed in turn by ``compare``, printed and reported."""
    for case in cases:
        mine, base = compare(case.calls, fair, rounds=rounds, samples=2)
        rate, fair_rate = case.runs * case.count / mine.cpu, fair_runs / base.cpu
        print(
            f"{system} simulate() of {case.runs:,} runs{case.how}: "
            f"{mine.cpu * 1000 / case.count:.1f} ms CPU a call, {rate:,.0f} fights/s CPU, "
            f"fair loop {fair_rate:,.0f}/s: {rate / fair_rate:.1f}x"
            + (f" (target >= {case.target:g}x)" if case.target else "")
        )
        measured(
            f"{system} simulate() of {case.runs:,} runs{case.how}, over the fair loop",
            rate / fair_rate,
            "x cpu",
            baseline="fair plain-Python loop",
            target=None if case.target is None else at_least(case.target),
        )


def fight_options(doc: str | None, calls: int = 4, rounds: int = 2) -> argparse.Namespace:
    """The options every simulate()-against-the-fair-loop script takes."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--runs", type=int, default=20_000)
    parser.add_argument("--calls", type=int, default=calls, help="1,000-run calls in a sample")
    parser.add_argument("--fair-runs", type=int, default=3_000)
    parser.add_argument("--rounds", type=int, default=rounds)
    return parser.parse_args()


def simulate_calls(
    simulate: Callable[..., Any],
    lists: tuple[Any, Any, Any],
    runs: int,
    count: int,
    before: Callable[[], None] | None = None,
) -> Callable[[], None]:
    """``count`` calls of ``simulate(catalogue, list_a, list_b, runs=..., seed=...)``, seeds
    0, 1, ..., for ``compare``; ``before`` runs ahead of each call (to drop a cache)."""
    catalogue, list_a, list_b = lists

    def run() -> None:
        for seed in range(count):
            if before is not None:
                before()
            simulate(catalogue, list_a, list_b, runs=runs, seed=seed)

    return run
