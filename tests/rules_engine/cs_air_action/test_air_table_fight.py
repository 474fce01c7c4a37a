"""The pieces of ``TableFight``: shot tables, their one-look-up hits, and rare events drawn
as gaps between successes."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.cs_air_action.fight_tables import hit_chances
from rules_engine.cs_air_action.shot_tables import (
    BUCKET_BITS,
    BUCKETS,
    NEVER,
    UNSURE,
    ShotTable,
    shot_chances,
)
from rules_engine.cs_air_action.table_fight import Coins, collision_rounds, success_cells
from rules_engine.montecarlo import rng


def test_a_shot_mixes_range_rear_arc_point_blank_and_dice():
    """ "Combat": 2 dice (+1 in the rear arc) at silhouette 5 (4 at point blank)."""
    cdf = shot_chances(np.array([0, 2]), np.array([5]), 0.5, 0.2, 0.4, 4)
    # Row ``left * (targets + 1) + target``: shot down (left 0) and "no target" never hit.
    for never in (0, 1, 3):
        assert (cdf[never] == NEVER).all()
    chance = np.zeros(5)
    chance[0] += 0.5
    for dice, p_dice in ((2, 0.8), (3, 0.2)):
        for target, p_target in ((5, 0.6), (4, 0.4)):
            split = [float(x) for x in hit_chances(dice, target)]
            chance[: dice + 1] += 0.5 * p_dice * p_target * np.array(split)
    assert cdf[2, :3] == pytest.approx(np.cumsum(chance)[:3], abs=1e-15)
    assert cdf[2, 3] == NEVER  # 3 dice hit at most 3 times: no column for "3 or fewer"


def test_the_look_up_gives_the_hits_of_every_draw_or_says_it_is_unsure():
    cdf = np.concatenate(
        [
            shot_chances(np.array([0, 2, 3, 4]), np.array([5, 4, 3]), chance, 0.2, 0.2, 6)
            for chance in (0.5, 1.0)
        ]
    )
    table = ShotTable.of(cdf)
    rows = np.repeat(np.arange(len(cdf)), BUCKETS)
    buckets = np.tile(np.arange(BUCKETS), len(cdf))
    cells = rows * BUCKETS + buckets
    looked_up = table.hits[cells]
    unsure = looked_up == UNSURE
    assert 0 < unsure.mean() < 0.05
    # Sure buckets hold the hits of their lowest and highest draws alike.
    for fine in (0.0, 1 - 2.0**-45):
        exact = table.settle(cells, np.full(len(cells), fine))
        assert (looked_up[~unsure] == exact[~unsure]).all()
    # A draw's hits are the cumulative chances it reaches, unsure buckets settled inside.
    draws = rng(5).random(200_000)
    rows = rng(6).integers(0, len(cdf), 200_000)
    scaled = draws * BUCKETS  # exact: a power of two
    cells = (rows << BUCKET_BITS) | scaled.astype(np.int64)
    fast = table.hits[cells]
    settled = table.settle(cells, scaled - np.floor(scaled))
    reached = (draws[:, None] >= cdf[rows]).sum(axis=1)
    assert (settled == reached).all()
    assert ((fast == reached) | (fast == UNSURE)).all()


def test_a_draw_exactly_on_a_cumulative_chance_reaches_it():
    """An unsure bucket compares within the bucket, so a draw just below a chance does not
    round up onto it, and one on it reaches it."""
    cdf = np.array([[0.5 + 2.0**-40, NEVER]])
    table = ShotTable.of(cdf)
    bucket = int(cdf[0, 0] * BUCKETS)
    cell = np.array([bucket, bucket])
    place = cdf[0, 0] * BUCKETS - bucket  # exact
    below, on = np.nextafter(place, 0), place
    assert table.hits[bucket] == UNSURE
    assert table.settle(cell, np.array([below, on])).tolist() == [0, 1]


@settings(max_examples=40, deadline=None)
@given(
    chance=st.sampled_from([0.001, 0.02, 0.1, 0.5, 0.99, 1.0]),
    cells=st.integers(1, 5000),
    seed=st.integers(0, 2**16),
)
def test_success_cells_are_distinct_ascending_and_in_range(chance, cells, seed):
    found = success_cells(rng(seed), chance, cells)
    assert (np.diff(found) > 0).all()
    assert found.size == 0 or (found[0] >= 0 and found[-1] < cells)
    if chance == 1.0:
        assert found.tolist() == list(range(cells))


def test_each_cell_succeeds_on_its_own_with_the_chance():
    counts = np.zeros(50)
    pairs = 0
    g = rng(9)
    for _ in range(4000):
        found = success_cells(g, 0.1, 50)
        counts[found] += 1
        pairs += int(np.isin([10, 11], found).all())
    assert counts.mean() / 4000 == pytest.approx(0.1, abs=0.004)
    assert (np.abs(counts / 4000 - 0.1) < 0.025).all()  # every cell, not just on average
    assert pairs / 4000 == pytest.approx(0.01, abs=0.006)  # neighbours independent


@settings(max_examples=40, deadline=None)
@given(
    chance=st.sampled_from([0.01, 0.2, 0.7, 1.0]),
    fights=st.integers(1, 300),
    planes=st.integers(1, 6),
    seed=st.integers(0, 2**16),
)
def test_collision_rounds_take_each_fights_collisions_in_plane_order(chance, fights, planes, seed):
    """Round k holds every fight's k-th collision: no fight twice in a round, and a fight's
    collisions come round after round in the order of its planes."""
    fight, plane, draws, rounds = collision_rounds(rng(seed), chance, fights, planes)
    assert draws.shape == (3, len(fight))
    assert ((draws >= 0) & (draws < 1)).all()
    ends = [hi for _, hi in rounds]
    assert [lo for lo, _ in rounds] == [0, *ends][: len(rounds)]  # back to back
    assert ([0, *ends])[-1] == len(fight)
    seen: dict[int, list[int]] = {}
    for k, (lo, hi) in enumerate(rounds):
        assert hi > lo
        assert len(set(fight[lo:hi].tolist())) == hi - lo
        for f, p in zip(fight[lo:hi].tolist(), plane[lo:hi].tolist(), strict=True):
            assert len(seen.setdefault(f, [])) == k
            seen[f].append(p)
    assert all(planes_hit == sorted(planes_hit) for planes_hit in seen.values())
    assert ((fight >= 0) & (fight < fights) & (plane >= 0) & (plane < planes)).all()
    if chance == 1.0:
        assert sorted(zip(fight.tolist(), plane.tolist(), strict=True)) == [
            (f, p) for f in range(fights) for p in range(planes)
        ]


@settings(max_examples=40, deadline=None)
@given(
    counts=st.lists(st.integers(1, 3000), min_size=1, max_size=12),
    seed=st.integers(0, 2**16),
    spare=st.booleans(),
)
def test_coins_are_the_bits_of_rng_bytes_and_leave_the_generator_as_it_would(counts, seed, spare):
    """Initiative reads the bit generator itself for speed: the same bits, turn after turn,
    as ``rng.bytes`` gives, other draws in between unchanged, and the same state after."""
    plain, direct = rng(seed), rng(seed)
    if spare:  # a 32-bit number drawn before: its 64-bit draw's high half is kept
        plain.integers(0, 2**32, dtype=np.uint32)
        direct.integers(0, 2**32, dtype=np.uint32)
    coins = Coins(direct)
    for count in counts:
        expected = np.unpackbits(np.frombuffer(plain.bytes(-(-count // 8)), np.uint8), count=count)
        assert coins.flip(count).tolist() == expected.astype(bool).tolist()
        assert plain.random() == direct.random()
    coins.close()
    assert plain.bit_generator.state == direct.bit_generator.state
    assert plain.bytes(5) == direct.bytes(5)
