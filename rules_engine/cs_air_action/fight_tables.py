"""Per-click lookup tables a vectorised fight reads, indexed by (figure, clicks left).

A fight keeps each plane's clicks *left* before it is shot down rather than the clicks
taken: 0 then means "shot down", every table gives 0 there (no gunnery, no pilot check),
and the weakest target is simply the enemy with the fewest clicks left. Building the
tables once per fight turns every dial read during the fight into one array gather.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rules_engine.cs_aces.dice import two_d6_weights
from rules_engine.cs_air_action.collisions import check_fails
from rules_engine.cs_air_action.forces import Forces


@dataclass(frozen=True)
class FightTables:
    """Dial values by clicks left, and the squadrons' layout, for one pair of squadrons."""

    width: int  # columns of every table: clicks left 0..width-1
    front: np.ndarray  # (figures, width) front gunnery
    rear: np.ndarray  # (figures, width) rear gunnery
    piloting: np.ndarray  # (figures, width) piloting value (0 once shot down)
    redline_fail: np.ndarray  # (figures, width) chance a turn's redlining costs a click
    fate: np.ndarray  # (figures, uses + 1) Ace's fate value after that many uses
    has_fate: np.ndarray  # (figures,) bool: an Ace with a fate value flies it
    points_by_side: np.ndarray  # (figures, 2): a plane's points in its own side's column
    blocks: tuple[tuple[int, int], tuple[int, int]]  # each side's figure columns [lo, hi)


def pilot_check_fails(piloting: int) -> Fraction:
    """Exact chance that a 2d6 pilot check against ``piloting`` fails ("Pilot Checks")."""
    weights = two_d6_weights()
    return Fraction(sum(w for t, w in weights.items() if check_fails(t, piloting)), 36)


def _by_clicks_left(forces: Forces, table: np.ndarray, width: int) -> np.ndarray:
    out = np.zeros((forces.count, width), dtype=np.int16)
    for fig in range(forces.count):
        ko = int(forces.ko[fig])
        for left in range(1, ko + 1):
            out[fig, left] = table[fig, ko - left]
    return out


def fight_tables(forces: Forces, redline_chance: float) -> FightTables:
    """The tables for ``forces``; ``redline_chance`` is the scenario's chance to redline.

    A redlining plane makes a pilot check and loses a click if it fails ("Movement"), so a
    plane's chance to lose a click to redlining in a turn is the product of the two.
    """
    width = int(forces.ko.max()) + 1
    piloting = _by_clicks_left(forces, forces.piloting, width)
    fail = {int(p): float(pilot_check_fails(int(p))) for p in np.unique(piloting)}
    redline_fail = np.array([[fail[int(p)] * redline_chance if left else 0.0
                              for left, p in enumerate(row)] for row in piloting])
    points_by_side = np.zeros((forces.count, 2), dtype=np.int32)
    points_by_side[np.arange(forces.count), forces.side] = forces.points
    count_a = int((forces.side == 0).sum())
    return FightTables(
        width=width,
        front=_by_clicks_left(forces, forces.front, width),
        rear=_by_clicks_left(forces, forces.rear, width),
        piloting=piloting,
        redline_fail=redline_fail,
        fate=forces.ace_fate.astype(np.int16),
        has_fate=forces.ace_fate.any(axis=1),
        points_by_side=points_by_side,
        blocks=((0, count_a), (count_a, forces.count)),
    )
