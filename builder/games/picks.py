"""What the builder's pickers draw from: the catalogue, what the player owns when building
from a collection (``Owned``), and the player's own saved designs (``Picks``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from builder.engine import Catalogue, Record

ALWAYS_LIMITED = ("figure", "archetype", "weapon")
"""Record types a collection is read as complete for (the collection page lists them and the
list's fielding counts them); gear is limited only once the player records some."""


@dataclass(frozen=True)
class Owned:
    """What a player owns, as ``system/id`` refs by record type."""

    refs: Mapping[str, frozenset[str]]

    def allows(self, record: Record, keep: Collection[str] = ()) -> bool:
        """Whether a picker built from the collection offers ``record``; ids in ``keep``
        (what the entry already holds) stay, so nothing changes behind the player's back."""
        if record.id in keep:
            return True
        refs = self.refs.get(record.type, frozenset())
        if record.type not in ALWAYS_LIMITED and not any(
            r.startswith(f"{record.system}/") for r in refs
        ):
            return True
        return record.ref in refs


@dataclass(frozen=True)
class Picks:
    """What the pickers draw from: the catalogue, the collection when building from it, and
    the player's own saved fighter designs (uuid, name, design)."""

    catalogue: Catalogue
    owned: Owned | None = None
    my_designs: tuple[tuple[str, str, Mapping[str, Any]], ...] = field(default_factory=tuple)

    def allows(self, record: Record, keep: Collection[str] = ()) -> bool:
        return self.owned is None or self.owned.allows(record, keep)


def by_name(records: Mapping[str, Record]) -> list[Record]:
    """Records as a picker lists them: by name, whatever the case."""
    return sorted(records.values(), key=lambda r: r.name.lower())
