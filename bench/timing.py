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
