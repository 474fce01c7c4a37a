"""What the builder's pickers draw from: the catalogue, what the player owns when building
from a collection (``Owned``), the player's own saved designs and the list as it stands
(``Picks``), so a picker offers only what the rules and the collection still allow."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.engine import Catalogue, Record

ALWAYS_LIMITED = ("figure", "archetype", "weapon")
"""Record types a collection is read as complete for (the collection page lists them and the
list's fielding counts them); gear is limited only once the player records some."""


@dataclass(frozen=True)
class Owned:
    """What a player owns, as ``system/id`` refs by record type, and how many of each
    (``counts``: ``(record type, ref)`` -> copies; absent where only ownership is known)."""

    refs: Mapping[str, frozenset[str]]
    counts: Mapping[tuple[str, str], int] = field(default_factory=dict)

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
    """What the pickers draw from: the catalogue, the collection when building from it, the
    player's own saved fighter designs (uuid, name, design) and the list's entries."""

    catalogue: Catalogue
    owned: Owned | None = None
    my_designs: tuple[tuple[str, str, Mapping[str, Any]], ...] = field(default_factory=tuple)
    entries: Sequence[Any] = ()
    fielded: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """``(record type, ref)`` -> how many the list's entries field (its collection needs)."""

    def allows(self, record: Record, keep: Collection[str] = ()) -> bool:
        return self.owned is None or self.owned.allows(record, keep)

    def used_up(self, record: Record, keep: Collection[str] = ()) -> str:
        """Why a picker built from the collection shows ``record`` disabled: every owned
        copy is already in the list ("all 2 owned copies used"); empty when one is free or
        the entry holds it already."""
        if self.owned is None or record.id in keep or record.ref in keep:
            return ""
        have = self.owned.counts.get((record.type, record.ref))
        if not have or self.fielded.get((record.type, record.ref), 0) < have:
            return ""
        return "the 1 owned copy is used" if have == 1 else f"all {have} owned copies used"


def fielded_counts(needs: Sequence[tuple[str, str, str, int]]) -> dict[tuple[str, str], int]:
    """(system, record type, id, quantity) needs summed as ``(record type, ref)`` -> count."""
    found: Counter[tuple[str, str]] = Counter()
    for system, record_type, stable_id, quantity in needs:
        found[(record_type, f"{system}/{stable_id}")] += quantity
    return dict(found)


def by_name(records: Mapping[str, Record]) -> list[Record]:
    """Records as a picker lists them: by name, whatever the case."""
    return sorted(records.values(), key=lambda r: r.name.lower())
