"""Peak memory of a whole simulation process against its number of runs.

Runs are played in blocks, so the peak resident memory should not grow with runs. Each
size runs in a fresh process (``python -m rules_engine simulate``); the peak is the child's
``ru_maxrss``. Beside it, the same process simulating 1,000 runs: the baseline a run count
should add nothing to.

    .venv/bin/python bench/simulation_memory.py [SYSTEM] [RUNS ...]
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time

from figures import measured
from timing import EXAMPLES, ROOT

FIGHTS = {
    "black-skies": ("tiger-squadron.squadron.json", "lancer-flight.squadron.json"),
    "cs-air-action": ("devastators-200.json", "bloodhawks-200.json"),
    "cs-aces": ("kims-team.json", "genghis-gang.json"),
    "crimson-dust": ("dust-devils-500.json", "dust-devils-500.json"),
}


def peak(system: str, runs: int) -> tuple[float, float, float]:
    """Peak RSS (MB), CPU seconds and wall seconds of one simulate process."""
    a, b = (str(EXAMPLES / system / name) for name in FIGHTS[system])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "rules_engine",
            "simulate",
            a,
            b,
            "--runs",
            str(runs),
            "--seed",
            "1",
        ],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    # ru_maxrss of children is the largest child so far: sizes run in increasing order.
    return after.ru_maxrss / 1024, cpu, wall


def main() -> None:
    system = sys.argv[1] if len(sys.argv) > 1 else "black-skies"
    sizes = [int(n) for n in sys.argv[2:]] or [1_000, 100_000, 1_000_000]
    base, _, _ = peak(system, 1_000)
    print(f"{system}: peak RSS of a whole simulate process (baseline 1,000 runs: {base:.0f} MB)")
    for runs in sorted(sizes):
        mb, cpu, wall = peak(system, runs)
        print(
            f"  {runs:>12,} runs: {mb:6.0f} MB peak ({mb / base:.2f}x the baseline), "
            f"{cpu:.1f} s CPU ({wall:.1f} s wall)"
        )
        measured(
            f"peak RSS of a {system} simulate process, {runs:,} runs",
            mb,
            "MB",
            baseline="1,000 runs",
            baseline_value=base,
        )


if __name__ == "__main__":
    main()
