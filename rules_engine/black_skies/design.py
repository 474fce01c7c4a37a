"""Fighter designs: what a design costs in hardpoints and whether its fittings are allowed.

Fighters (Weight) give the hardpoints; Armour and Shields cost one hardpoint a level (armour
per level is a setting); a weapon's cost is its record's ``hardpoints`` (one, read from the
Black Tiger example).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules_engine.black_skies.book import Armour, Book, Weapon
from rules_engine.black_skies.codes import Code
from rules_engine.black_skies.settings import Settings
from rules_engine.jsonpath import child
from rules_engine.verdict import Violation


@dataclass(frozen=True)
class DesignReview:
    """A design's hardpoint account and every rule it breaks."""

    name: str
    used: int
    available: int | None
    violations: tuple[Violation, ...]
    breakdown: Mapping[str, Any] = field(default_factory=dict)


def weapon_list(book: Book, design: Mapping[str, Any]) -> list[Weapon]:
    """One entry per fitted weapon (a count of two gives two), unknown ids left out."""
    out: list[Weapon] = []
    for item in design["weapons"]:
        weapon = book.weapons.get(item["weapon"])
        if weapon is not None:
            out.extend([weapon] * item["count"])
    return out


def armour_cost(armour: Armour | None, settings: Settings) -> int:
    """Armour: "Each level of armour costs the fighter one hardpoint".

    By default the level's own cost (light 1, heavy 2); with ``armour_hardpoints: "one"``
    any armour takes a single hardpoint (docs/rulings/black-skies.md).
    """
    if armour is None:
        return 0
    if settings.armour_hardpoints == "one":
        return min(armour.hardpoints, 1)
    return armour.hardpoints


def hardpoints_used(
    book: Book, design: Mapping[str, Any], settings: Settings | None = None
) -> dict[str, int]:
    """Hardpoints spent on weapons, armour and shields (unknown fittings count nothing)."""
    armour = book.armours.get(design["armour"])
    spent = {
        "weapons": sum(w.hardpoints for w in weapon_list(book, design)),
        "armour": armour_cost(armour, settings or Settings()),
        "shields": design["shields"] * book.shield_hardpoints,
    }
    spent["used"] = sum(spent.values())
    return spent


def _unknown(code: Code, name: str, what: str, value: str, known: Iterable[Any],
             path: str) -> Violation:
    """A fitting the book does not have, listing the ones it does by name."""
    names = ", ".join(k.name for k in known)
    return Violation(code, f"{name}: there is no {what} '{value}' (known: {names})", path)


def review_design(
    book: Book, design: Mapping[str, Any], path: str, settings: Settings
) -> DesignReview:
    """Check one design against the construction rules.

    Args:
        book: the rules.
        design: a schema-valid design object.
        path: the JSON path of the design in its list document.
        settings: the list's rulings.

    Returns:
        The hardpoints used and available, the violations (all of them) and a breakdown.
    """
    name = design["name"]
    found: list[Violation] = []
    weight = book.weights.get(design["weight"])
    if weight is None:
        found.append(_unknown(Code.UNKNOWN_WEIGHT, name, "fighter weight", design["weight"],
                              book.weights.values(), child(path, "weight")))
    for i, item in enumerate(design["weapons"]):
        if item["weapon"] not in book.weapons:
            found.append(Violation(
                Code.UNKNOWN_WEAPON, f"{name}: there is no weapon '{item['weapon']}'",
                child(path, "weapons", i, "weapon")))
    found.extend(_thruster_violations(book, design, path, settings))
    armour = book.armours.get(design["armour"])
    if armour is None:
        found.append(_unknown(Code.UNKNOWN_ARMOUR, name, "armour", design["armour"],
                              book.armours.values(), child(path, "armour")))
    elif weight is not None and weight.id in armour.not_for_weights:
        # Armour: "A light fighter may not have heavy armour."
        found.append(Violation(
            Code.ARMOUR_TOO_HEAVY,
            f"{name} is a {weight.name.lower()} fighter: it may not have "
            f"{armour.name.split(' (')[0].lower()} armour", child(path, "armour")))
    if design["shields"] > settings.max_shield_levels:
        found.append(Violation(
            Code.TOO_MANY_SHIELD_LEVELS,
            f"{name} has {design['shields']} levels of shielding, "
            f"{design['shields'] - settings.max_shield_levels} over the "
            f"{settings.max_shield_levels} allowed", child(path, "shields")))
    spent = hardpoints_used(book, design, settings)
    available = weight.hardpoints if weight else None
    if weight is not None and spent["used"] > weight.hardpoints:
        # Fighters: "medium - has 3 hardpoints"; Armour/Shields: one hardpoint a level.
        found.append(Violation(
            Code.OVER_HARDPOINTS,
            f"{name} uses {spent['used']} hardpoints (weapons {spent['weapons']}, armour "
            f"{spent['armour']}, shields {spent['shields']}), {spent['used'] - weight.hardpoints} "
            f"over the {available} of a {weight.name.lower()} fighter", path))
    return DesignReview(name, spent["used"], available, tuple(found),
                        _breakdown(book, design, spent, available))


def _thruster_violations(
    book: Book, design: Mapping[str, Any], path: str, settings: Settings
) -> list[Violation]:
    name = design["name"]
    found = []
    for i, tid in enumerate(design["thrusters"]):
        if tid not in book.thrusters:
            found.append(Violation(
                Code.UNKNOWN_THRUSTER,
                f"{name}: there are no thrusters '{tid}' "
                f"(known: {', '.join(t.name for t in book.thrusters.values())})",
                child(path, "thrusters", i)))
    locations = {book.thrusters[t].location for t in design["thrusters"]
                 if t in book.thrusters} - {"basic"}
    if settings.thruster_locations == "one" and len(locations) > 1:
        found.append(Violation(
            Code.TOO_MANY_THRUSTER_LOCATIONS,
            f"{name} has maneuvering thrusters in {len(locations)} locations "
            f"({', '.join(sorted(locations))}), {len(locations) - 1} over the one this game "
            "allows",
            child(path, "thrusters")))
    return found


def available_maneuvers(book: Book, design: Mapping[str, Any]) -> list[str]:
    """Ids of the maneuver options a design can fly: the basic three plus its thrusters'."""
    fitted = {"basic-thrusters", *design["thrusters"]}
    return [o.id for o in sorted(book.options.values(), key=lambda o: o.card)
            if o.thruster in fitted]


def _breakdown(
    book: Book, design: Mapping[str, Any], spent: dict[str, int], available: int | None
) -> dict[str, Any]:
    weight = book.weights.get(design["weight"])
    armour = book.armours.get(design["armour"])
    weapons = weapon_list(book, design)
    return {
        "name": design["name"],
        "hardpoints": spent | {"available": available},
        "hull": weight.hull if weight else None,
        "acceleration": weight.acceleration if weight else None,
        "armour": armour.damage_reduction if armour else None,
        "shields": design["shields"],
        "dice_per_volley": sum(w.rate_of_fire for w in weapons),
        "maneuver_cards": sorted({book.options[o].card
                                  for o in available_maneuvers(book, design)}),
        "afterburner_boost": (afterburner_boost(book, weight.acceleration)
                              if weight and "afterburner" in available_maneuvers(book, design)
                              else None),
    }


def afterburner_boost(book: Book, acceleration: int) -> int:
    """Additional Maneuvers: the Afterburner adds "150% of its acceleration rating (round
    down)" to speed: light 6, medium 4, heavy 3."""
    multiplier = Fraction(str(book.constants["afterburner_acceleration_multiplier"]))
    return math.floor(multiplier * acceleration)
