"""Whole Air Action fights, all runs advancing together on arrays of shape (runs, figures).

Each turn: initiative (2d6 each, ties rerolled: an even chance), movement hazards
(redlining, collisions), then shots alternating between the players, aggressor first
("Determine Initiative", "Combat"): front weapons, then rear gunners. Damage clicks the
dial and each click's values apply at once; three bullet holes shoot a plane down.
Victory points follow "Victory!": 2x for planes shot down by a shot, 1x for planes removed
by other means, 1x for your planes still flying.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from rules_engine.cs_air_action.forces import Forces

CRITICAL = 2


@dataclass
class FightState:
    """Everything that changes during the runs' fights."""

    damage: np.ndarray  # (runs, figures) clicks taken
    fate_used: np.ndarray  # (runs, figures) clicks on the Ace's own dial
    fate_this_turn: np.ndarray  # (runs, figures) bool: fate already used this turn
    victory: np.ndarray  # (runs, 2) victory points
    shot_down: np.ndarray  # (runs, 2) enemy planes each side shot down
    active: np.ndarray  # (runs,) the game is still going
    turns: np.ndarray  # (runs,) turns played


def _two_d6(rng: np.random.Generator, shape: Any) -> np.ndarray:
    return rng.integers(1, 7, size=shape, dtype=np.int16) + rng.integers(
        1, 7, size=shape, dtype=np.int16)


def _fails(total: np.ndarray, piloting: np.ndarray) -> np.ndarray:
    return (total < piloting) | (total == CRITICAL)


class Fight:
    """One batch of fights between two squadrons."""

    def __init__(self, forces: Forces, scenario: dict[str, Any], runs: int,
                 rng: np.random.Generator) -> None:
        self.f = forces
        self.s = scenario
        self.rng = rng
        self.runs = runs
        self.rows = np.arange(runs)
        n = forces.count
        self.state = FightState(
            damage=np.zeros((runs, n), dtype=np.int16),
            fate_used=np.zeros((runs, n), dtype=np.int16),
            fate_this_turn=np.zeros((runs, n), dtype=bool),
            victory=np.zeros((runs, 2), dtype=np.int64),
            shot_down=np.zeros((runs, 2), dtype=np.int32),
            active=np.ones(runs, dtype=bool),
            turns=np.zeros(runs, dtype=np.int32),
        )
        self.side_start = np.array([0, int((forces.side == 0).sum())])
        self.side_count = np.array([self.side_start[1], n - self.side_start[1]])
        self.has_fate = bool(forces.ace_fate.any())

    # --- reading the dials (on a subset of rows) -----------------------------------------
    def alive(self) -> np.ndarray:
        return self.state.damage < self.f.ko

    def _stat(self, table: np.ndarray, rows: np.ndarray, fig: np.ndarray) -> np.ndarray:
        return table[fig, self.state.damage[rows, fig]]

    def _fate(self, rows: np.ndarray, fig: np.ndarray) -> np.ndarray:
        width = self.f.ace_fate.shape[1] - 1
        return self.f.ace_fate[fig, np.minimum(self.state.fate_used[rows, fig], width)]

    def _use_fate(self, rows: np.ndarray, fig: np.ndarray) -> None:
        self.state.fate_used[rows, fig] += 1
        self.state.fate_this_turn[rows, fig] = True

    def _can_fate(self, rows: np.ndarray, fig: np.ndarray, policy: str) -> np.ndarray:
        if self.s["fate"] != policy or not self.has_fate:
            return np.zeros(len(rows), dtype=bool)
        return (self._fate(rows, fig) > 0) & ~self.state.fate_this_turn[rows, fig]

    # --- damage and victory points -----------------------------------------------------
    def _damage(self, rows: np.ndarray, fig: np.ndarray, clicks: np.ndarray,
                by_shot: bool) -> None:
        """Click ``fig`` down in ``rows``; score it if that brings it down ("Victory!")."""
        st = self.state
        before = st.damage[rows, fig]
        ko = self.f.ko[fig]
        after = np.minimum(before + clicks, ko)
        st.damage[rows, fig] = after
        downed = (before < ko) & (after >= ko)
        if downed.any():
            scorer = 1 - self.f.side[fig[downed]]
            value = self.f.points[fig[downed]] * (2 if by_shot else 1)
            np.add.at(st.victory, (rows[downed], scorer), value)
            if by_shot:
                np.add.at(st.shot_down, (rows[downed], scorer), 1)

    def _pick_target(self, rows: np.ndarray, shooter_side: np.ndarray) -> np.ndarray:
        """The enemy each row's shooter aims at (every row has one)."""
        enemy = self.alive()[rows] & (self.f.side[None, :] != shooter_side[:, None])
        if self.s["targeting"] == "weakest":
            score = self.f.ko[None, :] - self.state.damage[rows]
            return np.where(enemy, score, 10_000).argmin(axis=1)
        return np.where(enemy, self.rng.random(enemy.shape), 2.0).argmin(axis=1)

    # --- one turn ----------------------------------------------------------------------
    def play(self) -> FightState:
        st = self.state
        for _ in range(self.s["max_turns"]):
            if not st.active.any():
                break
            st.turns += st.active
            st.fate_this_turn[:] = False
            aggressor = (self.rng.random(self.runs) < 0.5).astype(np.int8)  # side index
            self._redline()
            self._collisions()
            for weapon in ("front", "rear"):
                self._volley(weapon, aggressor)
            alive = self.alive()
            for side in (0, 1):
                st.active &= (alive & (self.f.side == side)[None, :]).any(axis=1)
        alive = self.alive()
        for side in (0, 1):
            mine = alive & (self.f.side == side)[None, :]
            st.victory[:, side] += (mine * self.f.points[None, :]).sum(axis=1)
        return st

    def _redline(self) -> None:
        """"Movement": a redlining pilot checks; failure costs 1 click."""
        shape = self.state.damage.shape
        redlining = self.rng.random(shape) < self.s["redline"]
        piloting = self.f.piloting[np.arange(shape[1])[None, :], self.state.damage]
        failed = _fails(_two_d6(self.rng, shape), piloting)
        rows, figs = np.nonzero(redlining & failed & self.alive() & self.state.active[:, None])
        self._damage(rows, figs, np.ones(len(rows), dtype=np.int16), by_shot=False)

    def _collisions(self) -> None:
        """"Collisions with Other Planes": each plane may end overlapping a random enemy."""
        chance = self.rng.random((self.runs, self.f.count)) < self.s["collision"]
        for fig in range(self.f.count):
            side = self.f.side[fig]
            alive = self.alive()
            enemy_any = (alive & (self.f.side != side)[None, :]).any(axis=1)
            rows = np.flatnonzero(chance[:, fig] & self.state.active & alive[:, fig] & enemy_any)
            if not len(rows):
                continue
            enemy = alive[rows] & (self.f.side != side)[None, :]
            b = np.where(enemy, self.rng.random(enemy.shape), 2.0).argmin(axis=1)
            a = np.full(len(rows), fig)
            ta, tb = _two_d6(self.rng, len(rows)), _two_d6(self.rng, len(rows))
            fa = _fails(ta, self._stat(self.f.piloting, rows, a))
            fb = _fails(tb, self._stat(self.f.piloting, rows, b))
            serious = (ta == CRITICAL) | (tb == CRITICAL)
            fate_a = serious & self._can_fate(rows, a, "defensive")
            fate_b = serious & ~fate_a & self._can_fate(rows, b, "defensive")
            self._use_fate(rows[fate_a], a[fate_a])
            self._use_fate(rows[fate_b], b[fate_b])
            avoided = fate_a | fate_b
            ra = self.f.ko[a] - self.state.damage[rows, a] - fa
            rb = self.f.ko[b] - self.state.damage[rows, b] - fb
            k = np.minimum(ra, rb)
            both = serious & (ra > 0) & (rb > 0)
            da = fa + np.where(both, k, serious & (ra > 0))
            db = fb + np.where(both, k, serious & (rb > 0))
            self._damage(rows, a, np.where(avoided, 0, da), by_shot=False)
            self._damage(rows, b, np.where(avoided, 0, db), by_shot=False)

    def _volley(self, weapon: str, aggressor: np.ndarray) -> None:
        """Every plane's shot with ``weapon``, alternating players, aggressor first."""
        for slot in range(int(self.side_count.max())):
            for first in (True, False):
                side = aggressor if first else 1 - aggressor
                exists = slot < self.side_count[side]
                shooter = np.where(exists, self.side_start[side] + slot, 0)
                self._shot(weapon, shooter, side, exists)

    def _shot(self, weapon: str, shooter: np.ndarray, side: np.ndarray,
              exists: np.ndarray) -> None:
        """"Combat": one shot per row, every row's dice rolled at once."""
        rng, st, f = self.rng, self.state, self.f
        table = f.front if weapon == "front" else f.rear
        chance = self.s["in_range"] if weapon == "front" else self.s["rear_shot"]
        alive = self.alive()
        gunnery = table[shooter, st.damage[self.rows, shooter]]
        foe = (alive & (f.side[None, :] != side[:, None])).any(axis=1)
        shooting = (exists & st.active & alive[self.rows, shooter] & foe & (gunnery > 0)
                    & (rng.random(self.runs) < chance))
        rows = np.flatnonzero(shooting)
        if not len(rows):
            return
        shooter, gunnery = shooter[rows], gunnery[rows]
        target = self._pick_target(rows, side[rows])
        rear_arc = rng.random(len(rows)) < self.s["rear_arc"]
        point_blank = rng.random(len(rows)) < self.s["point_blank"]
        offensive = self._can_fate(rows, shooter, "offensive")
        dice = gunnery + rear_arc + np.where(offensive, self._fate(rows, shooter), 0)
        self._use_fate(rows[offensive], shooter[offensive])
        to_hit = np.clip(f.silhouette[target] - point_blank, 1, 6)
        hits, sixes = roll_hits(rng, dice, to_hit)
        defend = (hits > sixes) & self._can_fate(rows, target, "defensive")
        self._use_fate(rows[defend], target[defend])
        hits = np.where(defend, sixes, hits)
        self._damage(rows, target, hits.astype(np.int16), by_shot=True)


def roll_hits(rng: np.random.Generator, dice: np.ndarray,
              to_hit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hits and natural sixes of ``dice`` d6 per row against ``to_hit`` (1..6).

    Counting faces die by die is the same as drawing how many dice show a six (each 1/6),
    then how many of the others (each uniform on 1..5) reach the target: two binomial
    draws per row, however many dice are rolled.
    """
    sixes = rng.binomial(dice, 1 / 6)
    others = rng.binomial(dice - sixes, (6 - to_hit) / 5)
    return sixes + others, sixes
