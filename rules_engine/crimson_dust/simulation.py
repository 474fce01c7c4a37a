"""Warband against warband, many times over, vectorised across runs with numpy.

The tabletop has no map here: the scenario fixes the range band, concealment, hard cover
and whether morale is played, and each model shoots the first enemy model (in list order)
still standing. What is and is not played is listed in docs/simulation/crimson-dust.md and
repeated in every result under ``assumptions``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust import critical_sixes
from rules_engine.crimson_dust.content import RANGE_BANDS
from rules_engine.crimson_dust.fighters import Side, side_from
from rules_engine.crimson_dust.settings import FIGHT, Setting
from rules_engine.crimson_dust.shooting_gear import NEAR_BANDS
from rules_engine.errors import BadDocument
from rules_engine.simulation_report import outcome_shares
from rules_engine.tally import Tally

ASSUMPTIONS = (
    "Both warbands stand at the scenario's range band for the whole fight; nobody moves.",
    "Each turn a roll-off decides which side activates first; then the sides alternate, "
    "one model at a time, in list order.",
    "A model spends each action point shooting its weapon with the best score at the band "
    "(ties: the higher S) at the first enemy model in list order still on the table.",
    "A RoF 'x' weapon fires x shots of Rg - x dice (Rg - x // 2 with a Stabilising Tripod) "
    "when that rolls more dice in all.",
    "Morale (when on): tested after each action point's shooting; 1 failed die: a target in "
    "concealment or hard cover whose Rg is higher than its As (equal: as "
    "return_fire_when_equal says) returns fire once (no morale test for return fire), any "
    "other target only heads for cover, which changes nothing here; 2: pinned; 3+: "
    "suppressed (one action point at its next activation). Pinned and suppressed end after "
    "the model's next activation; they add 1 or 2 dice to its morale tests meanwhile.",
    "Hard cover (cover above 0) also counts as concealment, as Hard Cover says.",
    "Wounds: 3 Dc left -1 Rg; 2 Dc left halve Rg; 1 Dc left halve Rg, Df, Mr and (unless "
    "critical_wound_av is 'kept') Av, rounding up, for models that have lost Dc.",
    "Critical Shot doubles the S of a hit with a basic weapon, never an AT value: the hit "
    "whose wounding die rolls a natural 6, or the hit from a natural 6 to hit, as "
    "critical_shot_six says.",
    "A mounted model is shot at as one model with the mount's Df and +1 Rg to the shooter; "
    "each shot (each of a RoF weapon's shots) rolls a D6: 1-3 the mount takes it, against "
    "the mount's Av and Dc, 4-6 the rider. A rider whose mount is killed fights on foot "
    "with its own Df and spends 1 AP of its next activation freeing itself. A mount whose "
    "rider is killed takes that action's morale test with its own Mr and leaves the table "
    "when pinned or suppressed; otherwise it stays, unable to shoot, until it is killed.",
    "Models are stationary, so Camouflage always applies (see camouflage_reading); a "
    "Refractor Field re-rolls an armour die of 1-3; a Deflector Field protects its bearer "
    "(-1 S, down to 1); an Infrared Scope ignores concealment; a Red Dot laser re-rolls "
    "failed dice at 0-12 units; a Cyber-linked targeter with neural networking adds 1 Rg; "
    "a Telescopic scope needs aiming and does nothing here.",
    "Not played: melee, movement, running, aiming, going to ground, out of ammo, psychic "
    "powers, hacking, and play passing to a target that passes every morale die.",
    "A side wins when the other has no model left on the table (a riderless mount counts); "
    "otherwise the fight is a draw after max_turns. Survival and casualties count the "
    "entry's model (the rider), not its mount.",
)


@dataclass(frozen=True)
class Scenario:
    band: str = "12-18"
    concealed: bool = False
    cover: int = 0
    morale: bool = True
    max_turns: int = 8
    # The fight settings (settings.FIGHT); None: each warband's own ``settings``.
    critical_shot_six: str | None = None
    camouflage_reading: str | None = None
    return_fire_when_equal: str | None = None
    critical_wound_av: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"band": self.band, "concealed": self.concealed, "cover": self.cover,
                "morale": self.morale, "max_turns": self.max_turns,
                **{s.name: getattr(self, s.name) for s in FIGHT}}


def read_scenario(data: Mapping[str, Any]) -> Scenario:
    """A scenario from JSON; each bad key is named as ``scenario.<key>``."""
    known = Scenario.__dataclass_fields__
    for key in data:
        if key not in known:
            raise BadDocument.at(f"scenario.{key}",
                                 f"unknown scenario key (known: {', '.join(known)})")
    s = Scenario(**data)
    if s.band not in RANGE_BANDS:
        raise BadDocument.at("scenario.band", f"must be one of {', '.join(RANGE_BANDS)}")
    for key in ("concealed", "morale"):
        if not isinstance(getattr(s, key), bool):
            raise BadDocument.at(f"scenario.{key}", "must be true or false")
    for key, hi in (("cover", 10), ("max_turns", 100)):
        value = getattr(s, key)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
            raise BadDocument.at(f"scenario.{key}", f"must be a whole number from 0 to {hi}")
    if s.max_turns < 1:
        raise BadDocument.at("scenario.max_turns", "must be at least 1")
    for setting in FIGHT:
        value = getattr(s, setting.name)
        if value is not None and value not in setting.values:
            raise BadDocument.at(f"scenario.{setting.name}",
                                 f"must be one of {', '.join(setting.values)} (or null: each "
                                 "warband's own setting)")
    return s


def _half_up(x: NDArray[np.int64]) -> NDArray[np.int64]:
    return (x + 1) >> 1  # characteristics are never negative


def _wounded(base: NDArray[np.int64], dc: NDArray[np.int64], dc0: int | NDArray[np.int64], *,
             minor: bool, major: bool) -> NDArray[np.int64]:
    """A characteristic after the Wounding table's effects of the Dc left."""
    hurt = dc < dc0
    if not hurt.any():
        return base
    out = np.where(hurt & (dc == 1), _half_up(base), base)
    if major:
        out = np.where(hurt & (dc == 2), _half_up(base), out)
    if minor:
        out = np.where(hurt & (dc == 3), np.maximum(base - 1, 0), out)
    return out


Reroll = bool | NDArray[np.bool_] | None


def _chance(target: int | NDArray[np.int64], reroll: Reroll = None
            ) -> float | NDArray[np.float64]:
    """The chance that one D6 rolls ``target``+, a failed die re-rolled once where
    ``reroll``."""
    if isinstance(target, int) and isinstance(reroll, bool | None):
        one = min(max((7 - target) / 6, 0.0), 1.0)
        return one * (2 - one) if reroll else one
    p: NDArray[np.float64] = np.clip((7 - np.asarray(target)) / 6, 0.0, 1.0)
    if reroll is None or reroll is False:
        return p
    return np.where(reroll, p * (2 - p), p)


def _count(gen: np.random.Generator, n: NDArray[np.int64], target: int | NDArray[np.int64],
           reroll: Reroll = None) -> NDArray[np.int64]:
    """How many of ``n`` D6 roll ``target``+ (failed dice re-rolled where ``reroll``): each
    die scores on its own, so the count is one binomial draw."""
    counted: NDArray[np.int64] = gen.binomial(n, _chance(target, reroll))
    return counted


def _roll(gen: np.random.Generator, n: NDArray[np.int64], target: int | NDArray[np.int64],
          reroll: Reroll = None) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """How many of ``n`` D6 roll ``target``+ (failed dice re-rolled where ``reroll``), and
    how many of those scoring dice are natural 6s.

    A scoring die is a 6 with the chance of a scoring 6 over the chance of a score (a 6 on
    the first roll, or on the re-roll of a failed die), so the sixes are a binomial draw
    among the scoring dice.
    """
    target = np.asarray(target)
    p = _chance(target, reroll)
    counted: NDArray[np.int64] = gen.binomial(n, p)
    six = np.where(target <= 6, 1 / 6, 0.0)
    if reroll is not None and reroll is not False:
        six = np.where(reroll, six * (2 - _chance(target)), six)
    given_score = np.minimum(six / np.maximum(p, 1e-12), 1.0)
    sixes: NDArray[np.int64] = gen.binomial(counted, given_score)
    return counted, sixes


# Wounding: a die beating the armour roll takes 1 Dc, 2 at double, 3 at triple... (as
# ``dice.dc_caused``), looked up by ``total * _SPAN + armour`` for totals and armour rolls
# below _SPAN.
_SPAN = 64
_DC_CAUSED = np.array([t // a if 0 < a < t else 0 for t in range(_SPAN) for a in range(_SPAN)],
                      dtype=np.int64)


# Morale tests of up to _MORALE_DICE dice are drawn from the table of ``_morale_table``.
_MORALE_DICE = 40


@cache
def _morale_table() -> NDArray[np.float64]:
    """The chance that a morale test ends with at most 0, 1 and 2 failed dice, by dice
    rolled (0 to ``_MORALE_DICE``), Mr (0 to 6) and failed dice re-rolled (0 to 2), flat.

    Each die fails above Mr (a chance of (6 - Mr) / 6); then up to that many failed dice are
    rolled again, each passing on Mr or under.
    """
    out = []
    for n in range(_MORALE_DICE + 1):
        for mr in range(7):
            p = mr / 6
            fail = [comb(n, f) * (1 - p) ** f * p ** (n - f) for f in range(n + 1)]
            for rerolls in range(3):
                final = [0.0] * (n + 1)
                for f, chance in enumerate(fail):
                    again = min(rerolls, f)
                    for passed in range(again + 1):
                        final[f - passed] += (chance * comb(again, passed) * p ** passed
                                              * (1 - p) ** (again - passed))
                # Exactly 1 where more failed dice cannot be, so a draw never reaches them.
                out += [1.0 if j >= n else min(sum(final[:j + 1]), 1.0) for j in range(3)]
    return np.array(out)


def _setting(scenario: Scenario, side: Side, setting: Setting) -> str:
    """The scenario's value of a fight setting, else the warband's own."""
    value = getattr(scenario, setting.name)
    return str(value) if value is not None else side.settings[setting.name]


class _Fight:
    """Both warbands in every run at once; each action point is a few numpy calls over the
    runs where the model acts, and only the dice a shot needs are drawn.

    ``first_on[k]`` is, in every run, the first model of side ``k`` in list order still on
    the table (the side's size when none is): the target of each shot, kept up to date
    whenever a model leaves the table. A target's state is read through flat indexes
    (``run * size + model``) into each side's arrays.
    """

    def __init__(self, a: Side, b: Side, scenario: Scenario, runs: int,
                 gen: np.random.Generator) -> None:
        self.sides = (a, b)
        self.s = scenario
        self.runs = runs
        self.gen = gen
        self.mount_dc = [np.tile(side.mount_Dc, (runs, 1)) for side in self.sides]
        self.first_on = [np.zeros(runs, dtype=np.intp) for _ in self.sides]
        self.dc = [np.tile(side.Dc, (runs, 1)) for side in self.sides]
        self.freeing = [np.zeros((runs, side.size), dtype=bool) for side in self.sides]
        self.status = [np.zeros((runs, side.size), dtype=np.int64) for side in self.sides]
        self.turns = np.zeros(runs, dtype=np.int64)
        # Hard Cover: models in hard cover "gain a bonus for being concealed" too.
        self.in_concealment = scenario.concealed or scenario.cover > 0
        self.settings = [{st.name: _setting(scenario, side, st) for st in FIGHT}
                         for side in self.sides]
        self.has_mounts = [bool(side.mount_Dc.any()) for side in self.sides]
        # Every wounding total (D6 + S, doubled) and armour roll (D6 + Av + cover) is within
        # the table of Dc caused.
        most_s = max(int(x.max(initial=0)) for side in self.sides for x in (side.S, side.at))
        most_av = max(int(x.max(initial=0)) for side in self.sides
                      for x in (side.Av, side.mount_Av))
        self.dc_table = 6 + 2 * most_s < _SPAN and 6 + most_av + scenario.cover < _SPAN

    @property
    def dc(self) -> list[NDArray[np.int64]]:
        """Each side's Dc left, run by model (the riders and models on foot)."""
        return self._dc

    @dc.setter
    def dc(self, value: list[NDArray[np.int64]]) -> None:
        self._dc = [np.ascontiguousarray(v, dtype=np.int64) for v in value]
        for k in (0, 1):
            self._refresh(k, np.arange(self.runs))

    def _refresh(self, k: int, rows: NDArray[np.intp]) -> None:
        """``first_on[k]`` again in ``rows``, after a model may have left the table there."""
        on = (self._dc[k][rows] > 0) | (self.mount_dc[k][rows] > 0)
        self.first_on[k][rows] = np.where(on.any(1), on.argmax(1), self.sides[k].size)

    def alive(self, k: int) -> NDArray[np.bool_]:
        """Riders and models on foot still standing (the entries' own models)."""
        return self._dc[k] > 0

    def on_table(self, k: int) -> NDArray[np.bool_]:
        """Models that can still be shot: the living, and mounts that lost their rider."""
        return (self._dc[k] > 0) | (self.mount_dc[k] > 0)

    def play(self) -> None:
        sizes = [side.size for side in self.sides]
        for _ in range(self.s.max_turns):
            ongoing = (self.first_on[0] < sizes[0]) & (self.first_on[1] < sizes[1])
            if not ongoing.any():
                break
            self.turns += ongoing
            first_a = self.gen.random(self.runs) < 0.5
            a_first = np.flatnonzero(ongoing & first_a)
            b_first = np.flatnonzero(ongoing & ~first_a)
            for m in range(max(sizes)):
                self._activate(0, m, a_first)
                self._activate(1, m, b_first)
                self._activate(0, m, b_first)
                self._activate(1, m, a_first)

    def activate(self, k: int, m: int, mask: NDArray[np.bool_]) -> None:
        """Model ``m`` of side ``k`` takes its activation in the runs of ``mask``."""
        self._activate(k, m, np.flatnonzero(mask))

    def _activate(self, k: int, m: int, rows: NDArray[np.intp]) -> None:
        side = self.sides[k]
        if m >= side.size or rows.size == 0:
            return
        cells = rows * side.size + m
        status, freeing = self.status[k].ravel(), self.freeing[k].ravel()
        standing = self._dc[k].ravel()[cells] > 0
        if side.score[m] > 6:
            status[cells] = 0
            freeing[cells[standing]] = False
            return
        rows, cells = rows[standing], cells[standing]
        if rows.size == 0:
            return
        # Suppressed: "has only one AP during its next activation"; Mounts: "it will take
        # the model 1 AP to free itself of the mount".
        aps = np.where(status[cells] == 2, 1, 2) - freeing[cells]
        for ap in range(2):
            self._shoot(k, m, rows[aps > ap], morale=self.s.morale)
        # Pinned/suppressed last "until the end of the next time it is activated".
        status[cells] = 0
        freeing[cells] = False

    def shooter_rg(self, k: int, m: int, rows: NDArray[np.intp]) -> NDArray[np.int64]:
        side = self.sides[k]
        rg = np.full(rows.size, side.Rg[m])
        return _wounded(rg, self._dc[k][rows, m], side.Dc[m], minor=True, major=True)

    def shoot(self, k: int, m: int, mask: NDArray[np.bool_], *, morale: bool,
              target_of: NDArray[np.int64] | None = None) -> None:
        """Model ``m`` of side ``k`` uses one action point to shoot, in the runs of ``mask``
        (at model ``target_of`` of each run, else at the first enemy on the table)."""
        rows = np.flatnonzero(mask)
        target = None if target_of is None else target_of[rows]
        self._shoot(k, m, rows, morale=morale, target=target)

    def _shoot(self, k: int, m: int, rows: NDArray[np.intp], *, morale: bool,
               target: NDArray[np.int64] | None = None) -> None:
        enemy = 1 - k
        me, them, gen = self.sides[k], self.sides[enemy], self.gen
        if rows.size == 0:
            return
        alive = self._dc[k].ravel()[rows * me.size + m] > 0
        if not alive.all():
            rows = rows[alive]
            target = None if target is None else target[alive]
            if rows.size == 0:
                return
        first = self.first_on[enemy][rows]
        live = first < them.size
        if not live.all():
            rows, first = rows[live], first[live]
            target = None if target is None else target[live]
            if rows.size == 0:
                return
        targets = first if target is None else target
        flat = rows * them.size + targets
        has_mounts = self.has_mounts[enemy]
        edc = self._dc[enemy].ravel()
        large = them.large[targets]
        if has_mounts:
            large = np.where(self.mount_dc[enemy].ravel()[flat] > 0, large, 0)
        rg = self.shooter_rg(k, m, rows) + large
        rof = int(me.rof[m])
        lost_dice = rof // 2 if me.tripod[m] else rof
        shots, dice = None, rg
        if rof > 1 and target is None:
            use_rof = rof * (rg - lost_dice) > rg
            if use_rof.any():
                shots = np.where(use_rof, rof, 1)
                dice = np.where(use_rof, rg - lost_dice, rg)
        concealed = self.in_concealment and not me.hail[m] and not me.infrared[m]
        red_dot = bool(me.red_dot[m]) and self.s.band in NEAR_BANDS
        camo_everywhere = self.settings[enemy]["camouflage_reading"] == "everywhere"
        avoid_at: int | NDArray[np.int64] = 5
        if them.camouflage.any() and (camo_everywhere or not self.in_concealment):
            avoid_at = 5 - them.camouflage[targets]
        reading = self.settings[k]["critical_shot_six"]
        on_hit = bool(me.critical_shot[m]) and reading != "wound"
        score, strength, at = int(me.score[m]), int(me.S[m]), int(me.at[m])
        refractor = them.refractor[targets] if them.refractor.any() else None
        deflector = them.deflector[targets] if them.deflector.any() else None
        watch_riders = morale and has_mounts
        total_hits = np.zeros(rows.size, dtype=np.int64)
        total_damaging = np.zeros(rows.size, dtype=np.int64)
        rider_died = np.zeros(rows.size, dtype=bool)
        rider_df, rider_av = self.rider_df_av(enemy, rows, targets, flat)
        for shot in range(1 if shots is None else int(shots.max())):
            firing = None if shots is None else shots > shot
            n_dice = dice if firing is None else np.where(firing, dice, 0)
            if on_hit:
                scores, sixes = _roll(gen, n_dice, score, red_dot)
            else:
                scores = _count(gen, n_dice, score, red_dot)
            df, av, dc_left, at_mount = self.target_now(enemy, rows, targets, rider_df,
                                                        rider_av, flat)
            avoided = _count(gen, df if firing is None else np.where(firing, df, 0), avoid_at,
                             concealed)
            hits = np.maximum(scores - avoided, 0)
            if not hits.any():
                continue
            crit_hits = self.critical_hits(scores, sixes, hits, reading) if on_hit else None
            critical: bool | NDArray[np.bool_] = bool(me.critical_shot[m])
            power: int | NDArray[np.int64] = strength
            if at:
                # AT (x): against Av higher than 5 use the AT value instead of S; Critical
                # Shot doubles S "(though not AT value)".
                power = np.where(av > 5, at, strength)
                critical = critical & (av <= 5)
            lost, damaging = self.wound(hits, power, av, critical, crit_hits, refractor,
                                        deflector)
            total_hits += hits
            total_damaging += damaging
            if not lost.any():
                continue
            rider_was = edc[flat] > 0 if watch_riders else None
            self.take(enemy, rows, targets, at_mount, dc_left, lost, flat)
            if rider_was is not None:
                rider_died |= rider_was & (edc[flat] == 0)
        if not morale:
            return
        base_dice = total_hits + total_damaging + 1 + me.pinning[m]
        if has_mounts:
            self.riderless_mounts_test(enemy, rows, targets, rider_died, base_dice)
        tested = np.flatnonzero((edc[flat] > 0) & ~them.brain_dead[targets])
        if tested.size == 0:
            return
        rows, targets, flat = rows[tested], targets[tested], flat[tested]
        failed = self.morale(enemy, rows, targets, base_dice[tested], flat)
        status = self.status[enemy].ravel()
        status[flat] = np.maximum(status[flat],
                                  np.where(failed >= 3, 2, np.where(failed == 2, 1, 0)))
        if not self.in_concealment:
            return
        # One failed die: "If in cover and it has a higher Rg than As it will return fire,
        # shooting once at the attacker ... If Rg and As are equal you may choose".
        rg_t, as_t = them.Rg[targets], them.As[targets]
        tie_fires = self.settings[enemy]["return_fire_when_equal"] == "fire"
        back = (failed == 1) & ((rg_t > as_t) | ((rg_t == as_t) & tie_fires))
        if back.any():
            # One failed die: "will return fire, shooting once at the attacker".
            self.return_fire(enemy, rows[back], targets[back], k, m)

    def _flat(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64],
              flat: NDArray[np.intp] | None) -> NDArray[np.intp]:
        return rows * self.sides[k].size + targets if flat is None else flat

    def rider_df_av(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64],
                    flat: NDArray[np.intp] | None = None
                    ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """The target's own Df (on foot) and Av as its wounds leave them when the action
        starts. A critical wound halves "all characteristics", Av included unless the
        ``critical_wound_av`` setting keeps it."""
        side = self.sides[k]
        dc_now = self._dc[k].ravel()[self._flat(k, rows, targets, flat)]
        dc0 = side.Dc[targets]
        df = _wounded(side.foot_Df[targets], dc_now, dc0, minor=False, major=False)
        av = side.Av[targets]
        if self.settings[k]["critical_wound_av"] == "halved":
            av = _wounded(av, dc_now, dc0, minor=False, major=False)
        return df, av

    def target_now(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64],
                   df: NDArray[np.int64], av: NDArray[np.int64],
                   flat: NDArray[np.intp] | None = None
                   ) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64],
                              NDArray[np.bool_] | None]:
        """The target's Df and Av for one shot, the Dc it can lose, and whether its mount
        takes the shot (None when the side has no mounts).

        Mounts: "using the bestia's Mv and Df. When shot at roll a D6, on a roll of 1-3 the
        shot hits the mount ... and on a roll of 4-6 the shot hits the rider".
        """
        side = self.sides[k]
        flat = self._flat(k, rows, targets, flat)
        dc_now = self._dc[k].ravel()[flat]
        if not self.has_mounts[k]:
            return df, av, dc_now, None
        mount_now = self.mount_dc[k].ravel()[flat]
        present = mount_now > 0
        if not present.any():
            return df, av, dc_now, present
        mount0 = side.mount_Dc[targets]
        df = np.where(present, _wounded(side.mount_Df[targets], mount_now, mount0,
                                        minor=False, major=False), df)
        at_mount = present & ((dc_now == 0) | (self.gen.random(rows.size) < 0.5))
        mount_av = side.mount_Av[targets]
        if self.settings[k]["critical_wound_av"] == "halved":
            mount_av = _wounded(mount_av, mount_now, mount0, minor=False, major=False)
        return (df, np.where(at_mount, mount_av, av), np.where(at_mount, mount_now, dc_now),
                at_mount)

    def take(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64],
             at_mount: NDArray[np.bool_] | None, dc_left: NDArray[np.int64],
             lost: NDArray[np.int64], flat: NDArray[np.intp] | None = None) -> None:
        """Take ``lost`` Dc from the rider or model on foot, or from the mount hit."""
        flat = self._flat(k, rows, targets, flat)
        left = np.maximum(dc_left - lost, 0)
        dc = self._dc[k].ravel()
        if at_mount is None:
            dc[flat] = left
        else:
            rider = ~at_mount
            dc[flat[rider]] = left[rider]
            mount_killed = at_mount & (left == 0) & (dc[flat] > 0)
            self.mount_dc[k].ravel()[flat[at_mount]] = left[at_mount]
            # "If the mount is killed replace the rider with a model on foot, it will take
            # the model 1 AP to free itself of the mount".
            self.freeing[k].ravel()[flat[mount_killed]] = True
        # Only a model that leaves the table as its side's first one moves ``first_on``.
        gone = (left == 0) & (lost > 0) & (targets == self.first_on[k][rows])
        if gone.any():
            self._refresh(k, rows[gone])

    def riderless_mounts_test(self, k: int, rows: NDArray[np.intp],
                              targets: NDArray[np.int64], rider_died: NDArray[np.bool_],
                              base_dice: NDArray[np.int64]) -> None:
        """Mounts: "If the rider is killed, the mount should take a morale test, if it is
        pinned or suppressed it will leave the table immediately"."""
        side = self.sides[k]
        if not rider_died.any():
            return
        test = rider_died & (self.mount_dc[k][rows, targets] > 0)
        if not test.any():
            return
        r, t = rows[test], targets[test]
        passed = _count(self.gen, base_dice[test], 7 - side.mount_Mr[t])
        leaves = base_dice[test] - passed >= 2
        self.mount_dc[k][r[leaves], t[leaves]] = 0
        self._refresh(k, r[leaves])

    def critical_hits(self, scores: NDArray[np.int64], sixes: NDArray[np.int64],
                      hits: NDArray[np.int64], reading: str) -> NDArray[np.int64]:
        """Hits that rolled a natural 6 to hit, by which scoring dice the avoidance cancels
        (see ``critical_sixes``)."""
        if reading == critical_sixes.KEPT:
            return np.minimum(sixes, hits)
        if reading == critical_sixes.CANCELLED:
            return np.maximum(0, hits - (scores - sixes))
        picked: NDArray[np.int64] = self.gen.hypergeometric(sixes, scores - sixes, hits)
        return picked

    def return_fire(self, k: int, rows: NDArray[np.intp], shooters: NDArray[np.int64], enemy: int,
                    target: int) -> None:
        for m in np.unique(shooters):
            if self.sides[k].score[m] > 6:
                continue
            back = rows[shooters == m]
            self._shoot(k, int(m), back, morale=False, target=np.full(back.size, target))

    def wound(self, hits: NDArray[np.int64], strength: int | NDArray[np.int64],
              av: NDArray[np.int64], critical: bool | NDArray[np.bool_],
              critical_hits: NDArray[np.int64] | None = None,
              refractor: NDArray[np.bool_] | None = None,
              deflector: NDArray[np.bool_] | None = None
              ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Dc lost and damaging dice: D6 + S against one armour roll D6 + Av + cover.

        Critical Shot doubles S on a wounding die's natural 6, or, with ``critical_hits``
        (the to-hit reading), on that many of the hits; a Refractor Field re-rolls an armour
        die of 1-3; a Deflector Field takes 1 from each hit's S, down to 1. Only the runs
        with hits roll, one wounding die per hit, laid end to end run after run.
        """
        lost = np.zeros(hits.size, dtype=np.int64)
        damaging = np.zeros(hits.size, dtype=np.int64)
        rows = np.flatnonzero(hits)
        if rows.size == 0:
            return lost, damaging
        n = hits[rows]
        starts = np.cumsum(n) - n
        die_row = np.repeat(np.arange(rows.size), n)  # which run each wounding die is for
        armour_die = self.gen.integers(1, 7, rows.size)
        if refractor is not None:
            again = self.gen.integers(1, 7, rows.size)
            armour_die = np.where(refractor[rows] & (armour_die <= 3), again, armour_die)
        armour = (armour_die + av[rows] + self.s.cover)[die_row]
        natural = self.gen.integers(1, 7, die_row.size)
        s = strength if isinstance(strength, int) else strength[rows][die_row]
        if critical is not False:
            sure = critical if isinstance(critical, bool) else critical[rows][die_row]
            if critical_hits is None:
                doubled = sure & (natural == 6)
            else:
                nth = np.arange(die_row.size) - starts[die_row]
                doubled = sure & (nth < critical_hits[rows][die_row])
            s = s * (1 + doubled)
        if deflector is not None:
            s = np.where(deflector[rows][die_row] & (s > 1), s - 1, s)
        total = natural + s
        if self.dc_table:
            dc = _DC_CAUSED[total * _SPAN + armour]
        else:
            dc = np.where(total > armour, total // armour, 0)
        lost[rows] = np.add.reduceat(dc, starts)
        damaging[rows] = np.add.reduceat(dc > 0, starts, dtype=np.int64)
        return lost, damaging

    def morale(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64],
               base_dice: NDArray[np.int64], flat: NDArray[np.intp] | None = None
               ) -> NDArray[np.int64]:
        """Failed dice of each target's morale test, capped at 3."""
        side = self.sides[k]
        flat = self._flat(k, rows, targets, flat)
        # Pinned: one more die, suppressed: two.
        n = base_dice + self.status[k].ravel()[flat]
        mr = _wounded(side.Mr[targets], self._dc[k].ravel()[flat], side.Dc[targets],
                      minor=False, major=False)
        rerolls = side.battle_hardened[targets].astype(np.int64) + int(self.in_concealment)
        if n.max() > _MORALE_DICE:
            return self._morale_by_dice(n, np.clip(mr / 6, 0.0, 1.0), rerolls,
                                        side.fanatic[targets])
        # The test's failed dice (3: three or more) from one uniform draw against the
        # cumulative chances of 0, 1 and 2 failed dice.
        at = ((n * 7 + np.clip(mr, 0, 6)) * 3 + np.minimum(rerolls, 2)) * 3
        table = _morale_table()

        def test(at: NDArray[np.int64]) -> NDArray[np.int64]:
            u = self.gen.random(at.size)
            capped: NDArray[np.int64] = ((u >= table[at]).astype(np.int64) + (u >= table[at + 1])
                                         + (u >= table[at + 2]))
            return capped

        failed = test(at)
        # Fanatic: the whole test is taken again when it pins or suppresses.
        again = side.fanatic[targets] & (failed >= 2)
        if again.any():
            failed[again] = test(at[again])
        return failed

    def _morale_by_dice(self, n: NDArray[np.int64], passes: NDArray[np.float64],
                        rerolls: NDArray[np.int64], fanatic: NDArray[np.bool_]
                        ) -> NDArray[np.int64]:
        """``morale`` die by die, as binomial draws, for tests beyond the table."""
        def test(n: NDArray[np.int64], passes: NDArray[np.float64],
                 rerolls: NDArray[np.int64]) -> NDArray[np.int64]:
            failed = n - self.gen.binomial(n, passes)
            if rerolls.any():
                failed = failed - self.gen.binomial(np.minimum(rerolls, failed), passes)
            capped: NDArray[np.int64] = np.minimum(failed, 3)
            return capped

        failed = test(n, passes, rerolls)
        again = fanatic & (failed >= 2)
        if again.any():
            failed[again] = test(n[again], passes[again], rerolls[again])
        return failed


@dataclass(frozen=True)
class Match:
    """Two warbands read and ready to fight: the scenario and both sides."""

    scenario: Scenario
    sides: tuple[Side, Side]
    names: tuple[Any, Any]


def prepare(catalogue: Catalogue, list_a: Mapping[str, Any], list_b: Mapping[str, Any],
            scenario: Mapping[str, Any]) -> Match:
    """Read the scenario (``band``, ``concealed``, ``cover``, ``morale``, ``max_turns`` and
    the fight settings; null: each warband's own) and both warbands (schema-valid).

    Raises:
        BadDocument: a scenario value, or a warband with no model to fight with.
    """
    s = read_scenario(scenario)
    sides = (side_from(catalogue, list_a, s.band), side_from(catalogue, list_b, s.band))
    for label, side in zip(("list_a", "list_b"), sides, strict=True):
        if side.size == 0:
            raise BadDocument.at(f"{label}.entries", "the warband has no model to fight with")
    return Match(s, sides, (list_a.get("name"), list_b.get("name")))


def play(match: Match, runs: int, gen: np.random.Generator, tally: Tally) -> None:
    """Play ``runs`` fights together and add how they ended to ``tally``."""
    fight = _Fight(match.sides[0], match.sides[1], match.scenario, runs, gen)
    fight.play()
    alive = [fight.alive(k) for k in (0, 1)]
    left = [fight.on_table(k).any(1) for k in (0, 1)]
    tally.runs += runs
    tally.count("a_wins", left[0] & ~left[1])
    tally.count("b_wins", left[1] & ~left[0])
    tally.moment("turns", fight.turns)
    for k, label in enumerate(("a", "b")):
        side = match.sides[k]
        for m in range(side.size):
            tally.count(f"survived_{label}{m}", alive[k][:, m])
        lost = side.size - alive[k].sum(axis=1)
        tally.histogram(f"casualties_{label}", lost, side.size + 1)
        tally.moment(f"casualties_{label}", lost)


def report(match: Match, tally: Tally, seed: int) -> dict[str, Any]:
    """The shared simulation report (docs/simulation.md, "The report") from the totals:
    outcome shares with 95% intervals, expected turns, each model's survival and weapon;
    extras ``sides`` (each warband's points, legality and casualty distribution) and
    ``assumptions``."""
    figures: list[dict[str, Any]] = []
    sides_report: dict[str, Any] = {}
    for side, label in zip(match.sides, ("a", "b"), strict=True):
        figures += [
            {"side": label, "path": f"list_{label}{side.paths[m].removeprefix('$')}",
             "name": side.names[m],
             "survival": tally.share(f"survived_{label}{m}").to_dict(),
             "weapon": side.weapons[m]}
            for m in range(side.size)
        ]
        sides_report[label] = {
            "points": side.points,
            "legal": side.legal,
            "casualties": {
                "distribution": tally.shares_of(f"casualties_{label}", skip_zero=True),
                "mean": tally.mean(f"casualties_{label}").to_dict(),
            },
        }
    return {
        "system": "crimson-dust",
        "runs": tally.runs,
        "seed": seed,
        "lists": {"a": match.names[0], "b": match.names[1]},
        "scenario": match.scenario.to_dict(),
        "outcome": outcome_shares(tally),
        "turns": tally.mean("turns").to_dict(),
        "figures": figures,
        "sides": sides_report,
        "assumptions": list(ASSUMPTIONS),
    }
