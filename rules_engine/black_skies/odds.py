"""Exact odds queries for the CLI and the API (``python -m rules_engine odds black-skies``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs

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
from rules_engine.black_skies.settings import Settings
from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.odds_query import Param, Query, boolean, integer, one_of, text, within
from rules_engine.odds_report import die_report, probability
from rules_engine.schema import CompiledSchema, schema_errors

SQUADRON_SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "black-skies.squadron.json"


@cache
def _design_schema() -> CompiledSchema:
    """A design written out, by the same schema as a squadron fighter's."""
    squadron = json.loads(SQUADRON_SCHEMA.read_text(encoding="utf-8"))
    schema = {"$defs": squadron["$defs"], "$ref": "#/$defs/design"}
    return CompiledSchema(schema, jsonschema_rs.Draft202012Validator(schema))


def _written(book: Book, design: Mapping[str, Any]) -> Mapping[str, Any]:
    """A design written out (a player's saved design), checked as a squadron's would be,
    each weapon named in the book's weapons; every fault at once."""
    root = "params.design_written"
    errors = schema_errors(_design_schema(), design, root)
    if not errors:
        errors = [
            DocumentError(f"{root}.weapons[{i}].weapon", f"no weapon {w['weapon']!r} in the book")
            for i, w in enumerate(design["weapons"])
            if w["weapon"] not in book.weapons
        ]
    if errors:
        raise BadDocument(errors)
    return design


def _die_size(die_size: int | None) -> int | None:
    if die_size is not None and die_size not in DIE_CHAIN:
        raise BadDocument.at("params.die_size", f"must be one of {list(DIE_CHAIN)}, "
                                                f"not {die_size}")
    return die_size


def _firer_weapons(book: Book, design: str | None, weapon_id: str, count: int,
                   dice: int | None, die_size: int | None,
                   written: Mapping[str, Any] | None = None) -> tuple[list[Weapon], str]:
    """The weapons fired: a design's (the book's or one written out), a number of one
    weapon, or raw dice of one die size."""
    if written is not None:
        if design is not None or dice is not None:
            raise BadDocument.at("params.design_written",
                                 "give one design: the book's, written out, or raw dice")
        chosen = _written(book, written)
        return weapon_list(book, chosen), str(chosen["name"])
    design_id = None if design is None else one_of("design", design, book.designs)
    sides = _die_size(die_size)
    weapon = book.weapons[one_of("weapon", weapon_id, book.weapons)]
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


def _shields(shields: int, max_shield_levels: int) -> int:
    """Shield levels on the target, no more than the ``max_shield_levels`` setting allows."""
    if shields > max_shield_levels:
        raise BadDocument.at("params.shields", f"{shields} shield levels, "
                             f"{shields - max_shield_levels} over the max_shield_levels "
                             f"setting of {max_shield_levels}")
    return shields


def _armour(book: Book, target_armour: str, armour: int | None) -> int:
    """Damage reduction per hit: a raw ``armour`` value or the ``target_armour`` id's."""
    chosen = book.armours[one_of("target_armour", target_armour, book.armours)]
    return chosen.damage_reduction if armour is None else armour


def _hit_chance(book: Book, band: str, target_number: int | None, modifier: int) -> Fraction:
    if target_number is None:
        return hit_chance(book, band, modifier)
    sides = book.constant("combat_die_sides")
    return Fraction(sum(1 for roll in range(1, sides + 1) if roll + modifier >= target_number),
                    sides)


def volley(
    catalogue: Catalogue,
    design: str | None = None,
    weapon: str = "laser-cannon",
    weapons: int = 1,
    dice: int | None = None,
    die_size: int | None = None,
    range: str = "close",
    target_number: int | None = None,
    target_speed: int = 6,
    maneuver_penalty: int = 0,
    crippled: bool = False,
    target_weight: str = "medium",
    target_armour: str = "no-armour",
    armour: int | None = None,
    shields: int = 0,
    max_shield_levels: int = Settings().max_shield_levels,
    target_hull: int | None = None,
    design_written: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One fighter's volley: hits, damage, and the chance to destroy or cripple the target.

    The firer is a design (the book's, or ``design_written`` out as a squadron fighter's),
    ``weapons`` of one weapon, or raw ``dice`` + ``die_size``; the
    range band or a raw ``target_number``; the target's weight, armour (or a raw value),
    shields (no more than ``max_shield_levels``) and hull left (default full).
    """
    book = read_book(catalogue)
    fired_by, label = _firer_weapons(book, design, weapon, weapons, dice, die_size,
                                     design_written)
    band = one_of("range", range, book.target_numbers)
    speed = within("target_speed", target_speed, 0, book.constant("max_speed"))
    weight = book.weights[one_of("target_weight", target_weight, book.weights)]
    reduction = _armour(book, target_armour, armour)
    levels = _shields(shields, max_shield_levels)
    hull = weight.hull if target_hull is None else within("target_hull", target_hull, 1,
                                                           weight.hull)
    fired = fired_weapons(fired_by, crippled)
    modifier = to_hit_modifier(book, speed, maneuver_penalty)
    hit = _hit_chance(book, band, target_number, modifier)
    damage = volley_damage(fired, hit, reduction, levels * book.shield_steps)
    full = weight.hull
    return {
        "firer": label,
        "dice": sum(w.rate_of_fire for w in fired),
        "target_number": book.target_numbers[band] if target_number is None else target_number,
        "modifier": modifier,
        "hit_chance_per_die": probability(hit),
        "hits": die_report(volley_hits(sum(w.rate_of_fire for w in fired), hit)),
        "damage": die_report(damage),
        "target": {"weight": weight.id, "hull": hull, "full_hull": full,
                   "armour": reduction, "shields": levels},
        "destroyed": probability(chance(damage, lambda d: d >= hull)),
        "crippled": probability(chance(damage, lambda d: is_crippled(hull - d, full))),
        "crippled_or_destroyed": probability(chance(damage, lambda d: 2 * (hull - d) <= full)),
    }


def damage_per_hit(
    catalogue: Catalogue,
    weapon: str = "laser-cannon",
    die_size: int | None = None,
    target_armour: str = "no-armour",
    armour: int | None = None,
    shields: int = 0,
    max_shield_levels: int = Settings().max_shield_levels,
) -> dict[str, Any]:
    """Damage of one hit: the weapon's die (or a raw die_size) stepped down by shields, less
    armour."""
    book = read_book(catalogue)
    chosen = book.weapons[one_of("weapon", weapon, book.weapons)]
    sides = _die_size(die_size)
    reduction = _armour(book, target_armour, armour)
    levels = _shields(shields, max_shield_levels)
    die = hit_damage(sides or chosen.damage_die, reduction, levels * book.shield_steps)
    return {"weapon": f"d{sides}" if sides else chosen.name, "armour": reduction,
            "shields": levels, "damage": die_report(die)}


def piloting(
    catalogue: Catalogue,
    skill: int = 1,
    maneuver: str | None = None,
    crippled: bool = False,
    failed_before: bool = False,
) -> dict[str, Any]:
    """Chance to pass a Piloting Check (d6 + skill against the maneuver's difficulty).

    Each maneuver also names the basic maneuver flown instead when the check fails
    (``on_failure``); its own Movement Penalty applies either way. Without a ``maneuver``,
    every maneuver is answered.
    """
    book = read_book(catalogue)
    levels = sorted(book.skill_levels)
    within("skill", skill, levels[0], levels[-1])
    chosen = None if maneuver is None else one_of("maneuver", maneuver, book.options)
    options = ([book.options[chosen]] if chosen else
               sorted(book.options.values(), key=lambda o: (o.card, o.id)))
    return {
        "skill": skill, "pilot": book.skill_levels[skill], "crippled": crippled,
        "failed_before": failed_before,
        "maneuvers": {o.id: {"name": o.name, "card": o.card, "difficulty": o.difficulty,
                             "penalty": o.penalty,
                             "on_failure": [f.id for f in fallback_options(book, o)],
                             "success": probability(piloting_success(
                                 book, skill, o.difficulty, crippled, failed_before))}
                      for o in options},
    }


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
           integer("target_hull", None, 1, 20, "the target's hull left (default full)"),
           Param("design_written", "object", None, "the firing design written out, as a "
                 "squadron fighter's (a player's saved design), instead of design")),
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
