"""Reads from the catalogue."""

from __future__ import annotations

from typing import Any

from content.models import Ability


def ability_colours(system_id: int) -> dict[str, dict[str, Any]]:
    """Ability stable id -> its name and display colour, for colour-keyed dial values."""
    return {
        stable_id: {"name": name, "colour": (data or {}).get("colour")}
        for stable_id, name, data in Ability.objects.filter(system_id=system_id)
        .values_list("stable_id", "name", "data")
    }
