"""The character-creation tables as plain engine values ("Создание персонажа", seed 004).

A character is built from a budget (700 XP a player character, 400 a wingman, 300 a turret
gunner: table ``character-budgets``), characteristics whose level costs a total XP (table
``characteristic-costs``) and add-ons at a price each, some bought more than once (ability
records of kind ``add_on``). Constitution has a minimum, and a fixed level for wingmen and
gunners (the ``constitution`` record's ``minimum`` and ``fixed_for``). Nothing here is
restated from the book: every number is read from the pack.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.errors import BadDocument

CREATION = "Создание персонажа"
ADD_ONS_SECTION = "Создание персонажа: Дополнения"
DEVELOPMENT = "Развитие персонажа"
PILOT = "pilot"
WINGMAN = "wingman"
"""The role of a wingman, the add-on that buys one and the entry that writes one out."""
ROLE_WORDS = {"pilot": "pilot", "wingman": "wingman", "gunner": "turret gunner"}
"""How a message names a role ("for a pilot"); other roles by their table label."""


@dataclass(frozen=True)
class Characteristic:
    id: str
    name: str
    name_original: str
    minimum: int
    """The lowest level a character may have (0 unless the record gives one)."""
    fixed_for: frozenset[str]
    """Roles for which the level is always ``minimum`` and cannot be raised."""


@dataclass(frozen=True)
class AddOn:
    id: str
    name: str
    name_original: str
    cost_xp: int
    max_count: int


@dataclass(frozen=True)
class CharacterRules:
    """Everything a character check or a campaign needs, with no further look-ups."""

    budgets: MappingProxyType[str, int]
    """Role -> the XP a character of that role is built with."""
    role_labels: MappingProxyType[str, str]
    level_costs: tuple[int, ...]
    """Total XP of a characteristic at each level, from level 0."""
    characteristics: MappingProxyType[str, Characteristic]
    add_ons: MappingProxyType[str, AddOn]

    @property
    def max_level(self) -> int:
        return len(self.level_costs) - 1

    def role_word(self, role: str) -> str:
        """``pilot``, ``wingman``, ``turret gunner``: the role as a message says it."""
        return ROLE_WORDS.get(role) or self.role_labels.get(role, role).lower()

    def fixed_level(self, characteristic: Characteristic, role: str) -> int | None:
        """The level ``characteristic`` is held at for ``role``, or None when it is free."""
        return characteristic.minimum if role in characteristic.fixed_for else None

    def level_cost(self, level: int) -> int:
        """The total XP of one characteristic at ``level`` (a level off the table: 0, and
        the check reports it)."""
        return self.level_costs[level] if 0 <= level <= self.max_level else 0


_CACHE: dict[int, tuple[Catalogue, CharacterRules]] = {}


def character_rules(catalogue: Catalogue) -> CharacterRules:
    """The character tables of ``catalogue`` (cached per snapshot object).

    Raises:
        BadDocument: the catalogue lacks a table the check needs (no cs-hex-core pack).
    """
    hit = _CACHE.get(id(catalogue))
    if hit is not None and hit[0] is catalogue:
        return hit[1]
    rules = _read(catalogue)
    if len(_CACHE) >= 8:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(catalogue)] = (catalogue, rules)
    return rules


def _table(catalogue: Catalogue, id_: str) -> dict[str, Any]:
    record = catalogue.get(SYSTEM, "table", id_)
    if record is None:
        raise BadDocument.at(
            "$.content",
            f"the catalogue has no cs-hex table {id_!r}: load the cs-hex-core pack",
        )
    return dict(record.data)


def _read(catalogue: Catalogue) -> CharacterRules:
    budgets = _table(catalogue, "character-budgets")["rows"]
    costs = sorted(
        (int(level), int(xp)) for level, xp in _table(catalogue, "characteristic-costs")["rows"]
    )
    if [level for level, _ in costs] != list(range(len(costs))):
        raise BadDocument.at("$.content", "the characteristic-costs table skips a level")
    characteristics: dict[str, Characteristic] = {}
    add_ons: dict[str, AddOn] = {}
    for record in sorted(catalogue.records(SYSTEM, "ability").values(), key=lambda r: r.name):
        data = record.data
        if data.get("kind") == "characteristic":
            characteristics[record.id] = Characteristic(
                record.id,
                record.name,
                record.name_original or "",
                int(data.get("minimum") or 0),
                frozenset(data.get("fixed_for") or ()),
            )
        elif data.get("kind") == "add_on":
            add_ons[record.id] = AddOn(
                record.id,
                record.name,
                record.name_original or "",
                int(data["cost_xp"]),
                int(data.get("max_count") or 1),
            )
    return CharacterRules(
        budgets=MappingProxyType({str(r[0]): int(r[3]) for r in budgets}),
        role_labels=MappingProxyType({str(r[0]): str(r[1]) for r in budgets}),
        level_costs=tuple(xp for _, xp in costs),
        characteristics=MappingProxyType(characteristics),
        add_ons=MappingProxyType(add_ons),
    )
