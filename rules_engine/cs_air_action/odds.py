"""Exact odds of Air Action shots and pilot checks ("Combat", "Firing Arcs", "Fate",
"Pilot Checks", "Movement", "Set Throttle", "Collisions with Other Planes", "Obstacles")."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dice import NATURAL_SIX, capped_target, hits, two_d6_weights
from rules_engine.cs_air_action.bail_out import (
    ROOKIE,
    bail_out_chance,
    experience_levels,
    heroic_acts,
    roll_modifier,
)
from rules_engine.cs_air_action.collisions import check_fails, collision_outcomes
from rules_engine.cs_air_action.planes import SYSTEM, Plane, ace_from_ref, plane_from_record
from rules_engine.cs_air_action.settings import (
    ACE_SHOTS_ROLL,
    CRITICAL_FAILURE_READINGS,
    EVERY_CHECK,
)
from rules_engine.cs_air_action.speed_effects import gunnery_modifiers
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Query, boolean, integer, one_of, text, within
from rules_engine.odds_report import chance_report, die_report, probability

REAR_ARC_BONUS_DICE = 1  # "add one attack die to the attack roll"
POINT_BLANK_MODIFIER = -1  # "within one movement marker ... reduce the target's silhouette by 1"
CRITICAL_FAILURE_TOTAL = 2  # "a critical failure (a roll with a total of 2)"


def shot_target(silhouette: int, point_blank: bool, modifier: int = 0) -> int:
    """The modified silhouette each die must reach, capped at 6 ("Combat")."""
    return capped_target(silhouette + modifier + (POINT_BLANK_MODIFIER if point_blank else 0))


def shot_dice(gunnery: int, rear_arc: bool, modifier: int = 0, fate: int = 0) -> int:
    """Attack dice: gunnery with speed-effect modifiers, +1 from the rear arc, + fate."""
    return max(0, gunnery + modifier) + (REAR_ARC_BONUS_DICE if rear_arc else 0) + fate


def shot_hits(dice: int, target: int, defensive_fate: bool = False) -> icepool.Die:
    """Hits of a shot; the target Ace's defensive fate lets only natural sixes through."""
    return hits(dice, NATURAL_SIX if defensive_fate else target)


def _plane(catalogue: Catalogue, figure: str, name: str) -> Any:
    record = catalogue.resolve(figure, "figure", SYSTEM)
    if record is None or record.data.get("kind") != "plane":
        raise BadDocument.at(f"params.{name}", f"no Air Action plane {figure!r} in the catalogue")
    return record


def _ace_attack(catalogue: Catalogue, plane: Plane, ace_clicks: int) -> int:
    """The attack value on the plane's Ace's dial after ``ace_clicks`` uses of fate."""
    ace = ace_from_ref(catalogue, plane.ace_ref, "params.ace") if plane.ace_ref else None
    if ace is None or ace.dial is None:
        raise BadDocument.at("params.ace", f"{plane.name} has no Aces figure with a combat dial "
                                           "in the catalogue to fly it")
    clicks = within("ace_clicks", ace_clicks, 0, ace.dial.clicks_to_ko - 1)
    return ace.dial.value("attack", clicks)


def shot(
    catalogue: Catalogue,
    dice: int = 3,
    silhouette: int = 4,
    shooter: str | None = None,
    target: str | None = None,
    damage: int = 0,
    weapon: str = "front",
    speed: int | None = None,
    rear_arc: bool = False,
    point_blank: bool = False,
    dice_modifier: int = 0,
    silhouette_modifier: int = 0,
    fate: int = 0,
    defensive_fate: bool = False,
    ace: bool = False,
    ace_clicks: int = 0,
    ace_shots_roll: str = "plane_gunnery",
) -> dict[str, Any]:
    """Hits of one shot: gunnery dice (speed effects, rear arc, fate) against silhouette.

    With ``shooter`` flown by its Ace (``ace=true``), ``ace_shots_roll`` picks the reading of
    "only the attack value and fate value on the combat dial of the Ace is used": the front
    shot rolls the plane's gunnery (``plane_gunnery``, default) or the attack value on the
    Ace's dial after ``ace_clicks`` uses of fate (``ace_attack``). A rear gunner is not the
    Ace and always rolls the rear gunnery.
    """
    reading, flown_by_ace = ace_shots_roll, ace
    dice_mod, sil_mod = dice_modifier, silhouette_modifier
    effects: list[str] = []
    rolled = "dice"
    if flown_by_ace and shooter is None:
        raise BadDocument.at("params.ace", "needs a shooter: the plane the Ace flies")
    if shooter is not None:
        record = _plane(catalogue, shooter, "shooter")
        plane = plane_from_record(catalogue, record, "params.shooter")
        if plane.dial is None:
            raise BadDocument.at("params.shooter", f"{plane.name} has no combat dial")
        taken = within("damage", damage, 0, plane.dial.clicks_to_ko - 1)
        gunnery = plane.dial.value(f"{weapon}_gunnery", taken)
        rolled = f"{weapon}_gunnery"
        if flown_by_ace:
            attack = _ace_attack(catalogue, plane, ace_clicks)
            if weapon == "front" and reading == "ace_attack":
                gunnery, rolled = attack, "ace_attack"
        if speed is not None:
            mods = gunnery_modifiers(catalogue, record, speed, weapon)
            dice_mod += mods.dice
            sil_mod += mods.silhouette
            effects = list(mods.effects)
    else:
        gunnery = dice
    if target is not None:
        sil = int(_plane(catalogue, target, "target").data["base"]["silhouette"])
    else:
        sil = silhouette
    n = shot_dice(gunnery, rear_arc, dice_mod, fate)
    to_hit = shot_target(sil, point_blank, sil_mod)
    fated = defensive_fate
    return {
        "query": "shot", "dice": n, "rolled": rolled, "ace_shots_roll": reading,
        "target_number": to_hit, "speed_effects": effects,
        "defensive_fate": fated, "hits": die_report(shot_hits(n, to_hit, fated)),
    }


def defensive_fate(catalogue: Catalogue, dice: int, silhouette: int,
                   point_blank: bool = False) -> dict[str, Any]:
    """Hits on an Ace's plane with and without defensive fate (natural sixes still hit)."""
    n = dice
    to_hit = shot_target(silhouette, point_blank)
    return {
        "query": "defensive_fate", "dice": n, "target_number": to_hit,
        "without_fate": die_report(shot_hits(n, to_hit)),
        "with_fate": die_report(shot_hits(n, to_hit, defensive_fate=True)),
    }


def pilot_check_chances(piloting: int, reading: str = EVERY_CHECK) -> tuple[Fraction, Fraction]:
    """(success, critical failure): 2d6 at or above piloting succeeds. A total of 2 is a
    critical failure that always fails: in every pilot check (``every-check``, the default
    reading) or only in collisions, where the book states it (``collisions-only``), so
    elsewhere a 2 is just a total of 2."""
    weights = two_d6_weights()
    critical = reading == EVERY_CHECK
    success = sum(w for t, w in weights.items()
                  if not (check_fails(t, piloting) if critical else t < piloting))
    return (Fraction(success, 36),
            Fraction(weights[CRITICAL_FAILURE_TOTAL], 36) if critical else Fraction(0))


PURPOSES = ("check", "redline", "throttle_two", "obstacle")


def pilot_check(catalogue: Catalogue, piloting: int, purpose: str = "check",
                current_speed: int = 3,
                critical_failure: str = EVERY_CHECK) -> dict[str, Any]:
    """A pilot check (2d6 >= piloting) and the clicks of damage it costs for its purpose."""
    value, why, reading = piloting, purpose, critical_failure
    success, critical = pilot_check_chances(value, reading)
    fail = 1 - success
    if why == "obstacle":
        # "If the pilot check is successful, the plane takes 1 click of damage. If ...
        # unsuccessful, the plane takes clicks of damage equal to its current speed."
        speed = current_speed
        weights = {1: success, speed: fail} if speed != 1 else {1: Fraction(1)}
    elif why == "check":
        weights = {0: Fraction(1)}
    else:
        # redlining and throttling two clicks: a failure gives the plane 1 click of damage
        weights = {0: success, 1: fail}
    damage = icepool.Die({k: v for k, v in _scaled(weights).items() if v})
    return {
        "query": "pilot_check", "piloting": value, "purpose": why,
        "critical_failure_reading": reading,
        **chance_report(success, "success"),
        "critical_failure": probability(critical),
        "damage": die_report(damage),
    }


def _scaled(weights: dict[int, Fraction]) -> dict[int, int]:
    denominator = 36
    return {k: int(v * denominator) for k, v in weights.items()}


def collision(
    catalogue: Catalogue,
    piloting_a: int,
    piloting_b: int,
    clicks_left_a: int,
    clicks_left_b: int,
    fate_a: bool = False,
    fate_b: bool = False,
) -> dict[str, Any]:
    """Two planes' final markers overlap: damage to each, serious collisions included."""
    outcome = collision_outcomes(
        piloting_a, piloting_b, clicks_left_a, clicks_left_b, fate_a, fate_b
    )
    return {
        "query": "collision",
        "damage_a": die_report(outcome.damage_a),
        "damage_b": die_report(outcome.damage_b),
        "serious": probability(outcome.serious),
        "destroyed_a": probability(outcome.destroyed_a),
        "destroyed_b": probability(outcome.destroyed_b),
    }


def bail_out(
    catalogue: Catalogue,
    bail_out_value: int,
    level: str = ROOKIE,
    heroic_act: str = "none",
    rookie_bail_out_modifier: int | None = None,
) -> dict[str, Any]:
    """Chance a shot-down pilot bails out (2d6 + level modifier >= value + heroic act)."""
    value = bail_out_value
    levels = experience_levels(catalogue)
    acts = heroic_acts(catalogue)
    chosen = one_of("level", level, levels)
    act = one_of("heroic_act", heroic_act, ("none", *acts))
    rookie = rookie_bail_out_modifier
    roll_mod = roll_modifier(catalogue, chosen, rookie)
    act_name, value_mod = acts.get(act, (None, 0))
    return {
        "query": "bail_out", "bail_out_value": value + value_mod, "level": chosen,
        "roll_modifier": roll_mod, "heroic_act": act_name,
        "rookie_bail_out_modifier": roll_modifier(catalogue, ROOKIE, rookie),
        **chance_report(bail_out_chance(value, roll_mod, value_mod), "bailed_out"),
    }




_DICE = integer("dice", 3, 0, 30, "attack dice (gunnery) when no shooter is given")
_SILHOUETTE = integer("target_number", 4, 0, 20, "the target's silhouette when no target "
                      "plane is given (above 6 counts as 6)", aliases=("silhouette",),
                      keyword="silhouette")
_POINT_BLANK = boolean("point_blank", "within one movement marker: silhouette -1")

QUERIES = (
    Query("shot", "Hits of one shot: gunnery dice (speed effects, rear arc, fate) against "
          "silhouette.",
          (_DICE, _SILHOUETTE,
           text("shooter", None, "the shooting plane: its dial gives the dice",
                catalogue_ids="figure"),
           text("target", None, "the target plane: its silhouette", catalogue_ids="figure"),
           integer("damage", 0, 0, 20, "clicks of damage the shooter has taken"),
           text("weapon", "front", "which guns fire", ("front", "rear")),
           integer("speed", None, 0, 10, "the shooter's current speed (speed effects)"),
           boolean("rear_arc", "shooting from the target's rear arc: one more die"),
           _POINT_BLANK,
           integer("dice_modifier", 0, -10, 10, "added to the dice"),
           integer("target_number_modifier", 0, -10, 10, "added to the silhouette",
                   keyword="silhouette_modifier"),
           integer("fate", 0, 0, 10, "offensive fate dice"),
           boolean("defensive_fate", "the target's Ace uses fate: only natural sixes hit"),
           boolean("ace", "the shooter is flown by its Ace"),
           integer("ace_clicks", 0, 0, 20, "uses of fate already clicked on the Ace's dial"),
           text("ace_shots_roll", "plane_gunnery", "what an Ace's front shot rolls",
                ACE_SHOTS_ROLL)),
          shot, "hits"),
    Query("defensive_fate", "Hits on an Ace's plane with and without defensive fate.",
          (_DICE, _SILHOUETTE, _POINT_BLANK), defensive_fate, "with_fate"),
    Query("pilot_check", "A pilot check (2d6 >= piloting) and the clicks of damage it costs.",
          (integer("piloting", 7, 0, 20, "the piloting value"),
           text("purpose", "check", "why the check is made: damage on failure follows",
                PURPOSES),
           integer("current_speed", 3, 0, 10, "the plane's current speed (obstacles)"),
           text("critical_failure", EVERY_CHECK, "a total of 2 fails every pilot check "
                "(the engine's reading) or only in collisions, where the book states it",
                CRITICAL_FAILURE_READINGS)),
          pilot_check, "success"),
    Query("collision", "Two planes' final markers overlap: damage to each.",
          (integer("piloting_a", 7, 0, 20, "plane A's piloting value"),
           integer("piloting_b", 7, 0, 20, "plane B's piloting value"),
           integer("clicks_left_a", 3, 1, 20, "clicks plane A can take before it is down"),
           integer("clicks_left_b", 3, 1, 20, "clicks plane B can take before it is down"),
           boolean("fate_a", "plane A's Ace uses fate against a serious collision"),
           boolean("fate_b", "plane B's Ace uses fate against a serious collision")),
          collision, "damage_a"),
    Query("bail_out", "Chance a shot-down pilot bails out (2d6 + level modifier >= value).",
          (integer("bail_out_value", 7, 0, 20, "the plane's bail out value"),
           text("level", ROOKIE, "the pilot's experience level (an experience-levels row)"),
           text("heroic_act", "none", "a heroic act attempted first (a heroic-acts row)"),
           integer("rookie_bail_out_modifier", None, -3, 3, "a Rookie's roll modifier "
                   "(setting; null keeps the table's)")),
          bail_out, "bailed_out"),
)
