"""Whole Air Action fights with each squadron held as one number per fight.

``TableFight`` keeps one row of clicks left per plane. When both squadrons are small,
every state a squadron can be in is numbered instead (``coded_states``), and what a turn
needs from a state is read from tables built once per batch: the shooter's row of the
shot table, the weakest target's, the state after each outcome of a shot, a colliding
plane's enemy, and the victory points. A shot then costs a few passes over one number per
fight however many planes fly, who is the aggressor is a choice of number rather than a
reordering of rows, and a finished fight is two numbers to keep.

Aces' fate fits the same scheme: a state also holds how much fate each Ace has spent and
whether it spent fate this turn, and a shot's outcomes say who spends fate
(``shot_tables.fate_shot_chances``). Without fate, the draws, their order and their
reading are those of ``TableFight``, so a seed gives the same fights with either class (a
test holds them to it); with fate, the tests hold the fights to ``Fight``'s statistically.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rules_engine.clix.arrays import Bools, Ints
from rules_engine.cs_air_action.coded_states import (
    SquadronStates,
    fate_policy,
    fate_spends,
    most_dice,
    stride_of,
)
from rules_engine.cs_air_action.collisions import (
    CRITICAL_CHANCE,
    collision_lefts,
    collision_lefts_with_fate,
)
from rules_engine.cs_air_action.fight import FightState
from rules_engine.cs_air_action.forces import Forces
from rules_engine.cs_air_action.shot_tables import (
    BUCKET_BITS,
    BUCKETS,
    DEFENSIVE,
    OFFENSIVE,
    PLAIN,
    UNSURE,
    ShotTable,
    fate_shot_chances,
    turn_buckets,
)
from rules_engine.cs_air_action.table_fight import (
    Coins,
    TableBatch,
    collision_rounds,
    success_cells,
)

# Below this share of fights that can see a hit, a shot looks at those fights only: picking
# them out costs about as much as looking at 60% more fights.
SPARSE_SHARE = 0.4


class _Shot:
    """The shot of a plane slot with one weapon (either squadron's plane): its ``table``,
    ``rows``, the table row of the shooter's state by code (``target_row`` adds the
    target's), and, when the shooter's Ace spends fate on a shot it takes, ``spent``, the
    shooter's state after that.

    ``first_hit`` is the first bucket in which any state has an outcome other than 0 (a
    shot not taken, or no hits), and ``fires`` whether squadron A's and squadron B's plane
    in the slot have this weapon; ``sparse`` when those leave few fights to look at."""

    def __init__(self, table: ShotTable, rows: Ints, spent: Ints | None) -> None:
        self.table, self.rows, self.spent = table, rows, spent
        by_row = table.hits.reshape(-1, BUCKETS) != 0
        self.first_hit = int(np.where(by_row.any(axis=1), by_row.argmax(axis=1), BUCKETS).min())
        half = len(by_row) // 2
        self.fires = (bool(by_row[:half].any()), bool(by_row[half:].any()))
        seen = (1 - self.first_hit / BUCKETS) * sum(self.fires) / 2
        self.sparse = seen < SPARSE_SHARE


class CodedFight(TableBatch):
    """One batch of fights, each squadron one number per fight (``code``, (2, runs): the
    numbers of ``coded_states`` times their stride).

    Planes shot down by a shot are those down at the end that no hazard took down
    (``hazard_rows`` and ``hazard_runs``: each plane a hazard took down, by layout row and
    run number): shots are the only other way to lose clicks.
    """

    def _set_up(self, forces: Forces, scenario: dict[str, Any]) -> None:
        self.policy = fate_policy(forces, scenario)
        super()._set_up(forces, scenario)
        self.states = SquadronStates.number(
            forces,
            self.row_of,
            self.slots,
            stride_of(forces, self.policy),
            fate_spends(forces, self.policy),
        )
        self._digit_tables()
        self._shot_state_tables()
        self._collision_tables()
        self._score_tables()

    def _start(self, runs: int, rng: np.random.Generator) -> None:
        super()._start(runs, rng)
        self.code = np.repeat(self.states.full[:, None], runs, axis=1)
        self.final_code = np.zeros((2, runs), dtype=np.int64)
        self.hazard_rows: list[Ints] = []
        self.hazard_runs: list[Ints] = []

    def _digit_tables(self) -> None:
        """What a plane slot of a state is, as ``code // stride + slot_at[row]`` reads it:
        clicks left, fate spent, the chance its pilot fails a redlining check or a
        collision's, and whether its Ace can spend fate now (a fate value above 0, not
        spent this turn); and ``fate_value`` (slot, state)."""
        st, p = self.states, self.slots
        self.row_side = np.repeat(np.arange(2), p)
        self.slot_at = np.tile(np.arange(p), 2) * st.count
        self.click = st.click.reshape(-1)
        self.spend = st.spend.reshape(-1)
        rows = st.side_of * p + np.arange(p)[:, None]  # (slot, state): layout rows
        fate = self._by_row(self.f.ace_fate)
        uses = np.minimum(st.uses, fate.shape[1] - 1)
        self.fate_value = np.where(st.used == 0, fate[rows, uses], 0) * (self.policy != PLAIN)
        self.can = (self.fate_value > 0).astype(np.int64)
        cells = rows * self.t.width + st.left
        self.lefts = st.left.reshape(-1)
        self.fate_spent = st.uses.reshape(-1)
        self.redline_fails = self.redline_fail.take(cells).reshape(-1)
        self.cans = self.can.reshape(-1)
        self.collision_fails = self.collision_fail.take(cells).reshape(-1)
        turned = (st.used * st.turn[st.side_of].T).sum(axis=0)
        self.new_turn = st.spread(np.arange(st.count) * st.stride - turned).reshape(-1)
        self.redline_downs = self.lefts == 1  # a click lost to redlining shoots it down
        # Per figure: its squadron's row of ``code`` and its slot's place in the digit
        # tables, and what one click of it changes in a code.
        self.fig_side = self.row_side.take(self.row_of)
        self.fig_slot_at = self.slot_at.take(self.row_of)
        self.fig_click = self.click.take(self.row_of)

    def _shot_tables(self) -> list[tuple[int, ShotTable]]:
        """``TableBatch``'s shot tables without fate; with it, each state of the shooter
        (clicks left, the fate dice it can add) and of the target (which plane, whether
        its Ace can spend fate) has a row of outcomes (``fate_shot_chances``)."""
        if self.policy == PLAIN:
            return super()._shot_tables()
        s, t, p = self.s, self.t, self.slots
        silhouettes = self._by_row(self.f.silhouette).reshape(2, p)
        dice = most_dice(self.f, self.policy)
        offered = self._fate_dice()
        order = []
        for gunnery, chance in ((t.front, s["in_range"]), (t.rear, s["rear_shot"])):
            if not chance:
                continue
            parts = fate_shot_chances(
                self._by_row(gunnery),
                silhouettes[1 - self.side],
                offered,
                chance,
                s["rear_arc"],
                s["point_blank"],
                self.policy,
                dice,
            )
            for slot in range(p):
                table = ShotTable.of(np.concatenate((parts[slot], parts[slot + p])))
                if table.fires:
                    order += [(slot, table), (slot + p, table)]
        return order

    def _fate_dice(self) -> Ints:
        """The fate dice a shooter may add: 0 (none to add), then every fate value."""
        top = int(self.f.ace_fate.max(initial=0)) if self.policy == OFFENSIVE else 0
        return np.arange(top + 1)

    def _shot_state_tables(self) -> None:
        """The weakest enemy in each state: fewest clicks left, ties to the first. With no
        plane flying the shot is at no one: without fate read as at slot 0, as
        ``TableFight`` reads it (a plane takes no more hits than it has clicks left), with
        fate as the tables' row of no enemy, where no shot is taken."""
        st, p, h = self.states, self.slots, self.states.stride
        flying = st.left > 0
        target = np.where(flying, st.left, np.iinfo(np.int64).max).argmin(axis=0)
        every = np.arange(st.count)
        fewest, can = st.left[target, every], self.can[target, every]
        values, defends = len(self._fate_dice()), 2 if self.policy == DEFENSIVE else 1
        if self.policy != PLAIN:
            target = np.where(fewest > 0, target, p)
        targets = (p + 1) * defends
        part = self.t.width * values * targets  # rows of one squadron's part of a table
        small = np.int16 if 2 * part * BUCKETS <= np.iinfo(np.int16).max + 1 else np.int64
        target_class = target * defends + (can if self.policy == DEFENSIVE else 0)
        self.target_row = st.spread(target_class << BUCKET_BITS, small)
        self.after = self._after_outcomes(target, fewest, can)
        shots: dict[int, _Shot] = {}  # by slot, for the current weapon
        self.volley = []
        for k, table in self.shots:
            if k < p:  # the aggressor's plane in slot k, then (k + p) the other player's
                value = self.fate_value[k] if self.policy == OFFENSIVE else 0
                shooter = st.side_of * part + (st.left[k] * values + value) * targets
                spent = None
                if self.policy == OFFENSIVE and self.can[k].any():
                    own = self.spend.reshape(2, p)[st.side_of, k] * self.can[k]
                    spent = st.spread(np.arange(st.count) * h + own)
                shots[k] = _Shot(table, st.spread(shooter << BUCKET_BITS, small), spent)
            self.volley.append((k, shots[k % p]))

    def _after_outcomes(self, target: Ints, fewest: Ints, can: Ints) -> Ints:
        """The state after each outcome of a shot at each state's weakest plane: its hits,
        no more than the plane has clicks left, and the fate its Ace spends to defend."""
        st, p = self.states, self.slots
        outcome = np.arange(st.stride)[None, :]
        hits, defended = outcome, np.zeros_like(outcome)
        if self.policy == OFFENSIVE:
            hits = np.maximum(outcome - 1, 0)
        elif self.policy == DEFENSIVE:
            half = st.stride // 2
            hits, defended = outcome % half, outcome // half
        slot = np.minimum(target, p - 1)[:, None]
        aimed = (target < p)[:, None]  # with fate, p is no one
        click = st.click[st.side_of[:, None], slot] * np.minimum(hits, fewest[:, None])
        spend = st.spend[st.side_of[:, None], slot] * defended * can[:, None]
        after = np.arange(st.count)[:, None] * st.stride - aimed * (click - spend)
        return np.asarray(after.reshape(-1))

    def _collision_tables(self) -> None:
        """A colliding plane's enemy is one of the enemy squadron's planes flying, picked by
        a uniform draw u: the n-th of c flying, n = floor(u * c). With ``picks`` a multiple
        of every c, n is floor(floor(u * picks) * c / picks), so ``picked_row``,
        ``picked_left``, ``picked_fail`` and ``picked_can`` give the enemy's layout row,
        clicks left, chance to fail its check and whether its Ace can spend fate, at
        ``state * picks + floor(u * picks)``. A squadron with no plane flying gives a plane
        at 0 clicks left, which collides with nothing."""
        st, p = self.states, self.slots
        self.picks = picks = int(np.lcm.reduce(np.arange(1, p + 1)))
        flying = st.left > 0
        count = flying.sum(axis=0)
        nth = np.arange(picks)[None, :] * count[:, None] // picks  # (state, pick)
        slot = np.argsort(~flying, axis=0, kind="stable").T  # flying slots first, in order
        state = np.arange(st.count)[:, None]
        picked = slot[state, nth]
        self.picked_row = (st.side_of[:, None] * p + picked).reshape(-1)
        self.picked_left = st.left[picked, state].reshape(-1)
        self.picked_can = self.can[picked, state].reshape(-1)
        self.picked_fail = self.collision_fail.take(
            self.picked_row * self.t.width + self.picked_left
        )
        self.picked_click = self.click.take(self.picked_row)
        # A state's first pick and first plane, read at its code.
        self.pick_at = st.spread(np.arange(st.count) * picks).reshape(-1)
        self.plane_at = st.spread(np.arange(st.count)).reshape(-1)
        self.lefts_across = self.lefts * self.t.width  # a plane's column of the cell
        self.collision_tables = self._collision_deltas(self.policy == DEFENSIVE)

    def _score_tables(self) -> None:
        """ "Victory!" by state: the points of the planes still flying and of those lost,
        and how many are lost (an empty slot is worth nothing and is never lost)."""
        st, p = self.states, self.slots
        self.row_points = self._by_row(self.f.points.astype(np.int64))
        points = self.row_points.reshape(2, p)[st.side_of].T
        present = self._by_row(np.ones(self.f.count, dtype=bool)).reshape(2, p)
        lost = (st.left == 0) & present[st.side_of].T
        self.flying_points = (points * (st.left > 0)).sum(axis=0)
        self.lost_points = (points * lost).sum(axis=0)
        self.lost_planes = lost.sum(axis=0)
        # (state, figure): the clicks each figure of the state's squadron has taken and the
        # fate its Ace has spent, 0 for the other squadron's figures.
        fig_slot = self.row_of % p
        own = (self.row_of // p)[None, :] == st.side_of[:, None]
        self.damage_by_state = ((self.f.ko[None, :] - st.left[fig_slot].T) * own).astype(np.int16)
        self.fate_by_state = (st.uses[fig_slot].T * own).astype(np.int16)

    # --- the turn sequence --------------------------------------------------------------
    def play(self) -> FightState:
        """Play every run to its end and return how each one ended."""
        going: Bools = np.ones(len(self.run), dtype=bool)
        turn = 0
        from_a, from_b = self.states.flying_from.tolist()
        coins = Coins(self.rng)
        for turn in range(1, self.s["max_turns"] + 1):
            self._keep(going)
            if not len(self.run):
                break
            if self.policy != PLAIN:  # "once per turn": fate spent last turn may be again
                self.code = self.new_turn.take(self.code)
            b_first = coins.flip(len(self.run))  # "Determine Initiative"
            self._redline()
            self._collisions()
            self._volleys(b_first)
            going = self.code[0] >= from_a
            going &= self.code[1] >= from_b
            self._retire(~going, turn, timed_out=False)
        coins.close()
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
        r, states = self.result, self.final_code // self.states.stride  # (squadron, run)
        runs = states.shape[1]
        rows = np.concatenate(self.hazard_rows) if self.hazard_rows else np.arange(0)
        cells = (
            np.concatenate(self.hazard_runs) * 2 + self.row_side.take(rows)
            if self.hazard_rows
            else np.arange(0)
        )
        # (squadron, run): the points and planes each squadron lost to hazards
        points = np.bincount(cells, self.row_points.take(rows), 2 * runs).reshape(runs, 2).T
        planes = np.bincount(cells, minlength=2 * runs).reshape(runs, 2).T
        enemy = states[::-1]
        victory = self.flying_points.take(states) + 2 * self.lost_points.take(enemy)
        r.victory[:] = (victory - points[::-1]).T
        r.shot_down[:] = (self.lost_planes.take(enemy) - planes[::-1]).T
        np.add(
            self.damage_by_state.take(states[0], axis=0),
            self.damage_by_state.take(states[1], axis=0),
            out=r.damage,
        )
        if self.policy != PLAIN:
            np.add(
                self.fate_by_state.take(states[0], axis=0),
                self.fate_by_state.take(states[1], axis=0),
                out=r.fate_used,
            )
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
        cells = self.row_side.take(rows)
        cells *= runs
        cells += fights
        plane = code.take(cells) // self.states.stride
        plane += self.slot_at.take(rows)
        failed = (self.rng.random(len(found)) < self.redline_fails.take(plane)).nonzero()[0]
        if not len(failed):
            return
        rows, cells, plane = rows.take(failed), cells.take(failed), plane.take(failed)
        # Two planes of a squadron may fail in one fight: ``subtract.at`` takes both.
        np.subtract.at(code, cells, self.click.take(rows))
        down = self.redline_downs.take(plane).nonzero()[0]
        if len(down):
            self.hazard_rows.append(rows.take(down))
            self.hazard_runs.append(self.run.take(fights.take(failed).take(down)))

    def _collisions(self) -> None:
        """ "Collisions with Other Planes": each plane may end overlapping a random enemy,
        resolved in plane order, round ``k`` taking each fight's k-th collision; an Ace
        spending fate defensively avoids a serious one (``collision_lefts_with_fate``)."""
        if not self.s["collision"]:
            return
        runs, code, width = len(self.run), self.code.reshape(-1), self.t.width
        fights, figs, draws, rounds = collision_rounds(
            self.rng, self.s["collision"], runs, self.f.count
        )
        if not len(fights):
            return
        side_runs = self.fig_side.take(figs) * runs
        own_cells = side_runs + fights
        foe_cells = fights + runs
        foe_cells -= side_runs
        slot_of = self.fig_slot_at.take(figs)
        click_of = self.fig_click.take(figs)
        fate = self.policy == DEFENSIVE
        rows = self.row_of.take(figs) if fate else figs  # layout rows, read with fate only
        lefts, picked_at = self.lefts_across, self.pick_at
        tables = self.collision_tables
        # The part of each collision's table cell its draws settle alone: a 2 on either
        # check (``collisions.check_results``); the checks' other failures depend on the
        # planes' clicks left, known only in its round.
        square = width * width
        cells = (draws[1] >= CRITICAL_CHANCE) * (3 * square)
        cells += (draws[2] >= CRITICAL_CHANCE) * square
        picks = (draws[0] * self.picks).astype(np.int64)
        for lo, hi in rounds:
            own, foe = own_cells[lo:hi], foe_cells[lo:hi]
            mine, theirs = code.take(own), code.take(foe)
            plane = self.plane_at.take(mine)  # where tables read plane a
            plane += slot_of[lo:hi]
            # The enemy overlapped: a random one still flying. With none (an enemy at 0
            # clicks), or the plane itself shot down, nothing happens.
            picked = picked_at.take(theirs)
            picked += picks[lo:hi]
            cell = (draws[1, lo:hi] >= self.collision_fails.take(plane)) * (3 * square)
            cell += (draws[2, lo:hi] >= self.picked_fail.take(picked)) * square
            cell += cells[lo:hi]
            cell += lefts.take(plane)
            cell += self.picked_left.take(picked)
            if fate:
                cell += (2 * self.cans.take(plane) + self.picked_can.take(picked)) * (9 * square)
            code[own] = mine - tables[0].take(cell) * click_of[lo:hi]
            code[foe] = theirs - tables[1].take(cell) * self.picked_click.take(picked)
            if fate:
                spent = tables[3].take(cell)
                a, b = rows[lo:hi], self.picked_row.take(picked)
                code[own] += (spent & 1) * self.spend.take(a)
                code[foe] += (spent >> 1) * self.spend.take(b)
            down = tables[2].take(cell)
            downed = down.nonzero()[0]
            if len(downed):
                self._collision_downs(
                    down.take(downed),
                    figs[lo:hi].take(downed),
                    picked.take(downed),
                    fights[lo:hi].take(downed),
                )

    def _collision_deltas(self, fate: bool) -> tuple[Ints, ...]:
        """The collision tables by cell (``collision_lefts``, with fate
        ``collision_lefts_with_fate``) as clicks lost by plane a and plane b, which it shot
        down, and (with fate) who spent fate."""
        width = self.t.width
        tables = collision_lefts_with_fate(width) if fate else collision_lefts(width)
        cell = np.arange(len(tables[0]))
        lost_a = cell // width % width - tables[0]
        lost_b = cell % width - tables[1]
        return (lost_a, lost_b, *tables[2:])

    def _collision_downs(self, down: Ints, figs: Ints, picked: Ints, fights: Ints) -> None:
        """Keep the planes collisions shot down: ``down`` bit 1 the colliding figure's,
        bit 2 the enemy's (at ``picked``), in ``fights``."""
        runs = self.run.take(fights)
        for bit, plane_rows in ((1, self.row_of.take(figs)), (2, self.picked_row.take(picked))):
            hit = ((down & bit) != 0).nonzero()[0]
            if len(hit):
                self.hazard_rows.append(plane_rows.take(hit))
                self.hazard_runs.append(runs.take(hit))

    # --- shooting -----------------------------------------------------------------------
    def _volleys(self, b_first: Bools) -> None:
        """Every plane's shot, front weapons then rear, alternating players, aggressor
        first: row k < slots of a turn's shots is the aggressor's plane k.

        Each shot is "Combat": a plane of the shooting squadrons shoots at the enemy with
        the fewest clicks left (ties to the first), one draw per fight, its bucket read from
        ``turn_buckets``; it gives the enemy squadrons' codes after the shot (and brings the
        shooters' up to date where an Ace spent fate on it).

        When few fights can see an outcome other than 0 (a low chance of the shot, or a
        plane slot with this weapon in one squadron only), only those are looked at: the
        draw is in a bucket where some state has one (``_Shot.first_hit``) and the shooter
        has the weapon. The others would have outcome 0 and draw nothing more, so the
        fights are the same."""
        code, p, after, target_row = self.code, self.slots, self.after, self.target_row
        aggressor = np.where(b_first, code[1], code[0])
        defender = code[0] + code[1]
        defender -= aggressor
        buckets = turn_buckets(self.rng, len(self.volley), len(self.run))
        a_shoots = (~b_first, b_first)  # where the aggressor is squadron A, B
        for (k, shot), bucket in zip(self.volley, buckets, strict=True):
            if k < p:
                shooter, enemy, shooter_is = aggressor, defender, a_shoots
            else:
                shooter, enemy, shooter_is = defender, aggressor, a_shoots[::-1]
            if shot.sparse:
                chosen = bucket >= shot.first_hit
                if shot.fires != (True, True):
                    chosen &= shooter_is[shot.fires.index(True)]
                fights = chosen.nonzero()[0]
                mine, foes, bucket = shooter.take(fights), enemy.take(fights), bucket.take(fights)
            else:
                mine, foes = shooter, enemy
            row = shot.rows.take(mine)
            row += target_row.take(foes)
            row += bucket
            table = shot.table
            outcome = table.hits.take(row)
            unsure = (outcome == UNSURE).nonzero()[0]
            if len(unsure):
                outcome[unsure] = table.settle(row.take(unsure), self.rng.random(len(unsure)))
            if shot.spent is not None:  # a shot taken: the shooter's Ace spends fate, if it can
                taken = (outcome != 0).nonzero()[0]
                at = fights.take(taken) if shot.sparse else taken
                shooter[at] = shot.spent.take(mine.take(taken))
            foes += outcome
            if shot.sparse:
                enemy[fights] = after.take(foes)
            else:
                enemy = after.take(foes)
            if k < p:
                defender = enemy
            else:
                aggressor = enemy
        np.copyto(code[0], np.where(b_first, defender, aggressor))
        code[1] = aggressor + defender - code[0]
