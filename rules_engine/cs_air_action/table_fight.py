"""Whole Air Action fights in which no Ace's fate or attack value is in play.

The rules are those of ``fight.Fight`` (the turn sequence, hazards, shots and victory
points), played faster by drawing less and touching memory in order:

- each plane's clicks left are one contiguous row of ``left`` (figures, runs), so every
  operation on a plane runs over consecutive bytes;
- a shot is one uniform draw per fight against its ``ShotTable`` row (``shot_tables``),
  instead of separate draws for range, rear arc, point blank and the dice; the draw's first
  byte settles it but about once in 50 (``turn_buckets``);
- redlining and collisions are rare events: the cells where they happen are drawn directly
  as gaps between successes (geometric draws), not one uniform per plane and fight;
- the aggressor of each fight is one random bit, and for the shots each fight's planes are
  laid out aggressor first, so one pass over every fight takes the k-th shot of them all.

``batch.play_fight`` picks the class that plays a batch of fights.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any, Self

import numpy as np

from rules_engine.clix.arrays import Bools, Floats, Ints
from rules_engine.cs_air_action.collisions import check_results, collision_lefts
from rules_engine.cs_air_action.fight import FightState
from rules_engine.cs_air_action.fight_tables import fight_tables, pilot_check_fails
from rules_engine.cs_air_action.forces import Forces
from rules_engine.cs_air_action.settings import EVERY_CHECK
from rules_engine.cs_air_action.shot_tables import (
    BUCKET_BITS,
    UNSURE,
    ShotTable,
    shot_chances,
    turn_buckets,
)


def success_cells(rng: np.random.Generator, chance: float, cells: int) -> Ints:
    """The cells (0..cells-1, ascending) where an event of ``chance`` happens, each cell on
    its own: the gaps between successes of independent trials are geometric."""
    if chance >= 1:
        return np.arange(cells)
    if chance <= 0:
        return np.arange(0)
    expected = cells * chance
    batch = int(expected + 6 * expected**0.5 + 16)
    found = np.cumsum(_geometric(rng, chance, batch, cells))
    found -= 1
    while found[-1] < cells:
        more = np.cumsum(_geometric(rng, chance, batch, cells)) + found[-1]
        found = np.concatenate((found, more))
    return found[: int(np.searchsorted(found, cells))]


def _geometric(rng: np.random.Generator, chance: float, count: int, cap: int) -> Ints:
    """``count`` trials-to-first-success of ``chance`` (capped at ``cap`` + 1): the whole
    part of an exponential with rate -ln(1 - chance), plus 1, which is geometric
    (P(gap > k) = (1 - chance)^k), at half the cost of numpy's own geometric draws."""
    gaps = rng.standard_exponential(count)
    gaps *= _gap_scale(chance)
    np.minimum(gaps, cap, out=gaps)
    whole = gaps.astype(np.int64)
    whole += 1
    return whole


@cache
def _gap_scale(chance: float) -> float:
    """1 / -ln(1 - chance), worked out once for each chance a scenario uses."""
    return float(-1 / np.log1p(-chance))


def collision_rounds(
    rng: np.random.Generator, chance: float, fights: int, planes: int
) -> tuple[Ints, Ints, Floats, list[tuple[int, int]]]:
    """This turn's collisions: each of ``planes`` planes in each of ``fights`` fights ends
    its move overlapping an enemy with ``chance``. Returns each collision's fight, plane
    and three uniform draws (which enemy, then each pilot's check), ordered so that round
    k, a slice of ``rounds``, holds every fight's k-th collision in plane order."""
    found = success_cells(rng, chance, fights * planes)
    fight, plane = np.divmod(found, planes)  # fight by fight, planes in order
    again = np.concatenate(([False], fight[1:] == fight[:-1]))  # not the fight's first
    ends = [len(fight)] if len(fight) else []
    if again.any():
        place = np.arange(len(fight))
        rank = place - np.maximum.accumulate(np.where(again, 0, place))
        order = np.argsort(rank, kind="stable")
        fight, plane = fight.take(order), plane.take(order)
        ends = np.cumsum(np.bincount(rank)).tolist()
    draws = rng.random((3, len(fight)))
    return fight, plane, draws, list(zip([0, *ends], ends, strict=False))


class Coins:
    """One fair random bit per fight, turn after turn: the bits of ``rng.bytes``, read
    straight from a PCG64 bit generator (``bytes`` costs 20 times more through
    ``Generator.integers``).

    ``rng.bytes(n)`` cuts its bytes from 32-bit numbers, each 64-bit draw giving its low
    half, then its high half, which the generator keeps for its next 32-bit number; the
    kept half is followed here too, and handed back to the generator by ``close``. Another
    bit generator is read through ``rng.bytes``.
    """

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        state = rng.bit_generator.state
        self.direct = state.get("bit_generator") == "PCG64"
        self.kept, self.half = bool(state.get("has_uint32")), int(state.get("uinteger", 0))

    def flip(self, count: int) -> Bools:
        """``count`` bits, the first ``count`` bits of ``rng.bytes(ceil(count / 8))``."""
        length = -(-count // 8)
        if not self.direct:
            raw = np.frombuffer(self.rng.bytes(length), dtype=np.uint8)
            return np.unpackbits(raw, count=count).view(bool)
        words = (length - 1) // 4 + 1  # 32-bit numbers
        fresh = words - self.kept
        halves = self.rng.bit_generator.random_raw(-(-fresh // 2)).astype("<u8", copy=False)
        halves = halves.view("<u4")
        if self.kept:
            halves = np.concatenate((np.array([self.half], dtype="<u4"), halves))
        if fresh:  # the generator holds the last draw's high half, used up or not
            self.kept, self.half = bool(fresh % 2), int(halves[-1])
        else:
            self.kept = False
        return np.unpackbits(halves.view(np.uint8)[:length], count=count).view(bool)

    def close(self) -> None:
        """Leave the generator as ``rng.bytes`` would have left it."""
        if self.direct:
            state = dict(self.rng.bit_generator.state)
            state["has_uint32"], state["uinteger"] = int(self.kept), self.half
            self.rng.bit_generator.state = state


class TableBatch:
    """One batch of fights whose shots are table draws, every run advancing together: what
    ``TableFight`` and ``coded_fight.CodedFight`` share (the dial tables, the squadrons'
    layout, the shot tables and how a collision ends). A subclass holds the fights' state
    and plays them (``play``).

    Each squadron takes ``slots`` rows of the layout (slots of the smaller squadron past
    its planes stay empty: no plane, never flying), squadron A first. ``run`` is the run
    number of each fight still going; finished fights are written out and dropped.
    """

    def __init__(
        self, forces: Forces, scenario: dict[str, Any], runs: int, rng: np.random.Generator
    ) -> None:
        self._set_up(forces, scenario)
        self._start(runs, rng)

    @classmethod
    def planned(cls, forces: Forces, scenario: dict[str, Any]) -> Self:
        """The tables of fights between ``forces`` in ``scenario``, with no runs yet: built
        once for a pairing, then ``batch`` plays each block of runs on them."""
        plan = cls.__new__(cls)
        plan._set_up(forces, scenario)
        return plan

    def batch(self, runs: int, rng: np.random.Generator) -> Self:
        """A batch of ``runs`` fights on this plan's tables (which it only reads), the same
        fights ``cls(forces, scenario, runs, rng)`` plays."""
        fight = copy.copy(self)
        fight._start(runs, rng)
        return fight

    def _start(self, runs: int, rng: np.random.Generator) -> None:
        """The state of a batch of ``runs`` fights, none played yet."""
        n = self.f.count
        self.rng = rng
        self.result = FightState(
            damage=np.zeros((runs, n), dtype=np.int16),
            fate_used=np.zeros((runs, n), dtype=np.int16),
            victory=np.zeros((runs, 2), dtype=np.int64),
            shot_down=np.zeros((runs, 2), dtype=np.int32),
            active=np.zeros(runs, dtype=bool),
            turns=np.zeros(runs, dtype=np.int32),
        )
        self.run = np.arange(runs)

    def _set_up(self, forces: Forces, scenario: dict[str, Any]) -> None:
        """What every batch between these squadrons reads: dial and shot tables, layout."""
        self.f, self.s = forces, scenario
        every_check = scenario.get("critical_failure", EVERY_CHECK) == EVERY_CHECK
        self.t = t = fight_tables(forces, 1.0, False, every_check)  # redline_fail: the check
        self.slots = p = max(hi - lo for lo, hi in t.blocks)
        # The row of each figure in the layout.
        self.row_of = np.array(
            [p * side + fig - t.blocks[side][0] for fig, side in enumerate(forces.side.tolist())],
            dtype=np.intp,
        )
        self.side = np.repeat(np.arange(2), p)
        self.piloting = self._by_row(t.piloting)
        # Collisions always fail on a 2, whatever the reading for redlining.
        fails = [float(pilot_check_fails(value)) for value in range(int(t.piloting.max()) + 1)]
        self.collision_fail = np.take(fails, self.piloting.reshape(-1))
        self.redline_fail = self._by_row(t.redline_fail).reshape(-1)
        self.shots = self._shot_tables()

    def play(self) -> FightState:
        """Play every run to its end and return how each one ended."""
        raise NotImplementedError

    def _by_row(self, table: np.ndarray) -> np.ndarray:
        """A per-figure table laid out by rows (zeros for empty slots)."""
        out = np.zeros((2 * self.slots, *table.shape[1:]), dtype=table.dtype)
        out[self.row_of] = table
        return out

    def _shot_tables(self) -> list[tuple[int, ShotTable]]:
        """(row, table) of every shot a turn can hold, in the order "Combat" takes them,
        rows counted aggressor first: row k < slots is the aggressor's plane k, row
        slots + k the other player's. The table of plane slot k % slots holds the shot of
        squadron A's plane in that slot, then (``swapped_rows`` further down) squadron B's."""
        s, t, p = self.s, self.t, self.slots
        silhouettes = self._by_row(self.f.silhouette).reshape(2, p)
        order = []
        for gunnery, chance in ((t.front, s["in_range"]), (t.rear, s["rear_shot"])):
            if not chance:
                continue
            by_row = self._by_row(gunnery)
            columns = int(by_row.max(initial=0)) + 1
            targets = silhouettes[1 - self.side]  # each row's enemies, by slot
            parts = shot_chances(by_row, targets, chance, s["rear_arc"], s["point_blank"], columns)
            for slot in range(p):
                table = ShotTable.of(np.concatenate((parts[slot], parts[slot + p])))
                if table.fires:
                    order += [(slot, table), (slot + p, table)]
        return order

    @property
    def swapped_rows(self) -> int:
        """Rows of each part of a shot table: clicks left by target (or none)."""
        return self.t.width * (self.slots + 1)

    def _collided(
        self, row_a: Ints, left_a: Ints, row_b: Ints, left_b: Ints, draw_a: Floats, draw_b: Floats
    ) -> tuple[Ints, Ints, Ints]:
        """Clicks left of two colliding planes (layout rows, clicks left) after both pilot
        checks, each settled by one uniform draw (``collisions.check_results``), and which
        it shot down (``collisions.collision_lefts``)."""
        width, fails = self.t.width, self.collision_fail
        check = check_results(draw_a, fails.take(row_a * width + left_a))
        check *= 3
        check += check_results(draw_b, fails.take(row_b * width + left_b))
        cell = check.astype(np.int64)
        cell *= width
        cell += left_a
        cell *= width
        cell += left_b
        after_a, after_b, down = collision_lefts(width)
        return after_a.take(cell), after_b.take(cell), down.take(cell)


class TableFight(TableBatch):
    """A batch of fights with each plane's clicks left in a row of its own.

    ``left`` (2 * slots, runs) counts each plane's clicks left before it is shot down (0 in
    an empty slot, as a plane shot down), and ``by_shot`` marks the planes a shot brought
    down; victory points and planes shot down follow from these two when a fight ends
    ("Victory!").
    """

    def _set_up(self, forces: Forces, scenario: dict[str, Any]) -> None:
        super()._set_up(forces, scenario)
        self.scorer = np.eye(2)[1 - forces.side]  # (figures, 2): the enemy's column
        self.figure_numbers = np.arange(self.slots, dtype=np.int8)[:, None]
        self.full = self._by_row(forces.ko.astype(np.int8)[:, None])

    def _start(self, runs: int, rng: np.random.Generator) -> None:
        super()._start(runs, rng)
        n, p = self.f.count, self.slots
        self.final_left = np.zeros((n, runs), dtype=np.int8)
        self.final_by_shot = np.zeros((n, runs), dtype=bool)
        self.left = self.full.repeat(runs, axis=1)
        self.by_shot = np.zeros((2 * p, runs), dtype=bool)

    # --- the turn sequence --------------------------------------------------------------
    def play(self) -> FightState:
        """Play every run to its end and return how each one ended."""
        going: Bools = np.ones(len(self.run), dtype=bool)
        turn = 0
        coins = Coins(self.rng)
        for turn in range(1, self.s["max_turns"] + 1):
            self._keep(going)
            if not len(self.run):
                break
            # "Determine Initiative": an even chance, one random bit per fight.
            b_first = coins.flip(len(self.run))
            self._redline()
            self._collisions()
            flying = self.left > 0
            self._swap(b_first)
            self._volleys(b_first)
            self._swap(b_first)
            self.by_shot |= flying & (self.left == 0)  # only shots click planes in volleys
            going = self._both_flying(slice(None))
            self._retire(~going, turn, timed_out=False)
        coins.close()
        self._keep(going)
        self._retire(np.ones(len(self.run), dtype=bool), turn, timed_out=True)
        return self._scored()

    def _keep(self, going: Bools) -> None:
        """Drop the fights that ended."""
        if going.all():
            return
        rows = np.flatnonzero(going)
        self.run = self.run[rows]
        self.left = np.take(self.left, rows, axis=1)
        self.by_shot = np.take(self.by_shot, rows, axis=1)

    def _swap(self, fights: Bools) -> None:
        """Exchange the two squadrons' rows in ``fights`` (and back again)."""
        p, swap = self.slots, fights.view(np.int8)
        turned = np.concatenate((self.left[p:], self.left[:p]))
        self.left += swap * (turned - self.left)

    def _both_flying(self, rows: slice | Ints) -> Bools:
        """Whether both sides still have a plane flying, in each of ``rows``."""
        p = self.slots
        a = self.left[:p, rows].any(axis=0)
        return np.asarray(a & self.left[p:, rows].any(axis=0), dtype=bool)

    def _retire(self, rows_mask: Bools, turn: int, timed_out: bool) -> None:
        """Keep how finished fights ended: their planes' clicks left and who shot them."""
        rows = np.flatnonzero(rows_mask)
        if not len(rows):
            return
        runs, r = self.run[rows], self.result
        self.final_left[:, runs] = np.take(self.left, rows, axis=1)[self.row_of]
        self.final_by_shot[:, runs] = np.take(self.by_shot, rows, axis=1)[self.row_of]
        r.turns[runs] = turn
        r.active[runs] = timed_out

    def _scored(self) -> FightState:
        """The result of every fight. "Victory!": a side scores 2x the points of each enemy
        plane a shot brought down, 1x for one lost otherwise, and the points of its own
        planes still flying."""
        r, points = self.result, self.t.points_by_side.astype(np.float64)
        left, by_shot = self.final_left.T, self.final_by_shot.T
        down = (left == 0).astype(np.float64)
        r.damage[:] = self.f.ko - left
        # Whole numbers far below 2**53: exact in floating point, and a fast product.
        scored = (1 - down) @ points + (down + by_shot) @ points[:, ::-1]
        r.victory[:] = scored
        r.shot_down[:] = by_shot.astype(np.float64) @ self.scorer
        return r

    # --- movement hazards ---------------------------------------------------------------
    def _redline(self) -> None:
        """ "Movement": a redlining pilot checks; failure costs 1 click (none once shot
        down)."""
        if not self.s["redline"]:
            return
        cells = success_cells(self.rng, self.s["redline"], self.left.size)
        left = self.left.reshape(-1)  # a view: ``left`` is always C-contiguous
        figs = cells // self.left.shape[1]
        fails = np.take(self.redline_fail, figs * self.t.width + np.take(left, cells))
        left[cells[self.rng.random(len(cells)) < fails]] -= 1

    def _collisions(self) -> None:
        """ "Collisions with Other Planes": each plane may end overlapping a random enemy.

        A fight's collisions are resolved in plane order, as one can shoot down a plane that
        would collide later in the turn: round ``k`` takes each fight's k-th collision.
        """
        if not self.s["collision"]:
            return
        runs, p = len(self.run), self.slots
        fights, figs, draws, rounds = collision_rounds(
            self.rng, self.s["collision"], runs, self.f.count
        )
        rows = self.row_of[figs]
        left = self.left.reshape(-1)  # a view: ``left`` is always C-contiguous
        for lo, hi in rounds:
            r, a, (pick, check_a, check_b) = fights[lo:hi], rows[lo:hi], draws[:, lo:hi]
            # The enemy overlapped: a random one still flying. With none (an enemy at 0
            # clicks), or the plane itself shot down, nothing happens.
            foes = (a < p) * p
            foe_rows = foes[:, None] + np.arange(p)
            flying = left.take(foe_rows * runs + r[:, None]) > 0
            count = flying.sum(axis=1)
            nth = np.minimum(pick * count, count - 1).astype(np.int64)
            b = foes + (flying.cumsum(axis=1) > nth[:, None]).argmax(axis=1)
            cell_a, cell_b = a * runs + r, b * runs + r
            left_a, left_b = left.take(cell_a), left.take(cell_b)
            left[cell_a], left[cell_b], _ = self._collided(a, left_a, b, left_b, check_a, check_b)

    # --- shooting -----------------------------------------------------------------------
    def _volleys(self, b_first: Bools) -> None:
        """Every plane's shot, front weapons then rear, alternating players, aggressor
        first, with ``left`` laid out aggressor first."""
        b_shoots = b_first.astype(np.int64)  # the aggressor's planes are squadron B's
        bases = (b_shoots * self.swapped_rows, (1 - b_shoots) * self.swapped_rows)
        buckets = turn_buckets(self.rng, len(self.shots), len(self.run))
        for (k, table), bucket in zip(self.shots, buckets, strict=True):
            self._shot(table, k, bases[k >= self.slots], bucket)

    def _shot(self, table: ShotTable, k: int, base: Ints, bucket: np.ndarray) -> None:
        """ "Combat": the plane in row ``k`` shoots at the enemy with the fewest clicks left
        (ties to the first), one uniform draw per fight."""
        p = self.slots
        e_lo = p if k < p else 0
        # As unsigned bytes a shot-down plane's 0 - 1 wraps round to 255: never picked.
        clicks = self.left[e_lo : e_lo + p].view(np.uint8) - np.uint8(1)
        fewest = clicks.min(axis=0)
        # The first plane with the fewest: count the planes before it, all with more.
        more = clicks > fewest
        before = more[0].copy()
        target = before.view(np.int8).copy()  # 0..p - 1
        for j in range(1, p - 1):
            before &= more[j]
            target += before
        row = self.left[k].astype(np.int64)
        row *= p + 1
        row += target
        row += base
        row <<= BUCKET_BITS
        row |= bucket
        hits = table.hits.take(row)
        unsure = (hits == UNSURE).nonzero()[0]
        if len(unsure):
            hits[unsure] = table.settle(row.take(unsure), self.rng.random(len(unsure)))
        if not hits.any():
            return
        # A plane shot down takes no more clicks than it has left; with no enemy flying,
        # fewest + 1 wraps round to 0, so the shot (at plane 0's row, gone) does nothing.
        hits = np.minimum(hits, fewest + np.uint8(1)).view(np.int8)
        enemies = self.left[e_lo : e_lo + p]
        enemies -= (target == self.figure_numbers) * hits
