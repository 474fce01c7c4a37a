"""Per-click lookup tables a vectorised fight reads, indexed by (figure, clicks left).

A fight keeps each plane's clicks *left* before it is shot down rather than the clicks
taken: 0 then means "shot down", every table gives 0 there (no gunnery, no pilot check),
and the weakest target is simply the enemy with the fewest clicks left. Building the
tables once per fight turns every dial read during the fight into one array gather.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from rules_engine.clix.arrays import Ints
from rules_engine.clix.dice import capped_target, two_d6_weights
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
    hits: HitTable  # how many dice of an attack hit
    blocks: tuple[tuple[int, int], tuple[int, int]]  # each side's figure columns [lo, hi)


@dataclass(frozen=True)
class HitTable:
    """Cumulative chances of an attack's hits, one row per (dice, modified silhouette).

    Row ``dice * silhouettes + silhouette`` holds P(hits <= h) in column h (padded with 2.0,
    which no uniform draw reaches), so the hits of a shot are the number of columns its
    uniform draw is at or above: one draw per shot, whatever the number of dice.
    """

    silhouettes: int  # modified silhouettes 0..silhouettes-1 (capped to 1..6 as targets)
    cdf: np.ndarray  # (rows, columns) float64, columns a multiple of 8

    def row(self, dice: Ints, silhouette: Ints) -> Ints:
        return np.asarray(dice * self.silhouettes + silhouette, dtype=np.intp)


@cache
def hit_chances(dice: int, target: int) -> tuple[Fraction, ...]:
    """Exact chance of each number of hits 0..dice when ``dice`` d6 need ``target`` or more:
    each die hits with chance (7 - target) / 6."""
    hit, miss = 7 - target, target - 1
    return tuple(Fraction(comb(dice, h) * hit**h * miss ** (dice - h), 6**dice)
                 for h in range(dice + 1))


@cache  # read only; built once per size, as every fight between the same planes asks
def hit_table(max_dice: int, max_silhouette: int) -> HitTable:
    """Hit chances for attacks of up to ``max_dice`` dice against a modified silhouette of
    up to ``max_silhouette``, capped to 1..6 ("Combat": a silhouette above 6 is 6)."""
    silhouettes = max_silhouette + 1
    columns = max(8, -(-max_dice // 8) * 8)
    cdf = np.full(((max_dice + 1) * silhouettes, columns), 2.0)
    for dice in range(max_dice + 1):
        for silhouette in range(silhouettes):
            chances = hit_chances(dice, capped_target(silhouette))
            running = Fraction(0)
            for h in range(dice):
                running += chances[h]
                cdf[dice * silhouettes + silhouette, h] = float(running)
    cdf.flags.writeable = False  # shared by every fight of this size
    return HitTable(silhouettes, cdf)


@cache
def pilot_check_fails(piloting: int, critical_two: bool = True) -> Fraction:
    """Exact chance that a 2d6 pilot check against ``piloting`` fails ("Pilot Checks"); a
    total of 2 always fails unless ``critical_two`` is False (the ``collisions-only``
    reading, for checks other than collisions)."""
    weights = two_d6_weights()
    fails = check_fails if critical_two else (lambda t, p: t < p)
    return Fraction(sum(w for t, w in weights.items() if fails(t, piloting)), 36)


def _by_clicks_left(forces: Forces, table: np.ndarray, width: int) -> np.ndarray:
    out = np.zeros((forces.count, width), dtype=np.int16)
    for fig in range(forces.count):
        ko = int(forces.ko[fig])
        for left in range(1, ko + 1):
            out[fig, left] = table[fig, ko - left]
    return out


def fight_tables(forces: Forces, redline_chance: float,
                 ace_attack_shots: bool = False, critical_two: bool = True) -> FightTables:
    """The tables a fight between ``forces`` reads.

    A redlining plane makes a pilot check and loses a click if it fails ("Movement"), so a
    plane's chance to lose a click to redlining in a turn is the product of the two.

    Args:
        forces: both squadrons as arrays (``build_forces``).
        redline_chance: the scenario's chance that a plane redlines in a turn.
        ace_attack_shots: Ace pilots' front shots roll the Ace's attack value (the hit
            table must then reach it too).
        critical_two: a total of 2 fails a redlining check too (the default reading);
            False reads the critical failure as the collisions' only.

    Returns:
        The dial values by clicks left, the hit table and the squadrons' layout.
    """
    width = int(forces.ko.max()) + 1
    piloting = _by_clicks_left(forces, forces.piloting, width)
    fail = {int(p): float(pilot_check_fails(int(p), critical_two)) for p in np.unique(piloting)}
    redline_fail = np.array([[fail[int(p)] * redline_chance if left else 0.0
                              for left, p in enumerate(row)] for row in piloting])
    points_by_side = np.zeros((forces.count, 2), dtype=np.int32)
    points_by_side[np.arange(forces.count), forces.side] = forces.points
    count_a = int((forces.side == 0).sum())
    gunnery = max(forces.front.max(), forces.rear.max())
    if ace_attack_shots and forces.ace_attack is not None:
        gunnery = max(gunnery, forces.ace_attack.max())
    max_dice = int(gunnery) + 1 + int(forces.ace_fate.max())
    return FightTables(
        width=width,
        front=_by_clicks_left(forces, forces.front, width),
        rear=_by_clicks_left(forces, forces.rear, width),
        piloting=piloting,
        redline_fail=redline_fail,
        fate=forces.ace_fate.astype(np.int16),
        has_fate=np.asarray(forces.ace_fate.any(axis=1), dtype=bool),
        points_by_side=points_by_side,
        hits=hit_table(max_dice, int(forces.silhouette.max())),
        blocks=((0, count_a), (count_a, forces.count)),
    )
