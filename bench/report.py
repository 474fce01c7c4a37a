"""Draw the history of every benchmark figure, so a slowdown shows at a glance.

Reads every ``bench/results/*.jsonl`` (what ``make bench`` appends) and draws one small line
chart per figure: its value run after run, the target as a dashed line, a missed target as a
red point. Skipped runs have no value and leave no point.

    .venv/bin/python bench/report.py [OUT]     (default docs/bench/history.png)
"""

from __future__ import annotations

import datetime
import json
import math
import sys
import textwrap
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
OUT = HERE.parent / "docs" / "bench" / "history.png"
COLUMNS = 6


def rows(folder: Path = RESULTS) -> list[dict[str, Any]]:
    """Every result line of every file in ``folder``, oldest file first."""
    found = []
    for path in sorted(folder.glob("*.jsonl")):
        found += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return found


def series(results: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The measured results of each figure (``script: name``), in date order."""
    by_figure: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in results:
        if row.get("value") is not None:
            by_figure[f"{row['script']}: {row['name']}"].append(row)
    return {k: sorted(v, key=lambda r: str(r["date"])) for k, v in sorted(by_figure.items())}


def draw(results: Iterable[dict[str, Any]], out: Path = OUT) -> int:
    """One chart per figure into ``out`` (PNG); returns how many figures were drawn."""
    figures = series(results)
    count = max(len(figures), 1)
    lines = math.ceil(count / COLUMNS)
    canvas, axes = plt.subplots(lines, COLUMNS, figsize=(COLUMNS * 3.6, lines * 2.3), squeeze=False)
    for ax in axes.flat[len(figures) :]:
        ax.axis("off")
    for ax, (title, points) in zip(axes.flat, figures.items(), strict=False):
        # Run after run, evenly spaced, each labelled with its date: runs come in bursts.
        runs = range(len(points))
        values = [float(p["value"]) for p in points]
        ax.plot(runs, values, marker="o", markersize=3, linewidth=1, color="tab:blue")
        missed = [
            (i, v)
            for i, v, p in zip(runs, values, points, strict=True)
            if p.get("status") == "missed"
        ]
        if missed:
            ax.plot(*zip(*missed, strict=True), "o", markersize=4, color="tab:red")
        target = points[-1].get("target_value")
        top = max(values)
        if target is not None:
            ax.axhline(float(target), linestyle="--", linewidth=1, color="tab:gray")
            top = max(top, float(target))
        ax.set_ylim(0, top * 1.15 or 1)
        ax.set_xlim(-0.5, max(len(points) - 0.5, 4.5))
        step = max(1, math.ceil(len(points) / 5))
        ticks = list(runs)[::step]
        ax.set_xticks(ticks, [_day(points[i]["date"]) for i in ticks], rotation=30, ha="right")
        ax.set_title("\n".join(textwrap.wrap(title, 44)), fontsize=7)
        ax.set_ylabel(str(points[-1].get("unit", "")), fontsize=7)
        ax.tick_params(labelsize=6)
    if not figures:
        axes.flat[0].text(0.5, 0.5, "no results yet", ha="center", va="center")
    canvas.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    canvas.savefig(out, dpi=80)
    plt.close(canvas)
    return len(figures)


def _day(date: object) -> str:
    """``12-03 07:53`` for an ISO date."""
    return datetime.datetime.fromisoformat(str(date)).strftime("%m-%d %H:%M")


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else OUT
    drawn = draw(rows(), out)
    print(f"{drawn} figures drawn into {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
