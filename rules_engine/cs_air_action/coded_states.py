"""Every state a squadron can be in, numbered, for ``coded_fight.CodedFight``.

A squadron's state is its planes' clicks left and, when Aces use fate, how much fate each
Ace has spent and whether it spent fate this turn ("once per turn"). Each of these is a
digit of a mixed-radix number, the fate digits lowest, so that every state of a squadron
with no plane flying comes before every state with one. Squadron B's numbers follow
squadron A's (a tagged number says whose it is), and a fight holds each squadron's number
times ``stride``, so that "the state after outcome o" is entry ``number * stride + o`` of
one table: every per-state table has ``stride`` entries a state, the state's own value at
the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from rules_engine.clix.arrays import Ints
from rules_engine.cs_air_action.forces import Forces
from rules_engine.cs_air_action.shot_tables import DEFENSIVE, OFFENSIVE, PLAIN, fate_outcomes

# States of both squadrons times ``stride``: the length of each state table. Three planes a
# side (a 200-point squadron) take a few thousand, two Aces using fate among them tens of
# thousands; past this, ``TableFight`` or ``Fight``.
MAX_TABLE_CELLS = 1 << 17


def fate_policy(forces: Forces, scenario: dict[str, Any]) -> str:
    """How Aces use fate in this fight: ``PLAIN`` when none can."""
    if scenario["fate"] == "none" or not forces.ace_fate.any():
        return PLAIN
    return OFFENSIVE if scenario["fate"] == "offensive" else DEFENSIVE


def fate_spends(forces: Forces, policy: str) -> Ints:
    """How many times each figure's Ace can spend fate: until its fate value, which each
    spending clicks down, reaches 0 (the dial's knock-out column at the latest)."""
    if policy == PLAIN:
        return np.zeros(forces.count, dtype=np.int64)
    fate = forces.ace_fate
    exhausted = fate <= 0
    return np.asarray(np.where(exhausted.any(axis=1), exhausted.argmax(axis=1), fate.shape[1] - 1))


def most_dice(forces: Forces, policy: str) -> int:
    """The most dice one shot rolls: the largest gunnery, +1 in the rear arc, + the largest
    fate value when Aces spend it on their shots."""
    gunnery = int(max(forces.front.max(initial=0), forces.rear.max(initial=0))) + 1
    return gunnery + (int(forces.ace_fate.max(initial=0)) if policy == OFFENSIVE else 0)


def state_counts(forces: Forces, policy: str = PLAIN) -> tuple[int, int]:
    """How many states each squadron can be in: the product of (clicks to shoot down + 1)
    over its planes, times (fate spendings + 1) * 2 over its Aces when fate is in play."""
    counts = [1, 1]
    spends = fate_spends(forces, policy).tolist()
    for side, ko, fate in zip(forces.side.tolist(), forces.ko.tolist(), spends, strict=True):
        counts[side] *= (ko + 1) * ((fate + 1) * 2 if fate else 1)
    return counts[0], counts[1]


def stride_of(forces: Forces, policy: str) -> int:
    """Entries per state in a state table: one per outcome of a shot."""
    return fate_outcomes(policy, most_dice(forces, policy))


def plays_by_code(forces: Forces, scenario: dict[str, Any]) -> bool:
    """Whether ``coded_fight.CodedFight`` plays this fight: shooters aim at the weakest
    enemy, no Ace shoots with its attack value, every Ace's fate runs out on its dial (as
    a dial's knock-out click does), and the squadrons are small enough for its tables."""
    ace_attack = (
        scenario["ace_shots_roll"] == "ace_attack"
        and forces.ace_pilot is not None
        and bool(forces.ace_pilot.any())
    )
    if scenario["targeting"] != "weakest" or ace_attack:
        return False
    policy = fate_policy(forces, scenario)
    if policy != PLAIN and not (forces.ace_fate <= 0).any(axis=1).all():
        return False
    a, b = state_counts(forces, policy)
    return (a + b) * stride_of(forces, policy) <= MAX_TABLE_CELLS


@dataclass(frozen=True)
class SquadronStates:
    """The numbering of both squadrons' states, and each state's digits."""

    stride: int
    count: int  # states of both squadrons
    side_of: Ints  # (count,) the squadron a number belongs to
    left: Ints  # (slots, count) clicks left of each plane slot
    uses: Ints  # (slots, count) fate its Ace has spent (0 with no Ace)
    used: Ints  # (slots, count) 1 when that Ace spent fate this turn
    click: Ints  # (2, slots) a code's change for one click of the slot's plane
    spend: Ints  # (2, slots) a code's change when the slot's Ace spends fate
    turn: Ints  # (2, slots) the part of a code that says the Ace spent fate this turn
    flying_from: Ints  # (2,) codes at or above this have a plane flying
    full: Ints  # (2,) the code at the start: every plane flying, no fate spent

    @classmethod
    def number(cls, forces: Forces, row_of: Ints, slots: int, stride: int,
               fate_uses: Ints) -> SquadronStates:
        """Number the states of squadrons laid out by ``row_of`` (a figure's row:
        squadron * slots + slot), where an Ace of figure f can spend fate ``fate_uses[f]``
        times (0: no fate digit)."""
        left_radix = np.ones(2 * slots, dtype=np.int64)
        left_radix[row_of] = forces.ko.astype(np.int64) + 1
        uses_radix = np.ones(2 * slots, dtype=np.int64)
        uses_radix[row_of] = np.asarray(fate_uses, dtype=np.int64) + 1
        used_radix = np.where(uses_radix > 1, 2, 1)
        # Digits of a squadron, lowest first: fate spent and spent this turn by slot, then
        # clicks left by slot. (squadron, digit)
        radix = np.concatenate(
            [uses_radix.reshape(2, slots), used_radix.reshape(2, slots),
             left_radix.reshape(2, slots)], axis=1)
        place = np.cumprod(np.c_[np.ones(2, dtype=np.int64), radix[:, :-1]], axis=1)
        per_side = radix.prod(axis=1)
        offset = np.array([0, per_side[0]])
        count = int(per_side.sum())
        side_of = (np.arange(count) >= per_side[0]).astype(np.int64)
        number = np.arange(count) - offset[side_of]
        digits = number // place[side_of].T % radix[side_of].T  # (digit, state)
        uses, used, left = digits[:slots], digits[slots : 2 * slots], digits[2 * slots :]
        start = ((radix[:, 2 * slots :] - 1) * place[:, 2 * slots :]).sum(axis=1) + offset
        first_left = place[:, 2 * slots]  # the lowest clicks-left digit's place
        return cls(
            stride=stride,
            count=count,
            side_of=side_of,
            left=left,
            uses=uses,
            used=used,
            click=place[:, 2 * slots :] * stride,
            spend=(place[:, :slots] + place[:, slots : 2 * slots]) * stride,
            turn=place[:, slots : 2 * slots] * stride,
            flying_from=(offset + first_left) * stride,
            full=start * stride,
        )

    def spread(self, values: Ints, dtype: type = np.int64) -> Ints:
        """Per-state tables (the last axis) laid out ``stride`` entries a state, as a code
        reads them."""
        out = np.zeros((*values.shape[:-1], values.shape[-1] * self.stride), dtype=dtype)
        out[..., :: self.stride] = values
        return out
