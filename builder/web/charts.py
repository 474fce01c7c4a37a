"""Bar charts drawn on the server as SVG: no script, readable without colour, with a table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    x: float
    y: float
    width: float
    height: float
    text_y: float
    label_x: float
    show_label: bool = True


@dataclass(frozen=True)
class BarChart:
    title: str
    bars: tuple[Bar, ...]
    width: int
    height: int
    baseline: float
    left: float
    ticks: tuple[tuple[str, float], ...]


def bar_chart(
    title: str, points: Sequence[tuple[str, float]], *, width: int = 560, height: int = 240
) -> BarChart:
    """Bars for (label, probability) pairs, scaled to the largest; y ticks at 0, half, max."""
    left, top, bottom = 52.0, 18.0, 30.0
    plot_h = height - top - bottom
    peak = max((v for _, v in points), default=0.0) or 1.0
    n = max(len(points), 1)
    step = (width - left - 8) / n
    bar_w = max(step * 0.7, 2.0)
    every = max(1, -(-n // 16))  # at most about 16 axis labels
    bars = []
    for i, (label, value) in enumerate(points):
        h = plot_h * value / peak
        y = top + plot_h - h
        bars.append(
            Bar(
                label,
                value,
                left + i * step + (step - bar_w) / 2,
                y,
                bar_w,
                h,
                max(y - 3, 11),
                left + i * step + step / 2,
                i % every == 0,
            )
        )
    ticks = tuple(
        (f"{p * 100:.0f}%", top + plot_h - plot_h * p / peak) for p in (0, peak / 2, peak)
    )
    return BarChart(title, tuple(bars), width, height, top + plot_h, left, ticks)
