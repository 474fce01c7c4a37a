"""An Aces team fields each of its figures as many times as it is taken."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from builder.games.collections import Named, split_ref

SYSTEM = "cs-aces"


class AcesCollection:
    @property
    def collectable(self) -> bool:
        return True

    def needs(self, document: Mapping[str, Any]) -> Iterator[Named]:
        for i, entry in enumerate(document.get("entries", [])):
            system, stable_id = split_ref(entry["figure"], SYSTEM)
            count = int(entry.get("count", 1))
            yield Named(system, "figure", stable_id, count, f"$.entries[{i}].figure")


COLLECTION = AcesCollection()
