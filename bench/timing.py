"""Timing helpers shared by the benchmark scripts, and the repository root on ``sys.path``.

Each script runs as ``.venv/bin/python bench/NAME.py``, so this folder is on the path and
``import timing`` comes first; putting the root on the path here lets the script import the
project's packages without installing them.
"""

from __future__ import annotations

import statistics
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

EXAMPLES = ROOT / "docs" / "examples"


def _wall_times(fn: Callable[[], Any], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def best_of(fn: Callable[[], Any], repeat: int = 5) -> float:
    """Fastest of ``repeat`` timed calls, in seconds: the least disturbed by other work."""
    return min(_wall_times(fn, repeat))


def median_of(fn: Callable[[], Any], repeat: int) -> float:
    """Median of ``repeat`` timed calls, in seconds: the typical cost of a short call."""
    return statistics.median(_wall_times(fn, repeat))


def best_per_call_ms(fn: Callable[[], Any], number: int, repeat: int = 5) -> float:
    """Best of ``repeat`` batches of ``number`` calls, per call, in milliseconds.

    Batches keep the clock's resolution out of calls that take microseconds.
    """
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1000


def cpu_and_wall(fn: Callable[[], Any], repeat: int = 5) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of the call with the least CPU time of ``repeat``.

    CPU time (``time.process_time``) is the clock the odds and fight figures are judged by:
    other work on a shared machine does not count in it. Wall time is printed beside it.
    """
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        fn()
        best = min(best, (time.process_time() - cpu, time.perf_counter() - wall))
    return best


def ms(took: tuple[float, float]) -> str:
    """A (CPU, wall) pair as ``"1.2 ms CPU (1.5 ms wall)"``."""
    return f"{took[0] * 1000:.1f} ms CPU ({took[1] * 1000:.1f} ms wall)"


def per_second(count: int, took: tuple[float, float]) -> str:
    """``count`` things done in a (CPU, wall) pair, as rates on both clocks."""
    return f"{count / took[0]:,.0f} per second CPU ({count / took[1]:,.0f} wall)"
