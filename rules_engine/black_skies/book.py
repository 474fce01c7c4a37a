"""The Black Skies rules as plain values, read once from the catalogue's pack records.

Everything the checks, odds and simulation need (weights, weapons, armour, shields,
thrusters, maneuvers, target numbers, constants) is gathered here so the calculations never
look anything up by string again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.catalogue import Catalogue, thaw
from rules_engine.errors import BadDocument

SYSTEM = "black-skies"


@dataclass(frozen=True)
class Weight:
    """A fighter weight (Fighters: Weight)."""

    id: str
    name: str
    rank: int
    hardpoints: int
    hull: int
    acceleration: int


@dataclass(frozen=True)
class Weapon:
    """A weapon profile (Combat: Weapons; Examples: Laser Cannon)."""

    id: str
    name: str
    arcs: tuple[str, ...]
    rate_of_fire: int
    ranges: Mapping[str, int]
    damage_die: int
    hardpoints: int


@dataclass(frozen=True)
class Armour:
    """An armour level (Combat: Armour)."""

    id: str
    name: str
    level: int
    damage_reduction: int
    hardpoints: int
    not_for_weights: tuple[str, ...]


@dataclass(frozen=True)
class Thruster:
    """A thruster set and the maneuver cards it unlocks (Thrusters)."""

    id: str
    name: str
    location: str
    maneuvers: tuple[str, ...]


@dataclass(frozen=True)
class ManeuverOption:
    """One action of a maneuver card, with its Difficulty Rating and Movement Penalty."""

    id: str
    name: str
    maneuver: str
    card: int
    thruster: str
    direction: str
    difficulty: int
    penalty: int


@dataclass(frozen=True)
class Book:
    """Every Black Skies value the engine uses, by stable id."""

    weights: Mapping[str, Weight]
    weapons: Mapping[str, Weapon]
    armours: Mapping[str, Armour]
    shield_steps: int
    shield_hardpoints: int
    thrusters: Mapping[str, Thruster]
    options: Mapping[str, ManeuverOption]
    target_numbers: Mapping[str, int]
    speed_modifiers: tuple[tuple[int, int, int], ...]
    constants: Mapping[str, float]
    designs: Mapping[str, Mapping[str, Any]]
    skill_levels: Mapping[int, str]

    def constant(self, name: str) -> int:
        """An integer rule constant (die sides, element size, speed limit...)."""
        return int(self.constants[name])

    def speed_modifier(self, target_speed: int) -> int:
        """Combat: the to-hit modifier for the target's speed (0 when no row applies)."""
        for low, high, modifier in self.speed_modifiers:
            if low <= target_speed <= high:
                return modifier
        return 0


def _table(catalogue: Catalogue, id_: str) -> Mapping[str, Any]:
    record = catalogue.get(SYSTEM, "table", id_)
    if record is None:
        raise BadDocument.at(
            "content", f"the black-skies content has no '{id_}' table: load black-skies-core"
        )
    return record.data


def read_book(catalogue: Catalogue) -> Book:
    """Gather the Black Skies rules from a catalogue.

    Args:
        catalogue: a catalogue holding the ``black-skies-core`` pack (or an equivalent one).

    Returns:
        The rules as frozen values.

    Raises:
        BadDocument: the catalogue lacks a table the rules need.
    """
    abilities = catalogue.records(SYSTEM, "ability")
    shields = [r for r in abilities.values() if r.data["kind"] == "shield"]
    options = {}
    for m in catalogue.records(SYSTEM, "maneuver").values():
        for o in m.data["options"]:
            options[o["id"]] = ManeuverOption(
                o["id"], o["name"], m.id, m.data["card"], m.data["thruster"],
                m.data["direction"], o["difficulty"], o["penalty"],
            )
    designs = {r.id: thaw(r.data["design"]) for r in catalogue.records(SYSTEM, "table").values()
               if r.data["kind"] == "fighter_design"}
    constants = {row[0]: row[1] for row in _table(catalogue, "rules-constants")["rows"]}
    return Book(
        weights={r.id: Weight(r.id, r.name, r.data["rank"], r.data["hardpoints"],
                              r.data["hull"], r.data["acceleration"])
                 for r in catalogue.records(SYSTEM, "fighter_weight").values()},
        weapons={r.id: Weapon(r.id, r.name, tuple(r.data["arcs"]), r.data["rate_of_fire"],
                              dict(r.data["ranges"]), r.data["damage_die"],
                              r.data["hardpoints"])
                 for r in catalogue.records(SYSTEM, "weapon").values()},
        armours={r.id: Armour(r.id, r.name, r.data["level"], r.data["damage_reduction"],
                              r.data["hardpoints"], tuple(r.data["not_for_weights"]))
                 for r in abilities.values() if r.data["kind"] == "armour"},
        shield_steps=shields[0].data["die_steps_down"] if shields else 1,
        shield_hardpoints=shields[0].data["hardpoints"] if shields else 1,
        thrusters={r.id: Thruster(r.id, r.name, r.data["location"], tuple(r.data["maneuvers"]))
                   for r in abilities.values() if r.data["kind"] == "thruster"},
        options=options,
        target_numbers={row[0]: row[1] for row in _table(catalogue, "target-numbers")["rows"]},
        speed_modifiers=tuple((row[1], row[2], row[3]) for row in
                              _table(catalogue, "target-speed-modifiers")["rows"]),
        constants=constants,
        designs=designs,
        skill_levels={row[0]: row[1] for row in _table(catalogue, "pilot-skill-levels")["rows"]},
    )
