"""Independent reference for the clix games' dice: every face of every die, counted."""

import itertools
from fractions import Fraction


def enumerate_hits(dice, need):
    """Exact chance of each number of hits when ``dice`` d6 need ``need`` or more."""
    out = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        h = sum(f >= need for f in faces)
        out[h] = out.get(h, 0) + 1
    return {k: Fraction(v, 6**dice) for k, v in out.items()}


def distribution(report, key):
    """An odds report's exact distribution under ``key`` as {outcome: Fraction}."""
    return {int(k): Fraction(v["exact"]) for k, v in report[key]["distribution"].items()}
