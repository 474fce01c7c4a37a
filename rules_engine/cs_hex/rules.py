"""The construction tables as plain engine values, read once per catalogue snapshot.

The book's aircraft construction ("Создание самолета", seed 004) is a chain of tables: size
gives total and free mass; max speed, G-rating and acceleration cost mass by size; armour
costs 3 a point; guns by calibre; turrets 400 plus half their guns; 8 rocket hardpoints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules_engine.catalogue import Catalogue, Record
from rules_engine.errors import BadDocument

SYSTEM = "cs-hex"
RATINGS = ("max_speed", "g_rating", "acceleration")


@dataclass(frozen=True)
class PlaneType:
    id: str
    name: str
    name_original: str
    size_min: int
    size_max: int
    turrets_allowed: bool


@dataclass(frozen=True)
class SizeMass:
    total_mass: int
    free_mass: int


@dataclass(frozen=True)
class ArmourRules:
    mass_per_point: int
    points_per_row: int
    rows_max: int
    points_max: int
    areas: Mapping[str, str]
    """Area id -> English name, in the book's order."""


@dataclass(frozen=True)
class TurretRules:
    base_mass: int
    gun_mass_numerator: int
    gun_mass_denominator: int
    guns_max: int
    plane_types: frozenset[str]


@dataclass(frozen=True)
class ConstructionRules:
    """Everything a design check needs, with no further catalogue look-ups."""

    plane_types: Mapping[str, PlaneType]
    sizes: Mapping[int, SizeMass]
    rating_mass: Mapping[str, Mapping[int, Mapping[int, int]]]
    """rating -> size -> rating value -> mass."""
    armour: ArmourRules
    turret: TurretRules
    hardpoints: int
    weapons: Mapping[str, Record]


_CACHE: dict[int, tuple[Catalogue, ConstructionRules]] = {}


def construction_rules(catalogue: Catalogue) -> ConstructionRules:
    """The construction tables of ``catalogue`` (cached per snapshot object).

    Raises:
        BadDocument: the catalogue lacks a table the check needs (the cs-hex pack is missing).
    """
    hit = _CACHE.get(id(catalogue))
    if hit is not None and hit[0] is catalogue:
        return hit[1]
    rules = _read(catalogue)
    if len(_CACHE) >= 8:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(catalogue)] = (catalogue, rules)
    return rules


def _table(catalogue: Catalogue, id_: str) -> Mapping[str, Any]:
    record = catalogue.get(SYSTEM, "mass_table", id_)
    if record is None:
        raise BadDocument.at("$.content", f"the catalogue has no cs-hex construction table "
                                          f"{id_!r}: load the cs-hex-core pack")
    return record.data


def _read(catalogue: Catalogue) -> ConstructionRules:
    types = {
        t["id"]: PlaneType(t["id"], t["name"], t["name_original"], t["size_min"],
                           t["size_max"], t["turrets_allowed"])
        for t in _table(catalogue, "plane-types")["types"]
    }
    sizes = {r["size"]: SizeMass(r["total_mass"], r["free_mass"])
             for r in _table(catalogue, "size-mass")["rows"]}
    rating_mass = {}
    for rating, table_id in zip(RATINGS, ("max-speed-mass", "g-rating-mass",
                                          "acceleration-mass"), strict=True):
        table = _table(catalogue, table_id)
        rating_mass[rating] = MappingProxyType({
            row["size"]: MappingProxyType(dict(zip(table["ratings"], row["masses"], strict=True)))
            for row in table["rows"]
        })
    armour = _table(catalogue, "armour")
    turret = _table(catalogue, "turret")
    return ConstructionRules(
        plane_types=MappingProxyType(types),
        sizes=MappingProxyType(sizes),
        rating_mass=MappingProxyType(rating_mass),
        armour=ArmourRules(armour["mass_per_point"], armour["points_per_row"],
                           armour["rows_max"], armour["points_max"],
                           MappingProxyType({a["id"]: a["name"] for a in armour["areas"]})),
        turret=TurretRules(turret["base_mass"], turret["gun_mass_numerator"],
                           turret["gun_mass_denominator"], turret["guns_max"],
                           frozenset(turret["plane_types"])),
        hardpoints=_table(catalogue, "hardpoints")["per_plane"],
        weapons=catalogue.records(SYSTEM, "weapon"),
    )
