"""Rolling many fights' dice at once: hits and natural sixes of d6 attacks."""

from __future__ import annotations

import numpy as np


def roll_hits(
    rng: np.random.Generator, dice: np.ndarray, to_hit: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Hits and natural sixes of ``dice`` d6 per row against ``to_hit`` (1..6).

    Counting faces die by die is the same as drawing how many dice show a six (each 1/6),
    then how many of the others (each uniform on 1..5) reach the target: two binomial
    draws per row, however many dice are rolled.
    """
    sixes = rng.binomial(dice, 1 / 6)
    others = rng.binomial(dice - sixes, (6 - to_hit) / 5)
    return sixes + others, sixes
