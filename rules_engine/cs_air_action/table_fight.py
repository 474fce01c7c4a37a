"""Whole Air Action fights in which no Ace's fate or attack value is in play.

The rules are those of ``fight.Fight`` (the turn sequence, hazards, shots and victory
points), played faster by drawing less and touching memory in order:

- each plane's clicks left are one contiguous row of ``left`` (figures, runs), so every
  operation on a plane runs over consecutive bytes;
- a shot is one uniform draw per fight against its ``ShotTable`` row (``shot_tables``),
  instead of separate draws for range, rear arc, point blank and the dice;
- redlining and collisions are rare events: the cells where they happen are drawn directly
  as gaps between successes (geometric draws), not one uniform per plane and fight;
- the aggressor of each fight is one random bit, and for the shots each fight's planes are
  laid out aggressor first, so one pass over every fight takes the k-th shot of them all.

``play_fight`` plays a batch with this class when it can, and with ``fight.Fight`` when an
Ace's fate or attack value is in play or shooters pick random targets.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rules_engine.clix.arrays import Bools, Ints
from rules_engine.cs_air_action.collisions import CRITICAL_FAILURE_TOTAL
from rules_engine.cs_air_action.fight import Fight, FightState
from rules_engine.cs_air_action.fight_tables import fight_tables
from rules_engine.cs_air_action.forces import Forces
from rules_engine.cs_air_action.settings import EVERY_CHECK
from rules_engine.cs_air_action.shot_tables import (
    BUCKET_BITS,
    UNSURE,
    ShotTable,
    shot_chances,
)


def plays_by_table(forces: Forces, scenario: dict[str, Any]) -> bool:
    """Whether ``TableFight`` plays this fight: no fate, no Ace's attack, weakest target."""
    ace_attack = (
        scenario["ace_shots_roll"] == "ace_attack"
        and forces.ace_pilot is not None
        and bool(forces.ace_pilot.any())
    )
    fate = scenario["fate"] != "none" and bool(forces.ace_fate.any())
    return scenario["targeting"] == "weakest" and not ace_attack and not fate


def play_fight(
    forces: Forces, scenario: dict[str, Any], runs: int, rng: np.random.Generator
) -> FightState:
    """Play ``runs`` fights together with whichever implementation fits them."""
    if plays_by_table(forces, scenario):
        return TableFight(forces, scenario, runs, rng).play()
    return Fight(forces, scenario, runs, rng).play()


def success_cells(rng: np.random.Generator, chance: float, cells: int) -> Ints:
    """The cells (0..cells-1, ascending) where an event of ``chance`` happens, each cell on
    its own: the gaps between successes of independent trials are geometric."""
    if chance >= 1:
        return np.arange(cells)
    expected = cells * chance
    batch = int(expected + 6 * expected**0.5 + 16)
    found = np.cumsum(rng.geometric(chance, batch)) - 1
    while found[-1] < cells:
        more = np.cumsum(rng.geometric(chance, batch)) + found[-1]
        found = np.concatenate((found, more))
    return found[: int(np.searchsorted(found, cells))]


class TableFight:
    """One batch of fights without fate, every run advancing together.

    Each squadron takes ``slots`` rows of ``left`` (slots of the smaller squadron past its
    planes stay empty: 0 clicks left, as a plane shot down), squadron A first: ``left``
    (2 * slots, runs) counts each plane's clicks left before it is shot down, and ``by_shot``
    marks the planes a shot brought down; victory points and planes shot down follow from
    these two when a fight ends ("Victory!"). ``run`` is each column's run number; finished
    fights are written out and dropped each turn.
    """

    def __init__(
        self, forces: Forces, scenario: dict[str, Any], runs: int, rng: np.random.Generator
    ) -> None:
        self.f, self.s, self.rng = forces, scenario, rng
        n = forces.count
        every_check = scenario.get("critical_failure", EVERY_CHECK) == EVERY_CHECK
        self.t = t = fight_tables(forces, 1.0, False, every_check)  # redline_fail: the check
        self.result = FightState(
            damage=np.zeros((runs, n), dtype=np.int16),
            fate_used=np.zeros((runs, n), dtype=np.int16),
            victory=np.zeros((runs, 2), dtype=np.int64),
            shot_down=np.zeros((runs, 2), dtype=np.int32),
            active=np.zeros(runs, dtype=bool),
            turns=np.zeros(runs, dtype=np.int32),
        )
        self.slots = p = max(hi - lo for lo, hi in t.blocks)
        # The row of each figure, and each row's figure (n for an empty slot).
        self.row_of = np.array(
            [p * side + fig - t.blocks[side][0] for fig, side in enumerate(forces.side.tolist())],
            dtype=np.intp,
        )
        self.fig_of = np.full(2 * p, n)
        self.fig_of[self.row_of] = np.arange(n)
        self.side = np.repeat(np.arange(2), p)
        self.piloting = self._by_row(t.piloting)
        self.redline_fail = self._by_row(t.redline_fail).reshape(-1)
        self.scorer = np.eye(2)[1 - forces.side]  # (figures, 2): the enemy's column
        self.run = np.arange(runs)
        self.final_left = np.zeros((n, runs), dtype=np.int8)
        self.final_by_shot = np.zeros((n, runs), dtype=bool)
        self.left = self._by_row(forces.ko.astype(np.int8)[:, None]).repeat(runs, axis=1)
        self.by_shot = np.zeros((2 * p, runs), dtype=bool)
        self.figure_numbers = np.arange(p, dtype=np.int8)[:, None]
        self.shots = self._shot_tables()

    def _by_row(self, table: np.ndarray) -> np.ndarray:
        """A per-figure table laid out by rows of ``left`` (zeros for empty slots)."""
        out = np.zeros((2 * self.slots, *table.shape[1:]), dtype=table.dtype)
        out[self.row_of] = table
        return out

    def _shot_tables(self) -> list[tuple[int, ShotTable]]:
        """(row, table) of every shot a turn can hold, in the order "Combat" takes them,
        rows counted aggressor first: row k < slots is the aggressor's plane k, row
        slots + k the other player's. A table holds the shot for fights where squadron A is
        the aggressor, then (``swapped_rows`` further down) where squadron B is."""
        s, t, p = self.s, self.t, self.slots
        silhouettes = self._by_row(self.f.silhouette).reshape(2, p)
        order = []
        for gunnery, chance in ((t.front, s["in_range"]), (t.rear, s["rear_shot"])):
            if not chance:
                continue
            by_row = self._by_row(gunnery)
            columns = int(by_row.max(initial=0)) + 1
            parts = [
                shot_chances(
                    by_row[row],
                    silhouettes[1 - self.side[row]],
                    chance,
                    s["rear_arc"],
                    s["point_blank"],
                    columns,
                )
                for row in range(2 * p)
            ]
            for k in (k for slot in range(p) for k in (slot, slot + p)):
                # Aggressor-first row k is row k of the layout when A is the aggressor, and
                # the same slot of the other squadron when B is.
                table = ShotTable.of(np.concatenate((parts[k], parts[(k + p) % (2 * p)])))
                if table.fires:
                    order.append((k, table))
        return order

    @property
    def swapped_rows(self) -> int:
        """Rows of each part of a shot table: clicks left by target (or none)."""
        return self.t.width * (self.slots + 1)

    # --- the turn sequence --------------------------------------------------------------
    def play(self) -> FightState:
        """Play every run to its end and return how each one ended."""
        going: Bools = np.ones(len(self.run), dtype=bool)
        turn = 0
        for turn in range(1, self.s["max_turns"] + 1):
            self._keep(going)
            if not len(self.run):
                break
            # "Determine Initiative": an even chance, one random bit per fight.
            bits = np.frombuffer(self.rng.bytes(-(-len(self.run) // 8)), dtype=np.uint8)
            b_first = np.unpackbits(bits, count=len(self.run)).view(bool)
            self._redline()
            self._collisions()
            flying = self.left > 0
            self._swap(b_first)
            self._volleys(b_first)
            self._swap(b_first)
            self.by_shot |= flying & (self.left == 0)  # only shots click planes in volleys
            going = self._both_flying(slice(None))
            self._retire(~going, turn, timed_out=False)
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
        n, runs, p = self.f.count, len(self.run), self.slots
        cells = success_cells(self.rng, self.s["collision"], runs * n)
        rows, figs = np.divmod(cells, n)  # fight by fight, planes in order
        figs = self.row_of[figs]
        first = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        rank = np.arange(len(rows)) - np.repeat(first, np.diff(np.r_[first, len(rows)]))
        left = self.left.reshape(-1)  # a view: ``left`` is always C-contiguous
        for k in range(int(rank.max(initial=-1)) + 1):
            chosen = rank == k
            r, a = rows[chosen], figs[chosen]
            # The enemy overlapped: a random one still flying, if the plane itself is.
            foes = (a < p) * p
            foe_rows = foes[:, None] + np.arange(p)
            flying = np.take(left, foe_rows * runs + r[:, None]) > 0
            pick = np.where(flying, self.rng.random(flying.shape), 2.0).argmin(axis=1)
            going = (np.take(left, a * runs + r) > 0) & flying.any(axis=1)
            if going.any():
                self._collide(a[going] * runs + r[going], (foes + pick)[going] * runs + r[going])

    def _collide(self, cell_a: Ints, cell_b: Ints) -> None:
        """Both pilots check; a 2 on either is a serious collision (see ``collisions``).
        ``cell_a``, ``cell_b``: the two planes' cells of ``left``."""
        left, runs, width = self.left.reshape(-1), len(self.run), self.t.width
        left_a, left_b = np.take(left, cell_a), np.take(left, cell_b)
        dice = self.rng.integers(1, 7, size=(4, len(cell_a)), dtype=np.int8)
        ta, tb = dice[0] + dice[1], dice[2] + dice[3]
        piloting = self.piloting.reshape(-1)
        fa = ta < np.take(piloting, cell_a // runs * width + left_a)
        fb = tb < np.take(piloting, cell_b // runs * width + left_b)
        serious = (ta == CRITICAL_FAILURE_TOTAL) | (tb == CRITICAL_FAILURE_TOTAL)
        fa |= ta == CRITICAL_FAILURE_TOTAL
        fb |= tb == CRITICAL_FAILURE_TOTAL
        ra, rb = left_a - fa, left_b - fb
        both = serious & (ra > 0) & (rb > 0)
        together = np.minimum(ra, rb)
        da = fa + np.where(both, together, serious & (ra > 0))
        db = fb + np.where(both, together, serious & (rb > 0))
        left[cell_a] = np.maximum(left_a - da, 0)
        left[cell_b] = np.maximum(left_b - db, 0)

    # --- shooting -----------------------------------------------------------------------
    def _volleys(self, b_first: Bools) -> None:
        """Every plane's shot, front weapons then rear, alternating players, aggressor
        first, with ``left`` laid out aggressor first."""
        base = b_first.astype(np.int64)
        base *= self.swapped_rows
        for k, table in self.shots:
            self._shot(table, k, base)

    def _shot(self, table: ShotTable, k: int, base: Ints) -> None:
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
        # One 64-bit draw per fight: its top bits name the bucket of ``table.hits``, and
        # its top 53 bits are the uniform in [0, 1) that settles an unsure bucket.
        raw = self.rng.bit_generator.random_raw(len(row))
        row <<= BUCKET_BITS
        row |= (raw >> np.uint64(64 - BUCKET_BITS)).view(np.int64)
        hits = np.take(table.hits, row)
        unsure = np.flatnonzero(hits == UNSURE)
        if len(unsure):
            draw = (raw[unsure] >> np.uint64(11)) * 2.0**-53
            hits[unsure] = table.settle(draw, row[unsure] >> BUCKET_BITS)
        if not hits.any():
            return
        # A plane shot down takes no more clicks than it has left; with no enemy flying,
        # fewest + 1 wraps round to 0, so the shot (at plane 0's row, gone) does nothing.
        hits = np.minimum(hits, fewest + np.uint8(1)).view(np.int8)
        enemies = self.left[e_lo : e_lo + p]
        enemies -= (target == self.figure_numbers) * hits
