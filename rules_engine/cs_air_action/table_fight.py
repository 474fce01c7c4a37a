"""Whole Air Action fights in which no Ace's fate or attack value is in play.

The rules are those of ``fight.Fight`` (the turn sequence, hazards, shots and victory
points), played faster by drawing less and touching memory in order:

- each plane's clicks left are one contiguous row of ``left`` (figures, runs), so every
  operation on a plane runs over consecutive bytes;
- a shot is one uniform draw per fight against its ``ShotTable`` row (``shot_tables``),
  instead of separate draws for range, rear arc, point blank and the dice;
- redlining and collisions are rare events: the cells where they happen are drawn directly
  as gaps between successes (geometric draws), not one uniform per plane and fight;
- the aggressor of each fight is one random bit.

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
from rules_engine.cs_air_action.shot_tables import ShotTable, shot_table


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

    ``left`` (figures, runs) counts each plane's clicks left before it is shot down, and
    ``by_shot`` marks the planes a shot brought down; victory points and planes shot down
    follow from these two when a fight ends ("Victory!"). ``run`` is each column's run
    number. Finished fights are written out and dropped each turn.
    """

    def __init__(
        self, forces: Forces, scenario: dict[str, Any], runs: int, rng: np.random.Generator
    ) -> None:
        self.f, self.s, self.rng = forces, scenario, rng
        n = forces.count
        every_check = scenario.get("critical_failure", EVERY_CHECK) == EVERY_CHECK
        self.t = fight_tables(forces, 1.0, False, every_check)  # redline_fail: the check
        self.result = FightState(
            damage=np.zeros((runs, n), dtype=np.int16),
            fate_used=np.zeros((runs, n), dtype=np.int16),
            victory=np.zeros((runs, 2), dtype=np.int64),
            shot_down=np.zeros((runs, 2), dtype=np.int32),
            active=np.zeros(runs, dtype=bool),
            turns=np.zeros(runs, dtype=np.int32),
        )
        self.run = np.arange(runs)
        self.left = np.repeat(forces.ko.astype(np.int8)[:, None], runs, axis=1)
        self.by_shot = np.zeros((n, runs), dtype=bool)
        self.scorer = np.eye(2, dtype=np.int32)[1 - forces.side]  # (figures, 2): the enemy
        self.side = forces.side.astype(np.intp)
        self.shots = self._shot_tables()

    def _shot_tables(self) -> tuple[list[tuple[int, ShotTable]], list[tuple[int, ShotTable]]]:
        """(figure, table) of every shot a turn can hold, in the order "Combat" takes them:
        for fights where squadron A is the aggressor, then where squadron B is."""
        s, t = self.s, self.t
        orders: tuple[list[tuple[int, ShotTable]], list[tuple[int, ShotTable]]] = ([], [])
        slots = max(hi - lo for lo, hi in t.blocks)
        for gunnery, chance in ((t.front, s["in_range"]), (t.rear, s["rear_shot"])):
            if not chance:
                continue
            for slot in range(slots):
                pair: list[tuple[int, ShotTable]] = []
                for side in (0, 1):
                    lo, hi = t.blocks[side]
                    fig = lo + slot
                    e_lo, e_hi = t.blocks[1 - side]
                    if fig < hi:
                        table = shot_table(
                            gunnery[fig],
                            self.f.silhouette[e_lo:e_hi],
                            chance,
                            s["rear_arc"],
                            s["point_blank"],
                        )
                        if table.fires:
                            pair.append((fig, table))
                orders[0].extend(pair)
                orders[1].extend(reversed(pair))
        return orders

    # --- the turn sequence --------------------------------------------------------------
    def play(self) -> FightState:
        """Play every run to its end and return how each one ended."""
        going: Bools = np.ones(len(self.run), dtype=bool)
        turn = 0
        for turn in range(1, self.s["max_turns"] + 1):
            if not going.any():
                break
            split = self._line_up(going)
            self._redline()
            self._collisions()
            self._volleys(split)
            going = self._both_flying(slice(None))
            self._retire(~going, turn, timed_out=False)
        self._retire(going, turn, timed_out=True)
        return self.result

    def _both_flying(self, rows: slice | Ints) -> Bools:
        """Whether both sides still have a plane flying, in each of ``rows``."""
        (a_lo, a_hi), (b_lo, b_hi) = self.t.blocks
        a = self.left[a_lo:a_hi, rows].any(axis=0)
        return np.asarray(a & self.left[b_lo:b_hi, rows].any(axis=0), dtype=bool)

    def _line_up(self, going: Bools) -> int:
        """ "Determine Initiative" (an even chance: one random bit per fight) for the fights
        still going; rows where squadron A is the aggressor come first."""
        bits = np.frombuffer(self.rng.bytes(-(-len(going) // 8)), dtype=np.uint8)
        b_first = np.unpackbits(bits, count=len(going)).view(bool)
        a_rows, b_rows = np.flatnonzero(going & ~b_first), np.flatnonzero(going & b_first)
        order = np.concatenate((a_rows, b_rows))
        self.run = self.run[order]
        for name in ("left", "by_shot"):
            setattr(self, name, np.take(getattr(self, name), order, axis=1))
        return len(a_rows)

    def _retire(self, rows_mask: Bools, turn: int, timed_out: bool) -> None:
        """Write finished fights into the result. "Victory!": a side scores 2x the points of
        each enemy plane a shot brought down, 1x for one lost otherwise, and the points of
        its own planes still flying."""
        rows = np.flatnonzero(rows_mask)
        if not len(rows):
            return
        runs, r = self.run[rows], self.result
        left, by_shot = self.left[:, rows].T, self.by_shot[:, rows].T
        down = left == 0
        r.damage[runs] = self.f.ko - left
        scored = (~down).astype(np.int64) @ self.t.points_by_side  # own planes flying
        scored += (down.astype(np.int64) + by_shot) @ self.t.points_by_side[:, ::-1]
        r.victory[runs] = scored
        r.shot_down[runs] = by_shot.astype(np.int32) @ self.scorer
        r.turns[runs] = turn
        r.active[runs] = timed_out

    # --- damage and victory points -----------------------------------------------------
    def _hurt(self, rows: Ints, figs: Ints, clicks: Ints) -> None:
        """Click ``figs`` down in ``rows`` (distinct cells), not by a shot."""
        left = self.left.reshape(-1)  # a view: ``left`` is always C-contiguous
        cells = figs * self.left.shape[1] + rows
        left[cells] = np.maximum(np.take(left, cells) - np.asarray(clicks, dtype=np.int8), 0)

    # --- movement hazards ---------------------------------------------------------------
    def _redline(self) -> None:
        """ "Movement": a redlining pilot checks; failure costs 1 click (none once shot
        down)."""
        if not self.s["redline"]:
            return
        cells = success_cells(self.rng, self.s["redline"], self.left.size)
        left = self.left.reshape(-1)  # a view: ``left`` is always C-contiguous
        figs = cells // self.left.shape[1]
        fails = np.take(self.t.redline_fail, figs * self.t.width + np.take(left, cells))
        left[cells[self.rng.random(len(cells)) < fails]] -= 1

    def _collisions(self) -> None:
        """ "Collisions with Other Planes": each plane may end overlapping a random enemy.

        A fight's collisions are resolved in plane order, as one can shoot down a plane that
        would collide later in the turn: round ``k`` takes each fight's k-th collision.
        """
        if not self.s["collision"]:
            return
        n = self.f.count
        cells = success_cells(self.rng, self.s["collision"], self.left.size)
        rows, figs = np.divmod(cells, n)  # fight by fight, planes in order
        first = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        rank = np.arange(len(rows)) - np.repeat(first, np.diff(np.r_[first, len(rows)]))
        for k in range(int(rank.max(initial=-1)) + 1):
            r, a = rows[rank == k], figs[rank == k]
            enemy = 1 - self.side[a]
            flying = (self.left[a, r] > 0) & self._both_flying(r)
            r, a, enemy = r[flying], a[flying], enemy[flying]
            if len(r):
                self._collide(r, a, self._random_alive(r, enemy))

    def _random_alive(self, rows: Ints, enemy: Ints) -> Ints:
        """A random plane still flying on side ``enemy`` of each row (one must be)."""
        candidates = (self.left[:, rows].T > 0) & (self.side[None, :] == enemy[:, None])
        draw = np.where(candidates, self.rng.random(candidates.shape), 2.0)
        return np.asarray(draw.argmin(axis=1), dtype=np.intp)

    def _collide(self, rows: Ints, a: Ints, b: Ints) -> None:
        """Both pilots check; a 2 on either is a serious collision (see ``collisions``)."""
        left_a, left_b = self.left[a, rows], self.left[b, rows]
        ta, tb = (
            self.rng.integers(1, 7, size=(2, len(rows)), dtype=np.int8).sum(axis=0, dtype=np.int8)
            for _ in range(2)
        )
        fa = (ta < self.t.piloting[a, left_a]) | (ta == CRITICAL_FAILURE_TOTAL)
        fb = (tb < self.t.piloting[b, left_b]) | (tb == CRITICAL_FAILURE_TOTAL)
        serious = (ta == CRITICAL_FAILURE_TOTAL) | (tb == CRITICAL_FAILURE_TOTAL)
        ra, rb = left_a - fa, left_b - fb
        both = serious & (ra > 0) & (rb > 0)
        together = np.minimum(ra, rb)
        self._hurt(rows, a, fa + np.where(both, together, serious & (ra > 0)))
        self._hurt(rows, b, fb + np.where(both, together, serious & (rb > 0)))

    # --- shooting -----------------------------------------------------------------------
    def _volleys(self, split: int) -> None:
        """Every plane's shot, front weapons then rear, alternating players, aggressor
        first. Rows before ``split`` have squadron A as aggressor, the rest squadron B."""
        for (lo, hi), order in zip(
            ((0, split), (split, self.left.shape[1])), self.shots, strict=True
        ):
            if hi > lo:
                for fig, table in order:
                    self._shot(table, lo, hi, fig)

    def _shot(self, table: ShotTable, lo: int, hi: int, fig: int) -> None:
        """ "Combat": plane ``fig`` shoots in rows [lo, hi) at the enemy with the fewest
        clicks left (ties to the first), one uniform draw per row."""
        e_lo = self.t.blocks[1 - int(self.side[fig])][0]
        enemies = self.left[e_lo : e_lo + table.targets, lo:hi].view(np.uint8)
        # As unsigned bytes a shot-down plane's 0 - 1 wraps round to 255: never picked.
        fewest = enemies[0] - np.uint8(1)
        target = np.zeros(hi - lo, dtype=np.int8)
        for k in range(1, table.targets):
            clicks = enemies[k] - np.uint8(1)
            target += (clicks < fewest) * (np.int8(k) - target)
            np.minimum(fewest, clicks, out=fewest)
        target += (fewest == 255) * (np.int8(table.targets) - target)
        row = self.left[fig, lo:hi].astype(np.intp)
        row *= table.targets + 1
        row += target
        draw = self.rng.random(hi - lo)
        hits = np.zeros(hi - lo, dtype=np.int8)
        for column in table.columns:  # P(hits <= h) for h = 0, 1, ...
            reached = draw >= np.take(column, row)
            if not reached.any():
                break
            hits += reached
        if not hits.any():
            return
        for k in range(table.targets):
            column = self.left[e_lo + k, lo:hi]
            column -= hits * (target == k)
            np.maximum(column, 0, out=column)
        down = np.flatnonzero(hits > fewest)  # no target: fewest is 255
        if len(down):
            cells = (e_lo + target[down].astype(np.intp)) * self.left.shape[1] + down + lo
            self.by_shot.reshape(-1)[cells] = True
