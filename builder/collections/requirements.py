"""What a list needs on the table: the collectable records it names, and how many of each.

The clix games field figures (a plane, and the Ace flying it; a character token as many
times as it is taken). A Crimson Dust warband fields one model per archetype entry (and its
mount) with its weapons. Black Skies fighters and cs-hex planes are designs built from
tables, not things one owns, so their lists need nothing from a collection.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Need:
    system: str
    record_type: str
    stable_id: str
    quantity: int = 0
    paths: list[str] = field(default_factory=list)


def _split(ref: str, default_system: str) -> tuple[str, str]:
    system, _, stable_id = ref.rpartition("/")
    return system or default_system, stable_id


def _clix(document: Mapping[str, Any]) -> Iterator[tuple[str, str, str, int, str]]:
    system = document["system"]
    for i, entry in enumerate(document.get("entries", [])):
        path = f"$.entries[{i}]"
        s, sid = _split(entry["figure"], system)
        yield s, "figure", sid, int(entry.get("count", 1)), f"{path}.figure"
        if entry.get("ace"):
            s, sid = _split(entry["ace"], "cs-aces")
            yield s, "figure", sid, 1, f"{path}.ace"


def _crimson_dust(document: Mapping[str, Any]) -> Iterator[tuple[str, str, str, int, str]]:
    for i, entry in enumerate(document.get("entries", [])):
        path = f"$.entries[{i}]"
        yield "crimson-dust", "archetype", entry["archetype"], 1, f"{path}.archetype"
        for j, weapon in enumerate(entry.get("weapons", [])):
            yield "crimson-dust", "weapon", weapon, 1, f"{path}.weapons[{j}]"
        mount = entry.get("mount")
        if mount:
            yield "crimson-dust", "archetype", mount["archetype"], 1, f"{path}.mount.archetype"


EXTRACTORS = {"cs-air-action": _clix, "cs-aces": _clix, "crimson-dust": _crimson_dust}


def collectable(system: str) -> bool:
    return system in EXTRACTORS


def list_needs(document: Mapping[str, Any]) -> list[Need]:
    """The records ``document`` needs, merged by record, in the order first named."""
    extractor = EXTRACTORS.get(document["system"])
    needs: dict[tuple[str, str, str], Need] = {}
    if extractor is None:
        return []
    for system, record_type, stable_id, quantity, path in extractor(document):
        need = needs.setdefault(
            (system, record_type, stable_id), Need(system, record_type, stable_id)
        )
        need.quantity += quantity
        need.paths.append(path)
    return list(needs.values())
