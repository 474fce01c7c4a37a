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
    """One batch of fights between two teams.

    Each turn works only on the runs still going, and each action only on the runs where it
    is taken (``rows``, with the actor, target or side of each of those runs); a figure's
    state in a run is read through its flat index ``run * figures + figure``.
    """

    def __init__(self, team: Team, scenario: dict[str, Any], runs: int,
                 rng: np.random.Generator) -> None:
        self.t = team
        self.s = scenario
        self.rng = rng
        self.runs = runs
        n = self.n = team.count
        self.state = AcesState(
            damage=np.zeros((runs, n), dtype=np.int16),
            captor=np.full((runs, n), NONE, dtype=np.int16),
            holds=np.full((runs, n), NONE, dtype=np.int16),
            last=np.full((runs, n), -10, dtype=np.int32),
            victory=np.zeros((runs, 2), dtype=np.int64),
            active=np.ones(runs, dtype=bool),
            turns=np.zeros(runs, dtype=np.int32),
        )
        self.knocked_out: list[Ints] = []  # runs where a figure was knocked out this turn
        self.tables = {name: (np.ascontiguousarray(table).ravel(), table.shape[1])
                       for name, table in (("attack", team.attack), ("defense", team.defense),
                                           ("fate", team.fate))}

    def alive(self) -> np.ndarray:
        return self.state.damage < self.t.ko

    def _cell(self, rows: Ints, fig: Ints) -> Ints:
        return rows * self.n + fig

    def _stat(self, name: str, rows: Ints, fig: Ints) -> Ints:
        """A stat of ``fig`` in each of ``rows`` at the clicks of damage it has taken."""
        table, width = self.tables[name]
        clicks = np.minimum(self.state.damage.ravel()[self._cell(rows, fig)], width - 1)
        return np.asarray(table[fig * width + clicks])

    def _damage(self, rows: Ints, fig: Ints, clicks: Ints, where: Bools | None = None) -> None:
        """Click ``fig`` down in ``rows`` (those of ``where``); a knocked-out figure scores
        for its opponent ("Victory!"), frees its captive and is freed from its captor."""
        if where is not None:
            rows, fig, clicks = rows[where], fig[where], clicks[where]
        st = self.state
        cells = self._cell(rows, fig)
        damage = st.damage.ravel()
        before = damage[cells]
        ko = self.t.ko[fig]
        after = np.minimum(before + clicks, ko)
        damage[cells] = after
        out = (before < ko) & (after >= ko)
        if not out.any():
            return
        rows, figs = rows[out], fig[out]
        self.knocked_out.append(rows)
        st.victory.ravel()[2 * rows + 1 - self.t.side[figs]] += self.t.points[figs]
        held = st.holds[rows, figs]
        freed = held >= 0
        st.captor[rows[freed], held[freed]] = NONE
        st.holds[rows, figs] = NONE
        holder = st.captor[rows, figs]
        kept = holder >= 0
        st.holds[rows[kept], holder[kept]] = NONE
        st.captor[rows, figs] = NONE

    def _fate(self, rows: Ints, fig: Ints, policy: str, where: Bools | None = None) -> Bools:
        """Which of ``rows`` (those of ``where``) have ``fig`` an Ace with fate above 0,
        when the fate policy is ``policy``."""
        if self.s["fate"] != policy:
            return np.zeros(rows.size, dtype=bool)
        used = self.t.is_ace[fig] & (self._stat("fate", rows, fig) > 0)
        return np.asarray(used if where is None else used & where, dtype=bool)

    def _pick(self, side: Ints, allowed: Bools) -> tuple[Ints, Bools]:
        """A random enemy among ``allowed`` figures, and whether there is one."""
        enemy = allowed & (self.t.side[None, :] != side[:, None])
        score = np.where(enemy, self.rng.random(enemy.shape), np.inf)
        return score.argmin(axis=1), enemy.any(axis=1)

    def play(self) -> AcesState:
        st, t = self.state, self.t
        first = (self.rng.random(self.runs) < 0.5).astype(np.int8)
        sides = [(t.side == s)[None, :] for s in (0, 1)]
        for turn in range(self.s["max_turns"]):
            going = np.flatnonzero(st.active)
            if going.size == 0:
                break
            st.turns[going] += 1
            side = first[going] ^ (turn % 2)
            last = st.last[going]
            eligible = ((st.damage[going] < t.ko) & (t.side[None, :] == side[:, None])
                        & (last != turn - 2))
            actor = np.where(eligible, last, np.iinfo(np.int32).max).argmin(axis=1)
            acting = eligible.any(axis=1)
            rows, side, actor = going[acting], side[acting], actor[acting]
            cells = self._cell(rows, actor)
            st.last.ravel()[cells] = turn
            captive = st.captor.ravel()[cells] >= 0
            free = ~captive & (st.holds.ravel()[cells] < 0)
            self._escape(rows[captive], actor[captive])
            u = self.rng.random(rows.size)
            close = free & (u < self.s["adjacent"])
            ranged = (free & ~close & (u < self.s["adjacent"] + self.s["in_range"])
                      & (t.range[actor] > 0))
            self._close_combat(rows[close], actor[close], side[close])
            self._ranged(rows[ranged], actor[ranged], side[ranged])
            if self.knocked_out:  # a fight ends only when a figure is knocked out
                struck = np.unique(np.concatenate(self.knocked_out))
                self.knocked_out.clear()
                alive = st.damage[struck] < t.ko
                st.active[struck] = (alive & sides[0]).any(axis=1) & (alive & sides[1]).any(axis=1)
        alive = self.alive()
        captive_at_end = alive & (st.captor >= 0)
        for s in (0, 1):
            own = alive & ~captive_at_end & (t.side == s)[None, :]
            held = captive_at_end & (t.side != s)[None, :]
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

    def _attack(self, rows: Ints, target: Ints, dice: Ints, defense: Ints) -> tuple[Ints, Bools]:
        """Roll, let the target's fate cancel all but natural sixes; returns (hits, fate
        used by the target). Fate clicks are given by the caller at the end of the action.
        A ``defense`` above 6 here is out of reach (see ``_ranged_need``)."""
        hits, sixes = roll_hits(self.rng, dice, np.clip(defense, 1, 6))
        if self.s["cap_before_modifiers"]:
            reach = defense <= NATURAL_SIX
            hits, sixes = np.where(reach, hits, 0), np.where(reach, sixes, 0)
        defended = self._fate(rows, target, "defensive", hits > sixes)
        return np.where(defended, sixes, hits), defended

    def _offensive_dice(self, rows: Ints, actor: Ints,
                        where: Bools | None = None) -> tuple[Ints, Bools]:
        used = self._fate(rows, actor, "offensive", where)
        if not used.any():
            return np.zeros(rows.size, dtype=np.int64), used
        return np.where(used, self._stat("fate", rows, actor), 0), used

    def _close_combat(self, rows: Ints, actor: Ints, side: Ints) -> None:
        """"Close Combat" and "Capturing" (two fewer dice; any hit captures)."""
        if rows.size == 0:
            return
        st = self.state
        allowed = (st.damage[rows] < self.t.ko) & (st.captor[rows] < 0)
        target, found = self._pick(side, allowed)
        if not found.all():
            rows, actor, target = rows[found], actor[found], target[found]
        capture = ((self.rng.random(rows.size) < self.s["capture"])
                   & (st.holds.ravel()[self._cell(rows, target)] < 0))
        extra, offensive = self._offensive_dice(rows, actor)
        dice = np.maximum(0, self._stat("attack", rows, actor) - CAPTURE_PENALTY * capture) + extra
        # close combat crosses no hindering terrain: a defense above 6 is simply 6
        hits, defended = self._attack(rows, target, dice,
                                      np.minimum(self._stat("defense", rows, target), NATURAL_SIX))
        taken = capture & (hits > 0)
        st.captor[rows[taken], target[taken]] = actor[taken]
        st.holds[rows[taken], actor[taken]] = target[taken]
        self._damage(rows, target, hits.astype(np.int16), ~capture)
        self._fate_clicks(rows, offensive, actor, defended, target)

    def _ranged(self, rows: Ints, actor: Ints, side: Ints) -> None:
        """"Ranged Combat" and "Targeting Multiple Enemies": one target takes a normal
        attack; several targets share the rolled dice, one each, at most 1 click each."""
        if rows.size == 0:
            return
        st = self.state
        allowed = (st.damage[rows] < self.t.ko) & (st.captor[rows] < 0) & (st.holds[rows] < 0)
        enemy = allowed & (self.t.side[None, :] != side[:, None])
        keys = np.where(enemy, self.rng.random(enemy.shape), np.inf)
        # The first targets of a random order of the enemies: as many as anyone can shoot.
        slots = min(int(self.t.targets.max()), self.n)
        order = np.empty((rows.size, slots), dtype=np.intp)
        for j in range(slots):
            order[:, j] = keys.argmin(axis=1)
            if j + 1 < slots:
                keys[np.arange(rows.size), order[:, j]] = np.inf
        k = np.minimum(self.t.targets[actor], enemy.sum(axis=1))
        extra, offensive = self._offensive_dice(rows, actor, k > 0)
        dice = self._stat("attack", rows, actor) + extra
        shoot = (k > 0) & (dice > 0)
        hindering = self.rng.random(rows.size) < self.s["hindering"]
        single = shoot & (k == 1)
        if single.any():
            r, a, target = rows[single], actor[single], order[single, 0]
            defense = self._ranged_need(self._stat("defense", r, target), hindering[single])
            hits, defended = self._attack(r, target, dice[single], defense)
            self._damage(r, target, hits.astype(np.int16))
            self._fate_clicks(r, None, a, defended, target)
        several = shoot & (k > 1)
        if several.any():
            self._multi_target(rows[several], actor[several], order[several], k[several],
                               dice[several], hindering[several])
        self._fate_clicks(rows, offensive, actor, None, actor)

    def _multi_target(self, rows: Ints, actor: Ints, order: Ints, k: Ints,
                      dice: Ints, hindering: Bools) -> None:
        """Roll every attack die, then give each target one ("Resolving an Attack")."""
        slots = order.shape[1]
        width = int(dice.max())
        faces = self.rng.integers(1, 7, size=(rows.size, width))
        faces = np.where(np.arange(width)[None, :] < dice[:, None], faces, 0)
        targets = order[:, :slots]
        shot = np.arange(slots)[None, :] < k[:, None]
        defense = np.stack([self._stat("defense", rows, targets[:, j]) for j in range(slots)],
                           axis=1)
        needs = np.where(shot, self._ranged_need(defense, hindering[:, None]), UNUSED)
        hit, six = assign_dice(faces, needs)
        for j in range(slots):
            target = targets[:, j]
            defended = self._fate(rows, target, "defensive", hit[:, j] & ~six[:, j])
            self._damage(rows, target, (hit[:, j] & ~defended).astype(np.int16), shot[:, j])
            self._fate_clicks(rows, None, actor, defended, target)

    def _escape(self, rows: Ints, captive: Ints) -> None:
        """"Escaping": both roll attack dice against the other's defense; more hits escape."""
        if rows.size == 0:
            return
        st = self.state
        captor = st.captor.ravel()[self._cell(rows, captive)].astype(np.intp)
        extra, offensive = self._offensive_dice(rows, captive)
        mine, _ = roll_hits(self.rng, self._stat("attack", rows, captive) + extra,
                            np.clip(self._stat("defense", rows, captor), 1, 6))
        theirs, _ = roll_hits(self.rng, self._stat("attack", rows, captor),
                              np.clip(self._stat("defense", rows, captive), 1, 6))
        escaped = mine > theirs
        st.captor[rows[escaped], captive[escaped]] = NONE
        st.holds[rows[escaped], captor[escaped]] = NONE
        self._fate_clicks(rows, offensive, captive, None, captor)

    def _fate_clicks(self, rows: Ints, a_used: Bools | None, a: Ints, b_used: Bools | None,
                     b: Ints) -> None:
        """"At the end of an action in which you use fate, click the combat dial of your Ace
        clockwise once"; an Ace knocked out this way still scores for its opponent."""
        # A captive's dial still turns when it uses fate ("Capturing").
        for used, fig in ((a_used, a), (b_used, b)):
            if used is not None and used.any():
                self._damage(rows, fig, np.ones(rows.size, dtype=np.int16), used)
