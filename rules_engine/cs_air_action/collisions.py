"""Collisions with other planes ("Collisions with Other Planes", "Fate").

Both pilots check; each failure costs its plane 1 click. A total of 2 on either check is a
critical failure: a serious collision, in which every plane involved takes 1 click, then
another, and so on until at most one is left (or all go down on the same click). An Ace
may use fate to avoid a serious collision; with only two planes it is avoided completely.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import icepool
import numpy as np

from rules_engine.clix.arrays import Floats, Ints
from rules_engine.clix.dice import two_d6_weights

CRITICAL_FAILURE_TOTAL = 2
CRITICAL_CHANCE = 1 / 36  # a total of 2 on 2d6
CRITICAL, FAILED, PASSED = 0, 1, 2  # a pilot check's result, as ``check_results`` gives it


def check_fails(total: int, piloting: int) -> bool:
    """A pilot check fails below the piloting value; a critical 2 always fails."""
    return total < piloting or total == CRITICAL_FAILURE_TOTAL


def collision_damage(
    fail_a: bool, fail_b: bool, serious: bool, left_a: int, left_b: int, fate: bool
) -> tuple[int, int]:
    """Clicks each of two colliding planes takes (capped at what each has left).

    A serious collision gives both planes one click even if a failed check has already
    destroyed one of them (the book gives the first click unconditionally), then keeps
    clicking both until one is destroyed.
    """
    if serious and fate:
        return 0, 0
    da, db = int(fail_a), int(fail_b)
    if serious:
        ra, rb = left_a - da, left_b - db
        if ra > 0 and rb > 0:
            k = min(ra, rb)
            da, db = da + k, db + k
        else:
            da, db = da + (ra > 0), db + (rb > 0)
    return min(da, left_a), min(db, left_b)


@dataclass(frozen=True)
class CollisionOutcome:
    damage_a: icepool.Die
    damage_b: icepool.Die
    serious: Fraction
    destroyed_a: Fraction
    destroyed_b: Fraction


def collision_outcomes(
    piloting_a: int, piloting_b: int, left_a: int, left_b: int, fate_a: bool, fate_b: bool
) -> CollisionOutcome:
    """Exact outcome of a two-plane collision, enumerating both 2d6 checks."""
    weights = two_d6_weights()
    dist_a: Counter[int] = Counter()
    dist_b: Counter[int] = Counter()
    serious = destroyed_a = destroyed_b = 0
    for ta, wa in weights.items():
        for tb, wb in weights.items():
            w = wa * wb
            crit = CRITICAL_FAILURE_TOTAL in (ta, tb)
            da, db = collision_damage(check_fails(ta, piloting_a), check_fails(tb, piloting_b),
                                      crit, left_a, left_b, fate_a or fate_b)
            dist_a[da] += w
            dist_b[db] += w
            serious += w * crit
            destroyed_a += w * (da >= left_a)
            destroyed_b += w * (db >= left_b)
    total = 36 * 36
    return CollisionOutcome(
        icepool.Die(dict(dist_a)), icepool.Die(dict(dist_b)), Fraction(serious, total),
        Fraction(destroyed_a, total), Fraction(destroyed_b, total),
    )


def check_results(draws: Floats, fails: Floats) -> Ints:
    """Pilot checks settled by one uniform draw each: ``CRITICAL`` (a 2, chance 1/36),
    ``FAILED`` (another failing total) or ``PASSED``, where ``fails`` is each check's chance
    to fail, the 2 included (``fight_tables.pilot_check_fails``), so at least 1/36."""
    result = (draws >= CRITICAL_CHANCE).view(np.int8)
    result += draws >= fails
    return result


@cache
def collision_lefts(width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Both planes' clicks left after a collision without fate (``collision_damage``), read
    at ``((3 * check_a + check_b) * width + left_a) * width + left_b`` for checks as
    ``check_results`` gives them and clicks left below ``width``; and which planes it shot
    down (bit 0: plane a, bit 1: plane b). A plane already shot down collides with nothing:
    with either plane at 0 clicks left, neither changes."""
    after = np.zeros((2, 3, 3, width, width), dtype=np.int64)
    for a in (CRITICAL, FAILED, PASSED):
        for b in (CRITICAL, FAILED, PASSED):
            serious = CRITICAL in (a, b)
            for left_a in range(width):
                for left_b in range(width):
                    da, db = collision_damage(a != PASSED, b != PASSED, serious, left_a,
                                              left_b, False)
                    flying = left_a > 0 and left_b > 0
                    after[:, a, b, left_a, left_b] = (
                        (left_a - da, left_b - db) if flying else (left_a, left_b)
                    )
    before = np.stack(np.broadcast_arrays(
        np.arange(width)[:, None], np.arange(width)[None, :]))[:, None, None]
    down = ((after == 0) & (before > 0)) * np.array([1, 2]).reshape(2, 1, 1, 1, 1)
    tables = after[0].reshape(-1), after[1].reshape(-1), down.sum(axis=0).reshape(-1)
    for table in tables:
        table.flags.writeable = False  # shared by every fight of this width
    return tables


@cache
def collision_lefts_with_fate(width: int) -> tuple[np.ndarray, ...]:
    """As ``collision_lefts``, when Aces use fate defensively: read at
    ``((2 * can_a + can_b) * 9 + 3 * check_a + check_b) * width**2 + left_a * width +
    left_b``, where ``can_a``/``can_b`` say whether each pilot is an Ace able to use fate.
    A serious collision is then avoided completely by plane a's Ace, or else plane b's
    ("Fate"); the fourth table says who spent fate (bit 0: a, bit 1: b)."""
    plain_a, plain_b, plain_down = collision_lefts(width)
    size = 9 * width * width
    after_a, after_b, down = (np.tile(t, 4) for t in (plain_a, plain_b, plain_down))
    spent = np.zeros(4 * size, dtype=np.int64)
    checks = np.arange(size) // (width * width)
    serious = (checks // 3 == CRITICAL) | (checks % 3 == CRITICAL)
    lefts = np.arange(size) % (width * width)
    left_a, left_b = lefts // width, lefts % width
    flying = (left_a > 0) & (left_b > 0)
    for can_a in (0, 1):
        for can_b in (0, 1):
            part = slice((2 * can_a + can_b) * size, (2 * can_a + can_b + 1) * size)
            who = 1 if can_a else 2 if can_b else 0
            avoided = serious & flying & bool(who)
            after_a[part] = np.where(avoided, left_a, after_a[part])
            after_b[part] = np.where(avoided, left_b, after_b[part])
            down[part] = np.where(avoided, 0, down[part])
            spent[part] = np.where(avoided, who, 0)
    tables = after_a, after_b, down, spent
    for table in tables:
        table.flags.writeable = False  # shared by every fight of this width
    return tables
