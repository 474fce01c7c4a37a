"""Exact odds queries for the CLI and the API (``python -m rules_engine odds black-skies``)."""

from __future__ import annotations

from typing import Any

from rules_engine.black_skies.book import Book, Weapon, read_book
from rules_engine.black_skies.design import weapon_list
from rules_engine.black_skies.dice import (
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
from rules_engine.catalogue import Catalogue
from rules_engine.odds_report import die_report, probability


def _firer_weapons(book: Book, p: Params) -> tuple[list[Weapon], str]:
    design_id = p.choice("design", None, book.designs)
    if design_id is not None:
        return weapon_list(book, book.designs[design_id]), book.designs[design_id]["name"]
    weapon = book.weapons[str(p.choice("weapon", "laser-cannon", book.weapons))]
    count = p.int("weapons", 1, 1, 20)
    return [weapon] * count, f"{count} x {weapon.name}"


def _target(book: Book, p: Params) -> dict[str, Any]:
    weight = book.weights[str(p.choice("target_weight", "medium", book.weights))]
    armour = book.armours[str(p.choice("target_armour", "no-armour", book.armours))]
    shields = p.int("target_shields", 0, 0, 6)
    hull = p.int("target_hull", weight.hull, 1, weight.hull)
    return {"weight": weight, "armour": armour, "shields": shields, "hull": hull}


def volley(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """One fighter's volley: hits, damage, and the chance to destroy or cripple the target.

    Parameters: design (a design id) or weapon + weapons (count); range (close/medium/long);
    target_speed (0-12); maneuver_penalty; crippled (the firer); target_weight, target_armour,
    target_shields, target_hull (hull left, default full).
    """
    book = read_book(catalogue)
    p = Params("volley", params)
    weapons, label = _firer_weapons(book, p)
    band = str(p.choice("range", "close", book.target_numbers))
    speed = p.int("target_speed", 6, 0, book.constant("max_speed"))
    penalty = p.int("maneuver_penalty", 0, 0, 12)
    crippled = p.bool("crippled", False)
    target = _target(book, p)
    p.done()
    fired = fired_weapons(weapons, crippled)
    modifier = to_hit_modifier(book, speed, penalty)
    hit = hit_chance(book, band, modifier)
    steps = target["shields"] * book.shield_steps
    damage = volley_damage(fired, hit, target["armour"].damage_reduction, steps)
    hull, full = target["hull"], target["weight"].hull
    return {
        "firer": label,
        "dice": sum(w.rate_of_fire for w in fired),
        "target_number": book.target_numbers[band],
        "modifier": modifier,
        "hit_chance_per_die": probability(hit),
        "hits": die_report(volley_hits(sum(w.rate_of_fire for w in fired), hit)),
        "damage": die_report(damage),
        "target": {"weight": target["weight"].id, "hull": hull, "full_hull": full,
                   "armour": target["armour"].damage_reduction, "shields": target["shields"]},
        "destroyed": probability(chance(damage, lambda d: d >= hull)),
        "crippled": probability(chance(damage, lambda d: is_crippled(hull - d, full))),
        "crippled_or_destroyed": probability(chance(damage, lambda d: 2 * (hull - d) <= full)),
    }


def damage_per_hit(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Damage of one hit: the weapon's die stepped down by shields, less armour.

    Parameters: weapon, target_armour, target_shields.
    """
    book = read_book(catalogue)
    p = Params("damage_per_hit", params)
    weapon = book.weapons[str(p.choice("weapon", "laser-cannon", book.weapons))]
    armour = book.armours[str(p.choice("target_armour", "no-armour", book.armours))]
    shields = p.int("target_shields", 0, 0, 6)
    p.done()
    die = hit_damage(weapon.damage_die, armour.damage_reduction, shields * book.shield_steps)
    return {"weapon": weapon.name, "armour": armour.damage_reduction, "shields": shields,
            "damage": die_report(die)}


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
