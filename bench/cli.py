"""Whole-process times of the engine's command line, beside a bare Python start.

A script or service pays for the whole process: interpreter start, imports, reading the
packs, the work and the output. Each case is timed as a child process, several times, and
the median reported in CPU time (user + system of the child, the clock that other work on
a shared machine disturbs least) with wall time beside it. The baseline is ``python -c
pass`` with the same interpreter, measured in the same run, so the ratio says how much the
engine adds to the least any Python program costs.

    .venv/bin/python bench/cli.py [REPEAT]

Targets: a ``check`` process at most 0.3 s; 1,000 checks in one ``batch`` process at most
1 s.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from figures import at_most, measured
from timing import EXAMPLES, ROOT

CHECKED = EXAMPLES / "cs-air-action" / "devastators-200.json"
BATCH_LINES = 1_000


def _batch_file() -> Path:
    """1,000 check requests cycling through every example list (the 100-model warband too)."""
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*/*.json"))]
    handle, name = tempfile.mkstemp(suffix=".jsonl")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        for i in range(BATCH_LINES):
            out.write(json.dumps({"op": "check", "id": i, "list": docs[i % len(docs)]}) + "\n")
    return Path(name)


def _run(args: list[str], stdin: Path | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(stdin or os.devnull, "rb") as source:
        result = subprocess.run(
            [sys.executable, *args],
            cwd=ROOT,
            stdin=source,
            capture_output=True,
            check=False,
        )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode not in (0, 1):
        raise SystemExit(f"{args} failed: {result.stderr.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def _median(args: list[str], repeat: int, stdin: Path | None = None) -> tuple[float, float]:
    runs = [_run(args, stdin) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    batch = _batch_file()
    try:
        _run(["-m", "rules_engine", "check", str(CHECKED)])  # warm the file cache
        bare = _median(["-c", "pass"], repeat)
        check = _median(["-m", "rules_engine", "check", str(CHECKED)], repeat)
        lines = _median(["-m", "rules_engine", "batch"], repeat, stdin=batch)
    finally:
        batch.unlink()
    print(f"Whole processes, median of {repeat} (CPU time; wall time in brackets)")
    rows = [
        ("python -c pass (baseline)", bare, None),
        (f"check {CHECKED.relative_to(ROOT)}", check, 0.3),
        (f"batch of {BATCH_LINES:,} checks", lines, 1.0),
    ]
    for name, (cpu, wall), target in rows:
        ratio = "" if target is None else f"  {cpu / bare[0]:6.1f}x the baseline"
        goal = (
            ""
            if target is None
            else f"  target <= {target} s: " + ("met" if cpu <= target else "NOT met")
        )
        print(f"  {name:<48} {cpu:6.3f} s ({wall:6.3f} s){ratio}{goal}")
        if target is not None:
            measured(
                f"whole process: {name}",
                cpu,
                "s cpu",
                baseline="python -c pass",
                baseline_value=bare[0],
                target=at_most(target),
            )
    per_check = (lines[0] - check[0]) / (BATCH_LINES - 1) * 1000
    print(f"  each further check in a batch: {per_check:.2f} ms CPU")
    measured("each further check in a batch", per_check, "ms cpu")


if __name__ == "__main__":
    main()
