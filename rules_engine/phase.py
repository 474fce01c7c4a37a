"""What a phase of a book's turn is, kept apart from ``rules_engine.turns`` so that each
system's ``turns`` module can declare its phases without importing the code that reads them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Phase:
    """One phase of a turn, as the book orders it: ``name`` as the book prints it (in
    English where the book is not: its own words stay in ``section``), ``section`` the
    heading it comes from, ``text`` what happens in it, and ``procedures``
    the dice procedures of the system (``resolve SYSTEM``) that are rolled in it."""

    key: str
    name: str
    section: str
    text: str
    procedures: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "section": self.section,
            "text": self.text,
            "procedures": list(self.procedures),
        }


@dataclass(frozen=True)
class Repeat:
    """Phases the book goes through again within one turn (``first`` to ``last``, in
    order), and the book's words for when."""

    first: str
    last: str
    when: str
    section: str
