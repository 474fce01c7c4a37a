"""Bar charts drawn on the server as SVG: no script, readable without colour, with a table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


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
    left, top, bottom = 44.0, 16.0, 28.0
    plot_h = height - top - bottom
    peak = max((v for _, v in points), default=0.0) or 1.0
    n = max(len(points), 1)
    step = (width - left - 8) / n
    bar_w = max(step * 0.7, 2.0)
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
            )
        )
    ticks = tuple(
        (f"{p * 100:.0f}%", top + plot_h - plot_h * p / peak) for p in (0, peak / 2, peak)
    )
    return BarChart(title, tuple(bars), width, height, top + plot_h, left, ticks)


def distributions(result: Mapping[str, Any], prefix: str = "") -> list[dict[str, Any]]:
    """Every exact distribution in an odds answer (``distribution``, ``mean``, ``at_least``),
    wherever it is nested, each with its name, chart and rows (P = k, P >= k)."""
    found = []
    if "distribution" in result and isinstance(result["distribution"], Mapping):
        dist = result["distribution"]
        at_least = result.get("at_least") or {}
        keys = sorted(dist, key=_number_first)
        rows = [
            {
                "value": k,
                "p": dist[k]["value"],
                "exact": dist[k].get("exact", ""),
                "at_least": (at_least.get(k) or {}).get("value"),
                "at_least_exact": (at_least.get(k) or {}).get("exact", ""),
            }
            for k in keys
        ]
        name = prefix.replace("_", " ").strip() or "result"
        found.append(
            {
                "name": name,
                "chart": bar_chart(name, [(k, dist[k]["value"]) for k in keys]),
                "rows": rows,
                "mean": result.get("mean"),
            }
        )
    for key, value in result.items():
        if isinstance(value, Mapping) and key not in ("distribution", "at_least", "mean"):
            found += distributions(value, f"{prefix} {key}".strip())
    return found


def chances(result: Mapping[str, Any], prefix: str = "") -> list[tuple[str, float, str]]:
    """Single-event chances (``{"exact": "5/9", "value": 0.55}``) outside distributions."""
    found = []
    for key, value in result.items():
        if key in ("distribution", "at_least", "mean"):
            continue
        name = f"{prefix} {key}".strip().replace("_", " ")
        if isinstance(value, Mapping) and set(value) == {"exact", "value"}:
            found.append((name, float(value["value"]), str(value["exact"])))
        elif isinstance(value, Mapping):
            found += chances(value, name)
    return found


def _number_first(key: str) -> tuple[int, float, str]:
    try:
        return (0, float(key), key)
    except ValueError:
        return (1, 0.0, key)
