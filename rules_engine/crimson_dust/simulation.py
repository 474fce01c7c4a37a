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
from rules_engine.crimson_dust.content import RANGE_BANDS
from rules_engine.crimson_dust.fighters import Side, side_from
from rules_engine.errors import BadDocument
from rules_engine.montecarlo import mean, outcome, proportion, rng

ASSUMPTIONS = (
    "Both warbands stand at the scenario's range band for the whole fight; nobody moves.",
    "Each turn a roll-off decides which side activates first; then the sides alternate, "
    "one model at a time, in list order.",
    "A model spends each action point shooting its weapon with the best score at the band "
    "(ties: the higher S) at the first enemy model in list order still standing.",
    "A RoF 'x' weapon fires x shots of Rg - x dice when that rolls more dice in all.",
    "Morale (when on): tested after each action point's shooting; 1 failed die: a target in "
    "concealment or hard cover whose Rg is at least its As returns fire once (no morale "
    "test for return fire), any other target only heads for cover, which changes nothing "
    "here; 2: pinned; 3+: suppressed (one action point at its next activation). Pinned and "
    "suppressed end after the model's next activation; they add 1 or 2 dice to its morale "
    "tests meanwhile.",
    "Hard cover (cover above 0) also counts as concealment, as Hard Cover says.",
    "Wounds: 3 Dc left -1 Rg; 2 Dc left halve Rg; 1 Dc left halve Rg, Df, Av and Mr "
    "(rounding up), for models that have lost Dc.",
    "Critical Shot doubles the S of a wounding die rolling a natural 6, with basic weapons "
    "only and never an AT value.",
    "A mounted model is one fighter with the rider's Dc and Av and the mount's Df; shots "
    "are not split between rider and mount.",
    "Not played: melee, movement, running, aiming, going to ground, out of ammo, psychic "
    "powers, hacking, and play passing to a target that passes every morale die.",
    "A side wins when the other has no model left; otherwise the fight is a draw after "
    "max_turns.",
)


@dataclass(frozen=True)
class Scenario:
    band: str = "12-18"
    concealed: bool = False
    cover: int = 0
    morale: bool = True
    max_turns: int = 8

    def to_dict(self) -> dict[str, Any]:
        return {"band": self.band, "concealed": self.concealed, "cover": self.cover,
                "morale": self.morale, "max_turns": self.max_turns}


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


def _count(gen: np.random.Generator, n: NDArray[np.int64], target: NDArray[np.int64],
           reroll: NDArray[np.bool_] | None = None) -> NDArray[np.int64]:
    """How many of ``n`` D6 roll ``target``+ (failed dice re-rolled where ``reroll``)."""
    width = int(n.max(initial=0))
    if width == 0:
        return np.zeros(n.shape, dtype=np.int64)
    live = np.arange(width) < n[:, None]
    ok = gen.integers(1, 7, (n.size, width)) >= target[:, None]
    if reroll is not None and reroll.any():
        again = gen.integers(1, 7, (n.size, width)) >= target[:, None]
        ok |= again & reroll[:, None]
    # numpy's stubs type a reduction along an axis as Any; the counts are int64.
    counted: NDArray[np.int64] = (ok & live).sum(axis=1)
    return counted


class _Fight:
    def __init__(self, a: Side, b: Side, scenario: Scenario, runs: int,
                 gen: np.random.Generator) -> None:
        self.sides = (a, b)
        self.s = scenario
        self.runs = runs
        self.gen = gen
        self.dc = [np.tile(side.Dc, (runs, 1)) for side in self.sides]
        self.status = [np.zeros((runs, side.size), dtype=np.int64) for side in self.sides]
        self.turns = np.zeros(runs, dtype=np.int64)
        # Hard Cover: models in hard cover "gain a bonus for being concealed" too.
        self.in_concealment = scenario.concealed or scenario.cover > 0

    def alive(self, k: int) -> NDArray[np.bool_]:
        return self.dc[k] > 0

    def play(self) -> None:
        for _ in range(self.s.max_turns):
            ongoing = self.alive(0).any(1) & self.alive(1).any(1)
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
            return
        acting = mask & self.alive(k)[:, m]
        # Suppressed: "has only one AP during its next activation".
        aps = np.where(self.status[k][:, m] == 2, 1, 2)
        for ap in range(2):
            self.shoot(k, m, acting & (aps > ap), morale=self.s.morale)
        # Pinned/suppressed last "until the end of the next time it is activated".
        self.status[k][acting, m] = 0

    def shooter_rg(self, k: int, m: int, rows: NDArray[np.intp]) -> NDArray[np.int64]:
        side = self.sides[k]
        rg = np.full(rows.size, side.Rg[m])
        return _wounded(rg, self.dc[k][rows, m], np.full(rows.size, side.Dc[m]),
                        minor=True, major=True)

    def shoot(self, k: int, m: int, mask: NDArray[np.bool_], *, morale: bool,
              target_of: NDArray[np.int64] | None = None) -> None:
        """Model ``m`` of side ``k`` uses one action point to shoot, in the runs of ``mask``."""
        enemy = 1 - k
        alive = self.alive(enemy)
        mask = mask & alive.any(1) & (self.dc[k][:, m] > 0)
        rows = np.flatnonzero(mask)
        if rows.size == 0:
            return
        targets = (np.argmax(alive[rows], axis=1) if target_of is None else target_of[rows])
        me, them = self.sides[k], self.sides[enemy]
        rg = self.shooter_rg(k, m, rows) + them.large[targets]
        rof = me.rof[m]
        use_rof = np.full(rows.size, rof > 1) & (rof * (rg - rof) > rg) & (target_of is None)
        shots = np.where(use_rof, rof, 1)
        dice = np.where(use_rof, rg - rof, rg)
        dc0 = them.Dc[targets]
        dc_now = self.dc[enemy][rows, targets]
        df = _wounded(them.Df[targets], dc_now, dc0, minor=False, major=False)
        concealed = np.full(rows.size, self.in_concealment and not me.hail[m])
        # A critical wound halves "all characteristics", Av included.
        av = _wounded(them.Av[targets], dc_now, dc0, minor=False, major=False)
        strength = np.full(rows.size, me.S[m])
        critical = np.full(rows.size, bool(me.critical_shot[m]))
        if me.at[m]:
            # AT (x): against Av higher than 5 use the AT value instead of S; Critical Shot
            # doubles S "(though not AT value)".
            strength = np.where(av > 5, me.at[m], me.S[m])
            critical &= av <= 5
        total_hits = np.zeros(rows.size, dtype=np.int64)
        total_damaging = np.zeros(rows.size, dtype=np.int64)
        for shot in range(int(shots.max())):
            firing = shots > shot
            scores = _count(self.gen, np.where(firing, dice, 0), np.full(rows.size,
                                                                         me.score[m]))
            avoided = _count(self.gen, np.where(firing, df, 0), np.full(rows.size, 5),
                             concealed)
            hits = np.maximum(scores - avoided, 0)
            lost, damaging = self.wound(hits, strength, av, critical)
            self.dc[enemy][rows, targets] = np.maximum(self.dc[enemy][rows, targets] - lost, 0)
            total_hits += hits
            total_damaging += damaging
        if not morale:
            return
        standing = self.dc[enemy][rows, targets] > 0
        failed = self.morale(enemy, rows, targets, total_hits + total_damaging + 1
                             + me.pinning[m])
        failed = np.where(standing & ~them.brain_dead[targets], failed, 0)
        status = self.status[enemy]
        status[rows, targets] = np.maximum(status[rows, targets],
                                           np.where(failed >= 3, 2, np.where(failed == 2, 1, 0)))
        # One failed die: "If in cover and it has a higher Rg than As it will return fire,
        # shooting once at the attacker ... If Rg and As are equal you may choose".
        back = (failed == 1) & self.in_concealment & (them.Rg[targets] >= them.As[targets])
        if back.any():
            # One failed die: "will return fire, shooting once at the attacker".
            self.return_fire(enemy, rows[back], targets[back], k, m)

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
              critical: NDArray[np.bool_]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Dc lost and damaging dice: D6 + S against one armour roll D6 + Av + cover."""
        width = int(hits.max(initial=0))
        if width == 0:
            zero = np.zeros(hits.size, dtype=np.int64)
            return zero, zero
        armour = self.gen.integers(1, 7, hits.size) + av + self.s.cover
        natural = self.gen.integers(1, 7, (hits.size, width))
        s = strength[:, None] * np.where(critical[:, None] & (natural == 6), 2, 1)
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


def simulate(catalogue: Catalogue, list_a: Mapping[str, Any], list_b: Mapping[str, Any],
             scenario: Mapping[str, Any], runs: int, seed: int) -> dict[str, Any]:
    """Play two warbands against each other ``runs`` times, reproducibly from ``seed``.

    Args:
        catalogue: the content snapshot.
        list_a: the first warband (schema-valid).
        list_b: the second warband (schema-valid).
        scenario: ``band``, ``concealed``, ``cover``, ``morale``, ``max_turns``.
        runs: how many fights.
        seed: the random seed; the same seed gives the same result.

    Returns:
        The shared simulation report (docs/simulation.md, "The report"): outcome shares with
        95% intervals, expected turns, each model's survival and weapon; extras ``sides``
        (each warband's points, legality and casualty distribution) and ``assumptions``.
    """
    s = read_scenario(scenario)
    if runs <= 0:
        raise BadDocument.at("runs", "must be a positive number of runs")
    sides = (side_from(catalogue, list_a, s.band), side_from(catalogue, list_b, s.band))
    for label, side in zip(("list_a", "list_b"), sides, strict=True):
        if side.size == 0:
            raise BadDocument.at(f"{label}.entries", "the warband has no model to fight with")
    fight = _Fight(sides[0], sides[1], s, runs, rng(seed))
    fight.play()
    alive = [fight.alive(k) for k in (0, 1)]
    left = [a.any(1) for a in alive]
    a_wins = int((left[0] & ~left[1]).sum())
    b_wins = int((left[1] & ~left[0]).sum())
    labels = ("a", "b")
    figures: list[dict[str, Any]] = []
    sides_report: dict[str, Any] = {}
    for k, label in enumerate(labels):
        side = sides[k]
        figures += [
            {"side": label, "path": f"list_{label}{side.paths[m].removeprefix('$')}",
             "name": side.names[m],
             "survival": proportion(int(alive[k][:, m].sum()), runs).to_dict(),
             "weapon": side.weapons[m]}
            for m in range(side.size)
        ]
        lost = side.size - alive[k].sum(axis=1)
        counts = np.bincount(lost, minlength=side.size + 1)
        sides_report[label] = {
            "points": side.points,
            "legal": side.legal,
            "casualties": {
                "distribution": {str(n): float(c) / runs for n, c in enumerate(counts) if c},
                "mean": mean(lost).to_dict(),
            },
        }
    return {
        "system": "crimson-dust",
        "runs": runs,
        "seed": seed,
        "lists": {"a": list_a.get("name"), "b": list_b.get("name")},
        "scenario": s.to_dict(),
        "outcome": outcome(a_wins, runs - a_wins - b_wins, b_wins, runs),
        "turns": mean(fight.turns).to_dict(),
        "figures": figures,
        "sides": sides_report,
        "assumptions": list(ASSUMPTIONS),
    }
