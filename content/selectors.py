"""Reads from the catalogue."""

from __future__ import annotations

from typing import Any

from content import catalogues
from content.engine import Catalogue
from content.models import Ability


def ability_colours(system_id: int, kind: str | None = None) -> dict[str, dict[str, Any]]:
    """Ability stable id -> its name and display colour, for colour-keyed dial values
    (only abilities of ``kind`` when given, e.g. the speed effects of a speed dial)."""
    abilities = Ability.objects.filter(system_id=system_id)
    if kind is not None:
        abilities = abilities.filter(kind=kind)
    return {
        stable_id: {"name": name, "colour": (data or {}).get("colour")}
        for stable_id, name, data in abilities.values_list("stable_id", "name", "data")
    }


def catalogue_for_packs(versions: dict[str, str] | None = None) -> Catalogue:
    """The engine's catalogue of exactly ``versions`` (pack id -> stored version), or of the
    published packs without them; see ``content.catalogues``."""
    if versions is None:
        return catalogues.published().catalogue
    return catalogues.resolve_versions(versions).catalogue
