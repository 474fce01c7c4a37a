"""An Air Action squadron fields each plane figure, and the Aces figure flying it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from builder.games.collections import Named, split_ref

SYSTEM = "cs-air-action"
ACES = "cs-aces"


class AirActionCollection:
    @property
    def collectable(self) -> bool:
        return True

    def needs(self, document: Mapping[str, Any]) -> Iterator[Named]:
        for i, entry in enumerate(document.get("entries", [])):
            path = f"$.entries[{i}]"
            system, stable_id = split_ref(entry["figure"], SYSTEM)
            yield Named(system, "figure", stable_id, int(entry.get("count", 1)), f"{path}.figure")
            if entry.get("ace"):
                system, stable_id = split_ref(entry["ace"], ACES)
                yield Named(system, "figure", stable_id, 1, f"{path}.ace")


COLLECTION = AirActionCollection()
