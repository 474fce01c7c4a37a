"""Two ways of playing the same Air Action fights agree: every figure's clicks and survival,
victory points, planes shot down and turns have the same mean within sampling error."""

from __future__ import annotations

from typing import Any

from rules_engine.cs_air_action.forces import Forces
from rules_engine.montecarlo import mean


def assert_same_fights(forces: Forces, one: Any, two: Any, fate: bool = False) -> None:
    """``one`` and ``two`` (two fights' states, independent samples) agree on every measure;
    with ``fate``, also on the fate each Ace spent."""
    picks = [
        lambda s: s.turns,
        lambda s: s.victory[:, 0],
        lambda s: s.victory[:, 1],
        lambda s: s.shot_down[:, 0],
        lambda s: s.shot_down[:, 1],
        *[lambda s, i=i: s.damage[:, i] for i in range(forces.count)],
        *[lambda s, i=i: s.damage[:, i] >= forces.ko[i] for i in range(forces.count)],
    ]
    if fate:
        picks += [lambda s, i=i: s.fate_used[:, i] for i in range(forces.count)]
    for pick in picks:
        a, b = mean(pick(one)), mean(pick(two))
        # Two 99.9% intervals of independent samples overlap unless the means differ.
        margin = 3.3 * (a.high - a.low + b.high - b.low) / (2 * 1.96)
        assert abs(a.value - b.value) <= margin
