"""What a game's lists need from a player's collection.

The clix games field figures one owns, Crimson Dust models and their weapons; a game whose
lists are designs built from tables needs nothing, and says so with ``NOTHING_TO_COLLECT``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Named:
    """One thing a list puts on the table, where the document names it."""

    system: str
    record_type: str
    stable_id: str
    quantity: int
    path: str
    """The JSON path of the entry's field that names it."""


class Collection(Protocol):
    """A game's collection needs."""

    @property
    def collectable(self) -> bool:
        """Whether the game's lists field things a player owns."""
        ...

    def needs(self, document: Mapping[str, Any]) -> Iterator[Named]:
        """Every record ``document`` names that it fields, in document order."""
        ...


def split_ref(ref: str, default_system: str) -> tuple[str, str]:
    """A record reference ``<system>/<id>`` (or a bare id in ``default_system``) split."""
    system, _, stable_id = ref.rpartition("/")
    return system or default_system, stable_id


class NothingToCollect:
    """A game whose lists are designs built from the book's tables, not things one owns."""

    @property
    def collectable(self) -> bool:
        return False

    def needs(self, document: Mapping[str, Any]) -> Iterator[Named]:
        return iter(())


NOTHING_TO_COLLECT = NothingToCollect()
