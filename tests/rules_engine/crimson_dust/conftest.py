"""Fixtures for the Crimson Dust engine: the real pack and warband documents built to order."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from rules_engine.catalogue import Catalogue, build_catalogue, load_catalogue

SEED = "003_157d3ea1ab1b2229.txt"

Warband = Callable[..., dict[str, Any]]


def make_warband(*entries: dict[str, Any], limit: int | None = 500,
                 **extra: Any) -> dict[str, Any]:
    """A warband list document holding ``entries`` (deep-copied, so tests may reuse them)."""
    return {"format": "muster-list/1", "system": "crimson-dust", "kind": "warband",
            "name": "Test warband", "points_limit": limit,
            "entries": [copy.deepcopy(e) for e in entries], **extra}


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    """The catalogue from the repository's packs (the Crimson Dust core pack included)."""
    return load_catalogue()


@pytest.fixture
def warband() -> Warband:
    return make_warband


def _cost(pts: int | None) -> dict[str, Any]:
    return {"pts": pts} if pts is not None else {"not_given": True}


def small_pack() -> dict[str, Any]:
    """A hand-made pack for rules the core pack has no records for yet (equipment, heavy
    weapons). Its numbers are the book's where the book gives them."""
    medio_profile = {"Mv": 8, "Mr": 3, "Rg": 7, "As": 7, "Df": 6, "S": 3, "Av": 0, "Dc": 2,
                     "In": 3}
    quality = {"profile": medio_profile, "points": 50, "special": []}
    same = {"green": _cost(5), "regular": _cost(5), "veteran": _cost(5)}

    def equipment(id_: str, tech: int, pts: int | None = None) -> dict[str, Any]:
        return {"type": "ability", "id": id_, "name": id_.replace("-", " ").title(),
                "source": {"seed": SEED, "section": "Extra Equipment"},
                "data": {"kind": "equipment", "rule_text": "test", "tech": tech,
                         "cost": _cost(pts)}}

    return {
        "format": "muster-pack/1", "id": "crimson-dust-test", "version": "0.0.1",
        "system": "crimson-dust",
        "records": [
            {"type": "archetype", "id": "trooper", "name": "Trooper",
             "source": {"seed": SEED, "section": "Medio Archetype"},
             "data": {"qualities": {"green": quality, "regular": quality, "veteran": quality},
                      "special": [], "rules": [],
                      "upgrades": [{"id": "av-4", "name": "Av 4", "effect": {"Av": 4},
                                    "costs": same, "max": 1, "group": "av"}],
                      "skills": [{"skill": "hacker-1", "costs": {
                          "green": _cost(None), "regular": _cost(None),
                          "veteran": _cost(None)}}]}},
            {"type": "weapon", "id": "heavy-bolter", "name": "Heavy Bolter",
             "source": {"seed": SEED, "section": "Heavy Weapons"},
             "data": {"tech": 2, "points": _cost(None), "S": 4, "category": "Heavy Weapons",
                      "to_hit": {"0-6": 5, "6-12": 4, "12-18": 4, "18-24": 4, "24-36": 5,
                                 "36+": None},
                      "traits": ["heavy", "rof"], "trait_values": {"heavy": 5, "rof": 3}}},
            {"type": "weapon", "id": "pistol", "name": "Pistol",
             "source": {"seed": SEED, "section": "Basic Weapons"},
             "data": {"tech": 1, "points": _cost(None), "S": 1, "category": "Basic Weapons",
                      "to_hit": {"0-6": 3, "6-12": 4, "12-18": 5, "18-24": 6, "24-36": None,
                                 "36+": None},
                      "traits": ["pistol"], "trait_values": {}}},
            equipment("neural-networking", 3, 10),
            equipment("powered-armour", 3),
            equipment("refractor-field-generator", 4),
            equipment("riot-shield", 1),
            equipment("camouflage-2", 4),
        ],
    }


@pytest.fixture(scope="session")
def small_catalogue() -> Catalogue:
    return build_catalogue([small_pack()])
