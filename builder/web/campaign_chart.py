"""A pilot's experience chart, drawn on the server as SVG: no script, a line per level.

The line shows the pilot's total experience after each game; each level's threshold is a
dashed, labelled line across the chart, so a player sees how far the next level is. The
page shows the same numbers in a table under the chart, for a reader who cannot see it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 640
HEIGHT = 280
_LEFT, _RIGHT, _TOP, _BOTTOM = 56.0, 150.0, 16.0, 34.0
_LABELS_MAX = 10
"""At most about this many game labels under the axis; every point keeps its tooltip."""


@dataclass(frozen=True)
class Point:
    label: str
    value: int
    x: float
    y: float
    show_label: bool


@dataclass(frozen=True)
class Threshold:
    label: str
    value: int
    y: float
    label_y: float


@dataclass(frozen=True)
class ExperienceChart:
    title: str
    desc: str
    width: int
    height: int
    left: float
    right: float
    baseline: float
    label_y: float
    points: tuple[Point, ...]
    line: str
    """The polyline's points attribute, ``"x,y x,y ..."``."""
    thresholds: tuple[Threshold, ...]
    ticks: tuple[tuple[str, float], ...]


def _top_value(values: Sequence[int], thresholds: Sequence[tuple[str, int]]) -> int:
    """The chart's height in experience: the highest total, and the next level above it."""
    peak = max(values, default=0)
    above = [v for _, v in thresholds if v > peak]
    top = min(above) if above else peak
    return max(top, peak, 100)


def _round_up(value: float) -> int:
    step = 100 if value <= 1000 else 500
    return int(-(-value // step) * step)


def experience_chart(
    name: str,
    points: Sequence[tuple[str, int]],
    thresholds: Sequence[tuple[str, int]] = (),
    *,
    unit: str = "experience",
) -> ExperienceChart:
    """The chart of ``name``'s total after each game (``(label, total)`` pairs, the start
    first), with ``thresholds`` (``("Veteran", 200)``) as lines up to the next one above the
    pilot's total: a rookie's chart shows how near Veteran is, not the road to Legend."""
    top_value = _round_up(_top_value([v for _, v in points], thresholds) * 1.1)
    plot_w = WIDTH - _LEFT - _RIGHT
    plot_h = HEIGHT - _TOP - _BOTTOM
    baseline = _TOP + plot_h

    def y_of(value: int) -> float:
        return round(baseline - plot_h * max(value, 0) / top_value, 1)

    n = len(points)
    step = plot_w / (n - 1) if n > 1 else 0.0
    every = max(1, -(-n // _LABELS_MAX))
    drawn = tuple(
        Point(
            label,
            value,
            round(_LEFT + (i * step if n > 1 else plot_w / 2), 1),
            y_of(value),
            i % every == 0 or i == n - 1,
        )
        for i, (label, value) in enumerate(points)
    )
    lines = []
    last_y = None
    for label, value in sorted(thresholds, key=lambda t: t[1]):
        if value > top_value:
            break
        y = y_of(value)
        # Two thresholds close together keep their labels apart.
        label_y = y if last_y is None or last_y - y >= 14 else last_y - 14
        lines.append(Threshold(label, value, y, round(label_y, 1)))
        last_y = label_y
    ticks = tuple((str(v), y_of(v)) for v in (0, top_value // 2, top_value))
    final = points[-1][1] if points else 0
    games = max(n - 1, 0)
    reached = [t.label for t in lines if t.value <= final]
    desc = (
        f"{name} has {final} {unit} after {games} game{'s' if games != 1 else ''}"
        + (f"; passed {', '.join(reached)}" if reached else "")
        + (
            f"; the next line, {nxt.label}, is at {nxt.value}"
            if (nxt := next((t for t in lines if t.value > final), None))
            else ""
        )
        + "."
    )
    return ExperienceChart(
        title=f"{name}: total {unit} after each game",
        desc=desc,
        width=WIDTH,
        height=HEIGHT,
        left=_LEFT,
        right=WIDTH - _RIGHT,
        baseline=baseline,
        label_y=baseline + 20,
        points=drawn,
        line=" ".join(f"{p.x},{p.y}" for p in drawn),
        thresholds=tuple(lines),
        ticks=ticks,
    )


def level_thresholds(
    levels: Sequence[tuple[str, int]], *, carry_over: bool = True
) -> list[tuple[str, int]]:
    """Total experience at which each level is reached, from ``(level name, experience the
    level below needs)`` in order: with the excess carried over ("Gaining Experience", the
    campaign's ruling) the thresholds are running sums (Veteran 200, Ace 600 ...).
    Without carry-over they depend on each game, so only the first is drawn."""
    found: list[tuple[str, int]] = []
    total = 0
    for name, needs in levels:
        total += needs
        found.append((name, total))
        if not carry_over:
            break
    return found
