"""Exact dice of the clix games: counting d6 results at or above a target number."""

from __future__ import annotations

from functools import cache

import icepool

NATURAL_SIX = 6
MAX_TARGET = 6  # a defense or silhouette above 6 "is considered to be 6"


def capped_target(value: int) -> int:
    """A target number as the books read it: never above 6, never below 1."""
    return max(1, min(MAX_TARGET, value))


@cache
def hits(dice: int, target: int) -> icepool.Die:
    """Number of ``dice`` d6 showing ``target`` or more (``target`` already capped)."""
    if dice <= 0:
        return icepool.Die([0])
    one = icepool.d6.map(lambda face: 1 if face >= target else 0)
    return dice @ one


@cache
def two_d6() -> icepool.Die:
    """The 2d6 total of pilot checks, initiative and bail outs."""
    return 2 @ icepool.d6


def two_d6_weights() -> dict[int, int]:
    """Ways (out of 36) to roll each 2d6 total."""
    die = two_d6()
    return {int(t): int(die.quantity(t)) for t in die.outcomes()}


def count_hits(faces: tuple[int, ...] | list[int], target: int,
               defensive_fate: bool = False) -> int:
    """Hits of one rolled attack: faces at or above the (capped) target; with the target's
    defensive fate only natural sixes count ("Fate")."""
    need = NATURAL_SIX if defensive_fate else capped_target(target)
    return sum(1 for face in faces if face >= need)
