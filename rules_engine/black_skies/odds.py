"""Exact odds queries for the CLI and the API (``python -m rules_engine odds black-skies``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_engine.black_skies.book import Book, Weapon, read_book
from rules_engine.black_skies.design import weapon_list
from rules_engine.black_skies.dice import (
    DIE_CHAIN,
    chance,
    fallback_options,
    fired_weapons,
    hit_chance,
    hit_damage,
    is_crippled,
    piloting_success,
    to_hit_modifier,
    volley_damage,
    volley_hits,
)
from rules_engine.black_skies.params import Params
from rules_engine.black_skies.settings import Settings
from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Query, boolean, integer, text
from rules_engine.odds_report import die_report, probability


def _firer_weapons(book: Book, p: Params) -> tuple[list[Weapon], str]:
    """The weapons fired: a design's, a number of one weapon, or raw dice of one die size."""
    design_id = p.choice("design", None, book.designs)
    dice = p.optional_int("dice", 1, 40)
    sides = p.optional_int("die_size", min(DIE_CHAIN), max(DIE_CHAIN))
    if sides is not None and sides not in DIE_CHAIN:
        raise BadDocument.at("params.die_size", f"must be one of {list(DIE_CHAIN)}, not {sides}")
    weapon = book.weapons[str(p.choice("weapon", "laser-cannon", book.weapons))]
    count = p.int("weapons", 1, 1, 20)
    if dice is not None:
        if design_id is not None:
            raise BadDocument.at("params.dice", "give a design or raw dice, not both")
        size = sides or weapon.damage_die
        raw = Weapon("dice", f"{dice} d12 (d{size} damage)", ("forward",), dice, {}, size, 0)
        return [raw], raw.name
    if sides is not None:
        raise BadDocument.at("params.die_size", "a damage die size goes with raw dice=N")
    if design_id is not None:
        return weapon_list(book, book.designs[design_id]), book.designs[design_id]["name"]
    return [weapon] * count, f"{count} x {weapon.name}"


def _shields(book: Book, p: Params) -> int:
    """Shield levels on the target, no more than the ``max_shield_levels`` setting allows."""
    allowed = p.int("max_shield_levels", Settings().max_shield_levels, 0, 6)
    shields = p.int("shields", 0, 0, 6)
    if shields > allowed:
        raise BadDocument.at("params.shields", f"{shields} shield levels, {shields - allowed} "
                             f"over the max_shield_levels setting of {allowed}")
    return shields


def _armour(book: Book, p: Params) -> int:
    """Damage reduction per hit: a raw ``armour`` value or the ``target_armour`` id's."""
    armour = book.armours[str(p.choice("target_armour", "no-armour", book.armours))]
    raw = p.optional_int("armour", 0, 10)
    return armour.damage_reduction if raw is None else raw


def _target(book: Book, p: Params) -> dict[str, Any]:
    weight = book.weights[str(p.choice("target_weight", "medium", book.weights))]
    armour = _armour(book, p)
    shields = _shields(book, p)
    given_hull = p.optional_int("target_hull", 1, weight.hull)
    hull = weight.hull if given_hull is None else given_hull
    return {"weight": weight, "armour": armour, "shields": shields, "hull": hull}


def _hit_chance(book: Book, band: str, target_number: int | None, modifier: int) -> Fraction:
    if target_number is None:
        return hit_chance(book, band, modifier)
    sides = book.constant("combat_die_sides")
    return Fraction(sum(1 for roll in range(1, sides + 1) if roll + modifier >= target_number),
                    sides)


def volley(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """One fighter's volley: hits, damage, and the chance to destroy or cripple the target.

    Parameters: design (a design id), weapon + weapons (count), or raw dice + die_size;
    range (close/medium/long) or a raw target_number; target_speed (0-12); maneuver_penalty;
    crippled (the firer); target_weight, target_armour or a raw armour, shields (no more
    than max_shield_levels), target_hull (hull left, default full).
    """
    book = read_book(catalogue)
    p = Params("volley", params)
    weapons, label = _firer_weapons(book, p)
    band = str(p.choice("range", "close", book.target_numbers))
    target_number = p.optional_int("target_number", 1, 13)
    speed = p.int("target_speed", 6, 0, book.constant("max_speed"))
    penalty = p.int("maneuver_penalty", 0, 0, 12)
    crippled = p.bool("crippled", False)
    target = _target(book, p)
    p.done()
    fired = fired_weapons(weapons, crippled)
    modifier = to_hit_modifier(book, speed, penalty)
    hit = _hit_chance(book, band, target_number, modifier)
    steps = target["shields"] * book.shield_steps
    damage = volley_damage(fired, hit, target["armour"], steps)
    hull, full = target["hull"], target["weight"].hull
    return {
        "firer": label,
        "dice": sum(w.rate_of_fire for w in fired),
        "target_number": book.target_numbers[band] if target_number is None else target_number,
        "modifier": modifier,
        "hit_chance_per_die": probability(hit),
        "hits": die_report(volley_hits(sum(w.rate_of_fire for w in fired), hit)),
        "damage": die_report(damage),
        "target": {"weight": target["weight"].id, "hull": hull, "full_hull": full,
                   "armour": target["armour"], "shields": target["shields"]},
        "destroyed": probability(chance(damage, lambda d: d >= hull)),
        "crippled": probability(chance(damage, lambda d: is_crippled(hull - d, full))),
        "crippled_or_destroyed": probability(chance(damage, lambda d: 2 * (hull - d) <= full)),
    }


def damage_per_hit(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Damage of one hit: the weapon's die (or a raw die_size) stepped down by shields, less
    armour.

    Parameters: weapon or die_size, target_armour or armour, shields, max_shield_levels.
    """
    book = read_book(catalogue)
    p = Params("damage_per_hit", params)
    weapon = book.weapons[str(p.choice("weapon", "laser-cannon", book.weapons))]
    sides = p.optional_int("die_size", min(DIE_CHAIN), max(DIE_CHAIN))
    if sides is not None and sides not in DIE_CHAIN:
        raise BadDocument.at("params.die_size", f"must be one of {list(DIE_CHAIN)}, not {sides}")
    armour = _armour(book, p)
    shields = _shields(book, p)
    p.done()
    die = hit_damage(sides or weapon.damage_die, armour, shields * book.shield_steps)
    return {"weapon": f"d{sides}" if sides else weapon.name, "armour": armour,
            "shields": shields, "damage": die_report(die)}


def piloting(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Chance to pass a Piloting Check (d6 + skill against the maneuver's difficulty).

    Each maneuver also names the basic maneuver flown instead when the check fails
    (``on_failure``); its own Movement Penalty applies either way.

    Parameters: skill (1-4); maneuver (an action id such as hard-left or break-left; omit for
    every maneuver); crippled; failed_before (a check already failed this turn).
    """
    book = read_book(catalogue)
    p = Params("piloting", params)
    levels = sorted(book.skill_levels)
    skill = p.int("skill", levels[0], levels[0], levels[-1])
    chosen = p.choice("maneuver", None, book.options)
    crippled = p.bool("crippled", False)
    failed = p.bool("failed_before", False)
    p.done()
    options = ([book.options[chosen]] if chosen else
               sorted(book.options.values(), key=lambda o: (o.card, o.id)))
    return {
        "skill": skill, "pilot": book.skill_levels[skill], "crippled": crippled,
        "failed_before": failed,
        "maneuvers": {o.id: {"name": o.name, "card": o.card, "difficulty": o.difficulty,
                             "penalty": o.penalty,
                             "on_failure": [f.id for f in fallback_options(book, o)],
                             "success": probability(piloting_success(
                                 book, skill, o.difficulty, crippled, failed))}
                      for o in options},
    }


ODDS = {"volley": volley, "damage_per_hit": damage_per_hit, "piloting": piloting}


_ARMOUR = (text("target_armour", "no-armour", "the target's armour id", catalogue_ids="armour"),
           integer("armour", None, 0, 10, "raw damage reduction per hit, instead of "
                   "target_armour"))
_SHIELDS = (integer("shields", 0, 0, 6, "the target's shield levels (each steps the damage "
                    "die down)", aliases=("target_shields",)),
            integer("max_shield_levels", 1, 0, 6, "setting: shield levels a fighter may "
                    "carry (docs/rulings/black-skies.md)"))
_DIE_SIZE = integer("die_size", None, 2, 20, "raw damage die sides (2, 4, 6, 8, 10, 12, 20)")

QUERIES = (
    Query("volley", "One fighter's volley: hits, damage, and the chance to destroy or "
          "cripple the target.",
          (text("design", None, "the firing design's id", catalogue_ids="design"),
           text("weapon", "laser-cannon", "the weapon fired", catalogue_ids="weapon"),
           integer("weapons", 1, 1, 20, "how many of that weapon fire"),
           integer("dice", None, 1, 40, "raw number of d12s to hit, instead of weapons"),
           _DIE_SIZE,
           text("range", "close", "range band: close, medium or long"),
           integer("target_number", None, 1, 13, "raw d12 target number, instead of the "
                   "range band's"),
           integer("target_speed", 6, 0, 12, "the target's speed (to-hit modifier)"),
           integer("maneuver_penalty", 0, 0, 12, "the firer's maneuver penalty"),
           boolean("crippled", "the firer is crippled (half its weapons fire)"),
           text("target_weight", "medium", "the target's weight id", catalogue_ids="weight"),
           *_ARMOUR, *_SHIELDS,
           integer("target_hull", None, 1, 20, "the target's hull left (default full)")),
          volley, "damage"),
    Query("damage_per_hit", "Damage of one hit: the damage die stepped down by shields, less "
          "armour.",
          (text("weapon", "laser-cannon", "the weapon that hit", catalogue_ids="weapon"),
           _DIE_SIZE, *_ARMOUR, *_SHIELDS),
          damage_per_hit, "damage"),
    Query("piloting", "Chance to pass a Piloting Check (d6 + skill against the maneuver's "
          "difficulty).",
          (integer("skill", 1, 1, 4, "the pilot's skill"),
           text("maneuver", None, "a maneuver action id (omit for every maneuver)",
                catalogue_ids="maneuver"),
           boolean("crippled", "the fighter is crippled (difficulty doubled)"),
           boolean("failed_before", "a check already failed this turn (difficulty doubled)")),
          piloting, "maneuvers.*.success"),
)
