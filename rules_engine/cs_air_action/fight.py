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
        self.max_dice = int(max(forces.front.max(), forces.rear.max())) + 1 + int(
            forces.ace_fate.max())

    # --- reading the dials -------------------------------------------------------------
    def alive(self) -> np.ndarray:
        return self.state.damage < self.f.ko

    def _stat(self, table: np.ndarray, fig: np.ndarray) -> np.ndarray:
        return table[fig, self.state.damage[self.rows, fig]]

    def _fate(self, fig: np.ndarray) -> np.ndarray:
        width = self.f.ace_fate.shape[1] - 1
        return self.f.ace_fate[fig, np.minimum(self.state.fate_used[self.rows, fig], width)]

    def _use_fate(self, mask: np.ndarray, fig: np.ndarray) -> None:
        rows = self.rows[mask]
        self.state.fate_used[rows, fig[mask]] += 1
        self.state.fate_this_turn[rows, fig[mask]] = True

    def _can_fate(self, fig: np.ndarray, policy: str) -> np.ndarray:
        if self.s["fate"] != policy:
            return np.zeros(self.runs, dtype=bool)
        return (self._fate(fig) > 0) & ~self.state.fate_this_turn[self.rows, fig]

    # --- damage and victory points -----------------------------------------------------
    def _damage(self, mask: np.ndarray, fig: np.ndarray, clicks: np.ndarray,
                by_shot: bool) -> None:
        """Click ``fig`` down in the rows of ``mask``; score it if that brings it down."""
        st = self.state
        before = st.damage[self.rows, fig]
        ko = self.f.ko[fig]
        after = np.where(mask, np.minimum(before + clicks, ko), before)
        st.damage[self.rows, fig] = after
        downed = (before < ko) & (after >= ko)
        if downed.any():
            scorer = 1 - self.f.side[fig[downed]]
            value = self.f.points[fig[downed]] * (2 if by_shot else 1)
            np.add.at(st.victory, (self.rows[downed], scorer), value)
            if by_shot:
                np.add.at(st.shot_down, (self.rows[downed], scorer), 1)

    def _pick_target(self, shooter_side: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The enemy each row's shooter aims at, and whether there is one."""
        enemy = self.alive() & (self.f.side[None, :] != shooter_side[:, None])
        if self.s["targeting"] == "weakest":
            score = (self.f.ko[None, :] - self.state.damage).astype(np.float64)
        else:
            score = self.rng.random(enemy.shape)
        score = np.where(enemy, score, np.inf)
        return score.argmin(axis=1), enemy.any(axis=1)

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
        hit = redlining & failed & self.alive() & self.state.active[:, None]
        for fig in np.flatnonzero(hit.any(axis=0)):
            figs = np.full(self.runs, fig)
            self._damage(hit[:, fig], figs, np.ones(self.runs, dtype=np.int16), by_shot=False)

    def _collisions(self) -> None:
        """"Collisions with Other Planes": each plane may end overlapping a random enemy."""
        for fig in range(self.f.count):
            a = np.full(self.runs, fig)
            side = np.full(self.runs, self.f.side[fig])
            chance = self.rng.random(self.runs) < self.s["collision"]
            other_scores = self.rng.random((self.runs, self.f.count))
            enemy = self.alive() & (self.f.side[None, :] != side[:, None])
            b = np.where(enemy, other_scores, np.inf).argmin(axis=1)
            ta, tb = _two_d6(self.rng, self.runs), _two_d6(self.rng, self.runs)
            hit = chance & self.state.active & self.alive()[:, fig] & enemy.any(axis=1)
            if not hit.any():
                continue
            fa = _fails(ta, self._stat(self.f.piloting, a))
            fb = _fails(tb, self._stat(self.f.piloting, b))
            serious = (ta == CRITICAL) | (tb == CRITICAL)
            fate_a = hit & serious & self._can_fate(a, "defensive")
            fate_b = hit & serious & ~fate_a & self._can_fate(b, "defensive")
            self._use_fate(fate_a, a)
            self._use_fate(fate_b, b)
            avoided = fate_a | fate_b
            left_a = self.f.ko[a] - self.state.damage[self.rows, a]
            left_b = self.f.ko[b] - self.state.damage[self.rows, b]
            da, db = fa.astype(np.int16), fb.astype(np.int16)
            ra, rb = left_a - da, left_b - db
            both = serious & (ra > 0) & (rb > 0)
            k = np.minimum(ra, rb)
            da = np.where(both, da + k, np.where(serious, da + (ra > 0), da))
            db = np.where(both, db + k, np.where(serious, db + (rb > 0), db))
            da, db = np.where(avoided, 0, da), np.where(avoided, 0, db)
            self._damage(hit, a, da, by_shot=False)
            self._damage(hit, b, db, by_shot=False)

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
        """"Combat": one shot per row, resolved die by die across all rows at once."""
        rng, st, f = self.rng, self.state, self.f
        table = f.front if weapon == "front" else f.rear
        gunnery = self._stat(table, shooter)
        chance = self.s["in_range"] if weapon == "front" else self.s["rear_shot"]
        target, has_target = self._pick_target(side)
        shooting = (exists & st.active & self.alive()[self.rows, shooter] & has_target
                    & (gunnery > 0) & (rng.random(self.runs) < chance))
        if not shooting.any():
            return
        rear_arc = rng.random(self.runs) < self.s["rear_arc"]
        point_blank = rng.random(self.runs) < self.s["point_blank"]
        offensive = shooting & self._can_fate(shooter, "offensive")
        dice = gunnery + rear_arc + np.where(offensive, self._fate(shooter), 0)
        self._use_fate(offensive, shooter)
        to_hit = np.clip(f.silhouette[target] - point_blank, 1, 6)
        hits, sixes = roll_hits(rng, np.where(shooting, dice, 0), to_hit)
        defend = shooting & (hits > sixes) & self._can_fate(target, "defensive")
        self._use_fate(defend, target)
        hits = np.where(defend, sixes, hits)
        self._damage(shooting & (hits > 0), target, hits.astype(np.int16), by_shot=True)


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
