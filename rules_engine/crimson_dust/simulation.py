"""Warband against warband, many times over, vectorised across runs with numpy.

The tabletop has no map here: the scenario fixes the range band, concealment, hard cover
and whether morale is played, and each model shoots the first enemy model (in list order)
still standing. What is and is not played is listed in docs/simulation/crimson-dust.md and
repeated in every result under ``assumptions``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
    return (x + 1) // 2


def _wounded(base: NDArray[np.int64], dc: NDArray[np.int64], dc0: NDArray[np.int64], *, minor: bool,
             major: bool) -> NDArray[np.int64]:
    """A characteristic after the Wounding table's effects of the Dc left."""
    hurt = dc < dc0
    out = base.copy()
    if minor:
        out = np.where(hurt & (dc == 3), np.maximum(base - 1, 0), out)
    if major:
        out = np.where(hurt & (dc == 2), _half_up(base), out)
    return np.where(hurt & (dc == 1), _half_up(base), out)


def _roll(gen: np.random.Generator, n: NDArray[np.int64], target: NDArray[np.int64],
          reroll: NDArray[np.bool_] | None = None
          ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """How many of ``n`` D6 roll ``target``+ (failed dice re-rolled where ``reroll``), and
    how many of those scoring dice are natural 6s."""
    width = int(n.max(initial=0))
    if width == 0:
        zero = np.zeros(n.shape, dtype=np.int64)
        return zero, zero
    live = np.arange(width) < n[:, None]
    face = gen.integers(1, 7, (n.size, width))
    if reroll is not None and reroll.any():
        again = gen.integers(1, 7, (n.size, width))
        face = np.where((face < target[:, None]) & reroll[:, None], again, face)
    ok = (face >= target[:, None]) & live
    # numpy's stubs type a reduction along an axis as Any; the counts are int64.
    counted: NDArray[np.int64] = ok.sum(axis=1)
    sixes: NDArray[np.int64] = (ok & (face == 6)).sum(axis=1)
    return counted, sixes


def _count(gen: np.random.Generator, n: NDArray[np.int64], target: NDArray[np.int64],
           reroll: NDArray[np.bool_] | None = None) -> NDArray[np.int64]:
    """How many of ``n`` D6 roll ``target``+ (failed dice re-rolled where ``reroll``)."""
    return _roll(gen, n, target, reroll)[0]


def _setting(scenario: Scenario, side: Side, setting: Setting) -> str:
    """The scenario's value of a fight setting, else the warband's own."""
    value = getattr(scenario, setting.name)
    return str(value) if value is not None else side.settings[setting.name]


class _Fight:
    def __init__(self, a: Side, b: Side, scenario: Scenario, runs: int,
                 gen: np.random.Generator) -> None:
        self.sides = (a, b)
        self.s = scenario
        self.runs = runs
        self.gen = gen
        self.dc = [np.tile(side.Dc, (runs, 1)) for side in self.sides]
        self.mount_dc = [np.tile(side.mount_Dc, (runs, 1)) for side in self.sides]
        self.freeing = [np.zeros((runs, side.size), dtype=bool) for side in self.sides]
        self.status = [np.zeros((runs, side.size), dtype=np.int64) for side in self.sides]
        self.turns = np.zeros(runs, dtype=np.int64)
        # Hard Cover: models in hard cover "gain a bonus for being concealed" too.
        self.in_concealment = scenario.concealed or scenario.cover > 0
        self.settings = [{st.name: _setting(scenario, side, st) for st in FIGHT}
                         for side in self.sides]

    def alive(self, k: int) -> NDArray[np.bool_]:
        """Riders and models on foot still standing (the entries' own models)."""
        return self.dc[k] > 0

    def on_table(self, k: int) -> NDArray[np.bool_]:
        """Models that can still be shot: the living, and mounts that lost their rider."""
        return (self.dc[k] > 0) | (self.mount_dc[k] > 0)

    def play(self) -> None:
        for _ in range(self.s.max_turns):
            ongoing = self.on_table(0).any(1) & self.on_table(1).any(1)
            if not ongoing.any():
                break
            self.turns += ongoing
            first_a = self.gen.random(self.runs) < 0.5
            for m in range(max(side.size for side in self.sides)):
                for a_now in (first_a, ~first_a):
                    self.activate(0, m, ongoing & a_now)
                    self.activate(1, m, ongoing & ~a_now)

    def activate(self, k: int, m: int, mask: NDArray[np.bool_]) -> None:
        side = self.sides[k]
        if m >= side.size or side.score[m] > 6:
            if m < side.size:
                self.status[k][mask, m] = 0
                self.freeing[k][mask & self.alive(k)[:, m], m] = False
            return
        acting = mask & self.alive(k)[:, m]
        # Suppressed: "has only one AP during its next activation"; Mounts: "it will take
        # the model 1 AP to free itself of the mount".
        aps = np.where(self.status[k][:, m] == 2, 1, 2) - self.freeing[k][:, m]
        for ap in range(2):
            self.shoot(k, m, acting & (aps > ap), morale=self.s.morale)
        # Pinned/suppressed last "until the end of the next time it is activated".
        self.status[k][acting, m] = 0
        self.freeing[k][acting, m] = False

    def shooter_rg(self, k: int, m: int, rows: NDArray[np.intp]) -> NDArray[np.int64]:
        side = self.sides[k]
        rg = np.full(rows.size, side.Rg[m])
        return _wounded(rg, self.dc[k][rows, m], np.full(rows.size, side.Dc[m]),
                        minor=True, major=True)

    def shoot(self, k: int, m: int, mask: NDArray[np.bool_], *, morale: bool,
              target_of: NDArray[np.int64] | None = None) -> None:
        """Model ``m`` of side ``k`` uses one action point to shoot, in the runs of ``mask``."""
        enemy = 1 - k
        present = self.on_table(enemy)
        mask = mask & present.any(1) & (self.dc[k][:, m] > 0)
        rows = np.flatnonzero(mask)
        if rows.size == 0:
            return
        targets = (np.argmax(present[rows], axis=1) if target_of is None else target_of[rows])
        me, them = self.sides[k], self.sides[enemy]
        has_mounts = bool(them.mount_Dc.any())
        mounted = (self.mount_dc[enemy][rows, targets] > 0) if has_mounts else None
        large = them.large[targets] if mounted is None else np.where(mounted,
                                                                     them.large[targets], 0)
        rg = self.shooter_rg(k, m, rows) + large
        rof = me.rof[m]
        lost_dice = rof // 2 if me.tripod[m] else rof
        use_rof = (np.full(rows.size, rof > 1) & (rof * (rg - lost_dice) > rg)
                   & (target_of is None))
        shots = np.where(use_rof, rof, 1)
        dice = np.where(use_rof, rg - lost_dice, rg)
        concealed = np.full(rows.size, self.in_concealment and not me.hail[m]
                            and not me.infrared[m])
        red_dot = (np.full(rows.size, bool(me.red_dot[m]))
                   if me.red_dot[m] and self.s.band in NEAR_BANDS else None)
        camo_everywhere = self.settings[enemy]["camouflage_reading"] == "everywhere"
        camo = them.camouflage[targets] * int(camo_everywhere or not self.in_concealment)
        avoid_at = 5 - camo
        reading = self.settings[k]["critical_shot_six"]
        on_hit = bool(me.critical_shot[m]) and reading != "wound"
        total_hits = np.zeros(rows.size, dtype=np.int64)
        total_damaging = np.zeros(rows.size, dtype=np.int64)
        rider_died = np.zeros(rows.size, dtype=bool)
        rider_df, rider_av = self.rider_df_av(enemy, rows, targets)
        for shot in range(int(shots.max())):
            firing = shots > shot
            scores, sixes = _roll(self.gen, np.where(firing, dice, 0),
                                  np.full(rows.size, me.score[m]), red_dot)
            df, av, dc_left, at_mount = self.target_now(enemy, rows, targets, rider_df,
                                                        rider_av)
            avoided = _count(self.gen, np.where(firing, df, 0), avoid_at, concealed)
            hits = np.maximum(scores - avoided, 0)
            crit_hits = self.critical_hits(scores, sixes, hits, reading) if on_hit else None
            strength = np.full(rows.size, me.S[m])
            critical = np.full(rows.size, bool(me.critical_shot[m]))
            if me.at[m]:
                # AT (x): against Av higher than 5 use the AT value instead of S; Critical
                # Shot doubles S "(though not AT value)".
                strength = np.where(av > 5, me.at[m], me.S[m])
                critical &= av <= 5
            lost, damaging = self.wound(hits, strength, av, critical, crit_hits,
                                        them.refractor[targets], them.deflector[targets])
            rider_was = self.dc[enemy][rows, targets] > 0
            self.take(enemy, rows, targets, at_mount, dc_left, lost)
            rider_died |= rider_was & (self.dc[enemy][rows, targets] == 0)
            total_hits += hits
            total_damaging += damaging
        if not morale:
            return
        base_dice = total_hits + total_damaging + 1 + me.pinning[m]
        if has_mounts:
            self.riderless_mounts_test(enemy, rows, targets, rider_died, base_dice)
        standing = self.dc[enemy][rows, targets] > 0
        failed = self.morale(enemy, rows, targets, base_dice)
        failed = np.where(standing & ~them.brain_dead[targets], failed, 0)
        status = self.status[enemy]
        status[rows, targets] = np.maximum(status[rows, targets],
                                           np.where(failed >= 3, 2, np.where(failed == 2, 1, 0)))
        # One failed die: "If in cover and it has a higher Rg than As it will return fire,
        # shooting once at the attacker ... If Rg and As are equal you may choose".
        rg_t, as_t = them.Rg[targets], them.As[targets]
        tie_fires = self.settings[enemy]["return_fire_when_equal"] == "fire"
        back = (failed == 1) & self.in_concealment & ((rg_t > as_t)
                                                      | ((rg_t == as_t) & tie_fires))
        if back.any():
            # One failed die: "will return fire, shooting once at the attacker".
            self.return_fire(enemy, rows[back], targets[back], k, m)

    def rider_df_av(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64]
                    ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """The target's own Df (on foot) and Av as its wounds leave them when the action
        starts. A critical wound halves "all characteristics", Av included unless the
        ``critical_wound_av`` setting keeps it."""
        side = self.sides[k]
        dc_now = self.dc[k][rows, targets]
        dc0 = side.Dc[targets]
        df = _wounded(side.foot_Df[targets], dc_now, dc0, minor=False, major=False)
        av = side.Av[targets]
        if self.settings[k]["critical_wound_av"] == "halved":
            av = _wounded(av, dc_now, dc0, minor=False, major=False)
        return df, av

    def target_now(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64],
                   df: NDArray[np.int64], av: NDArray[np.int64]
                   ) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64],
                              NDArray[np.bool_] | None]:
        """The target's Df and Av for one shot, the Dc it can lose, and whether its mount
        takes the shot (None when the side has no mounts).

        Mounts: "using the bestia's Mv and Df. When shot at roll a D6, on a roll of 1-3 the
        shot hits the mount ... and on a roll of 4-6 the shot hits the rider".
        """
        side = self.sides[k]
        dc_now = self.dc[k][rows, targets]
        if not side.mount_Dc.any():
            return df, av, dc_now, None
        mount_now = self.mount_dc[k][rows, targets]
        mount0 = side.mount_Dc[targets]
        present = mount_now > 0
        df = np.where(present, _wounded(side.mount_Df[targets], mount_now, mount0,
                                        minor=False, major=False), df)
        at_mount = present & ((dc_now == 0) | (self.gen.integers(1, 7, rows.size) <= 3))
        mount_av = side.mount_Av[targets]
        if self.settings[k]["critical_wound_av"] == "halved":
            mount_av = _wounded(mount_av, mount_now, mount0, minor=False, major=False)
        return (df, np.where(at_mount, mount_av, av), np.where(at_mount, mount_now, dc_now),
                at_mount)

    def take(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64],
             at_mount: NDArray[np.bool_] | None, dc_left: NDArray[np.int64],
             lost: NDArray[np.int64]) -> None:
        """Take ``lost`` Dc from the rider or model on foot, or from the mount hit."""
        left = np.maximum(dc_left - lost, 0)
        if at_mount is None:
            self.dc[k][rows, targets] = left
            return
        rider = ~at_mount
        self.dc[k][rows[rider], targets[rider]] = left[rider]
        mount_killed = at_mount & (left == 0) & (self.dc[k][rows, targets] > 0)
        self.mount_dc[k][rows[at_mount], targets[at_mount]] = left[at_mount]
        # "If the mount is killed replace the rider with a model on foot, it will take the
        # model 1 AP to free itself of the mount".
        self.freeing[k][rows[mount_killed], targets[mount_killed]] = True

    def riderless_mounts_test(self, k: int, rows: NDArray[np.intp],
                              targets: NDArray[np.int64], rider_died: NDArray[np.bool_],
                              base_dice: NDArray[np.int64]) -> None:
        """Mounts: "If the rider is killed, the mount should take a morale test, if it is
        pinned or suppressed it will leave the table immediately"."""
        side = self.sides[k]
        test = rider_died & (self.mount_dc[k][rows, targets] > 0)
        if not test.any():
            return
        r, t = rows[test], targets[test]
        passed = _count(self.gen, base_dice[test], 7 - side.mount_Mr[t])
        leaves = base_dice[test] - passed >= 2
        self.mount_dc[k][r[leaves], t[leaves]] = 0

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
            mask = np.zeros(self.runs, dtype=bool)
            mask[rows[shooters == m]] = True
            target_of = np.full(self.runs, target)
            self.shoot(k, int(m), mask, morale=False, target_of=target_of)

    def wound(self, hits: NDArray[np.int64], strength: NDArray[np.int64], av: NDArray[np.int64],
              critical: NDArray[np.bool_], critical_hits: NDArray[np.int64] | None = None,
              refractor: NDArray[np.bool_] | None = None,
              deflector: NDArray[np.bool_] | None = None
              ) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Dc lost and damaging dice: D6 + S against one armour roll D6 + Av + cover.

        Critical Shot doubles S on a wounding die's natural 6, or, with ``critical_hits``
        (the to-hit reading), on that many of the hits; a Refractor Field re-rolls an armour
        die of 1-3; a Deflector Field takes 1 from each hit's S, down to 1.
        """
        width = int(hits.max(initial=0))
        if width == 0:
            zero = np.zeros(hits.size, dtype=np.int64)
            return zero, zero
        armour_die = self.gen.integers(1, 7, hits.size)
        if refractor is not None and refractor.any():
            again = self.gen.integers(1, 7, hits.size)
            armour_die = np.where(refractor & (armour_die <= 3), again, armour_die)
        armour = armour_die + av + self.s.cover
        natural = self.gen.integers(1, 7, (hits.size, width))
        if critical_hits is None:
            doubled = critical[:, None] & (natural == 6)
        else:
            doubled = critical[:, None] & (np.arange(width) < critical_hits[:, None])
        s = strength[:, None] * np.where(doubled, 2, 1)
        if deflector is not None and deflector.any():
            s = np.where(deflector[:, None] & (s > 1), s - 1, s)
        total = natural + s
        dc = np.where(total > armour[:, None], total // armour[:, None], 0)
        dc *= np.arange(width) < hits[:, None]
        return dc.sum(axis=1), (dc > 0).sum(axis=1)

    def morale(self, k: int, rows: NDArray[np.intp], targets: NDArray[np.int64],
               base_dice: NDArray[np.int64]) -> NDArray[np.int64]:
        """Failed dice of each target's morale test, capped at 3."""
        side = self.sides[k]
        status = self.status[k][rows, targets]
        n = base_dice + np.where(status == 1, 1, 0) + np.where(status == 2, 2, 0)
        mr = _wounded(side.Mr[targets], self.dc[k][rows, targets], side.Dc[targets],
                      minor=False, major=False)
        rerolls = side.battle_hardened[targets].astype(np.int64) + int(self.in_concealment)

        def test() -> NDArray[np.int64]:
            # A die scores on Mr or under; on a D6 that is as likely as 7 - Mr or over.
            passed = _count(self.gen, n, 7 - mr)
            failed = n - passed
            extra = self.gen.binomial(np.minimum(rerolls, failed), mr / 6)
            capped: NDArray[np.int64] = np.minimum(failed - extra, 3)
            return capped

        first = test()
        again = test()
        return np.where(side.fanatic[targets] & (first >= 2), again, first)


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
