"""The cs-hex content as the engine reads it, English names beside the book's Russian ones."""

from __future__ import annotations

from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.rules import SYSTEM

SECTIONS = {
    "construction": "mass_table",
    "weapons": "weapon",
    "maneuvers": "maneuver",
    "tables": "table",
    "pilot": "ability",
}


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """Every cs-hex record by section, each with ``name`` and ``name_original`` (Russian).

    Args:
        catalogue: the content snapshot.

    Returns:
        JSON-ready data: the pack versions, then each section as a list of records.
    """
    view: dict[str, Any] = {"system": SYSTEM, "packs": catalogue.pack_versions(SYSTEM)}
    for section, type_ in SECTIONS.items():
        view[section] = [record.to_dict() for record in catalogue.records(SYSTEM, type_).values()]
    return view
