"""Black Skies designs as the builder offers them: the catalogue's designs, a fresh design
to start from, the player's saved designs linked into a squadron, and the element a new
fighter joins."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from builder.engine import Catalogue, thaw
from builder.games.forms import MY_DESIGN

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


def weapon_counts(design: Mapping[str, Any]) -> list[tuple[str, int]]:
    """A design's weapons as (weapon id, how many), rows of the same weapon added up in the
    order first fitted, so a summary reads "2 × Laser Cannon", not the same weapon twice."""
    counts: dict[str, int] = {}
    for row in design.get("weapons") or ():
        if not isinstance(row, Mapping):
            continue
        weapon = str(row.get("weapon", ""))
        count = row.get("count", 1)
        counts[weapon] = counts.get(weapon, 0) + (count if isinstance(count, int) else 1)
    return list(counts.items())


def linked_uuid(entry: Any) -> str:
    """The saved design a squadron fighter flies: the select's ``list:<uuid>`` the player
    just picked, or the ``design_ref`` a linked fighter keeps; empty for any other."""
    if not isinstance(entry, Mapping):
        return ""
    design = entry.get("design")
    if isinstance(design, str) and design.startswith(MY_DESIGN):
        return design[len(MY_DESIGN) :]
    ref = entry.get("design_ref")
    return ref if isinstance(ref, str) and isinstance(design, Mapping) else ""


def designs_followed(
    entries: Sequence[Any], found: Mapping[str, Mapping[str, Any]], catalogue: Catalogue
) -> list[str]:
    """Each fighter linked to a saved design flies that design as it is saved now (the
    entry keeps the design's uuid as ``design_ref`` and a copy the engine checks); returns
    what the player should be told: a design that is gone leaves the fighter a copy, a
    design picked that is not the player's starts a new one."""
    notes: list[str] = []
    for entry in entries:
        uuid = linked_uuid(entry)
        if not uuid:
            continue
        design = found.get(uuid)
        if design is not None:
            entry["design"] = copy.deepcopy(dict(design))
            entry["design_ref"] = uuid
        elif isinstance(entry.get("design"), Mapping):
            entry.pop("design_ref", None)
            name = entry["design"].get("name") or "its design"
            notes.append(
                f"Your saved design {name} is no longer among your lists; "
                "the fighter keeps its last copy."
            )
        else:
            entry["design"] = new_design(catalogue)
            entry.pop("design_ref", None)
            notes.append("That saved design is not among your lists; a new design was started.")
    return list(dict.fromkeys(notes))


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
