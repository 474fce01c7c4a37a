"""Crimson Dust content as typed, frozen values, read once from the catalogue's records.

Pricing, legality and odds work on these values rather than on raw pack JSON, so a change
in the pack's shape breaks here, in one place, with a clear error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.catalogue import Catalogue, Record

SYSTEM = "crimson-dust"
QUALITIES = ("green", "regular", "veteran")
STATS = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")
RANGE_BANDS = ("0-6", "6-12", "12-18", "18-24", "24-36", "36+")
BASIC_WEAPONS = "Basic Weapons"  # Weaponry Profiles: the table Critical Shot speaks of


@dataclass(frozen=True)
class Cost:
    """One printed cost: a number, '-' (not available) or '?'/blank (not given by the book)."""

    pts: int | None = None
    not_available: bool = False
    not_given: bool = False

    @classmethod
    def read(cls, data: Mapping[str, Any] | None) -> Cost:
        if not data:
            return cls(not_given=True)
        if data.get("not_available"):
            return cls(not_available=True)
        if data.get("not_given"):
            return cls(not_given=True)
        return cls(pts=int(data["pts"]))

    def printed(self) -> str:
        if self.not_available:
            return "-"
        if self.not_given:
            return "?"
        return str(self.pts)


@dataclass(frozen=True)
class Profile:
    """The nine characteristics of a model profile (Model Characteristics)."""

    Mv: int
    Mr: int
    Rg: int
    As: int
    Df: int
    S: int
    Av: int
    Dc: int
    In: int

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Profile:
        return cls(**{k: int(data.get(k) or 0) for k in STATS})

    def plus(self, deltas: Mapping[str, int]) -> Profile:
        """This profile with ``deltas`` added, no characteristic below 0."""
        values = self.to_dict()
        for k, v in deltas.items():
            values[k] = max(0, values[k] + v)
        return Profile(**values)

    def to_dict(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in STATS}


@dataclass(frozen=True)
class Quality:
    profile: Profile
    points: int
    special: tuple[str, ...] = ()


@dataclass(frozen=True)
class Upgrade:
    """A profile upgrade ('Av 2 - 8/13/19'): deltas and a cost per quality."""

    id: str
    name: str
    effect: Mapping[str, int]
    costs: Mapping[str, Cost]
    max: int | None = 1
    group: str | None = None


@dataclass(frozen=True)
class SkillOption:
    skill: str
    costs: Mapping[str, Cost]
    note: str = ""


@dataclass(frozen=True)
class Archetype:
    id: str
    name: str
    qualities: Mapping[str, Quality]
    special: tuple[str, ...]
    upgrades: Mapping[str, Upgrade]
    skills: Mapping[str, SkillOption]
    rules: tuple[Mapping[str, str], ...] = ()
    single_quality: bool = False

    def label(self, quality: str) -> str:
        """'Veteran Medio'; just 'Bestia' for an archetype printed with one profile."""
        return self.name if self.single_quality else f"{quality.capitalize()} {self.name}"

    @property
    def exchanges_rg_as(self) -> bool:
        """Contego: 'may exchange 1 point of Rg for 1 point of As or vice versa'."""
        return any("exchange" in r.get("id", "") or "exchange 1 point of Rg" in r.get("text", "")
                   for r in self.rules) or self.id == "contego"

    @property
    def is_mount(self) -> bool:
        """Bestia: 'Another model may be equipped with a bestia mount'."""
        return "mount" in self.special or self.id == "bestia"


@dataclass(frozen=True)
class Weapon:
    """A weapon profile (Weaponry): to-hit score per range band, S, tech, traits."""

    id: str
    name: str
    tech: int | None
    points: Cost
    S: int | None
    to_hit: Mapping[str, int | None]
    traits: tuple[str, ...] = ()
    trait_values: Mapping[str, int] = field(default_factory=dict)
    category: str = ""

    @property
    def is_basic(self) -> bool:
        """Critical Shot works "with a basic ranged weapon": the Basic Weapons table."""
        return self.category == BASIC_WEAPONS

    def trait(self, trait: str) -> int | None:
        """The weapon's 'x' for a trait it has (1 when printed without a number), else None."""
        if trait not in self.traits:
            return None
        return int(self.trait_values.get(trait, 1))


@dataclass(frozen=True)
class Ability:
    """A skill, an item of extra equipment or a weapon trait (Extra Equipment and Abilities)."""

    id: str
    name: str
    kind: str
    tech: int | None = None
    points: Cost = field(default_factory=lambda: Cost(not_given=True))


@dataclass(frozen=True)
class Content:
    """Everything of Crimson Dust the engine needs, by stable id."""

    archetypes: Mapping[str, Archetype]
    weapons: Mapping[str, Weapon]
    abilities: Mapping[str, Ability]


def _costs(data: Mapping[str, Any]) -> dict[str, Cost]:
    return {q: Cost.read(data.get(q)) for q in QUALITIES}


def archetype_from(record: Record) -> Archetype:
    d = record.data
    qualities = {
        q: Quality(Profile.read(v["profile"]), int(v["points"]), tuple(v.get("special", ())))
        for q, v in d["qualities"].items()
    }
    upgrades = {
        u["id"]: Upgrade(u["id"], u["name"], dict(u["effect"]), _costs(u["costs"]),
                         u.get("max", 1), u.get("group"))
        for u in d.get("upgrades", ())
    }
    skills = {
        s["skill"]: SkillOption(s["skill"], _costs(s["costs"]), s.get("note", ""))
        for s in d.get("skills", ())
    }
    return Archetype(record.id, record.name, qualities, tuple(d.get("special", ())), upgrades,
                     skills, tuple(d.get("rules", ())), bool(d.get("single_quality", False)))


def weapon_from(record: Record) -> Weapon:
    d = record.data
    return Weapon(record.id, record.name, d.get("tech"), Cost.read(d.get("points")), d.get("S"),
                  dict(d["to_hit"]), tuple(d.get("traits", ())), dict(d.get("trait_values", {})),
                  d.get("category", ""))


def ability_from(record: Record) -> Ability:
    d = record.data
    cost = d.get("cost")
    # Skills and levels are priced per archetype (cost null); equipment carries one cost.
    own = Cost.read(cost) if isinstance(cost, Mapping) and "green" not in cost else None
    return Ability(record.id, record.name, str(d.get("kind", "")), d.get("tech"),
                   own or Cost(not_given=True))


_CACHE: dict[int, tuple[Catalogue, Content]] = {}


def content_of(catalogue: Catalogue) -> Content:
    """The typed Crimson Dust content of a catalogue (built once per catalogue snapshot)."""
    hit = _CACHE.get(id(catalogue))
    if hit is not None and hit[0] is catalogue:
        return hit[1]
    content = Content(
        {r.id: archetype_from(r) for r in catalogue.records(SYSTEM, "archetype").values()},
        {r.id: weapon_from(r) for r in catalogue.records(SYSTEM, "weapon").values()},
        {r.id: ability_from(r) for r in catalogue.records(SYSTEM, "ability").values()},
    )
    if len(_CACHE) >= 32:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(catalogue)] = (catalogue, content)
    return content
