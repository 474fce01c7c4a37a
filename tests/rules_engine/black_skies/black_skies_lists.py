"""List documents and a catalogue for the Black Skies engine tests."""

from __future__ import annotations

import copy
from typing import Any

from rules_engine.catalogue import load_catalogue

CATALOGUE = load_catalogue()

BLACK_TIGER: dict[str, Any] = {
    # Examples: "Black Tiger Weight - Medium Thrusters - Rear Weapons - Laser Cannons (2)
    # Armour - Light (-1) Shields - No".
    "name": "Black Tiger", "weight": "medium", "thrusters": ["rear-thrusters"],
    "weapons": [{"weapon": "laser-cannon", "count": 2}], "armour": "light-armour",
    "shields": 0,
}
LANCER: dict[str, Any] = {
    "name": "Lancer", "weight": "heavy", "thrusters": [],
    "weapons": [{"weapon": "laser-cannon", "count": 2}], "armour": "light-armour",
    "shields": 1,
}


def envelope(kind: str, entries: list[Any], **extra: Any) -> dict[str, Any]:
    return {"format": "muster-list/1", "system": "black-skies", "kind": kind,
            "name": f"test {kind}", "content": {"pack": "black-skies-core", "version": "1.0.0"},
            **extra, "entries": entries}


def fighter(design: dict[str, Any] | None = None, **changes: Any) -> dict[str, Any]:
    """A fighter list holding the Black Tiger, or ``design``, with ``changes`` applied."""
    body = copy.deepcopy(design or BLACK_TIGER) | changes
    return envelope("fighter", [body])


def pilot(element: str, name: str, skill: int, design: Any = "black-tiger") -> dict[str, Any]:
    return {"element": element, "pilot": {"name": name, "skill": skill},
            "design": copy.deepcopy(design)}


def squadron(*entries: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return envelope("squadron", list(entries), **extra)


def tiger_squadron() -> dict[str, Any]:
    """Two elements of Black Tigers: legal."""
    return squadron(pilot("Red", "Kell", 4), pilot("Red", "Moss", 2),
                    pilot("Gold", "Ariane", 3), pilot("Gold", "Tobin", 1))

