"""One shot of Crimson Dust (Shooting > Hitting), from the roll to hit to the hits left after
the target's avoidance roll; the wounding and the morale test are their own procedures.

A RoF weapon's shots are resolved one at a time (each its own avoidance roll, ruling 12),
then one ``morale`` test follows the action point with all their hits and damaging dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust.content import RANGE_BANDS, Weapon, content_of
from rules_engine.crimson_dust.procedures_common import (
    Plan,
    dice_word,
    faces,
    ones_beat_sixes,
    plus,
    reroll_failed,
    scoring,
)
from rules_engine.crimson_dust.settings import CAMOUFLAGE
from rules_engine.crimson_dust.shooting_gear import (
    SCOPE_BARRED_TRAITS,
    SCOPES,
    avoid_score,
    scope_effects,
    tripod_dice_lost,
)
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, boolean, integer, text
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step

SHOOTING, HITTING, CONCEALMENT, AIMING = "Shooting", "Hitting", "Concealment", "Aiming"
REAR, AMMO, ROF = "Rear Shots", "1s, 6s and Out of Ammo", "Weaponry"
GUN_FIGHTER = "Extra Abilities > Gun Fighter"
CRITICAL = "Extra Abilities > Critical Shot"
# Critical Shot read on the roll to hit: which scoring dice an avoiding die cancels
# (ruling 18). The random reading is for odds only: at a table it would need another roll.
CRITICAL_READINGS = ("wound", "hit-sixes-kept", "hit-sixes-cancelled")


def half_up(n: int) -> int:
    return (n + 1) // 2


def hit_dice(params: Mapping[str, Any]) -> int:
    """Dice each attack rolls: Rg (halved rounding up on the move), the large-target bonus,
    the cyber-linked targeter's +1, less a RoF volley's x (halved with a tripod)."""
    rg = half_up(params["rg"]) if params["moved"] else params["rg"]
    n = rg + params["large"] + int(params["cyber_linked_targeter"])
    return max(0, int(n) - tripod_dice_lost(params["shots"], params["tripod"]))


def _check(params: Mapping[str, Any]) -> None:
    """What the situation alone rules out, before any die is rolled."""
    for first, again in (
        ("rear_reroll", "to_hit_rerolls"),
        ("second_rear_reroll", "second_to_hit_rerolls"),
    ):
        if params[first] and params[again]:
            raise BadDocument.at(
                f"params.{again}",
                "a rear shot re-rolls all the dice: no die is re-rolled twice (Re-rolls)",
            )
    if params["second_pistol"] is None:
        for name in ("second_to_hit_rerolls", "second_rear_reroll"):
            if params[name]:
                raise BadDocument.at(f"params.{name}", "only with a second_pistol")
    if params["aimed"] and params["shots"] > 1:
        raise BadDocument.at("params.aimed", "a weapon with the RoF rule cannot aim (Aiming)")


def _plan(params: Mapping[str, Any]) -> Plan:
    _check(params)
    n = hit_dice(params)
    plan = Plan()
    pistols = ("hit",) if params["second_pistol"] is None else ("hit", "hit2")
    for key in pistols:
        prefix = "" if key == "hit" else "second_"
        which = "" if key == "hit" else " (second pistol)"
        plan.add(key, n, f"to hit{which}")
        again = n if params[f"{prefix}rear_reroll"] else params[f"{prefix}to_hit_rerolls"]
        plan.add(f"{key}_again", again, f"re-rolled to hit{which}")
    plan.add("avoid", params["df"], "the target's avoidance roll")
    plan.add("avoid_again", params["avoid_rerolls"], "re-rolled avoidance dice")
    return plan


def _dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return _plan(params).dice()


@dataclass(frozen=True)
class Gun:
    """The weapon values a shot needs, from the catalogue or given directly."""

    id: str | None
    name: str
    score: int | None
    traits: tuple[str, ...]
    basic: bool
    S: int | None = None
    at: int = 0
    pinning: int = 0


def _gun(weapon: Weapon, band: str | None, param: str) -> Gun:
    if band is None:
        raise BadDocument.at("params.band", f"the {weapon.name} needs the range band shot at")
    score = weapon.to_hit.get(band)
    if score is None:
        raise BadDocument.at(f"params.{param}", f"a {weapon.name} cannot shoot at {band} units")
    return Gun(
        weapon.id,
        weapon.name,
        score,
        weapon.traits,
        weapon.is_basic,
        weapon.S,
        weapon.trait("at") or 0,
        weapon.trait("pinning") or 0,
    )


def _guns(catalogue: Catalogue, params: Mapping[str, Any]) -> list[Gun]:
    """The weapon shot (and a Gun Fighter's second pistol), every catalogue check made."""
    if params["weapon"] is None:
        if params["second_pistol"] is not None:
            raise BadDocument.at("params.weapon", "a Gun Fighter names both pistols")
        traits: tuple[str, ...] = ("hail",) if params["hail"] else ()
        if params["moved"]:
            traits += ("move-and-fire",)
        return [Gun(None, "weapon", params["target_number"], traits, True)]
    weapons = content_of(catalogue).weapons
    guns = []
    for param in ("weapon", "second_pistol"):
        wid = params[param]
        if wid is None:
            continue
        weapon = weapons.get(wid)
        if weapon is None or all(v is None for v in weapon.to_hit.values()):
            raise BadDocument.at(f"params.{param}", f"there is no ranged weapon {wid!r}")
        guns.append(_gun(weapon, params["band"], param))
    if params["hail"]:
        raise BadDocument.at("params.hail", "the weapon says whether it has Hail")
    if len(guns) == 2 and not all("pistol" in g.traits for g in guns):
        raise BadDocument.at(
            "params.second_pistol",
            "Gun Fighter: 'The model can shoot 2 "
            "pistols at the same time': both weapons must be pistols",
        )
    return guns


def _check_gun(gun: Gun, params: Mapping[str, Any], scopes: list[str]) -> None:
    rof = "rof" in gun.traits or (gun.id is None and params["shots"] > 1)
    if params["shots"] > 1 and not rof:
        raise BadDocument.at("params.shots", f"the {gun.name} has no RoF: one shot an action")
    if params["tripod"] and not rof:
        raise BadDocument.at(
            "params.tripod", "a stabilising tripod is fitted to a weapon with the RoF rule"
        )
    if params["aimed"] and "rof" in gun.traits:
        raise BadDocument.at("params.aimed", "a weapon with the RoF rule cannot aim (Aiming)")
    if params["moved"] and "move-and-fire" not in gun.traits:
        raise BadDocument.at("params.moved", f"the {gun.name} is not a move and fire weapon")
    barred = next((t for t in SCOPE_BARRED_TRAITS if t in gun.traits), None)
    if scopes and barred:
        raise BadDocument.at(
            f"params.{scopes[0]}",
            f"a scope may not be fitted to a weapon with the {barred} rule (Scopes)",
        )


def _check_rof(catalogue: Catalogue, params: Mapping[str, Any]) -> None:
    wid = params["weapon"]
    if wid is None or params["shots"] == 1:
        return
    weapon = content_of(catalogue).weapons[wid]
    x = weapon.trait("rof")
    if x is not None and params["shots"] != x:
        raise BadDocument.at(
            "params.shots", f"the {weapon.name} fires 1 or {x} shots in one action (RoF 'x')"
        )


def _run(
    catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    plan = _plan(params)
    got = plan.read(rolls)
    guns = _guns(catalogue, params)
    scopes = [s for s in SCOPES if params[s]]
    for gun in guns:
        _check_gun(gun, params, scopes)
    _check_rof(catalogue, params)
    gun_fighter = len(guns) == 2
    if gun_fighter and scopes:
        raise BadDocument.at(
            f"params.{scopes[0]}", "Gun Fighter: 'May not be combined with any scopes'"
        )
    band = params["band"]
    for name in ("telescopic_scope", "red_dot_laser"):
        if name in scopes and band is None:
            raise BadDocument.at(
                "params.band", f"the {name.replace('_', ' ')} needs the range band shot at"
            )
    steps: list[Step] = []
    n = hit_dice(params)
    steps.append(Step(_dice_words(params, n), HITTING))
    scope = scope_effects(scopes, band, params["aimed"])
    in_concealment = params["concealed"] or params["cover"] > 0
    hail = all("hail" in g.traits for g in guns)
    concealed = (in_concealment or gun_fighter) and not hail and not scope.ignore_concealment
    rear = params["rear"]
    if concealed and rear:
        steps.append(
            Step(
                "The target is concealed and shot from its rear: the effects cancel "
                "out, so no re-rolls for either side.",
                CONCEALMENT,
            )
        )
        concealed = rear = False
    elif in_concealment and not concealed:
        why = "the weapon has Hail" if hail else "the infrared scope sees through it"
        steps.append(
            Step(f"The target is in concealment but {why}: no avoidance re-rolls.", CONCEALMENT)
        )
    reroll_ok = params["aimed"] or params["target_ran"] or scope.reroll_failed
    why_not = "the shooter did not aim, the target did not run and no red dot laser helps"
    ignore_ones = params["aimed"] and params["target_ran"]
    attacks: list[dict[str, Any]] = []
    changes: list[Change] = []
    for key, gun in zip(("hit", "hit2"), guns, strict=False):
        prefix = "" if key == "hit" else "second_"
        score = max(1, (gun.score or 6) - scope.score_bonus)
        first = got.get(key, [])
        again = got.get(f"{key}_again", [])
        label = f"the {gun.name}" if gun.id else "the weapon"
        if scope.score_bonus:
            steps.append(
                Step(
                    f"Aiming with a telescopic scope at over 18 units: {label} "
                    f"scores one better, on {plus(score)}.",
                    "Extra Equipment > Scopes",
                )
            )
        steps.append(
            Step(
                f"{label[0].upper()}{label[1:]} needs {plus(score)} at {band or 'this range'}"
                f": {faces(first)} scores {dice_word(scoring(first, score))}.",
                HITTING,
            )
        )
        if params[f"{prefix}rear_reroll"]:
            if not rear:
                raise BadDocument.at(
                    f"params.{prefix}rear_reroll",
                    "only a rear shot re-rolls all its dice (Rear Shots)",
                )
            final = again
            steps.append(
                Step(
                    f"A rear shot: all the dice are re-rolled and the second roll "
                    f"stands: {faces(final)} scores {dice_word(scoring(final, score))}"
                    ".",
                    REAR,
                )
            )
        else:
            final = reroll_failed(
                first, score, again, f"{prefix}to_hit_rerolls", reroll_ok, why_not
            )
            if again:
                steps.append(
                    Step(_reroll_words(params, scope.reroll_failed, again, final, score), AIMING)
                )
        scored = scoring(final, score)
        attacks.append(
            {
                "weapon": gun.id,
                "target_number": score,
                "dice": n,
                "rolled": final,
                "scored": scored,
                "natural_sixes": final.count(6),
            }
        )
        if not ignore_ones and ones_beat_sixes(final):
            steps.append(
                Step(
                    f"More 1s than 6s: {label} is out of ammo, jammed or overheated. "
                    "The shot works as normal, but the weapon is not used again "
                    "until an In skill test with a difficulty of its tech rating.",
                    AMMO,
                )
            )
            changes.append(
                Change(
                    "attacker",
                    "out_of_ammo",
                    value=gun.id or "weapon",
                    text=f"{label} is out of ammo",
                )
            )
        elif ignore_ones and final.count(1) > final.count(6):
            steps.append(
                Step(
                    "Aiming at a model that ran: the 1s rolled are ignored, so the "
                    "weapon does not run out of ammo.",
                    AIMING,
                )
            )
    if gun_fighter:
        steps.append(
            Step(
                "Gun Fighter: the two pistols roll to hit separately and the target "
                "counts as concealed; one avoidance roll is taken from each attack.",
                GUN_FIGHTER,
            )
        )
    a_score = avoid_score(params["camouflage"], in_concealment, params["camouflage_reading"])
    avoid_first, avoid_again = got.get("avoid", []), got.get("avoid_again", [])
    steps.append(
        Step(
            f"The target rolls its Df in avoidance dice, each {plus(a_score)} "
            f"cancels a score: {faces(avoid_first)} scores "
            f"{dice_word(scoring(avoid_first, a_score))}.",
            HITTING,
        )
    )
    avoid_final = reroll_failed(
        avoid_first,
        a_score,
        avoid_again,
        "avoid_rerolls",
        concealed,
        "the target is not concealed (or the effect is cancelled)",
    )
    if avoid_again:
        steps.append(
            Step(
                f"The concealed target re-rolls {dice_word(len(avoid_again))} that "
                f"failed: {faces(avoid_again)}, so {faces(avoid_final)}.",
                CONCEALMENT,
            )
        )
    avoided = scoring(avoid_final, a_score)
    total = 0
    for attack, gun in zip(attacks, guns, strict=True):
        hits = max(0, attack["scored"] - avoided)
        attack["hits"] = hits
        total += hits
        attack["critical_hits"] = _critical(params, gun, attack)
        label = f"the {gun.name}" if gun.id else "the weapon"
        steps.append(
            Step(
                f"{attack['scored']} scored less {avoided} avoided: {label} hits "
                f"with {dice_word(hits)}.",
                HITTING,
            )
        )
        if attack["critical_hits"]:
            steps.append(
                Step(
                    f"Critical Shot: {dice_word(attack['critical_hits'])} of these "
                    f"hits rolled a natural 6 to hit and wound with double S.",
                    CRITICAL,
                )
            )
        steps += _area_steps(gun, attack, changes)
    if params["shots"] > 1:
        steps.append(
            Step(
                f"This is one of the {params['shots']} shots of a RoF volley: "
                "resolve each, then one morale test for the action point.",
                ROF,
            )
        )
    outcome: dict[str, Any] = {
        "attacks": attacks,
        "avoided": avoided,
        "avoid_target_number": a_score,
        "hits": total,
        "concealed": concealed,
        "rear": rear,
    }
    for gun in guns:
        if gun.id is not None and gun.S is None:
            steps.append(
                Step(
                    f"The book's text prints no S for the {gun.name}: the players agree the S "
                    "its hits wound with.",
                    "Weaponry",
                )
            )
    if guns[0].id is not None:
        outcome["wound_with"] = [
            {"weapon": g.id, "S": g.S, "at": g.at, "pinning": g.pinning} for g in guns
        ]
    return Resolution(outcome, steps, changes)


def _area_steps(gun: Gun, attack: Mapping[str, Any], changes: list[Change]) -> list[Step]:
    """What a Flame-thrower or Blast weapon adds to the hits (Weaponry)."""
    if "flame-thrower" in gun.traits:
        steps = [
            Step(
                "Flame-thrower: the one roll to hit serves every model within 1 unit of the "
                "line; each rolls its own avoidance (resolve it with the same dice to hit).",
                "Weaponry > Flame-thrower (x)",
            )
        ]
        if attack["hits"]:
            steps.append(
                Step(
                    "A model that takes a hit from a flame-thrower is at least pinned.",
                    "Weaponry > Flame-thrower (x)",
                )
            )
            changes.append(Change("target", "pinned", value=True, text="pinned by the flames"))
        return steps
    if "blast" in gun.traits:
        if attack["hits"]:
            return [
                Step(
                    "Blast: every model wholly inside the blast's radius is hit; one partly "
                    "inside takes a Df skill test of difficulty "
                    f"{attack['scored']} (the shooter's scoring dice).",
                    "Weaponry > Blast (x)",
                )
            ]
        return [Step("The blast missed: roll its scatter (blast-scatter).", "Weaponry > Blast (x)")]
    return []


def _critical(params: Mapping[str, Any], gun: Gun, attack: Mapping[str, Any]) -> int:
    """Hits from natural 6s to hit, under Critical Shot read on the roll to hit."""
    reading = params["critical_shot_six"]
    if not params["critical_shot"] or reading == "wound" or not gun.basic:
        return 0
    sixes, scored, hits = attack["natural_sixes"], attack["scored"], attack["hits"]
    if reading == "hit-sixes-kept":
        return int(min(sixes, hits))
    return int(max(0, hits - (scored - sixes)))


def _dice_words(params: Mapping[str, Any], n: int) -> str:
    parts = [f"Rg {params['rg']}"]
    if params["moved"]:
        parts = [f"Rg {params['rg']} halved to {half_up(params['rg'])} for moving and firing"]
    if params["large"]:
        parts.append(f"+{params['large']} for a large target")
    if params["cyber_linked_targeter"]:
        parts.append("+1 for the cyber-linked targeter")
    lost = tripod_dice_lost(params["shots"], params["tripod"])
    if lost:
        tripod = " (halved by the tripod)" if params["tripod"] else ""
        parts.append(f"-{lost} for firing {params['shots']} shots with RoF{tripod}")
    return f"Roll {dice_word(n)} to hit: {', '.join(parts)}."


def _reroll_words(
    params: Mapping[str, Any], red_dot: bool, again: Sequence[int], final: Sequence[int], score: int
) -> str:
    why = (
        "the shooter aimed"
        if params["aimed"]
        else "the target ran last activation"
        if params["target_ran"]
        else "the red dot laser counts as aiming"
    )
    if params["aimed"] and params["target_ran"]:
        why = "the shooter aimed at a model that ran (one re-roll, not two)"
    return (
        f"Failed dice are re-rolled because {why}: {faces(again)}, so {faces(final)} "
        f"scores {dice_word(scoring(final, score))}."
    )


def _setting(name: str, default: str, meaning: str, choices: tuple[str, ...]) -> Param:
    return text(name, default, meaning, choices)


PARAMS: tuple[Param, ...] = (
    text(
        "weapon",
        None,
        "the weapon shot (a catalogue id, with band); without one, target_number",
        catalogue_ids="weapon",
    ),
    text("band", None, "the range band shot at, as the weapon's profile prints it", RANGE_BANDS),
    integer("target_number", 4, 2, 6, "the score needed on each die, without a weapon"),
    boolean("hail", "the weapon has Hail (ignores concealment), without a weapon"),
    integer("rg", 6, 0, 30, "the shooter's Rg as it stands (wounds applied)"),
    integer("large", 0, 0, 4, "the target's Large Targets bonus to Rg (mounted man 1 ... tank 4)"),
    boolean("moved", "a move and fire weapon shot on the move: Rg halved"),
    integer("shots", 1, 1, 10, "shots this action point: 1, or a RoF weapon's x"),
    boolean("tripod", "a stabilising tripod on the RoF weapon"),
    boolean("aimed", "the shooter spent an action point aiming: re-roll failed dice"),
    boolean("target_ran", "the target ran in its last activation: re-roll failed dice"),
    boolean("rear", "shot at the target's rear"),
    boolean("concealed", "the target is concealed (woodland, gone to ground, moved over 15 units)"),
    integer("cover", 0, 0, 10, "the Av bonus of the target's hard cover (it is concealed too)"),
    *(boolean(name, f"the shooter's {name.replace('_', ' ')}") for name in SCOPES),
    integer("df", 4, 0, 30, "the target's Df as it stands: avoidance dice"),
    integer("camouflage", 0, 0, 2, "the target's Camouflage level, if it was stationary"),
    _setting(
        CAMOUFLAGE.name,
        CAMOUFLAGE.default,
        f"setting: where camouflage works ({CAMOUFLAGE.section})",
        CAMOUFLAGE.values,
    ),
    text(
        "second_pistol",
        None,
        "Gun Fighter: the second pistol shot at the same time",
        catalogue_ids="weapon",
    ),
    boolean("critical_shot", "the shooter has Critical Shot"),
    _setting(
        "critical_shot_six",
        "wound",
        "setting: where Critical Shot's natural 6 counts "
        "(on the roll to hit, which scoring dice the avoidance cancels first)",
        CRITICAL_READINGS,
    ),
    integer(
        "to_hit_rerolls",
        0,
        0,
        30,
        "failed dice to hit re-rolled (aimed, target ran, red dot laser): the lowest first",
    ),
    boolean("rear_reroll", "a rear shot's choice to re-roll all the dice to hit"),
    integer("second_to_hit_rerolls", 0, 0, 30, "the second pistol's failed dice re-rolled"),
    boolean("second_rear_reroll", "the second pistol's rear re-roll of all its dice"),
    integer("avoid_rerolls", 0, 0, 30, "failed avoidance dice the concealed target re-rolls"),
)

SHOT = Procedure(
    "shot",
    "One shot: Rg dice at the weapon's score for the range band (RoF, aiming, rear, "
    "large targets, Gun Fighter's two pistols), less the target's Df avoidance dice at 5+.",
    SHOOTING,
    PARAMS,
    _dice,
    _run,
    roles=("attacker", "target"),
)
