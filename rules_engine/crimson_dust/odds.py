"""Odds queries for the CLI and the API: a shot from the roll to hit to the morale test.

Each query takes ``key=value`` parameters; a bad one raises ``BadDocument`` naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import icepool

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust import dice
from rules_engine.crimson_dust.content import RANGE_BANDS, content_of
from rules_engine.errors import BadDocument
from rules_engine.odds_report import die_report, probability

MORALE_OUTCOMES = {
    0: "all dice score: play passes to the target",
    1: "one die fails: moves to cover or returns fire",
    2: "pinned",
    3: "suppressed",
}


class _Params:
    """Reads query parameters, collecting the names it used to reject unknown ones."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.params = dict(params)
        self.used: set[str] = set()

    def integer(self, name: str, default: int | None = None, lo: int = 0, hi: int = 60) -> int:
        self.used.add(name)
        value = self.params.get(name, default)
        if value is None:
            raise BadDocument.at(f"params.{name}", "is required")
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise BadDocument.at(f"params.{name}",
                                 f"must be a whole number from {lo} to {hi}, not {value!r}")
        return value

    def flag(self, name: str) -> bool:
        self.used.add(name)
        value = self.params.get(name, False)
        if not isinstance(value, bool):
            raise BadDocument.at(f"params.{name}", f"must be true or false, not {value!r}")
        return value

    def text(self, name: str) -> str | None:
        self.used.add(name)
        value = self.params.get(name)
        if value is not None and not isinstance(value, str):
            raise BadDocument.at(f"params.{name}", f"must be text, not {value!r}")
        return value

    def done(self) -> None:
        unknown = sorted(set(self.params) - self.used)
        if unknown:
            raise BadDocument.at(f"params.{unknown[0]}",
                                 f"unknown parameter (known: {', '.join(sorted(self.used))})")


def _weapon_params(catalogue: Catalogue, p: _Params) -> dict[str, Any]:
    """Score, S, AT, RoF, Hail and Pinning from a weapon at a band, or given directly."""
    wid = p.text("weapon")
    band = p.text("band")
    if wid is None:
        return {"score": p.integer("score", 4, 2, 6), "S": p.integer("S", 3, 0, 20),
                "at": p.integer("at", 0, 0, 20), "pinning": p.integer("pinning", 0, 0, 10),
                "hail": p.flag("hail"), "rof_trait": p.integer("rof_trait", 0, 0, 10)}
    weapon = content_of(catalogue).weapons.get(wid)
    if weapon is None:
        raise BadDocument.at("params.weapon", f"there is no weapon {wid!r}")
    if band not in RANGE_BANDS:
        raise BadDocument.at("params.band", f"must be one of {', '.join(RANGE_BANDS)}")
    score = weapon.to_hit[band]
    if score is None:
        raise BadDocument.at("params.band", f"a {weapon.name} cannot shoot at {band} units")
    if weapon.S is None:
        raise BadDocument.at("params.weapon", f"a {weapon.name} has no S: it does not wound")
    return {"score": score, "S": weapon.S, "at": weapon.trait("at") or 0,
            "pinning": weapon.trait("pinning") or 0, "hail": "hail" in weapon.traits,
            "rof_trait": weapon.trait("rof") or 0, "weapon": weapon.name, "band": band}


def _shot_dice(catalogue: Catalogue, p: _Params) -> dict[str, Any]:
    w = _weapon_params(catalogue, p)
    rg, df = p.integer("rg", 6), p.integer("df", 4)
    concealed = p.flag("concealed") and not w["hail"]  # Hail: ignores concealment
    rear = p.flag("rear")
    if concealed and rear:
        # Concealment: "If the target is both concealed and attacked from its rear then the
        # effects of each cancel each other out, and so the model gains the effect of no
        # re-rolls."
        concealed = rear = False
    aimed, ran = p.flag("aimed"), p.flag("target_ran")
    shots = p.integer("shots", 1, 1, 10)
    if shots > 1 and shots > max(1, w["rof_trait"]) and "weapon" in w:
        raise BadDocument.at("params.shots", f"the {w['weapon']} fires at most "
                             f"{max(1, w['rof_trait'])} shots in one action")
    if aimed and (w["rof_trait"] or shots > 1):
        raise BadDocument.at("params.aimed", "a weapon with the RoF rule cannot aim (Aiming)")
    # RoF 'x': shoot x times in one action, rolling x fewer dice each time.
    dice_each = rg + p.integer("large", 0, 0, 4) - (shots if shots > 1 else 0)
    scores = dice.to_hit(dice_each, w["score"], reroll_failed=aimed or ran, rear=rear)
    avoided = dice.avoid(df, concealed=concealed)
    return {"weapon": w, "shots": shots, "dice_each": dice_each, "scores": scores,
            "avoided": avoided, "hits": dice.hits(scores, avoided), "concealed": concealed,
            "rear": rear}


def to_hit_odds(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Scoring dice of one shot (Hitting): rg, score or weapon+band, aimed, target_ran, rear."""
    p = _Params(params)
    shot = _shot_dice(catalogue, p)
    p.integer("df", 4)
    p.flag("concealed")
    p.done()
    return {"query": "to_hit", "dice": shot["dice_each"], **die_report(shot["scores"])}


def avoid_odds(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Avoiding dice of the target (Df dice at 5+, concealed re-rolls failures): df, concealed."""
    p = _Params(params)
    die = dice.avoid(p.integer("df", 4), concealed=p.flag("concealed"))
    p.done()
    return {"query": "avoid", **die_report(die)}


def hits_odds(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Hits of one shot after avoidance: the to_hit parameters plus df and concealed."""
    p = _Params(params)
    shot = _shot_dice(catalogue, p)
    p.done()
    return {"query": "hits", "concealed": shot["concealed"], "rear": shot["rear"],
            **die_report(shot["hits"])}


def wound_odds(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Dc lost to a number of hits (Wounding): hits, S, av, cover, at, critical_shot."""
    p = _Params(params)
    n, av = p.integer("hits", 1, 0, 30), p.integer("av", 0, 0, 20)
    strength = _strength(p.integer("S", 3, 0, 20), p.integer("at", 0, 0, 20), av)
    joint = dice.wound(n, strength, av, cover=p.integer("cover", 0, 0, 10),
                       critical_shot=p.flag("critical_shot"))
    p.done()
    return {"query": "wound", "S": strength,
            "dc_lost": die_report(joint.map(lambda c: dice.unpack(c)[1])),
            "damaging_dice": die_report(joint.map(lambda c: dice.unpack(c)[2]))}


def morale_odds(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """A morale test's outcome (Morale Tests): dice, mr, concealed, battle_hardened, fanatic."""
    p = _Params(params)
    die = _morale(p, p.integer("dice", 1, 0, 40), p.integer("mr", 3, 0, 6))
    p.done()
    return {"query": "morale", "outcomes": _outcomes(die), "failed_dice": die_report(die)}


def _strength(s: int, at: int, av: int) -> int:
    # AT (x): "when wounding a target with an Av higher than 5 ... use the AT value".
    return at if at and av > 5 else s


def _morale(p: _Params, n: int, mr: int) -> icepool.Die:
    # Reruns allowed once per die: concealment (see rulings) and Battle-hardened each re-roll
    # one failed die; Fanatic re-rolls the whole test.
    rerolls = int(p.flag("concealed")) + int(p.flag("battle_hardened"))
    return dice.morale_failures(n, mr, rerolls=rerolls, fanatic=p.flag("fanatic"))


def _outcomes(die: icepool.Die, extra: Mapping[str, Fraction] | None = None) -> dict[str, Any]:
    total = die.denominator()
    out = {label: probability(Fraction(die.quantity(k), total))
           for k, label in MORALE_OUTCOMES.items()}
    return out | {k: probability(v) for k, v in (extra or {}).items()}


def shot_odds(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """A whole shooting action: hit, avoid, RoF, wound, then the target's morale test.

    Parameters: weapon+band (or score, S, at, pinning, hail, rof_trait), rg, df, av, dc, mr,
    cover, concealed, rear, aimed, target_ran, large, shots (RoF), critical_shot,
    battle_hardened, fanatic, brain_dead, pinned_last, suppressed_last.
    """
    p = _Params(params)
    shot = _shot_dice(catalogue, p)
    av, dc, mr = p.integer("av", 0, 0, 20), p.integer("dc", 1, 1, 20), p.integer("mr", 3, 0, 6)
    cover = p.integer("cover", 0, 0, 10)
    w = shot["weapon"]
    strength = _strength(w["S"], w["at"], av)
    critical = p.flag("critical_shot")
    one_shot = shot["hits"].map(
        lambda h: dice.wound(h, strength, av, cover=cover, critical_shot=critical)
        + dice.pack(h, 0, 0))
    joint = shot["shots"] @ one_shot
    # Morale Tests: dice = hits + 1 + each damaging die (+1 pinned, +2 suppressed last turn,
    # + Pinning 'x'); the test follows the whole action point's shooting.
    extra = 1 + w["pinning"] + (1 if p.flag("pinned_last") else 0) \
        + (2 if p.flag("suppressed_last") else 0)
    brain_dead = p.flag("brain_dead")
    concealed = shot["concealed"] or p.flag("concealed")

    def outcome(code: int) -> icepool.Die | int:
        h, lost, damaging = dice.unpack(code)
        if lost >= dc:
            return -1  # killed: Wounding, "if this takes the target down to 0 Dc"
        if brain_dead:
            return -2  # Brain-dead: "never have to take a morale test"
        rerolls = int(concealed) + int(p.flag("battle_hardened"))
        return dice.morale_failures(h + extra + damaging, mr, rerolls=rerolls,
                                    fanatic=p.flag("fanatic"))

    final = joint.map(outcome)
    p.done()
    total = final.denominator()
    extra_outcomes = {"killed": Fraction(final.quantity(-1), total)}
    if brain_dead:
        extra_outcomes["no morale test (brain-dead)"] = Fraction(final.quantity(-2), total)
    return {
        "query": "shot",
        "inputs": {k: v for k, v in w.items()} | {"shots": shot["shots"],
                                                    "dice_each": shot["dice_each"],
                                                    "concealed": shot["concealed"],
                                                    "rear": shot["rear"], "S_used": strength},
        "to_hit": die_report(shot["scores"]),
        "avoid": die_report(shot["avoided"]),
        "hits_per_shot": die_report(shot["hits"]),
        "hits": die_report(joint.map(lambda c: dice.unpack(c)[0])),
        "dc_lost": die_report(joint.map(lambda c: dice.unpack(c)[1])),
        "damaging_dice": die_report(joint.map(lambda c: dice.unpack(c)[2])),
        "outcome": _outcomes(final, extra_outcomes),
    }


ODDS: Mapping[str, Callable[..., dict[str, Any]]] = {
    "shot": shot_odds,
    "to_hit": to_hit_odds,
    "avoid": avoid_odds,
    "hits": hits_odds,
    "wound": wound_odds,
    "morale": morale_odds,
}
