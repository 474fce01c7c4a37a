"""``make bench``: every benchmark script, one table of their figures, the results kept.

Each script runs as its own process (its own lines still print as it goes) and reports its
figures as JSON lines into a file this names in ``BENCH_FIGURES``. Then one table: figure,
value, baseline, ratio, target and met / missed / skipped. Every figure is appended to
``bench/results/<date>.jsonl`` with the commit, the date, the machine's load and its name,
which ``bench/report.py`` draws. The exit code is 1 when a target is missed or a script
fails.

    .venv/bin/python bench/run.py [NAME ...]     (NAME: printing, web, ...; default all)
"""

from __future__ import annotations

import datetime
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from figures import ENV, MISSED, Figure

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "results"
NOT_SCRIPTS = {"figures", "report", "run", "timing"}
FAILED = "failed"


def scripts(names: Sequence[str] = ()) -> list[Path]:
    """The benchmark scripts, in name order; ``names`` picks some (``printing``, ``web``)."""
    found = sorted(p for p in HERE.glob("*.py") if p.stem not in NOT_SCRIPTS)
    if not names:
        return found
    unknown = sorted(set(names) - {p.stem for p in found})
    if unknown:
        raise SystemExit(f"no bench script named {', '.join(unknown)}")
    return [p for p in found if p.stem in names]


def run_script(path: Path) -> list[Figure]:
    """Run one script; its reported figures, or one ``failed`` row when it exits non-zero."""
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as folder:
        out = Path(folder) / "figures.jsonl"
        out.touch()
        print(f"== bench/{path.name}", flush=True)
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, str(path)], cwd=ROOT, env={**os.environ, ENV: str(out)}
        )
        took = time.perf_counter() - start
        figures = [_figure(json.loads(line)) for line in out.read_text().splitlines() if line]
    if done.returncode:
        figures.append(
            Figure(
                name=f"{path.stem} exits with {done.returncode}",
                value=None,
                unit="",
                status=FAILED,
                reason=f"after {took:.0f} s; see its output above",
                script=path.stem,
            )
        )
    elif not figures:
        figures.append(
            Figure(name="(prints its own lines only)", value=took, unit="s", script=path.stem)
        )
    return figures


def _figure(row: dict[str, Any]) -> Figure:
    row.pop("ratio", None)
    return Figure(**row)


def number(value: float | None) -> str:
    """A value short enough for the table: thousands separated, three figures below."""
    if value is None:
        return ""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 100:
        return f"{value:.0f}"
    return f"{value:.3g}"


def with_unit(value: float, unit: str) -> str:
    """``0.42 s cpu``, ``12x cpu``, ``800/s cpu``, ``3 rows``."""
    gap = "" if unit.startswith(("x", "/")) else " "
    return f"{number(value)}{gap}{unit}".strip()


def table(figures: Iterable[Figure]) -> str:
    """The figures as one plain-text table, a row each."""
    head = ("script", "figure", "value", "baseline", "ratio", "target", "result")
    rows = [head]
    for f in figures:
        baseline = f.baseline
        if f.baseline_value is not None:
            baseline = f"{baseline}: {with_unit(f.baseline_value, f.unit)}".strip(": ")
        ratio = "" if f.ratio is None else f"{f.ratio:.2f}x"
        result = f.status if not f.reason else f"{f.status} ({f.reason})"
        value = "" if f.value is None else with_unit(f.value, f.unit)
        rows.append((f.script, f.name, value, baseline, ratio, f.target, result))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    right = {2, 4}
    lines = []
    for n, r in enumerate(rows):
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def failed(figures: Iterable[Figure]) -> bool:
    """True when a target is missed or a script failed: ``make bench`` then exits 1."""
    return any(f.status in (MISSED, FAILED) for f in figures)


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
    return done.stdout.strip()


def commit() -> str:
    return _git("rev-parse", "HEAD") or "unknown"


def dirty() -> bool:
    """True when tracked files differ from the commit: the figures are not the commit's alone."""
    return bool(_git("status", "--porcelain", "--untracked-files=no"))


def result_lines(figures: Iterable[Figure], now: datetime.datetime) -> list[str]:
    """One JSON line per figure: the figure, the commit (and whether the tree had changes
    beside it), the date, the load, the host."""
    stamp = {
        "commit": commit(),
        "dirty": dirty(),
        "date": now.isoformat(timespec="seconds"),
        "load": list(os.getloadavg()),
        "host": socket.gethostname(),
    }
    return [json.dumps(f.as_dict() | stamp) for f in figures]


def record(figures: Sequence[Figure], folder: Path | None = None) -> Path:
    """Append the figures to ``<folder>/<date>.jsonl`` (``bench/results``); returns the file."""
    now = datetime.datetime.now(datetime.UTC)
    folder = folder or RESULTS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{now.date().isoformat()}.jsonl"
    with path.open("a", encoding="utf-8") as out:
        out.writelines(line + "\n" for line in result_lines(figures, now))
    return path


def main(argv: Sequence[str]) -> int:
    figures = [f for path in scripts(argv) for f in run_script(path)]
    print()
    print(table(figures))
    path = record(figures)
    print(f"\nresults appended to {path}; bench/report.py draws them")
    if failed(figures):
        print("a target was missed or a script failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
