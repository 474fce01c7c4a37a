"""Rulings players may choose differently (docs/rulings/black-skies.md), read from a list's
``settings``. The list body schemas check the values; this module only applies defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Settings:
    """Defaults are the readings in docs/rulings/black-skies.md."""

    # Shields: "Each level of shielding costs one hardpoint" but only one step is described.
    max_shield_levels: int = 1
    # Formations: "With few exceptions" elements are two: a lone fighter is an exception.
    single_fighter_elements: str = "warning"  # "allowed" | "warning" | "error"
    # Thrusters: "may be located in one of three locations".
    thruster_locations: str = "any"  # "any" | "one"
    # Armour: "Each level of armour costs the fighter one hardpoint": light 1, heavy 2 by
    # default; "one" reads it as one hardpoint whichever level is fitted.
    armour_hardpoints: str = "per-level"  # "per-level" | "one"


def read_settings(doc: Mapping[str, Any]) -> Settings:
    """The settings of a (schema-valid) list document, defaults filled in."""
    given = doc.get("settings") or {}
    fields = Settings.__dataclass_fields__
    return Settings(**{k: v for k, v in given.items() if k in fields})
