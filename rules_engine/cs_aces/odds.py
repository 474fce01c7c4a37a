"""Exact odds of Aces attacks ("Resolving an Attack", "Capturing", "Escaping", "Fate",
"Breaking Away", "Hindering Terrain"), as the odds queries of ``QUERIES``."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Any

import icepool

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dice import NATURAL_SIX, capped_target, hits
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, Query, boolean, integer
from rules_engine.odds_report import chance_report, die_report, probability

CAPTURE_DICE_PENALTY = 2  # "your character's attack value is reduced by 2"
HINDERING_MODIFIER = 1  # "adds 1 to the target's defense value"
BREAK_AWAY_MIN = 4  # "On a result of 4, 5, or 6, the character succeeds"


def modified_defense(defense: int, hindering: bool, cap_before_modifiers: bool = False) -> int:
    """The number each die must reach.

    The book caps a defense above 6 at 6 and adds 1 for hindering terrain without saying
    which comes first; by default the cap applies to the modified value (so a 6 always
    hits), and ``cap_before_modifiers`` gives the other reading (defense 6 in hindering
    terrain becomes 7 and cannot be hit).
    """
    bonus = HINDERING_MODIFIER if hindering else 0
    if cap_before_modifiers:
        return max(1, min(6, defense) + bonus)
    return capped_target(defense + bonus)


def attack_hits(dice: int, target: int, defensive_fate: bool = False) -> icepool.Die:
    """Hits of an attack; with the target's defensive fate only natural sixes still hit."""
    if target > NATURAL_SIX:
        return icepool.Die([0])
    return hits(dice, NATURAL_SIX if defensive_fate else target)


def attack(
    catalogue: Catalogue,
    attack: int,
    defense: int,
    hindering: bool = False,
    fate: int = 0,
    defensive_fate: bool = False,
    cap_before_modifiers: bool = False,
) -> dict[str, Any]:
    """Hits of one attack: attack dice (+ offensive fate) against defense (capped at 6)."""
    dice = attack + fate
    target = modified_defense(defense, hindering, cap_before_modifiers)
    return {
        "query": "attack", "dice": dice, "target_number": target,
        "defensive_fate": defensive_fate,
        "hits": die_report(attack_hits(dice, target, defensive_fate)),
    }


def capture(
    catalogue: Catalogue,
    attack: int,
    defense: int,
    fate: int = 0,
    defensive_fate: bool = False,
) -> dict[str, Any]:
    """Chance a close combat capture attempt (two fewer dice, any hit captures) succeeds."""
    dice = max(0, attack - CAPTURE_DICE_PENALTY) + fate
    target = capped_target(defense)
    die = attack_hits(dice, target, defensive_fate)
    return {
        "query": "capture", "dice": dice, "target_number": target,
        **chance_report(Fraction(die.probability(">=", 1)), "captured"),
    }


def _best_assignment(faces: tuple[int, ...], targets: list[int]) -> tuple[int, ...]:
    """Which targets the attacker hits when assigning one die each after rolling: as many as
    possible, earlier-listed targets first among equally many."""
    dice = sorted(faces, reverse=True)
    best: tuple[int, ...] = ()
    for size in range(len(targets), 0, -1):
        for subset in itertools.combinations(range(len(targets)), size):
            need = sorted((targets[i] for i in subset), reverse=True)
            if all(d >= n for d, n in zip(dice, need, strict=False)) and len(dice) >= size:
                return subset
    return best


MAX_MULTI_TARGET_DICE = 12
"""Dice of a multi-target attack, fate included: every roll is enumerated."""


def multi_target(
    catalogue: Catalogue,
    attack: int,
    defenses: list[int],
    fate: int = 0,
    hindering: bool = False,
    cap_before_modifiers: bool = False,
) -> dict[str, Any]:
    """Targets hit by a ranged attack on several targets (one die assigned to each)."""
    dice = attack + fate
    if dice > MAX_MULTI_TARGET_DICE:
        raise BadDocument.at("params.attack", f"at most {MAX_MULTI_TARGET_DICE} dice with "
                                              "fate for a multi-target attack")
    targets = [modified_defense(d, hindering, cap_before_modifiers) for d in defenses]
    total: Counter[int] = Counter()
    per_target: Counter[int] = Counter()
    for faces in itertools.combinations_with_replacement(range(1, 7), dice):
        counts = Counter(faces)
        ways = math.factorial(dice)
        for c in counts.values():
            ways //= math.factorial(c)
        chosen = _best_assignment(faces, targets)
        total[len(chosen)] += ways
        for i in chosen:
            per_target[i] += ways
    outcomes = 6**dice
    die = icepool.Die({k: v for k, v in total.items()})
    return {
        "query": "multi_target", "dice": dice, "target_numbers": targets,
        "targets_hit": die_report(die),
        "target_hit_chance": [probability(Fraction(per_target[i], outcomes))
                              for i in range(len(targets))],
        "assignment": "as many targets as possible, earlier-listed targets first",
    }


def escape(
    catalogue: Catalogue,
    captive_attack: int,
    captive_defense: int,
    captor_attack: int,
    captor_defense: int,
    captive_fate: int = 0,
    captor_fate: int = 0,
) -> dict[str, Any]:
    """Chance a captive escapes: its hits must outnumber its captor's (fate only offensive)."""
    captive_dice = captive_attack + captive_fate
    captor_dice = captor_attack + captor_fate
    captive_hits = hits(captive_dice, capped_target(captor_defense))
    captor_hits = hits(captor_dice, capped_target(captive_defense))
    escaped = Fraction((captive_hits > captor_hits).probability(True))
    return {
        "query": "escape", "captive_dice": captive_dice, "captor_dice": captor_dice,
        "captive_hits": die_report(captive_hits), "captor_hits": die_report(captor_hits),
        **chance_report(escaped, "escaped"),
    }


def break_away(catalogue: Catalogue) -> dict[str, Any]:
    """Chance of breaking away from adjacent enemies (one d6, 4-6 succeeds)."""
    return {"query": "break_away",
            **chance_report(Fraction(icepool.d6.probability(">=", BREAK_AWAY_MIN)), "broke_away")}


def defensive_fate(
    catalogue: Catalogue, attack: int, defense: int, hindering: bool = False,
    cap_before_modifiers: bool = False,
) -> dict[str, Any]:
    """Hits an Ace takes with and without defensive fate (only natural sixes get through)."""
    target = modified_defense(defense, hindering, cap_before_modifiers)
    return {
        "query": "defensive_fate", "dice": attack, "target_number": target,
        "without_fate": die_report(attack_hits(attack, target)),
        "with_fate": die_report(attack_hits(attack, target, defensive_fate=True)),
    }


def _dice(maximum: int = 30) -> Param:
    return integer("dice", 4, 0, maximum, "attack dice: the attack value", aliases=("attack",),
                   keyword="attack")


_TARGET = integer("target_number", 5, 0, 20, "the target's defense value (above 6 counts as "
                  "6)", aliases=("defense",), keyword="defense")
_FATE = integer("fate", 0, 0, 10, "offensive fate: extra attack dice")
_HINDERING = boolean("hindering", "the target is in hindering terrain (+1 defense)")
_CAP_FIRST = boolean("cap_before_modifiers", "cap the defense at 6 before adding hindering "
                     "terrain (a defense 6 then cannot be hit)")
_DEFENSIVE_FATE = boolean("defensive_fate", "the target uses defensive fate: only natural "
                          "sixes hit")

QUERIES = (
    Query("attack", "Hits of one attack: attack dice (+ offensive fate) against defense.",
          (_dice(), _TARGET, _HINDERING, _FATE, _DEFENSIVE_FATE, _CAP_FIRST), attack, "hits"),
    Query("multi_target", "Targets hit by a ranged attack on several targets, one die each.",
          (_dice(MAX_MULTI_TARGET_DICE),
           Param("target_numbers", "array", [4, 5], "each target's defense value", 1, None,
                 items={"type": "integer", "minimum": 0, "maximum": 20},
                 max_items=6, aliases=("defenses",), keyword="defenses"),
           _FATE, _HINDERING, _CAP_FIRST), multi_target, "targets_hit"),
    Query("capture", "Chance a close combat capture attempt (two fewer dice) succeeds.",
          (_dice(), integer("target_number", 5, 0, 20, "the target's defense value",
                            aliases=("defense",), keyword="defense"),
           _FATE, _DEFENSIVE_FATE), capture, "captured"),
    Query("escape", "Chance a captive escapes: its hits must outnumber its captor's.",
          (integer("captive_dice", 3, 0, 30, "the captive's attack value",
                   keyword="captive_attack"),
           integer("captive_defense", 5, 0, 20, "the captive's defense value"),
           integer("captor_dice", 3, 0, 30, "the captor's attack value",
                   keyword="captor_attack"),
           integer("captor_defense", 5, 0, 20, "the captor's defense value"),
           integer("captive_fate", 0, 0, 10, "the captive's offensive fate dice"),
           integer("captor_fate", 0, 0, 10, "the captor's offensive fate dice")),
          escape, "escaped"),
    Query("break_away", "Chance of breaking away from adjacent enemies (d6, 4-6).", (),
          break_away, "broke_away"),
    Query("defensive_fate", "Hits an Ace takes with and without defensive fate.",
          (_dice(), _TARGET, _HINDERING, _CAP_FIRST), defensive_fate, "with_fate"),
)
