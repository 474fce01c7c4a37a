"""Each shot of a fight with no Ace's fate in play, as one table of cumulative chances.

Without fate, everything about a shot is settled by two numbers: the shooter's clicks left
(its gunnery) and which enemy it aims at (its silhouette). Whether the shot is taken (the
scenario's ``in_range`` or ``rear_shot``), the rear-arc die, point blank and the dice are
all independent, so the chance of each number of hits is the mixture of these cases, and a
shot becomes one uniform draw against the table row of its (clicks left, target).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from rules_engine.cs_air_action.fight_tables import hit_chances

NEVER = 2.0  # a cumulative chance no uniform draw in [0, 1) reaches


@cache
def _hit_split(most: int) -> np.ndarray:
    """(dice, target number, hits): the chance of each number of hits 0..most, for 0..most
    dice against target numbers 1..6 (column 0 unused)."""
    split = np.zeros((most + 1, 7, most + 1))
    for dice in range(most + 1):
        for target in range(1, 7):
            split[dice, target, : dice + 1] = [float(x) for x in hit_chances(dice, target)]
    return split


BUCKET_BITS = 8
BUCKETS = 1 << BUCKET_BITS  # a power of two, so a draw's bucket is exact
UNSURE = 255  # in ``ShotTable.hits``: a cumulative chance falls inside the bucket


@dataclass(frozen=True)
class ShotTable:
    """Cumulative chances of a shot, one row per state of the fight the shot is taken in.

    Row ``r`` of ``cdf`` holds P(hits <= h) in column h, padded with ``NEVER``; the hits of
    a shot are the number of columns its uniform draw is at or above. ``hits`` reads that
    count for a draw in [b, b + 1) / BUCKETS at ``r * BUCKETS + b`` in one look-up, unless a
    cumulative chance falls inside the bucket (``UNSURE``, about one draw in 50): then a
    uniform place inside the bucket is drawn and ``settle`` counts the row's cumulative
    chances the draw reaches. Bucket and place together are one uniform draw in [0, 1).

    When no bucket holds two cumulative chances (nearly always), ``settle`` reads two more
    tables by cell: ``below``, the chances at or below the bucket's start, and ``place``,
    where the one inside it lies (2.0 in a sure bucket, which no place reaches).
    """

    cdf: np.ndarray  # (rows, most hits) float64
    hits: np.ndarray  # (rows * BUCKETS,) uint8
    scaled: np.ndarray  # cdf * BUCKETS, for ``settle``
    below: np.ndarray | None = None  # (rows * BUCKETS,) uint8
    place: np.ndarray | None = None  # (rows * BUCKETS,) float64

    @classmethod
    def of(cls, cdf: np.ndarray) -> ShotTable:
        # A draw in bucket b reaches a cumulative chance c when b >= ceil(c * BUCKETS);
        # chances of 1 or more (none left, or ``NEVER``) are reached by no draw.
        scaled = cdf * BUCKETS  # exact: BUCKETS is a power of two
        starts = np.minimum(np.ceil(scaled), BUCKETS).astype(np.int16)
        buckets = np.arange(BUCKETS, dtype=np.int16)
        hits = np.zeros((len(cdf), BUCKETS), dtype=np.uint8)
        for column in starts.T:
            hits += buckets >= column[:, None]
        rows, cols = np.nonzero((scaled != np.floor(scaled)) & (scaled < BUCKETS))
        hits[rows, np.floor(scaled[rows, cols]).astype(np.intp)] = UNSURE
        flat = hits.reshape(-1)
        cells = np.flatnonzero(flat == UNSURE)
        within = _within(scaled, cells)
        inside = (within > 0) & (within < 1)
        if not (inside.sum(axis=1) == 1).all():
            return cls(cdf, flat, scaled)
        below = flat.copy()
        below[cells] = (within <= 0).sum(axis=1)
        place = np.full(len(flat), NEVER)
        place[cells] = within[inside]
        return cls(cdf, flat, scaled, below, place)

    @property
    def fires(self) -> bool:
        """Whether any row of the table can hit at all."""
        return bool((self.cdf < NEVER).any())

    def settle(self, cells: np.ndarray, fine: np.ndarray) -> np.ndarray:
        """The hits of draws in unsure buckets: ``cells`` as ``hits`` reads them (row *
        BUCKETS + bucket), each draw (bucket + ``fine``) / BUCKETS with ``fine`` in [0, 1).
        Compared within the bucket, where ``cdf * BUCKETS - bucket`` is exact, so no draw
        is rounded into the next bucket."""
        if self.below is not None and self.place is not None:
            return np.asarray(self.below.take(cells) + (fine >= self.place.take(cells)))
        reached = fine[:, None] >= _within(self.scaled, cells)
        return np.asarray(np.add.reduce(reached, axis=1, dtype=np.uint8))


def _within(scaled: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """Each cell's row of cumulative chances, measured in buckets from the cell's bucket
    (exact: both are whole multiples of a power of two)."""
    within = scaled.take(cells >> BUCKET_BITS, axis=0)
    within -= (cells & (BUCKETS - 1))[:, None]
    return within


def turn_buckets(rng: np.random.Generator, shots: int, fights: int) -> np.ndarray:
    """(shots, fights) uint8: the bucket of every shot of a turn's volleys, one byte each,
    cut from 64-bit draws (a whole draw per shot would cost eight times as much); a shot in
    an unsure bucket draws its place inside the bucket (``settle``) only then."""
    raw = rng.bit_generator.random_raw(-(-shots * fights // 8)).astype("<u8", copy=False)
    return raw.view(np.uint8)[: shots * fights].reshape(shots, fights)


def shot_chances(
    gunnery: np.ndarray,
    silhouettes: np.ndarray,
    chance: float,
    rear_arc: float,
    point_blank: float,
    columns: int,
) -> np.ndarray:
    """The shot of a plane with ``gunnery`` dice by clicks left at each enemy of
    ``silhouettes``, as cumulative chances of 0..columns-1 hits (``columns`` at least the
    most dice plus one). Leading axes, if any, stand for shooters: ``gunnery`` (..., width)
    and ``silhouettes`` (..., targets) give (..., rows, columns), all in one pass.

    Row ``left * (targets + 1) + target``; ``target == targets`` stands for "no enemy left
    flying", whose row (like that of a shooter shot down or without this weapon) never hits.
    "Combat": a shot at an enemy in the rear arc rolls one more die; at point blank the
    target's silhouette is 1 lower; a silhouette is capped to 1..6 as a target number.
    """
    width, targets = gunnery.shape[-1], silhouettes.shape[-1]
    split = _hit_split(columns)
    chances = np.zeros((*gunnery.shape, targets + 1, columns + 1))
    chances[..., 0] = 1 - chance
    dice = np.maximum(gunnery.astype(np.intp), 0)[..., :, None]
    for extra, p_extra in ((0, 1 - rear_arc), (1, rear_arc)):
        for closer, p_closer in ((0, 1 - point_blank), (1, point_blank)):
            to_hit = np.minimum(np.maximum(silhouettes.astype(np.intp) - closer, 1), 6)
            weight = chance * p_extra * p_closer
            chances[..., :targets, :] += weight * split[dice + extra, to_hit[..., None, :]]
    cdf = np.cumsum(chances[..., :columns], axis=-1)
    hits_possible = np.arange(columns) < (gunnery[..., None] + 1)
    can_hit = (gunnery > 0) & bool(chance)
    never = ~(hits_possible & can_hit[..., None])  # (..., width, columns)
    cdf[np.broadcast_to(never[..., None, :], cdf.shape)] = NEVER
    cdf[..., targets, :] = NEVER
    return cdf.reshape(*gunnery.shape[:-1], width * (targets + 1), columns)


# How a shot's outcome is numbered when an Ace's fate is in play (``fate_shot_chances``).
PLAIN, OFFENSIVE, DEFENSIVE = "none", "offensive", "defensive"


@cache
def defended_chances(dice: int, target: int) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """Exact chances of a shot at an Ace who defends with fate ("Fate": a hit other than a
    natural six is cancelled): (P(h hits, all natural sixes), so not defended, for h in
    0..dice; P(s natural sixes and another hit, so defended down to s) for s in 0..dice).
    A die is a six with chance 1/6, another hit with (6 - target) / 6, a miss otherwise."""
    six, miss, other = Fraction(1, 6), Fraction(target - 1, 6), Fraction(6 - target, 6)
    kept = tuple(comb(dice, s) * six**s * miss ** (dice - s) for s in range(dice + 1))
    cut = tuple(
        comb(dice, s) * six**s * ((miss + other) ** (dice - s) - miss ** (dice - s))
        for s in range(dice + 1)
    )
    return kept, cut


@cache
def _outcome_split(most: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dice, target number) tables of ``hit_chances`` and ``defended_chances``, as floats,
    for 0..most dice against 1..6."""
    hits = np.zeros((most + 1, 7, most + 1))
    kept, cut = np.zeros_like(hits), np.zeros_like(hits)
    for dice in range(most + 1):
        for target in range(1, 7):
            hits[dice, target, : dice + 1] = [float(x) for x in hit_chances(dice, target)]
            k, c = defended_chances(dice, target)
            kept[dice, target, : dice + 1] = [float(x) for x in k]
            cut[dice, target, : dice + 1] = [float(x) for x in c]
    return hits, kept, cut


def fate_outcomes(policy: str, most_dice: int) -> int:
    """How many outcomes a shot has under a fate ``policy``: ``PLAIN`` h hits (outcome h);
    ``OFFENSIVE`` not taken (0) or taken with h hits (1 + h), as the shooter spends fate
    only on a shot it takes; ``DEFENSIVE`` h hits, all natural sixes or none (h), or
    defended down to s natural sixes (most_dice + 1 + s), as the target spends fate then."""
    return {PLAIN: most_dice + 1, OFFENSIVE: most_dice + 2, DEFENSIVE: 2 * most_dice + 2}[policy]


def fate_shot_chances(
    gunnery: np.ndarray,
    silhouettes: np.ndarray,
    fate_dice: np.ndarray,
    chance: float,
    rear_arc: float,
    point_blank: float,
    policy: str,
    most_dice: int,
) -> np.ndarray:
    """Cumulative chances of a shot's outcomes (numbered as ``fate_outcomes`` says) for a
    plane with ``gunnery`` (..., width) dice by clicks left, adding ``fate_dice`` (values,)
    offensive fate dice, at each enemy of ``silhouettes`` (..., targets), which can defend
    with fate (``DEFENSIVE``, second of each target's two rows) or cannot. Leading axes,
    if any, stand for shooters, as in ``shot_chances``.

    Row ``((left * values + value) * (targets + 1) + target) * defends + can``, with
    ``target == targets`` for "no enemy flying", where (as for a shooter shot down or
    without this weapon) the shot is not taken. A column past a row's last possible
    outcome is ``NEVER``."""
    lead, width, targets = gunnery.shape[:-1], gunnery.shape[-1], silhouettes.shape[-1]
    values, defends = len(fate_dice), 2 if policy == DEFENSIVE else 1
    outcomes = fate_outcomes(policy, most_dice)
    split, kept, cut = _outcome_split(most_dice)
    n = most_dice + 1
    taken = 1 if policy == OFFENSIVE else 0  # a shot taken with h hits is outcome taken + h
    fires = gunnery > 0
    chances = np.zeros((*lead, width, values, targets + 1, defends, outcomes))
    chances[..., 0] = 1.0
    chances[..., :targets, :, 0] -= chance * fires[..., None, None, None]
    dice = (np.where(fires, gunnery, 0).astype(np.intp)[..., None] + fate_dice)[..., None]
    on = fires[..., None, None, None]
    for extra, p_extra in ((0, 1 - rear_arc), (1, rear_arc)):
        for closer, p_closer in ((0, 1 - point_blank), (1, point_blank)):
            to_hit = np.minimum(np.maximum(silhouettes.astype(np.intp) - closer, 1), 6)
            weight = chance * p_extra * p_closer * on
            index = (dice + extra, to_hit[..., None, None, :])  # (..., width, values, targets)
            chances[..., :targets, 0, taken : taken + n] += weight * split[index]
            if policy == DEFENSIVE:
                chances[..., :targets, 1, :n] += weight * kept[index]
                chances[..., :targets, 1, n:] += weight * cut[index]
    rows = chances.reshape(*lead, -1, outcomes)
    cdf = np.cumsum(rows[..., :-1], axis=-1)
    after = np.cumsum(rows[..., ::-1], axis=-1)[..., ::-1][..., 1:]  # chance of a later one
    cdf[after == 0] = NEVER
    return cdf
