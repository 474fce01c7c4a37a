"""Odds queries for the CLI and the API: a shot from the roll to hit to the morale test.

Each computing function takes the values the front door resolved against its ``Param``s,
by keyword, only those the caller gave (``pass_defaults=False``): a raw weapon value beside
a catalogue weapon is refused, naming it, rather than silently ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from fractions import Fraction
from typing import Any

import icepool

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust import critical_sixes, dice, exact
from rules_engine.crimson_dust.content import RANGE_BANDS, content_of
from rules_engine.crimson_dust.settings import CAMOUFLAGE, CRITICAL_SHOT_SIX, Setting
from rules_engine.crimson_dust.shooting_gear import (
    SCOPE_BARRED_TRAITS,
    SCOPES,
    avoid_score,
    deflected,
    scope_effects,
    tripod_dice_lost,
)
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.odds_query import Param, Query, boolean, integer, text
from rules_engine.odds_report import die_report, probability

MORALE_OUTCOMES = {
    0: "all dice score: play passes to the target",
    1: "one die fails: moves to cover or returns fire",
    2: "pinned",
    3: "suppressed",
    exact.FANATIC_PASS: "all dice score on the Fanatic re-roll: play does not pass",
}


@dataclass(frozen=True)
class RawWeapon:
    """A weapon's values given directly, each ``None`` when not given (the shot then plays
    the query's default). Beside a catalogue weapon a given one is refused rather than
    silently ignored: the weapon sets them all."""

    score: int | None = None
    S: int | None = None
    at: int | None = None
    pinning: int | None = None
    hail: bool | None = None
    rof_trait: int | None = None

    def given(self) -> list[str]:
        """The names of the values given, sorted."""
        return sorted(f.name for f in fields(self) if getattr(self, f.name) is not None)


@dataclass(frozen=True)
class Shooting:
    """One shooting action's values as given: the weapon (or raw values), the shooter's
    dice and gear, the target's defences and gear."""

    weapon: str | None
    band: str | None
    raw: RawWeapon
    rg: int
    df: int
    cover: int
    telescopic_scope: bool
    infrared_scope: bool
    red_dot_laser: bool
    cyber_linked_targeter: bool
    aimed: bool
    target_ran: bool
    concealed: bool
    rear: bool
    shots: int
    tripod: bool
    camouflage: int
    camouflage_reading: str
    large: int

    @property
    def scopes(self) -> list[str]:
        return [name for name in SCOPES if getattr(self, name)]


def _weapon_params(catalogue: Catalogue, shooting: Shooting
                   ) -> tuple[dict[str, Any], str | None]:
    """Score, S, AT, RoF, Hail and Pinning from a weapon at a band, or given directly.

    Also returns the weapon rule that bars scopes (Scopes: "may not be used on weapons with
    the following rules: RoF, Blast, Flamethrower"), or None.
    """
    wid, band, raw = shooting.weapon, shooting.band, shooting.raw
    if wid is None:
        played = _RAW_DEFAULTS | {k: v for k, v in asdict(raw).items() if v is not None}
        return (played | {"basic": True}, "RoF" if played["rof_trait"] else None)
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
    barred = next((t for t in SCOPE_BARRED_TRAITS if t in weapon.traits), None)
    return ({"score": score, "S": weapon.S, "at": weapon.trait("at") or 0,
             "pinning": weapon.trait("pinning") or 0, "hail": "hail" in weapon.traits,
             "rof_trait": weapon.trait("rof") or 0, "basic": weapon.is_basic,
             "weapon": weapon.name, "band": band}, barred)


def _shot_inputs(catalogue: Catalogue, shooting: Shooting) -> dict[str, Any]:
    """The numbers of one shooting action, every rule that changes them applied."""
    w, scope_barred = _weapon_params(catalogue, shooting)
    band = shooting.band
    rg, df, cover = shooting.rg, shooting.df, shooting.cover
    scopes = shooting.scopes
    if scopes and scope_barred:
        raise BadDocument.at(f"params.{scopes[0]}", f"a scope may not be fitted to a weapon "
                             f"with the {scope_barred} rule (Scopes)")
    for name in ("telescopic_scope", "red_dot_laser"):
        if name in scopes and band is None:
            raise BadDocument.at("params.band", f"the {name.replace('_', ' ')} needs the "
                                 "range band shot at")
    aimed, ran = shooting.aimed, shooting.target_ran
    scope = scope_effects(scopes, band, aimed)
    # Hard Cover: models in hard cover "not only gain a bonus for being concealed but also
    # gain an Armour (Av) bonus".
    in_concealment = shooting.concealed or cover > 0
    # Hail: ignores concealment; Infrared Scope: the target "doesn't gain the benefit".
    concealed = in_concealment and not w["hail"] and not scope.ignore_concealment
    rear = shooting.rear
    if concealed and rear:
        # Concealment: "If the target is both concealed and attacked from its rear then the
        # effects of each cancel each other out, and so the model gains the effect of no
        # re-rolls."
        concealed = rear = False
    shots = shooting.shots
    if shots > 1 and "weapon" in w and shots != w["rof_trait"]:
        # RoF 'x': "may be shot 'x' times ... if you choose to shoot 'x' times, you roll 'x'
        # less dice": one shot or x shots.
        allowed = f"1 or {w['rof_trait']}" if w["rof_trait"] > 1 else "1"
        raise BadDocument.at("params.shots", f"the {w['weapon']} fires {allowed} shots in "
                             "one action")
    if aimed and (w["rof_trait"] or shots > 1):
        raise BadDocument.at("params.aimed", "a weapon with the RoF rule cannot aim (Aiming)")
    tripod = shooting.tripod
    if tripod and not (w["rof_trait"] or shots > 1):
        raise BadDocument.at("params.tripod", "a stabilising tripod is fitted to a weapon "
                             "with the RoF rule")
    if "weapon" in w and shooting.raw.given():
        raise BadDocument([
            DocumentError(f"params.{name}", f"the {w['weapon']} sets this value: give it "
                          "only without a weapon")
            for name in shooting.raw.given()])
    camouflage = shooting.camouflage
    reading = shooting.camouflage_reading
    # Large Targets: the bonus "may be added to a model's Rg"; RoF 'x': x fewer dice a shot.
    dice_each = (rg + shooting.large + scope.extra_dice
                 - tripod_dice_lost(shots, tripod))
    return {"weapon": w, "shots": shots, "dice_each": dice_each, "df": df, "cover": cover,
            "in_concealment": in_concealment, "concealed": concealed, "rear": rear,
            "reroll_failed": aimed or ran or scope.reroll_failed,
            "score": max(1, w["score"] - scope.score_bonus),
            "avoid_score": avoid_score(camouflage, in_concealment, reading),
            "gear": {"scopes": scopes, "tripod": tripod, "camouflage": camouflage,
                     "camouflage_reading": reading}}


def _shot_dice(catalogue: Catalogue, shooting: Shooting) -> dict[str, Any]:
    """The icepool dice of one shot's roll to hit, avoidance roll and hits."""
    shot = _shot_inputs(catalogue, shooting)
    scores = dice.to_hit(shot["dice_each"], shot["score"],
                         reroll_failed=shot["reroll_failed"], rear=shot["rear"])
    avoided = dice.avoid(shot["df"], concealed=shot["concealed"], score=shot["avoid_score"])
    return shot | {"scores": scores, "avoided": avoided, "hits": dice.hits(scores, avoided)}


def to_hit_odds(
    catalogue: Catalogue, *, weapon: str | None = None, band: str | None = None,
    score: int | None = None, S: int | None = None, at: int | None = None,
    pinning: int | None = None, hail: bool | None = None, rof_trait: int | None = None,
    rg: int = 6, df: int = 4, cover: int = 0, telescopic_scope: bool = False,
    infrared_scope: bool = False, red_dot_laser: bool = False,
    cyber_linked_targeter: bool = False, aimed: bool = False, target_ran: bool = False,
    concealed: bool = False, rear: bool = False, shots: int = 1, tripod: bool = False,
    camouflage: int = 0, camouflage_reading: str = CAMOUFLAGE.default, large: int = 0,
) -> dict[str, Any]:
    """Scoring dice of one shot (Hitting): rg, score or weapon+band, aimed, target_ran, rear."""
    shot = _shot_dice(catalogue, Shooting(
        weapon, band, RawWeapon(score, S, at, pinning, hail, rof_trait), rg, df, cover,
        telescopic_scope, infrared_scope, red_dot_laser, cyber_linked_targeter, aimed,
        target_ran, concealed, rear, shots, tripod, camouflage, camouflage_reading, large))
    return {"query": "to_hit", "dice": shot["dice_each"], **die_report(shot["scores"])}


def avoid_odds(catalogue: Catalogue, *, df: int = 4, concealed: bool = False,
               camouflage: int = 0, camouflage_reading: str = CAMOUFLAGE.default
               ) -> dict[str, Any]:
    """Avoiding dice of the target (Df dice at 5+, concealed re-rolls failures): df, concealed,
    camouflage (0-2, stationary target), camouflage_reading."""
    score = avoid_score(camouflage, concealed, camouflage_reading)
    die = dice.avoid(df, concealed=concealed, score=score)
    return {"query": "avoid", **die_report(die)}


def hits_odds(
    catalogue: Catalogue, *, weapon: str | None = None, band: str | None = None,
    score: int | None = None, S: int | None = None, at: int | None = None,
    pinning: int | None = None, hail: bool | None = None, rof_trait: int | None = None,
    rg: int = 6, df: int = 4, cover: int = 0, telescopic_scope: bool = False,
    infrared_scope: bool = False, red_dot_laser: bool = False,
    cyber_linked_targeter: bool = False, aimed: bool = False, target_ran: bool = False,
    concealed: bool = False, rear: bool = False, shots: int = 1, tripod: bool = False,
    camouflage: int = 0, camouflage_reading: str = CAMOUFLAGE.default, large: int = 0,
) -> dict[str, Any]:
    """Hits of one shot after avoidance: the to_hit parameters plus df and concealed."""
    shot = _shot_dice(catalogue, Shooting(
        weapon, band, RawWeapon(score, S, at, pinning, hail, rof_trait), rg, df, cover,
        telescopic_scope, infrared_scope, red_dot_laser, cyber_linked_targeter, aimed,
        target_ran, concealed, rear, shots, tripod, camouflage, camouflage_reading, large))
    return {"query": "hits", "concealed": shot["concealed"], "rear": shot["rear"],
            **die_report(shot["hits"])}


def wound_odds(catalogue: Catalogue, *, hits: int = 1, S: int = 3, at: int = 0,
               cover: int = 0, av: int = 0, critical_shot: bool = False,
               refractor: bool = False, deflector: bool = False, critical_hits: int = 0
               ) -> dict[str, Any]:
    """Dc lost to a number of hits (Wounding): hits, S, av, cover, at, critical_shot,
    critical_hits, refractor, deflector.

    ``critical_shot`` doubles S on a wounding die's natural 6; ``critical_hits`` is the
    to-hit reading instead: that many of the hits rolled a natural 6 to hit and wound with
    double S.
    """
    n = hits
    strength = _strength(S, at, av)
    critical = critical_shot and not _uses_at(at, av)
    if critical_hits > n:
        raise BadDocument.at("params.critical_hits", f"there are only {n} hits")
    if critical_hits and critical_shot:
        raise BadDocument.at("params.critical_hits", "critical_shot reads the 6 on the "
                             "wounding die, critical_hits on the roll to hit: give one")
    if _uses_at(at, av):
        critical_hits = 0  # Critical Shot doubles S "(though not AT value)"
    hit_s, six_s, crit_s = _hit_strengths(strength, critical, deflector)
    weights, den = exact.wound_split(n - critical_hits, critical_hits, hit_s, six_s, crit_s,
                                     av + cover, refractor) if n else ({(0, 0): 1}, 1)
    return {"query": "wound", "S": strength, "critical_shot": critical,
            "critical_hits": critical_hits,
            "dc_lost": _report(exact.marginal(weights, 0), den),
            "damaging_dice": _report(exact.marginal(weights, 1), den)}


def _hit_strengths(strength: int, wound_six: bool, deflector: bool) -> tuple[int, int, int]:
    """S of a plain hit, of a plain hit whose wounding die shows 6, and of a critical hit.

    Critical Shot doubles the weapon's S; a Deflector field then takes 1 from the S of the
    hit received.
    """
    def hit(s: int) -> int:
        return deflected(s) if deflector else s
    return hit(strength), hit(strength * 2 if wound_six else strength), hit(strength * 2)


def morale_odds(catalogue: Catalogue, *, dice: int = 1, concealed: bool = False, mr: int = 3,
                battle_hardened: bool = False, fanatic: bool = False) -> dict[str, Any]:
    """A morale test's outcome (Morale Tests): dice, mr, concealed, battle_hardened, fanatic."""
    weights, den = _morale(dice, mr, concealed=concealed, battle_hardened=battle_hardened,
                           fanatic=fanatic)
    return {"query": "morale", "outcomes": _outcomes(weights, den),
            "failed_dice": _report(_failed_dice(weights), den)}


def _uses_at(at: int, av: int) -> bool:
    # AT (x): "when wounding a target with an Av higher than 5 ... use the AT value".
    return bool(at) and av > 5


def _strength(s: int, at: int, av: int) -> int:
    return at if _uses_at(at, av) else s


def _morale(n: int, mr: int, *, concealed: bool, battle_hardened: bool,
            fanatic: bool) -> exact.Dist[int]:
    # Re-rolls allowed once per die: concealment (see rulings) and Battle-hardened each
    # re-roll one failed die; Fanatic re-rolls the whole test.
    rerolls = int(concealed) + int(battle_hardened)
    return exact.morale(n, mr, rerolls, fanatic)


def _failed_dice(weights: Mapping[int, int]) -> dict[int, int]:
    """Morale outcome codes as failed dice (a Fanatic's re-rolled pass failed none)."""
    out: dict[int, int] = {}
    for code, w in weights.items():
        key = 0 if code == exact.FANATIC_PASS else code
        out[key] = out.get(key, 0) + w
    return out


def _report(weights: Mapping[int, int], den: int) -> dict[str, Any]:
    small, _ = exact.reduced(weights, den)
    return die_report(icepool.Die({k: w for k, w in small.items() if w}))


def _outcomes(weights: Mapping[int, int], den: int) -> dict[str, Any]:
    return {label: probability(Fraction(weights.get(k, 0), den))
            for k, label in MORALE_OUTCOMES.items()}


def shot_odds(
    catalogue: Catalogue, *, weapon: str | None = None, band: str | None = None,
    score: int | None = None, S: int | None = None, at: int | None = None,
    pinning: int | None = None, hail: bool | None = None, rof_trait: int | None = None,
    rg: int = 6, df: int = 4, cover: int = 0, telescopic_scope: bool = False,
    infrared_scope: bool = False, red_dot_laser: bool = False,
    cyber_linked_targeter: bool = False, aimed: bool = False, target_ran: bool = False,
    concealed: bool = False, rear: bool = False, shots: int = 1, tripod: bool = False,
    camouflage: int = 0, camouflage_reading: str = CAMOUFLAGE.default, large: int = 0,
    av: int = 0, critical_shot: bool = False, refractor: bool = False,
    deflector: bool = False, dc: int = 1, mr: int = 3, battle_hardened: bool = False,
    fanatic: bool = False, critical_shot_six: str = CRITICAL_SHOT_SIX.default,
    brain_dead: bool = False, pinned_last: bool = False, suppressed_last: bool = False,
) -> dict[str, Any]:
    """A whole shooting action: hit, avoid, RoF, wound, then the target's morale test.

    Parameters: weapon+band (or score, S, at, pinning, hail, rof_trait), rg, df, av, dc, mr,
    cover, concealed, rear, aimed, target_ran, large, shots (RoF), critical_shot,
    critical_shot_six, battle_hardened, fanatic, brain_dead, pinned_last, suppressed_last;
    the shooter's gear: telescopic_scope, infrared_scope, red_dot_laser,
    cyber_linked_targeter, tripod; the target's: camouflage (0-2), camouflage_reading,
    refractor, deflector.
    """
    shot = _shot_inputs(catalogue, Shooting(
        weapon, band, RawWeapon(score, S, at, pinning, hail, rof_trait), rg, df, cover,
        telescopic_scope, infrared_scope, red_dot_laser, cyber_linked_targeter, aimed,
        target_ran, concealed, rear, shots, tripod, camouflage, camouflage_reading, large))
    w = shot["weapon"]
    strength = _strength(w["S"], w["at"], av)
    # Critical Shot: "with a basic ranged weapon ... doubles its weapon's S value (though
    # not AT value)".
    critical = critical_shot and w["basic"] and not _uses_at(w["at"], av)
    reading = critical_shot_six
    on_hit = critical and reading != "wound"
    hit_s, six_s, crit_s = _hit_strengths(strength, critical and not on_hit, deflector)
    if on_hit:
        joint_score = critical_sixes.scoring_sixes(shot["dice_each"], shot["score"],
                                                   shot["reroll_failed"], shot["rear"])
        score_den = joint_score[1]
        scored = exact.marginal(joint_score[0], 0)
        hit_pairs = critical_sixes.hits_sixes(tuple(joint_score[0].items()), score_den,
                                              shot["df"], shot["concealed"],
                                              shot["avoid_score"], reading)
        hit_dist = (exact.marginal(hit_pairs[0], 0), hit_pairs[1])
    else:
        scored, score_den = exact.scoring(shot["dice_each"], shot["score"],
                                          shot["reroll_failed"], shot["rear"])
        hit_dist = exact.hits(tuple(scored.items()), score_den, shot["df"], shot["concealed"],
                              shot["avoid_score"])
        hit_pairs = ({(h, 0): wh for h, wh in hit_dist[0].items()}, hit_dist[1])
    avoid, avoid_den = exact.scoring(shot["df"], shot["avoid_score"], shot["concealed"])
    one, one_den = exact.one_shot_split(hit_pairs, hit_s, six_s, crit_s, av + shot["cover"],
                                        refractor)
    one, one_den = exact.reduced(one, one_den)
    shots = shot["shots"]
    joint = exact.for_morale(one, shots, dc)
    joint_den = one_den ** shots
    # Morale Tests: dice = hits + 1 + each damaging die (+1 pinned, +2 suppressed last turn,
    # + Pinning 'x'); the test follows the whole action point's shooting.
    extra = 1 + w["pinning"] + (1 if pinned_last else 0) + (2 if suppressed_last else 0)
    killed = 0
    by_dice: dict[int, int] = {}
    for (lost, morale_dice), weight in joint.items():
        if lost >= dc:
            killed += weight  # Wounding: "if this takes the target down to 0 Dc"
        else:
            n = morale_dice + extra
            by_dice[n] = by_dice.get(n, 0) + weight
    # Brain-dead: "never have to take a morale test".
    tests = {} if brain_dead else {
        n: _morale(n, mr, concealed=shot["in_concealment"], battle_hardened=battle_hardened,
                   fanatic=fanatic)
        for n in by_dice}
    # Every morale denominator is a power of six: the largest is a common one.
    morale_den = max((den for _, den in tests.values()), default=1)
    outcome = dict.fromkeys(MORALE_OUTCOMES, 0)
    for n, (m, m_den) in tests.items():
        scale = by_dice[n] * (morale_den // m_den)
        for code, wm in m.items():
            outcome[code] += scale * wm
    tested = Fraction(sum(by_dice.values()), joint_den)
    total = joint_den * morale_den
    report_outcome = {label: probability(Fraction(outcome[k], total))
                      for k, label in MORALE_OUTCOMES.items()}
    report_outcome["killed"] = probability(Fraction(killed, joint_den))
    if brain_dead:
        report_outcome["no morale test (brain-dead)"] = probability(tested)
    return {
        "query": "shot",
        "inputs": _named(w) | {"shots": shot["shots"], "dice_each": shot["dice_each"],
                             "concealed": shot["concealed"], "rear": shot["rear"],
                             "S_used": strength, "critical_shot": critical,
                             "critical_shot_six": reading,
                             "target_number_used": shot["score"],
                             "avoid_target_number": shot["avoid_score"], "refractor": refractor,
                             "S_per_hit": hit_s, **shot["gear"]},
        "to_hit": _report(scored, score_den),
        "avoid": _report(avoid, avoid_den),
        "hits_per_shot": _report(*hit_dist),
        "hits": _report(exact.add_up(exact.marginal(one, 0), shots), joint_den),
        "dc_lost": _report(exact.add_up(exact.marginal(one, 1), shots), joint_den),
        "damaging_dice": _report(exact.add_up(exact.marginal(one, 2), shots), joint_den),
        "outcome": report_outcome,
    }




# The book's "score" is a target number: reports use the name shared by every system.
_REPORT_NAMES = {"score": "target_number"}


def _named(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """A shot's inputs under the report's names (``target_number``, not ``score``)."""
    return {_REPORT_NAMES.get(key, key): value for key, value in inputs.items()}




def _setting(setting: Setting, meaning: str) -> Param:
    return text(setting.name, setting.default, f"setting: {meaning} ({setting.section})",
                setting.values)


_WEAPON = (
    text("weapon", None, "the weapon shot (with band); without one, the raw values below",
         catalogue_ids="weapon"),
    text("band", None, "the range band shot at", RANGE_BANDS),
    integer("target_number", 4, 2, 6, "score needed on each die, without a weapon",
            aliases=("score",), keyword="score"),
    integer("S", 3, 0, 20, "the weapon's S, without a weapon"),
    integer("at", 0, 0, 20, "the weapon's AT value, without a weapon"),
    integer("pinning", 0, 0, 10, "the weapon's Pinning value, without a weapon"),
    boolean("hail", "the weapon has Hail (ignores concealment), without a weapon"),
    integer("rof_trait", 0, 0, 10, "the weapon's RoF value, without a weapon"),
)
# What a shot without a weapon plays for a raw value not given, in the shot's key order.
_RAW_DEFAULTS = {f.name: next(p.default for p in _WEAPON if (p.keyword or p.name) == f.name)
                 for f in fields(RawWeapon)}
_SHOOTING = (
    integer("dice", 6, 0, 60, "the shooter's Rg: dice to hit", aliases=("rg",),
            keyword="rg"),
    integer("df", 4, 0, 60, "the target's Df: avoidance dice"),
    integer("cover", 0, 0, 10, "hard cover's Av bonus (the target is concealed too)"),
    *(boolean(name, f"the shooter's {name.replace('_', ' ')}") for name in SCOPES),
    boolean("aimed", "the shooter aimed: re-roll failed dice"),
    boolean("target_ran", "the target ran: re-roll failed dice"),
    boolean("concealed", "the target is concealed"),
    boolean("rear", "shot from the target's rear"),
    integer("shots", 1, 1, 10, "shots in the action (a RoF weapon: 1 or its value)"),
    boolean("tripod", "a stabilising tripod on a RoF weapon"),
    integer("camouflage", 0, 0, 2, "the target's Camouflage level (stationary)"),
    _setting(CAMOUFLAGE, "where camouflage works"),
    integer("large", 0, 0, 4, "the target's Large bonus to Rg"),
)
_WOUNDING = (
    integer("av", 0, 0, 20, "the target's Av"),
    boolean("critical_shot", "the shooter has Critical Shot"),
    boolean("refractor", "the target has a refractor field"),
    boolean("deflector", "the target has a deflector field"),
)
_MORALE = (
    integer("mr", 3, 0, 6, "the target's Mr"),
    boolean("battle_hardened", "the target is Battle-hardened"),
    boolean("fanatic", "the target is a Fanatic"),
)

QUERIES = (
    Query("shot", "A whole shooting action: hit, avoid, RoF, wound, then the target's morale "
          "test.",
          (*_WEAPON, *_SHOOTING, *_WOUNDING,
           integer("dc", 1, 1, 20, "the target's Dc left"),
           *_MORALE,
           _setting(CRITICAL_SHOT_SIX, "where Critical Shot's natural 6 counts"),
           boolean("brain_dead", "the target is Brain-dead (no morale test)"),
           boolean("pinned_last", "the target was pinned last turn"),
           boolean("suppressed_last", "the target was suppressed last turn")),
          shot_odds, "dc_lost", pass_defaults=False),
    Query("to_hit", "Scoring dice of one shot (Hitting).", (*_WEAPON, *_SHOOTING),
          to_hit_odds, "scores", root="scores", pass_defaults=False),
    Query("avoid", "Avoiding dice of the target (Df dice at 5+; concealed re-rolls failures).",
          (integer("df", 4, 0, 60, "the target's Df: avoidance dice"),
           boolean("concealed", "the target is concealed"),
           integer("camouflage", 0, 0, 2, "the target's Camouflage level (stationary)"),
           _setting(CAMOUFLAGE, "where camouflage works")),
          avoid_odds, "avoided", root="avoided", pass_defaults=False),
    Query("hits", "Hits of one shot after avoidance.", (*_WEAPON, *_SHOOTING), hits_odds,
          "hits", root="hits", pass_defaults=False),
    Query("wound", "Dc lost to a number of hits (Wounding).",
          (integer("hits", 1, 0, 30, "hits to wound with"),
           integer("S", 3, 0, 20, "the weapon's S"),
           integer("at", 0, 0, 20, "the weapon's AT value"),
           integer("cover", 0, 0, 10, "hard cover's Av bonus"),
           *_WOUNDING,
           integer("critical_hits", 0, 0, 30, "how many hits rolled a natural 6 to hit "
                   "(Critical Shot read on the roll to hit)")),
          wound_odds, "dc_lost", pass_defaults=False),
    Query("morale", "A morale test's outcome (Morale Tests).",
          (integer("dice", 1, 0, 40, "morale dice"),
           boolean("concealed", "the model is concealed (re-roll a failed die)"), *_MORALE),
          morale_odds, "failed_dice", pass_defaults=False),
)
