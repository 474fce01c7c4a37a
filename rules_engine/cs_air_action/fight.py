"""Whole Air Action fights, all runs advancing together on arrays of shape (runs, figures).

Each turn: initiative (2d6 each, ties rerolled: an even chance), movement hazards
(redlining, collisions), then shots alternating between the players, aggressor first
("Determine Initiative", "Combat"): front weapons, then rear gunners. Damage clicks the
dial and each click's values apply at once; three bullet holes shoot a plane down.
Victory points follow "Victory!": 2x for planes shot down by a shot, 1x for planes removed
by other means, 1x for your planes still flying.

Speed comes from doing only the work the rules ask for: a fight that has ended leaves the
arrays at the end of its turn, and each turn the fights still going are lined up with those
where squadron A is the aggressor first, so every shot of the alternating sequence is one
plane's column over a contiguous block of rows. Dials are read through the per-click
tables of ``fight_tables``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from rules_engine.clix.arrays import Bools, Ints
from rules_engine.clix.rolls import roll_hits
from rules_engine.cs_air_action.collisions import CRITICAL_FAILURE_TOTAL
from rules_engine.cs_air_action.fight_tables import fight_tables
from rules_engine.cs_air_action.forces import Forces
from rules_engine.cs_air_action.settings import EVERY_CHECK

# Chance that one die reaches a (capped) target number 1..6: (7 - target) / 6.
HIT_CHANCE = np.array([1.0, 1.0, 5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6])


@dataclass
class FightState:
    """How each run's fight ended."""

    damage: np.ndarray  # (runs, figures) clicks taken
    fate_used: np.ndarray  # (runs, figures) clicks on the Ace's own dial
    victory: np.ndarray  # (runs, 2) victory points
    shot_down: np.ndarray  # (runs, 2) enemy planes each side shot down
    active: np.ndarray  # (runs,) still going when the time limit ended the game
    turns: np.ndarray  # (runs,) turns played


def _two_d6(rng: np.random.Generator, count: int) -> Ints:
    dice = rng.integers(1, 7, size=(2, count), dtype=np.int8)
    return np.asarray(dice.sum(axis=0, dtype=np.int8), dtype=np.int8)


def _fails(total: Ints, piloting: Ints) -> Bools:
    return np.asarray((total < piloting) | (total == CRITICAL_FAILURE_TOTAL), dtype=bool)


class Fight:
    """One batch of fights between two squadrons.

    The arrays on ``self`` hold the fights still going, one row each (``self.run`` is the
    row's run number); ``left`` counts each plane's clicks left before it is shot down.

    Args:
        forces: both squadrons as arrays (``build_forces``).
        scenario: the scenario with defaults filled in (``read_scenario(SCENARIO, ...)``).
        runs: number of fights, all played together.
        rng: the only source of randomness (``montecarlo.rng(seed)``).
    """

    def __init__(self, forces: Forces, scenario: dict[str, Any], runs: int,
                 rng: np.random.Generator) -> None:
        self.f = forces
        self.s = scenario
        self.rng = rng
        n = forces.count
        # "Fate", "Using Crimson Skies: Aces Characters...": the ``ace_shots_roll`` reading.
        self.ace_front = np.zeros(n, dtype=bool)
        if scenario["ace_shots_roll"] == "ace_attack" and forces.ace_pilot is not None:
            self.ace_front = np.asarray(forces.ace_pilot, dtype=bool)
        self.t = fight_tables(forces, scenario["redline"], bool(self.ace_front.any()),
                              scenario.get("critical_failure", EVERY_CHECK) == EVERY_CHECK)
        self.fate_policy = scenario["fate"] if self.t.has_fate.any() else "none"
        self.result = FightState(
            damage=np.zeros((runs, n), dtype=np.int16),
            fate_used=np.zeros((runs, n), dtype=np.int16),
            victory=np.zeros((runs, 2), dtype=np.int64),
            shot_down=np.zeros((runs, 2), dtype=np.int32),
            active=np.zeros(runs, dtype=bool),
            turns=np.zeros(runs, dtype=np.int32),
        )
        self.run = np.arange(runs)
        self.left = np.tile(forces.ko.astype(np.int8), (runs, 1))
        self.fate_used = np.zeros((runs, n), dtype=np.int8)
        self.fate_this_turn = np.zeros((runs, n), dtype=bool)
        self.victory = np.zeros((runs, 2), dtype=np.int32)
        self.shot_down = np.zeros((runs, 2), dtype=np.int16)
        self.flying = np.tile(np.array([hi - lo for lo, hi in self.t.blocks], dtype=np.int8),
                              (runs, 1))
        self._lo = np.array([lo for lo, _ in self.t.blocks])
        self._hi = np.array([hi for _, hi in self.t.blocks])
        self._table_offsets = np.arange(n) * self.t.width

    # --- the turn sequence --------------------------------------------------------------
    def play(self) -> FightState:
        """Play every run to its end and return how each one ended."""
        going: Bools = np.ones(len(self.run), dtype=bool)
        turn = 0
        for turn in range(1, self.s["max_turns"] + 1):
            if not going.any():
                break
            split = self._line_up(going)
            if self.fate_policy != "none":
                self.fate_this_turn = np.zeros(self.left.shape, dtype=bool)
            self._redline()
            self._collisions()
            self._volleys(split)
            going = np.asarray((self.flying > 0).all(axis=1), dtype=bool)
            self._retire(~going, turn, timed_out=False)
        self._retire(going, turn, timed_out=True)
        r = self.result
        r.victory += (r.damage < self.f.ko).astype(np.int32) @ self.t.points_by_side
        return r

    def _line_up(self, going: np.ndarray) -> int:
        """"Determine Initiative" for the fights still going, dropping those that ended.

        Rows where squadron A is the aggressor come first; returns how many there are.
        """
        b_first = self.rng.random(len(going)) < 0.5
        a_rows, b_rows = np.flatnonzero(going & ~b_first), np.flatnonzero(going & b_first)
        order = np.concatenate((a_rows, b_rows))
        for name in ("run", "left", "fate_used", "victory", "shot_down", "flying"):
            setattr(self, name, getattr(self, name)[order])
        return len(a_rows)

    def _retire(self, rows_mask: np.ndarray, turn: int, timed_out: bool) -> None:
        """Write finished fights into the result (planes still flying score at the end)."""
        rows = np.flatnonzero(rows_mask)
        if not len(rows):
            return
        runs, left, r = self.run[rows], self.left[rows], self.result
        r.damage[runs] = self.f.ko - left
        r.fate_used[runs] = self.fate_used[rows]
        r.victory[runs] = self.victory[rows]
        r.shot_down[runs] = self.shot_down[rows]
        r.turns[runs] = turn
        r.active[runs] = timed_out

    # --- damage and victory points -----------------------------------------------------
    def _hurt(self, rows: np.ndarray, figs: np.ndarray, clicks: np.ndarray,
              by_shot: bool) -> None:
        """Click ``figs`` (one still-flying plane per row) down in ``rows``; score the
        planes it shoots down ("Victory!")."""
        cells = rows * self.f.count + figs
        left = self.left.reshape(-1)  # a view: the arrays are always C-contiguous
        after = np.take(left, cells) - np.asarray(clicks, dtype=np.int8)
        np.maximum(after, 0, out=after)
        left[cells] = after
        down = np.flatnonzero(after == 0)
        if not len(down):
            return
        rows, figs = rows[down], figs[down]
        scorer = 1 - self.f.side[figs]
        self.victory[rows, scorer] += self.f.points[figs] * (2 if by_shot else 1)
        self.flying[rows, 1 - scorer] -= 1
        if by_shot:
            self.shot_down[rows, scorer] += 1

    def _lose_one_click(self, clicked: np.ndarray) -> None:
        """One click (not from a shot) to every plane where ``clicked`` (rows, figures)."""
        self.left -= clicked
        down = clicked & (self.left == 0)
        if down.any():
            lost = down.astype(np.int32) @ self.t.points_by_side  # points each side lost
            self.victory += lost[:, ::-1]
            for side, (lo, hi) in enumerate(self.t.blocks):
                self.flying[:, side] -= down[:, lo:hi].sum(axis=1, dtype=np.int8)

    # --- fate ---------------------------------------------------------------------------
    def _fate(self, rows: Ints, figs: Ints) -> Ints:
        uses = np.minimum(self.fate_used[rows, figs], self.t.fate.shape[1] - 1)
        return np.asarray(self.t.fate[figs, uses], dtype=np.int16)

    def _can_fate(self, rows: Ints, figs: Ints) -> Bools:
        """"Fate": an Ace with a fate value above 0 that has not used it this turn."""
        return np.asarray((self._fate(rows, figs) > 0) & ~self.fate_this_turn[rows, figs],
                          dtype=bool)

    def _use_fate(self, rows: np.ndarray, figs: np.ndarray) -> None:
        self.fate_used[rows, figs] += 1
        self.fate_this_turn[rows, figs] = True

    # --- movement hazards ---------------------------------------------------------------
    def _redline(self) -> None:
        """"Movement": a redlining pilot checks; failure costs 1 click. One draw per plane
        against the tabled chance of both (0 once shot down)."""
        if not self.s["redline"]:
            return
        chance = np.take(self.t.redline_fail, self._table_offsets + self.left)
        self._lose_one_click(self.rng.random(chance.shape) < chance)

    def _random_alive(self, rows: Ints, enemy: Ints) -> Ints:
        """A random plane still flying on side ``enemy`` (per row) of each row (one must be).
        """
        candidates = (self.left[rows] > 0) & (self.f.side[None, :] == enemy[:, None])
        draw = np.where(candidates, self.rng.random(candidates.shape), 2.0)
        return np.asarray(draw.argmin(axis=1), dtype=np.intp)

    def _collisions(self) -> None:
        """"Collisions with Other Planes": each plane may end overlapping a random enemy.

        A fight's collisions are resolved in plane order, as one can shoot down a plane that
        would collide later in the turn: round ``k`` takes each fight's k-th collision, so
        fights advance together and only the few rows with a collision are touched.
        """
        if not self.s["collision"]:
            return
        rows, figs = np.nonzero(self.rng.random(self.left.shape) < self.s["collision"])
        first = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        rank = np.arange(len(rows)) - np.repeat(first, np.diff(np.r_[first, len(rows)]))
        for k in range(int(rank.max(initial=-1)) + 1):
            r, a = rows[rank == k], figs[rank == k]
            enemy = 1 - self.f.side[a]
            flying = (self.left[r, a] > 0) & (self.flying[r, enemy] > 0)
            r, a, enemy = r[flying], a[flying], enemy[flying]
            if len(r):
                self._collide(r, a, self._random_alive(r, enemy))

    def _collide(self, rows: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
        """Both pilots check; a 2 on either is a serious collision (see ``collisions``)."""
        left_a, left_b = self.left[rows, a], self.left[rows, b]
        ta, tb = _two_d6(self.rng, len(rows)), _two_d6(self.rng, len(rows))
        fa = _fails(ta, self.t.piloting[a, left_a])
        fb = _fails(tb, self.t.piloting[b, left_b])
        serious = (ta == CRITICAL_FAILURE_TOTAL) | (tb == CRITICAL_FAILURE_TOTAL)
        avoided = np.zeros(len(rows), dtype=bool)
        if self.fate_policy == "defensive":
            fate_a = serious & self._can_fate(rows, a)
            fate_b = serious & ~fate_a & self._can_fate(rows, b)
            self._use_fate(rows[fate_a], a[fate_a])
            self._use_fate(rows[fate_b], b[fate_b])
            avoided = fate_a | fate_b
        ra, rb = left_a - fa, left_b - fb
        both = serious & (ra > 0) & (rb > 0)
        together = np.minimum(ra, rb)
        da = fa + np.where(both, together, serious & (ra > 0))
        db = fb + np.where(both, together, serious & (rb > 0))
        self._hurt(rows, a, np.where(avoided, 0, da), by_shot=False)
        self._hurt(rows, b, np.where(avoided, 0, db), by_shot=False)

    # --- shooting -----------------------------------------------------------------------
    def _volleys(self, split: int) -> None:
        """Every plane's shot, front weapons then rear, alternating players, aggressor
        first. Rows before ``split`` have squadron A as aggressor, the rest squadron B."""
        groups = ((0, split, 0), (split, len(self.run), 1))  # rows [lo, hi), aggressor
        slots = int((self._hi - self._lo).max())
        for table, chance, front in ((self.t.front, self.s["in_range"], True),
                                     (self.t.rear, self.s["rear_shot"], False)):
            if not chance:
                continue
            for slot in range(slots):
                for aggressor_turn in (True, False):
                    for lo, hi, aggressor in groups:
                        side = aggressor if aggressor_turn else 1 - aggressor
                        fig = int(self._lo[side]) + slot
                        if hi <= lo or fig >= self._hi[side]:  # no plane in the slot
                            continue
                        ace = front and bool(self.ace_front[fig])
                        if ace or table[fig].any():
                            self._shot(table, chance, lo, hi, side, fig, ace)

    def _gunnery(self, table: np.ndarray, lo: int, hi: int, fig: int, ace: bool) -> Ints:
        """Dice of plane ``fig``'s shot in rows [lo, hi): its gunnery by clicks left, or its
        Ace's attack value by uses of fate; 0 once shot down."""
        left = self.left[lo:hi, fig]
        if not ace or self.f.ace_attack is None:
            return np.asarray(table[fig][left], dtype=np.int16)
        attack = self.f.ace_attack[fig]
        uses = np.minimum(self.fate_used[lo:hi, fig], len(attack) - 1)
        return np.asarray(np.where(left > 0, attack[uses], 0), dtype=np.int16)

    def _shot(self, table: np.ndarray, chance: float, lo: int, hi: int, side: int,
              fig: int, ace: bool = False) -> None:
        """"Combat": plane ``fig`` of ``side`` shoots in rows [lo, hi), dice all at once."""
        rng = self.rng
        gunnery = self._gunnery(table, lo, hi, fig, ace)
        enemy = 1 - side
        shoots = ((gunnery > 0) & (self.flying[lo:hi, enemy] > 0)
                  & (rng.random(hi - lo) < chance))
        picked = np.flatnonzero(shoots)
        if not len(picked):
            return
        rows = picked + lo
        target = self._pick_target(rows, enemy)
        dice = gunnery[picked] + (rng.random(len(rows)) < self.s["rear_arc"])
        if self.fate_policy == "offensive" and self.t.has_fate[fig]:
            shooter = np.full(len(rows), fig)
            offensive = self._can_fate(rows, shooter)
            dice = dice + np.where(offensive, self._fate(rows, shooter), 0)
            self._use_fate(rows[offensive], shooter[offensive])
        point_blank = rng.random(len(rows)) < self.s["point_blank"]
        silhouette = self.f.silhouette[target] - point_blank  # capped in the hit table
        lo_e, hi_e = self.t.blocks[enemy]
        if self.fate_policy == "defensive" and self.t.has_fate[lo_e:hi_e].any():
            hits, sixes = roll_hits(rng, dice, np.clip(silhouette, 1, 6))
            defend = (hits > sixes) & self._can_fate(rows, target)
            self._use_fate(rows[defend], target[defend])
            hits = np.where(defend, sixes, hits)
        else:
            hits = self._roll(dice, silhouette)
        self._hurt(rows, target, hits, by_shot=True)

    def _roll(self, dice: Ints, silhouette: Ints) -> Ints:
        """Hits of one attack per row, drawn from its exact distribution in one uniform."""
        table = self.t.hits
        cdf = np.take(table.cdf, table.row(dice, silhouette), axis=0)
        reached = self.rng.random((len(dice), 1)) >= cdf
        hit = np.bitwise_count(reached.view(np.uint64)).sum(axis=1, dtype=np.int8)
        return np.asarray(hit, dtype=np.int8)

    def _pick_target(self, rows: np.ndarray, enemy: int) -> np.ndarray:
        """The enemy plane each row's shooter aims at (every row has one)."""
        lo, hi = self.t.blocks[enemy]
        if self.s["targeting"] != "weakest":
            return self._random_alive(rows, np.full(len(rows), enemy))
        # Fewest clicks left, ties to the first plane. As unsigned bytes a shot-down
        # plane's 0 - 1 wraps round to 255, so it is never picked.
        left, base = self.left.reshape(-1), rows * self.f.count
        target = np.full(len(rows), lo)
        fewest = np.take(left, base + lo).view(np.uint8) - 1
        for fig in range(lo + 1, hi):
            clicks = np.take(left, base + fig).view(np.uint8) - 1
            target[clicks < fewest] = fig
            np.minimum(fewest, clicks, out=fewest)
        return target
