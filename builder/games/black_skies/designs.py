"""Black Skies designs as the builder offers them: the catalogue's designs, a fresh design
to start from, and the element a new fighter joins."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from builder.engine import Catalogue, thaw

SYSTEM = "black-skies"
ELEMENT_NAMES = ("Red", "Gold", "Blue", "Green", "Black", "White", "Silver", "Grey")
"""Call signs for new elements; players rename them at will."""
DEFAULT_SKILL = 2
"""A new pilot's Piloting Skill Level: 2, "trained pilot" (Pilots)."""


def catalogue_designs(catalogue: Catalogue) -> dict[str, dict[str, Any]]:
    """Content design id -> the design written out (the Black Tiger, Examples)."""
    return {
        r.id: thaw(r.data["design"])
        for r in sorted(catalogue.records(SYSTEM, "table").values(), key=lambda r: r.name)
        if r.data.get("kind") == "fighter_design"
    }


def new_design(catalogue: Catalogue, name: str = "New fighter") -> dict[str, Any]:
    """A legal design to start from: the middle weight, no armour, one of the first weapon."""
    weights = sorted(
        catalogue.records(SYSTEM, "fighter_weight").values(), key=lambda r: r.data["rank"]
    )
    armours = sorted(
        (a for a in catalogue.records(SYSTEM, "ability").values() if a.data["kind"] == "armour"),
        key=lambda r: r.data["level"],
    )
    weapons = sorted(catalogue.records(SYSTEM, "weapon").values(), key=lambda r: r.name)
    return {
        "name": name,
        "weight": weights[len(weights) // 2].id if weights else "",
        "thrusters": [],
        "weapons": [{"weapon": weapons[0].id, "count": 1}] if weapons else [],
        "armour": armours[0].id if armours else "",
        "shields": 0,
    }


def design_start(catalogue: Catalogue, was: str) -> dict[str, Any]:
    """The design a player begins writing out: a copy of the content design the fighter
    flew until now, or a fresh one."""
    found = catalogue_designs(catalogue).get(was)
    return copy.deepcopy(found) if found else new_design(catalogue)


def element_size(catalogue: Catalogue) -> int:
    """Formations: an element is a lead fighter and his wingman (the rules' constant)."""
    table = catalogue.get(SYSTEM, "table", "rules-constants")
    rows = table.data["rows"] if table else []
    return next((int(r[1]) for r in rows if r[0] == "element_size"), 2)


def next_element(entries: Sequence[Any], size: int) -> str:
    """The element a new fighter joins: the last one while it is short of ``size``, else
    the first call sign not yet used."""
    labels = [e.get("element") for e in entries if isinstance(e, Mapping)]
    if labels and labels[-1] and labels.count(labels[-1]) < size:
        return str(labels[-1])
    for name in ELEMENT_NAMES:
        if name not in labels:
            return name
    return f"Element {len(set(labels)) + 1}"


def new_fighter(
    catalogue: Catalogue, entries: Sequence[Any], design: str | Mapping[str, Any]
) -> dict[str, Any]:
    """A squadron entry: a new pilot in the element that needs a wingman, flying ``design``."""
    return {
        "element": next_element(entries, element_size(catalogue)),
        "pilot": {"name": f"Pilot {len(entries) + 1}", "skill": DEFAULT_SKILL},
        "design": design,
    }
