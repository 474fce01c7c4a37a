"""A Crimson Dust warband fields one model per archetype entry, its weapons and its mount."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from builder.games.collections import Named

SYSTEM = "crimson-dust"


class CrimsonDustCollection:
    @property
    def collectable(self) -> bool:
        return True

    def needs(self, document: Mapping[str, Any]) -> Iterator[Named]:
        for i, entry in enumerate(document.get("entries", [])):
            path = f"$.entries[{i}]"
            yield Named(SYSTEM, "archetype", entry["archetype"], 1, f"{path}.archetype")
            for j, weapon in enumerate(entry.get("weapons", [])):
                yield Named(SYSTEM, "weapon", weapon, 1, f"{path}.weapons[{j}]")
            mount = entry.get("mount")
            if mount:
                yield Named(SYSTEM, "archetype", mount["archetype"], 1, f"{path}.mount.archetype")


COLLECTION = CrimsonDustCollection()
