"""Assigning rolled dice to the targets of a multi-target ranged attack ("Resolving an
Attack": "resolve the attack normally, but then assign a die to each one of the target
characters. Each target successfully hit by its assigned die takes 1 click of damage").

The attacker rolls all of its attack dice first and then chooses which die goes to which
target, as Tim does with Charlie's 2, 3 and 5. A die can hit every target whose defense it
reaches, so giving each target in turn, easiest first, the lowest die that still hits it
hits as many targets as any assignment can (and, like Tim, prefers the easier targets).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from rules_engine.clix.arrays import Bools
from rules_engine.clix.dice import NATURAL_SIX

UNUSED = 99  # the need of a target slot that is not shot at: no die reaches it


def assign_dice(faces: npt.ArrayLike, needs: npt.ArrayLike) -> tuple[Bools, Bools]:
    """Which targets are hit, and by a natural six, when the attacker assigns the dice.

    Args:
        faces: (rows, dice) rolled faces, 0 for a die not rolled.
        needs: (rows, targets) the number each target's die must reach (capped defense), or
            ``UNUSED`` for a slot with no target.

    Returns:
        (hit, natural_six), both (rows, targets): the target's assigned die reached its need,
        and that die showed a 6 (the only hit an Ace's defensive fate cannot prevent).
    """
    dice = np.sort(np.asarray(faces, dtype=np.int64), axis=1)  # lowest first
    need = np.asarray(needs, dtype=np.int64)
    rows = np.arange(need.shape[0])
    hit = np.zeros(need.shape, dtype=bool)
    six = np.zeros(need.shape, dtype=bool)
    if dice.shape[1] == 0:
        return hit, six
    free = dice > 0
    for slot in np.argsort(need, axis=1, kind="stable").T:  # easiest target first
        fits = free & (dice >= need[rows, slot][:, None])
        reached = fits.any(axis=1)
        die = fits.argmax(axis=1)  # the lowest die that reaches this target
        free[rows[reached], die[reached]] = False
        hit[rows, slot] = reached
        six[rows, slot] = reached & (dice[rows, die] == NATURAL_SIX)
    return hit, six
