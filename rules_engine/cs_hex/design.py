"""Checking a plane design against the construction rules ("Создание самолета", seed 004).

The price of a design is the mass its modules use; the limit is the free mass of its size.
Every broken rule is collected with its JSON path; nothing is raised one rule at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.codes import Code
from rules_engine.cs_hex.rules import RATINGS, ConstructionRules, PlaneType, construction_rules
from rules_engine.jsonpath import child
from rules_engine.verdict import PricedEntry, Severity, Verdict, Violation

TURRET_GUN_MASS = ("full_plus_half", "half_only")
RATING_NAMES = {"max_speed": "max speed", "g_rating": "G-rating", "acceleration": "acceleration"}
DROP_TANK = "drop-tank"


class ArmourArea(TypedDict):
    """One armour area of the schematic: its book name, points, their mass and rows."""

    name: str
    points: int
    mass: int
    rows: int


@dataclass
class _Tally:
    """The running state of one check: mass by heading, itemised parts, violations."""

    rules: ConstructionRules
    prices: Mapping[str, int]
    turret_gun_mass: str
    violations: list[Violation] = field(default_factory=list)
    mass: dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        ("max_speed", "g_rating", "acceleration", "armour", "guns", "turrets", "rockets",
         "drop_tanks"), 0))
    parts: dict[str, Any] = field(default_factory=lambda: {
        "guns": [], "turrets": [], "rockets": [], "drop_tanks": []})
    hardpoints: int = 0
    hardpoints_over_path: str | None = None
    beacons: int = 0
    seeker_path: str | None = None
    # Each entry's mass by its path: the design's price, entry by entry.
    entry_mass: dict[str, tuple[str, int]] = field(default_factory=dict)

    def add(self, code: Code, message: str, path: str,
            severity: Severity = Severity.ERROR) -> None:
        self.violations.append(Violation(str(code), message, path, severity))

    def spend(self, path: str, name: str, mass: int) -> None:
        """Count ``mass`` to the entry at ``path`` (the mass headings count it too)."""
        _, before = self.entry_mass.get(path, (name, 0))
        self.entry_mass[path] = (name, before + mass)

    def priced(self, entry_count: int) -> tuple[PricedEntry, ...]:
        """The entries' masses in the document's order (the parts are tallied by kind)."""
        found = []
        for i in range(entry_count):
            spent = self.entry_mass.get(f"$.entries[{i}]")  # what ``child`` writes for entry i
            if spent is not None:
                found.append(PricedEntry(f"$.entries[{i}]", *spent))
        return tuple(found)


def check_design(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price a plane design and report every construction rule it breaks.

    Args:
        catalogue: a snapshot holding the cs-hex-core pack.
        doc: a schema-valid ``cs-hex``/``plane`` list document.

    Returns:
        ``points`` is the mass used, ``limit`` the free mass of the chosen size (``None``
        without a readable airframe); the breakdown itemises mass by part and the derived
        values (to-hit number, schematic rows per area, hardpoints).
    """
    settings = doc.get("settings") or {}
    tally = _Tally(
        rules=construction_rules(catalogue),
        prices=(doc.get("house_rules") or {}).get("prices") or {},
        turret_gun_mass=settings.get("turret_gun_mass", TURRET_GUN_MASS[0]),
    )
    entries = doc["entries"]
    plane_type, size = _airframe(tally, entries)
    armour = _armour(tally, entries)
    for index, entry in enumerate(entries):
        path = child("$.entries", index)
        part = entry["part"]
        if part == "gun":
            _gun(tally, entry, path)
        elif part == "turret":
            _turret(tally, entry, path, plane_type)
        elif part in ("rocket", "drop-tank"):
            _hung(tally, entry, path)
    if tally.hardpoints_over_path is not None:
        tally.add(Code.TOO_MANY_HARDPOINTS, f"Rockets and drop tanks need {tally.hardpoints} "
                  f"hardpoints, {tally.hardpoints - tally.rules.hardpoints} over the "
                  f"{tally.rules.hardpoints} of a plane; this entry is the first that does not "
                  "fit", tally.hardpoints_over_path)
    if tally.seeker_path and not tally.beacons:
        tally.add(Code.SEEKER_WITHOUT_BEACON, "Seeker rockets can only be fired at a target "
                  "marked by a beacon rocket, and this design carries no beacon",
                  tally.seeker_path, Severity.WARNING)

    used = sum(tally.mass.values())
    airframe = tally.rules.sizes.get(size) if size is not None else None
    limit = airframe.free_mass if airframe is not None else None
    if limit is not None and used > limit:
        tally.add(Code.OVER_FREE_MASS, f"The design uses {used} mass but a size {size} plane "
                  f"has only {limit} free mass ({used - limit} too much)", "$.entries")
    points_limit = doc.get("points_limit")
    if points_limit is not None and points_limit != limit:
        tally.add(Code.POINTS_LIMIT_IGNORED, f"The points limit {points_limit} is ignored: a "
                  f"design's limit is the free mass of its size ({limit})", "$.points_limit",
                  Severity.WARNING)

    breakdown: dict[str, Any] = {
        "plane_type": plane_type.id if plane_type else None,
        "size": size if airframe is not None else None,
        "to_hit_number": size if airframe is not None else None,
        "total_mass": airframe.total_mass if airframe is not None else None,
        "free_mass": limit,
        "mass": dict(tally.mass),
        "mass_used": used,
        "mass_remaining": None if limit is None else limit - used,
        "armour": armour,
        **tally.parts,
        "hardpoints": {"used": tally.hardpoints, "available": tally.rules.hardpoints},
        "settings": {"turret_gun_mass": tally.turret_gun_mass},
    }
    return Verdict(points=used, limit=limit, violations=tuple(tally.violations),
                   breakdown=breakdown, house_rules=dict(doc.get("house_rules") or {}),
                   entries=tally.priced(len(entries)))


def _airframe(tally: _Tally, entries: list[Any]) -> tuple[PlaneType | None, int | None]:
    """Type, size and ratings ("1. Выбор типа", "2. Выбор размера", "3.-5." of the book)."""
    found = [(i, e) for i, e in enumerate(entries) if e["part"] == "airframe"]
    if not found:
        tally.add(Code.NO_AIRFRAME, "The design has no airframe: choose a plane type, size, "
                  "max speed, G-rating and acceleration", "$.entries")
        return None, None
    for index, _ in found[1:]:
        tally.add(Code.EXTRA_AIRFRAME, "A design is one plane: only the first airframe entry "
                  "counts", child("$.entries", index))
    index, frame = found[0]
    path = child("$.entries", index)
    rules = tally.rules
    plane_type = rules.plane_types.get(frame["plane_type"])
    if plane_type is None:
        known = ", ".join(rules.plane_types)
        tally.add(Code.UNKNOWN_PLANE_TYPE, f"There is no plane type {frame['plane_type']!r} "
                  f"(the book has: {known})", child(path, "plane_type"))
    size = frame["size"]
    if size not in rules.sizes:
        tally.add(Code.SIZE_NOT_IN_TABLE, f"Size {size} is not in the size table "
                  f"({min(rules.sizes)}-{max(rules.sizes)})", child(path, "size"))
        return plane_type, None
    if plane_type and not plane_type.size_min <= size <= plane_type.size_max:
        tally.add(Code.SIZE_OUTSIDE_TYPE, f"A {plane_type.name.lower()} has size "
                  f"{plane_type.size_max}-{plane_type.size_min}, not {size}", child(path, "size"))
    for rating in RATINGS:
        by_value = rules.rating_mass[rating][size]
        value = frame[rating]
        if value not in by_value:
            tally.add(Code.RATING_NOT_IN_TABLE, f"A {RATING_NAMES[rating]} of {value} is not in "
                      f"the book's table (1-{max(by_value)})", child(path, rating))
        else:
            tally.mass[rating] = by_value[value]
            tally.spend(path, plane_type.name if plane_type else "Airframe", by_value[value])
    return plane_type, size


def _armour(tally: _Tally, entries: list[Any]) -> dict[str, ArmourArea]:
    """Armour per area: 3 mass a point, a schematic row per 10, at most 80 ("6. Обвес броней")."""
    rules = tally.rules.armour
    areas = {a: ArmourArea(name=name, points=0, mass=0, rows=0)
             for a, name in rules.areas.items()}
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        if entry["part"] != "armour":
            continue
        path = child("$.entries", index)
        area, points = entry["area"], entry["points"]
        if area not in areas:
            tally.add(Code.UNKNOWN_ARMOUR_AREA, f"There is no armour area {area!r} (the areas "
                      f"are: {', '.join(areas)})", child(path, "area"))
            continue
        name = areas[area]["name"]
        if area in seen:
            tally.add(Code.DUPLICATE_ARMOUR_AREA, f"{name} armour is written twice: give each "
                      "area one entry", child(path, "area"))
        seen.add(area)
        mass = points * rules.mass_per_point
        tally.mass["armour"] += mass
        tally.spend(path, f"{name} armour", mass)
        slot = areas[area]
        before = slot["points"]
        slot["points"] += points
        slot["mass"] += mass
        # "каждая отдельная область не может иметь больше 80 ед. брони": the area's total
        # counts, reported at the entry that takes it over.
        if before <= rules.points_max < slot["points"]:
            tally.add(Code.ARMOUR_OVER_MAXIMUM, f"{name} has {slot['points']} armour, "
                      f"{slot['points'] - rules.points_max} over the {rules.points_max} an "
                      f"area holds ({rules.rows_max} rows)",
                      child(path, "points"))
        elif points % rules.points_per_row:
            tally.add(Code.ARMOUR_PARTIAL_ROW, f"{name} armour {points} is not a multiple of "
                      f"{rules.points_per_row}: the last {points % rules.points_per_row} points "
                      "cost mass but give no schematic row", child(path, "points"),
                      Severity.WARNING)
    for slot in areas.values():
        slot["rows"] = min(slot["points"] // rules.points_per_row, rules.rows_max)
    return areas


def _weapon(tally: _Tally, weapon_id: str, kinds: tuple[str, ...], path: str) -> Any:
    record = tally.rules.weapons.get(weapon_id)
    if record is None:
        tally.add(Code.UNKNOWN_WEAPON, f"There is no weapon {weapon_id!r} in the catalogue", path)
        return None
    if record.data["kind"] not in kinds:
        tally.add(Code.WRONG_WEAPON_KIND, f"{record.name} is a {record.data['kind']}, not a "
                  f"{' or '.join(kinds)}", path)
        return None
    return record


def _gun(tally: _Tally, entry: Mapping[str, Any], path: str) -> None:
    """Fixed guns by calibre ("7. Обвес оружием")."""
    record = _weapon(tally, entry["weapon"], ("gun",), child(path, "weapon"))
    if record is None:
        return
    count = entry.get("count", 1)
    mass = record.data["mass"] * count
    tally.mass["guns"] += mass
    tally.spend(path, record.name, mass)
    tally.parts["guns"].append({"path": path, "weapon": record.id, "name": record.name,
                                "count": count, "range": record.data["range"], "mass": mass})


def _turret(tally: _Tally, entry: Mapping[str, Any], path: str,
            plane_type: PlaneType | None) -> None:
    """Turrets: heavy planes only, at most 2 guns, 400 + half the guns ("7. Обвес оружием")."""
    rules = tally.rules.turret
    if plane_type is not None and plane_type.id not in rules.plane_types:
        tally.add(Code.TURRET_NOT_ALLOWED, f"A {plane_type.name.lower()} cannot carry a turret: "
                  "only heavy planes may", path)
    guns = entry["guns"]
    if len(guns) > rules.guns_max:
        tally.add(Code.TURRET_TOO_MANY_GUNS, f"This turret has {len(guns)} guns, "
                  f"{len(guns) - rules.guns_max} over the {rules.guns_max} a turret carries",
                  child(path, "guns"))
    elif not guns:
        tally.add(Code.TURRET_EMPTY, "This turret carries no guns: it costs "
                  f"{rules.base_mass} mass for nothing", child(path, "guns"), Severity.WARNING)
    gun_mass = 0
    for gun_index, gun_id in enumerate(guns):
        record = _weapon(tally, gun_id, ("gun",), child(path, "guns", gun_index))
        if record is not None:
            gun_mass += record.data["mass"]
    # Ceiling division: every printed gun mass is even, so this only matters for house data.
    surcharge = -(-gun_mass * rules.gun_mass_numerator // rules.gun_mass_denominator)
    mass = rules.base_mass + surcharge + (gun_mass if tally.turret_gun_mass == "full_plus_half"
                                          else 0)
    tally.mass["turrets"] += mass
    tally.spend(path, "Turret", mass)
    tally.parts["turrets"].append({"path": path, "guns": list(guns), "gun_mass": gun_mass,
                                   "turret_mass": rules.base_mass + surcharge, "mass": mass})


def _hung(tally: _Tally, entry: Mapping[str, Any], path: str) -> None:
    """Rockets and drop tanks on the 8 hardpoints ("8. Ракеты")."""
    is_tank = entry["part"] == "drop-tank"
    weapon_id = DROP_TANK if is_tank else entry["weapon"]
    kinds = ("drop_tank",) if is_tank else ("rocket",)
    record = _weapon(tally, weapon_id, kinds, path if is_tank else child(path, "weapon"))
    if record is None:
        return
    count = entry.get("count", 1)
    data = record.data
    # The book gives no mass for rockets or tanks: 0 unless the players agree on one.
    unit_mass = data["mass"] if data["mass"] is not None else tally.prices.get(record.id, 0)
    mass_from = ("book" if data["mass"] is not None
                 else "house rule" if record.id in tally.prices else "not given")
    tally.hardpoints += data["hardpoints"] * count
    if tally.hardpoints > tally.rules.hardpoints and tally.hardpoints_over_path is None:
        tally.hardpoints_over_path = path
    if record.id == "rocket-beacon":
        tally.beacons += count
    if data.get("requires") and tally.seeker_path is None:
        tally.seeker_path = path
    heading = "drop_tanks" if is_tank else "rockets"
    tally.mass[heading] += unit_mass * count
    tally.spend(path, record.name, unit_mass * count)
    item = {"path": path, "weapon": record.id, "name": record.name, "count": count,
            "hardpoints": data["hardpoints"] * count, "mass": unit_mass * count,
            "mass_from": mass_from}
    if is_tank:
        item["range_bonus_percent"] = data["range_bonus_percent"] * count
    else:
        item["range"] = data["range"]
    tally.parts[heading].append(item)
