"""Whole Aces fights, all runs advancing together on arrays of shape (runs, figures).

Players alternate turns ("Turns and Actions"); each turn one character acts, never the
same one two turns in a row (the least recently used one is chosen). A captive tries to
escape, a character holding a captive passes, anyone else may make a close combat attack
(or a capture attempt) or a ranged attack on up to as many targets as it has pistols.
Victory points follow "Victory!".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from rules_engine.clix.arrays import Bools, Ints
from rules_engine.clix.dice import NATURAL_SIX
from rules_engine.clix.rolls import roll_hits
from rules_engine.cs_aces.forces import Team
from rules_engine.cs_aces.multi_target import UNUSED, assign_dice

CAPTURE_PENALTY = 2
NONE = -1


@dataclass
class AcesState:
    damage: np.ndarray  # (runs, figures) clicks taken
    captor: np.ndarray  # (runs, figures) who holds this figure captive, or -1
    holds: np.ndarray  # (runs, figures) the captive this figure holds, or -1
    last: np.ndarray  # (runs, figures) the turn it last acted
    victory: np.ndarray  # (runs, 2)
    active: np.ndarray
    turns: np.ndarray


class AcesFight:
    """One batch of fights between two teams."""

    def __init__(self, team: Team, scenario: dict[str, Any], runs: int,
                 rng: np.random.Generator) -> None:
        self.t = team
        self.s = scenario
        self.rng = rng
        self.runs = runs
        self.rows = np.arange(runs)
        n = team.count
        self.state = AcesState(
            damage=np.zeros((runs, n), dtype=np.int16),
            captor=np.full((runs, n), NONE, dtype=np.int16),
            holds=np.full((runs, n), NONE, dtype=np.int16),
            last=np.full((runs, n), -10, dtype=np.int32),
            victory=np.zeros((runs, 2), dtype=np.int64),
            active=np.ones(runs, dtype=bool),
            turns=np.zeros(runs, dtype=np.int32),
        )

    def alive(self) -> np.ndarray:
        return self.state.damage < self.t.ko

    def _stat(self, table: Ints, fig: Ints) -> Ints:
        clicks = np.minimum(self.state.damage[self.rows, fig], table.shape[1] - 1)
        return np.asarray(table[fig, clicks], dtype=table.dtype)

    def _at(self, table: Ints, fig: Ints) -> Ints:
        return np.asarray(table[self.rows, fig], dtype=table.dtype)

    def _damage(self, mask: np.ndarray, fig: np.ndarray, clicks: np.ndarray) -> None:
        """Click ``fig`` down; a knocked-out figure scores for its opponent ("Victory!"),
        frees its captive and is freed from its captor."""
        st = self.state
        before = st.damage[self.rows, fig]
        ko = self.t.ko[fig]
        after = np.where(mask, np.minimum(before + clicks, ko), before)
        st.damage[self.rows, fig] = after
        out = (before < ko) & (after >= ko)
        if not out.any():
            return
        rows, figs = self.rows[out], fig[out]
        np.add.at(st.victory, (rows, 1 - self.t.side[figs]), self.t.points[figs])
        held = st.holds[rows, figs]
        freed = held >= 0
        st.captor[rows[freed], held[freed]] = NONE
        st.holds[rows, figs] = NONE
        holder = st.captor[rows, figs]
        kept = holder >= 0
        st.holds[rows[kept], holder[kept]] = NONE
        st.captor[rows, figs] = NONE

    def _fate(self, mask: np.ndarray, fig: np.ndarray, policy: str) -> np.ndarray:
        """Rows where ``fig`` is an Ace with fate above 0 and the fate policy is ``policy``."""
        if self.s["fate"] != policy:
            return np.zeros(self.runs, dtype=bool)
        return np.asarray(mask & self.t.is_ace[fig] & (self._stat(self.t.fate, fig) > 0),
                          dtype=bool)

    def _pick(self, side: np.ndarray, allowed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A random enemy among ``allowed`` figures, and whether there is one."""
        enemy = allowed & (self.t.side[None, :] != side[:, None])
        score = np.where(enemy, self.rng.random(enemy.shape), np.inf)
        return score.argmin(axis=1), enemy.any(axis=1)

    def play(self) -> AcesState:
        st, t = self.state, self.t
        first = (self.rng.random(self.runs) < 0.5).astype(np.int8)
        for turn in range(self.s["max_turns"]):
            if not st.active.any():
                break
            st.turns += st.active
            side = first ^ (turn % 2)
            mine = self.alive() & (t.side[None, :] == side[:, None])
            eligible = mine & (st.last != turn - 2)
            actor = np.where(eligible, st.last, np.iinfo(np.int32).max).argmin(axis=1)
            acting = st.active & eligible.any(axis=1)
            st.last[self.rows[acting], actor[acting]] = turn
            captive = acting & (self._at(st.captor, actor) >= 0)
            holding = acting & (self._at(st.holds, actor) >= 0)
            free = acting & ~captive & ~holding
            self._escape(captive, actor)
            u = self.rng.random(self.runs)
            close = free & (u < self.s["adjacent"])
            ranged = (free & ~close & (u < self.s["adjacent"] + self.s["in_range"])
                      & (t.range[actor] > 0))
            self._close_combat(close, actor, side)
            self._ranged(ranged, actor, side)
            alive = self.alive()
            for s in (0, 1):
                st.active &= (alive & (t.side == s)[None, :]).any(axis=1)
        alive = self.alive()
        captive = alive & (st.captor >= 0)
        for s in (0, 1):
            own = alive & ~captive & (t.side == s)[None, :]
            held = captive & (t.side != s)[None, :]
            st.victory[:, s] += (own * t.points).sum(axis=1) + 2 * (held * t.points).sum(axis=1)
        return st

    def _ranged_need(self, defense: Ints, hindering: Bools) -> Ints:
        """The number a ranged attack's die must reach ("Resolving an Attack", "Hindering
        Terrain"): the modified defense capped at 6, or with ``cap_before_modifiers`` the
        capped defense plus 1, where 7 cannot be reached."""
        if self.s["cap_before_modifiers"]:
            return np.asarray(np.maximum(1, np.minimum(defense, NATURAL_SIX) + hindering),
                              dtype=np.int16)
        return np.asarray(np.clip(defense + hindering, 1, NATURAL_SIX), dtype=np.int16)

    def _attack(self, mask: np.ndarray, actor: np.ndarray, target: np.ndarray,
                dice: np.ndarray, defense: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Roll, let the target's fate cancel all but natural sixes; returns (hits, fate
        used by the target). Fate clicks are given by the caller at the end of the action.
        A ``defense`` above 6 here is out of reach (see ``_ranged_need``)."""
        hits, sixes = roll_hits(self.rng, np.where(mask, dice, 0), np.clip(defense, 1, 6))
        if self.s["cap_before_modifiers"]:
            reach = defense <= NATURAL_SIX
            hits, sixes = np.where(reach, hits, 0), np.where(reach, sixes, 0)
        defended = self._fate(mask & (hits > sixes), target, "defensive")
        return np.where(defended, sixes, hits), defended

    def _offensive_dice(self, mask: np.ndarray, actor: np.ndarray) -> tuple[np.ndarray, ...]:
        used = self._fate(mask, actor, "offensive")
        return np.where(used, self._stat(self.t.fate, actor), 0), used

    def _close_combat(self, mask: np.ndarray, actor: np.ndarray, side: np.ndarray) -> None:
        """"Close Combat" and "Capturing" (two fewer dice; any hit captures)."""
        st = self.state
        allowed = self.alive() & (st.captor < 0)
        target, found = self._pick(side, allowed)
        mask = mask & found
        capture = (mask & (self.rng.random(self.runs) < self.s["capture"])
                   & (self._at(st.holds, target) < 0))
        extra, offensive = self._offensive_dice(mask, actor)
        dice = np.maximum(0, self._stat(self.t.attack, actor) - CAPTURE_PENALTY * capture) + extra
        # close combat crosses no hindering terrain: a defense above 6 is simply 6
        hits, defended = self._attack(mask, actor, target, dice,
                                      np.minimum(self._stat(self.t.defense, target), NATURAL_SIX))
        taken = mask & capture & (hits > 0)
        st.captor[self.rows[taken], target[taken]] = actor[taken]
        st.holds[self.rows[taken], actor[taken]] = target[taken]
        self._damage(mask & ~capture, target, hits.astype(np.int16))
        self._fate_clicks(offensive, actor, defended, target)

    def _ranged(self, mask: Bools, actor: Ints, side: Ints) -> None:
        """"Ranged Combat" and "Targeting Multiple Enemies": one target takes a normal
        attack; several targets share the rolled dice, one each, at most 1 click each."""
        st = self.state
        allowed = self.alive() & (st.captor < 0) & (st.holds < 0)
        enemy = allowed & (self.t.side[None, :] != side[:, None])
        order = np.where(enemy, self.rng.random(enemy.shape), np.inf).argsort(axis=1)
        k = np.minimum(self.t.targets[actor], enemy.sum(axis=1))
        extra, offensive = self._offensive_dice(mask & (k > 0), actor)
        dice = np.where(mask, self._stat(self.t.attack, actor) + extra, 0)
        mask = mask & (k > 0) & (dice > 0)
        hindering = self.rng.random(self.runs) < self.s["hindering"]
        single = mask & (k == 1)
        if single.any():
            target = order[:, 0]
            defense = self._ranged_need(self._stat(self.t.defense, target), hindering)
            hits, defended = self._attack(single, actor, target, dice, defense)
            self._damage(single, target, hits.astype(np.int16))
            self._fate_clicks(self._none(), actor, defended, target)
        several = mask & (k > 1)
        if several.any():
            self._multi_target(several, actor, order, k, dice, hindering)
        self._fate_clicks(offensive, actor, self._none(), actor)

    def _multi_target(self, mask: Bools, actor: Ints, order: Ints, k: Ints,
                      dice: Ints, hindering: Bools) -> None:
        """Roll every attack die, then give each target one ("Resolving an Attack")."""
        slots = min(int(self.t.targets.max()), order.shape[1])
        width = int(dice[mask].max())
        faces = self.rng.integers(1, 7, size=(self.runs, width))
        faces = np.where(np.arange(width)[None, :] < np.where(mask, dice, 0)[:, None], faces, 0)
        targets = order[:, :slots]
        shot = mask[:, None] & (np.arange(slots)[None, :] < k[:, None])
        defense = np.stack([self._stat(self.t.defense, targets[:, j]) for j in range(slots)],
                           axis=1)
        needs = np.where(shot, self._ranged_need(defense, hindering[:, None]), UNUSED)
        hit, six = assign_dice(faces, needs)
        for j in range(slots):
            target = targets[:, j]
            defended = self._fate(hit[:, j] & ~six[:, j], target, "defensive")
            self._damage(shot[:, j], target, (hit[:, j] & ~defended).astype(np.int16))
            self._fate_clicks(self._none(), actor, defended, target)

    def _none(self) -> Bools:
        return np.zeros(self.runs, dtype=bool)

    def _escape(self, mask: np.ndarray, captive: np.ndarray) -> None:
        """"Escaping": both roll attack dice against the other's defense; more hits escape."""
        st = self.state
        captor = np.maximum(self._at(st.captor, captive), 0)
        extra, offensive = self._offensive_dice(mask, captive)
        mine, _ = roll_hits(self.rng, np.where(mask, self._stat(self.t.attack, captive) + extra, 0),
                            np.clip(self._stat(self.t.defense, captor), 1, 6))
        theirs, _ = roll_hits(self.rng, np.where(mask, self._stat(self.t.attack, captor), 0),
                              np.clip(self._stat(self.t.defense, captive), 1, 6))
        escaped = mask & (mine > theirs)
        st.captor[self.rows[escaped], captive[escaped]] = NONE
        st.holds[self.rows[escaped], captor[escaped]] = NONE
        self._fate_clicks(offensive, captive, np.zeros(self.runs, dtype=bool), captor)

    def _fate_clicks(self, a_used: np.ndarray, a: np.ndarray, b_used: np.ndarray,
                     b: np.ndarray) -> None:
        """"At the end of an action in which you use fate, click the combat dial of your Ace
        clockwise once"; an Ace knocked out this way still scores for its opponent."""
        # A captive's dial still turns when it uses fate ("Capturing").
        one = np.ones(self.runs, dtype=np.int16)
        for used, fig in ((a_used, a), (b_used, b)):
            if used.any():
                self._damage(used, fig, one)
