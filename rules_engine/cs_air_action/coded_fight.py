"""Whole Air Action fights with each squadron's planes held as one number per fight.

``TableFight`` keeps one row of clicks left per plane. When both squadrons are small,
every state a squadron can be in (its planes' clicks left) is numbered instead, as a
mixed-radix number with one digit per plane, and what a turn needs from a state is read
from tables built once per batch: the shooter's clicks left, the weakest enemy, the state
after h hits on it, and the victory points. A shot then costs a few passes over one number
per fight however many planes fly, who is the aggressor is a choice of number rather than
a reordering of rows, and a finished fight is two numbers to keep.

The draws, their order and their reading are those of ``TableFight``, so a seed gives the
same fights with either class (a test holds them to it).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rules_engine.clix.arrays import Bools, Ints
from rules_engine.cs_air_action.collisions import CRITICAL_CHANCE, collision_lefts
from rules_engine.cs_air_action.fight import FightState
from rules_engine.cs_air_action.forces import Forces
from rules_engine.cs_air_action.shot_tables import (
    BUCKET_BITS,
    BUCKETS,
    UNSURE,
    ShotTable,
    turn_buckets,
)
from rules_engine.cs_air_action.table_fight import TableBatch, collision_rounds, success_cells

# States of both squadrons times ``stride``: the length of each state table. Three planes a
# side (a 200-point squadron) take a few thousand; past this, ``TableFight``.
MAX_TABLE_CELLS = 1 << 16
# Below this share of fights that can see a hit, a shot looks at those fights only: picking
# them out costs about as much as looking at 60% more fights.
SPARSE_SHARE = 0.4


def state_counts(forces: Forces) -> tuple[int, int]:
    """How many states each squadron can be in: the product of (clicks to shoot down + 1)
    over its planes."""
    counts = [1, 1]
    for side, ko in zip(forces.side.tolist(), forces.ko.tolist(), strict=True):
        counts[side] *= ko + 1
    return counts[0], counts[1]


def plays_by_code(forces: Forces) -> bool:
    """Whether the squadrons are small enough for ``CodedFight``'s tables."""
    a, b = state_counts(forces)
    return (a + b) * _stride(forces) <= MAX_TABLE_CELLS


def _stride(forces: Forces) -> int:
    """Entries per state in a state table: more than the hits one shot can score (every
    die of the largest gunnery, +1 in the rear arc)."""
    return int(max(forces.front.max(initial=0), forces.rear.max(initial=0))) + 2


class _Shot:
    """The shot of a plane slot with one weapon (either squadron's plane): its ``table``,
    and ``rows``, the table row of the shooter's state by code (``target_row`` adds the
    target's).

    ``first_hit`` is the first bucket in which any state scores a hit (below it the shot
    was not taken, or missed, whatever the state), and ``fires`` whether squadron A's and
    squadron B's plane in the slot have this weapon; ``sparse`` when those leave few
    fights to look at."""

    def __init__(self, table: ShotTable, rows: Ints) -> None:
        self.table, self.rows = table, rows
        by_row = table.hits.reshape(-1, BUCKETS) != 0
        self.first_hit = int(np.where(by_row.any(axis=1), by_row.argmax(axis=1), BUCKETS).min())
        half = len(by_row) // 2
        self.fires = (bool(by_row[:half].any()), bool(by_row[half:].any()))
        seen = (1 - self.first_hit / BUCKETS) * sum(self.fires) / 2
        self.sparse = seen < SPARSE_SHARE


def _spread(values: Ints, stride: int, dtype: type = np.int64) -> Ints:
    """Per-state tables (the last axis) laid out ``stride`` entries per state, as ``code``
    reads them."""
    out = np.zeros((*values.shape[:-1], values.shape[-1] * stride), dtype=dtype)
    out[..., ::stride] = values
    return out


class CodedFight(TableBatch):
    """One batch of fights without fate, each squadron's planes one number per fight.

    A state is a squadron's tagged number: its planes' clicks left as digits (digit j, of
    radix clicks to shoot down + 1, for slot j; an empty slot has radix 1), plus the count
    of squadron A's states for squadron B. ``code`` (2, runs) holds each fight's two
    states times ``stride``, so that "the state after h hits" is entry ``code + h`` of one
    table. Every state table has ``stride`` entries per state; the state's own value sits
    at the first.

    Planes shot down by a shot are those down at the end that no hazard took down
    (``hazard_down``, kept by run number): shots are the only other way to lose clicks.
    """

    def __init__(
        self, forces: Forces, scenario: dict[str, Any], runs: int, rng: np.random.Generator
    ) -> None:
        super().__init__(forces, scenario, runs, rng)
        self.stride = _stride(forces)
        digits = self._number_states(runs)
        self._shot_state_tables(digits)
        self._score_tables(digits)
        self.final_code = np.zeros((2, runs), dtype=np.int64)
        self.hazard_down = np.zeros((2 * self.slots, runs), dtype=bool)

    def _number_states(self, runs: int) -> Ints:
        """Number both squadrons' states; returns digits (slot, state): clicks left."""
        p, h = self.slots, self.stride
        radix = self._by_row(self.f.ko.astype(np.int64) + 1).reshape(2, p)
        radix[radix == 0] = 1  # an empty slot
        place = np.cumprod(np.c_[np.ones(2, dtype=np.int64), radix[:, :-1]], axis=1)
        counts = radix.prod(axis=1)
        offset = np.array([0, counts[0]])
        self.states = states = int(counts.sum())
        self.side_of = side_of = (np.arange(states) >= counts[0]).astype(np.int64)
        number = np.arange(states) - offset[side_of]
        digits = number // place[side_of].T % radix[side_of].T
        self.place = place.reshape(-1) * h  # by row of the layout, scaled as ``code``
        self.all_down = offset * h
        self.row_side = np.repeat(np.arange(2), p)
        self.row_slot = np.tile(np.arange(p), 2) * states * h
        # Clicks left of slot j in the state coded c: ``lefts[j * states * stride + c]``,
        # and the chance that its pilot, redlining, fails the check.
        self.lefts = _spread(digits, h).reshape(-1)
        layout_rows = self.side_of * p + np.arange(p)[:, None]  # (slot, state)
        fails = self.redline_fail.take(layout_rows * self.t.width + digits)
        self.redline_fails = _spread(fails, h, np.float64).reshape(-1)
        full = ((radix - 1) * place).sum(axis=1) + offset
        self.code = np.repeat((full * h)[:, None], runs, axis=1)
        return np.asarray(digits)

    def _shot_state_tables(self, digits: Ints) -> None:
        """The weakest enemy in each state: fewest clicks left, ties to the first. With no
        plane flying the shot is read as at slot 0 (as ``TableFight`` reads it) and does
        nothing: a plane takes no more hits than it has clicks left."""
        p, h, states = self.slots, self.stride, self.states
        flying = digits > 0
        target = np.where(flying, digits, np.iinfo(np.int64).max).argmin(axis=0)
        fewest = np.take_along_axis(digits, target[None, :], axis=0)[0]
        # A shot's table row fits 16 bits but for very large dials: cheaper sums.
        rows = 2 * self.t.width * (p + 1) << BUCKET_BITS
        small = np.int16 if rows <= np.iinfo(np.int16).max + 1 else np.int64
        self.target_row = _spread(target << BUCKET_BITS, h, small)
        hits = np.minimum(np.arange(h)[None, :], fewest[:, None])
        lost = self.place.reshape(2, p)[self.side_of, target]
        self.after_hits = (np.arange(states)[:, None] * h - hits * lost[:, None]).reshape(-1)
        shots: dict[int, _Shot] = {}  # by slot, for the current weapon
        self.volley = []
        for k, table in self.shots:
            if k < p:  # the aggressor's plane in slot k, then (k + p) the other player's
                shooter = (self.side_of * self.t.width + digits[k]) * (p + 1) << BUCKET_BITS
                shots[k] = _Shot(table, _spread(shooter, h, small))
            self.volley.append((k, shots[k % p]))
        self._collision_tables(digits)

    def _collision_tables(self, digits: Ints) -> None:
        """A colliding plane's enemy is one of the enemy squadron's planes flying, picked by
        a uniform draw u: the n-th of c flying, n = floor(u * c). With ``picks`` a multiple
        of every c, n is floor(floor(u * picks) * c / picks), so ``picked_row``,
        ``picked_left`` and ``picked_fail`` give the enemy's layout row, clicks left and
        chance to fail its check at ``state * picks + floor(u * picks)``. A squadron with no
        plane flying gives a plane at 0 clicks left, which collides with nothing."""
        p, h = self.slots, self.stride
        self.picks = picks = int(np.lcm.reduce(np.arange(1, p + 1)))
        flying = digits > 0
        count = flying.sum(axis=0)  # (state,)
        nth = np.arange(picks)[None, :] * count[:, None] // picks  # (state, pick)
        slot = np.argsort(~flying, axis=0, kind="stable").T  # flying slots first, in order
        picked = np.take_along_axis(slot, nth, axis=1)
        self.picked_row = (self.side_of[:, None] * p + picked).reshape(-1)
        self.picked_left = np.take_along_axis(digits.T, picked, axis=1).reshape(-1)
        self.picked_fail = self.collision_fail.take(
            self.picked_row * self.t.width + self.picked_left
        )
        # Each plane's own clicks left and chance to fail, as ``lefts`` reads it.
        layout_rows = self.side_of * p + np.arange(p)[:, None]
        self.collision_fails = _spread(
            self.collision_fail.take(layout_rows * self.t.width + digits), h, np.float64
        ).reshape(-1)

    def _score_tables(self, digits: Ints) -> None:
        """ "Victory!" by state: the points of the planes still flying and of those lost,
        and how many are lost (an empty slot is worth nothing and is never lost)."""
        p, h = self.slots, self.stride
        self.row_points = self._by_row(self.f.points.astype(np.int64))
        points = self.row_points.reshape(2, p)[self.side_of].T
        present = self._by_row(np.ones(self.f.count, dtype=bool)).reshape(2, p)
        lost = (digits == 0) & present[self.side_of].T
        self.flying_points = _spread((points * (digits > 0)).sum(axis=0), h)
        self.lost_points = _spread((points * lost).sum(axis=0), h)
        self.lost_planes = _spread(lost.sum(axis=0), h)

    # --- the turn sequence --------------------------------------------------------------
    def play(self) -> FightState:
        """Play every run to its end and return how each one ended."""
        going: Bools = np.ones(len(self.run), dtype=bool)
        turn = 0
        all_a, all_b = self.all_down.tolist()
        for turn in range(1, self.s["max_turns"] + 1):
            self._keep(going)
            if not len(self.run):
                break
            bits = np.frombuffer(self.rng.bytes(-(-len(self.run) // 8)), dtype=np.uint8)
            b_first = np.unpackbits(bits, count=len(self.run)).view(bool)
            self._redline()
            self._collisions()
            self._volleys(b_first)
            going = self.code[0] != all_a
            going &= self.code[1] != all_b
            self._retire(~going, turn, timed_out=False)
        self._keep(going)
        self._retire(np.ones(len(self.run), dtype=bool), turn, timed_out=True)
        return self._decoded()

    def _keep(self, going: Bools) -> None:
        """Drop the fights that ended."""
        if going.all():
            return
        rows = going.nonzero()[0]
        self.run = self.run.take(rows)
        self.code = self.code.take(rows, axis=1)

    def _retire(self, rows_mask: Bools, turn: int, timed_out: bool) -> None:
        """Keep how finished fights ended: both squadrons' states."""
        rows = rows_mask.nonzero()[0]
        if not len(rows):
            return
        runs, r = self.run.take(rows), self.result
        self.final_code[:, runs] = self.code.take(rows, axis=1)
        r.turns[runs] = turn
        r.active[runs] = timed_out

    def _decoded(self) -> FightState:
        """How every fight ended, from both squadrons' final states. "Victory!": a side
        scores its planes still flying, and 2x the points of each enemy plane a shot
        brought down, 1x for one lost otherwise (to a hazard)."""
        r, (a, b), p = self.result, self.final_code, self.slots
        by_hazard = self.hazard_down.reshape(2, p, -1)
        points = (by_hazard * self.row_points.reshape(2, p, 1)).sum(axis=1)
        planes = by_hazard.sum(axis=1)
        for side, own, enemy in ((0, a, b), (1, b, a)):
            r.victory[:, side] = self.flying_points.take(own)
            r.victory[:, side] += 2 * self.lost_points.take(enemy)
            r.victory[:, side] -= points[1 - side]
            r.shot_down[:, side] = self.lost_planes.take(enemy) - planes[1 - side]
        left = np.stack([self.lefts.take(self.final_code[self.row_side[row]] + self.row_slot[row])
                         for row in self.row_of.tolist()])
        r.damage[:] = (self.f.ko[:, None] - left).T
        return r

    # --- movement hazards ---------------------------------------------------------------
    def _redline(self) -> None:
        """ "Movement": a redlining pilot checks; failure costs 1 click (none once shot
        down)."""
        if not self.s["redline"]:
            return
        runs, code = len(self.run), self.code.reshape(-1)
        found = success_cells(self.rng, self.s["redline"], 2 * self.slots * runs)
        rows, fights = np.divmod(found, runs)
        cells = self.row_side.take(rows) * runs + fights
        plane = code.take(cells) + self.row_slot.take(rows)  # where tables read the plane
        failed = (self.rng.random(len(found)) < self.redline_fails.take(plane)).nonzero()[0]
        rows, cells, plane = rows.take(failed), cells.take(failed), plane.take(failed)
        # Two planes of a squadron may fail in one fight: ``subtract.at`` takes both.
        np.subtract.at(code, cells, self.place.take(rows))
        down = (self.lefts.take(plane) == 1).nonzero()[0]
        if len(down):
            runs_down = self.run.take(fights.take(failed).take(down))
            self.hazard_down[rows.take(down), runs_down] = True

    def _collisions(self) -> None:
        """ "Collisions with Other Planes": each plane may end overlapping a random enemy,
        resolved in plane order, round ``k`` taking each fight's k-th collision."""
        if not self.s["collision"]:
            return
        runs, code = len(self.run), self.code.reshape(-1)
        fights, figs, draws, rounds = collision_rounds(self.rng, self.s["collision"], runs,
                                                       self.f.count)
        rows = self.row_of.take(figs)
        side = self.row_side.take(rows)
        own_cells = side * runs + fights
        foe_cells = (1 - side) * runs + fights
        slot_of = self.row_slot.take(rows)
        place_of = self.place.take(rows)
        width = self.t.width
        after_a_of, after_b_of, down_of = collision_lefts(width)
        # The part of each collision's table cell its draws settle alone: a 2 on either
        # check (``collisions.check_results``); the checks' other failures depend on the
        # planes' clicks left, known only in its round.
        critical = (draws[1:] >= CRITICAL_CHANCE).astype(np.int64)
        cells = (critical[0] * 3 + critical[1]) * width * width
        picks = (draws[0] * self.picks).astype(np.int64)
        for lo, hi in rounds:
            a, own, foe = rows[lo:hi], own_cells[lo:hi], foe_cells[lo:hi]
            mine, theirs = code.take(own), code.take(foe)
            plane = mine + slot_of[lo:hi]  # where tables read plane a
            left_a = self.lefts.take(plane)
            # The enemy overlapped: a random one still flying. With none (an enemy at 0
            # clicks), or the plane itself shot down, nothing happens.
            picked = theirs // self.stride * self.picks + picks[lo:hi]
            b, left_b = self.picked_row.take(picked), self.picked_left.take(picked)
            cell = (draws[1, lo:hi] >= self.collision_fails.take(plane)) * (3 * width * width)
            cell += (draws[2, lo:hi] >= self.picked_fail.take(picked)) * (width * width)
            cell += cells[lo:hi]
            cell += left_a * width
            cell += left_b
            after_a, after_b = after_a_of.take(cell), after_b_of.take(cell)
            down = down_of.take(cell)
            code[own] = mine - (left_a - after_a) * place_of[lo:hi]
            code[foe] = theirs - (left_b - after_b) * self.place.take(b)
            downed = (down != 0).nonzero()[0]
            if len(downed):
                for bit, plane in ((1, a), (2, b)):
                    hit = downed[(down.take(downed) & bit) != 0]
                    run = self.run.take(fights[lo:hi].take(hit))
                    self.hazard_down[plane.take(hit), run] = True

    # --- shooting -----------------------------------------------------------------------
    def _volleys(self, b_first: Bools) -> None:
        """Every plane's shot, front weapons then rear, alternating players, aggressor
        first: row k < slots of a turn's shots is the aggressor's plane k."""
        code, p = self.code, self.slots
        aggressor = np.where(b_first, code[1], code[0])
        defender = code[0] + code[1]
        defender -= aggressor
        buckets = turn_buckets(self.rng, len(self.volley), len(self.run))
        shooter_is = (~b_first, b_first)  # where the aggressor is squadron A, B
        for (k, shot), bucket in zip(self.volley, buckets, strict=True):
            if k < p:
                defender = self._shot(shot, aggressor, defender, bucket, shooter_is)
            else:
                aggressor = self._shot(shot, defender, aggressor, bucket, shooter_is[::-1])
        np.copyto(code[0], np.where(b_first, defender, aggressor))
        code[1] = aggressor + defender - code[0]

    def _shot(
        self, shot: _Shot, shooter: Ints, enemy: Ints, bucket: Ints,
        shooter_is: tuple[Bools, Bools]
    ) -> Ints:
        """ "Combat": a plane of the ``shooter`` squadrons shoots at the enemy with the
        fewest clicks left (ties to the first), one draw per fight, ``bucket`` its first
        byte; returns the enemy squadrons' codes after the shot. ``shooter_is``: where the
        shooter is squadron A, and B.

        When few fights can see a hit (a low chance of the shot, or a plane slot with this
        weapon in one squadron only), only those are looked at: the draw is in a bucket
        that hits for some state (``shot.first_hit``) and the shooter has the weapon. The
        others would score no hits and draw nothing more, so the fights are the same."""
        if shot.sparse:
            chosen = bucket >= shot.first_hit
            if shot.fires != (True, True):
                chosen &= shooter_is[shot.fires.index(True)]
            fights = chosen.nonzero()[0]
            shooter, foes, bucket = shooter.take(fights), enemy.take(fights), bucket.take(fights)
        else:
            foes = enemy
        row = shot.rows.take(shooter)
        row += self.target_row.take(foes)
        row += bucket
        hits = shot.table.hits.take(row)
        unsure = (hits == UNSURE).nonzero()[0]
        if len(unsure):
            hits[unsure] = shot.table.settle(row.take(unsure), self.rng.random(len(unsure)))
        foes += hits
        if shot.sparse:
            enemy[fights] = self.after_hits.take(foes)
            return enemy
        return np.asarray(self.after_hits.take(foes))
