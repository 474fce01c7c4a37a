"""What a game prints: its roster rows, its stat cards and any sheet only it has.

The printing app owns the sheet kinds (``cards``, ``roster``, ``navigation``, ``schematic``)
and how each is laid out; a game says which of them its lists print and fills them in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from builder.core.errors import ApplicationError
from builder.engine import Catalogue, CheckedList, Record

Face = dict[str, Any]
"""One card face: the template it fills (``print/faces/<template>.html``) and its values."""
Row = dict[str, Any]
"""One row of a roster sheet's itemised price."""
Section = dict[str, Any]
"""A section a game adds at a roster's foot: ``{"title": ..., "rows": [(term, text)],
"note": ...}`` (the navigation deck, the rules of the traits its weapons name)."""
RosterSections = Callable[[Mapping[str, Any], Mapping[str, Any], Catalogue], list[Section]]
Progress = Callable[[int, int], None]
RosterRows = Callable[[Mapping[str, Any], Mapping[str, Any], Catalogue], list[Row]]
"""The roster rows of a list, from the verdict's breakdown, the list document and the
catalogue it was checked against (for the names of what entries name by id)."""


class Cards(Protocol):
    """A game's stat cards: for each entry of a checked list, and for a catalogue record."""

    def entry_faces(self, checked: CheckedList, index: int, *, greyscale: bool) -> list[Face]:
        """The faces of entry ``index`` of the list, as the engine priced it."""
        ...

    def record_faces(
        self, catalogue: Catalogue, ref: str, path: str, *, greyscale: bool
    ) -> list[Face]:
        """The faces of the record ``ref`` (``<system>/<id>``); ``path`` names it in errors."""
        ...

    def printable(self, catalogue: Catalogue) -> list[Record]:
        """The catalogue records ``record_faces`` prints, for the print page's picker."""
        ...


class Sheet(Protocol):
    """A sheet only one game prints (Air Action's navigation cards, a cs-hex schematic)."""

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of list that print it."""
        ...

    def refusal(self, document: Mapping[str, Any]) -> ApplicationError:
        """Why ``document``, a list of another game or kind, has no such sheet."""
        ...

    def for_list(
        self, checked: CheckedList, *, progress: Progress | None
    ) -> list[Face] | dict[str, Any]:
        """The sheet of a checked list: card faces, or one sheet's values."""
        ...

    def for_records(
        self, catalogue: Catalogue, refs: list[str], *, progress: Progress | None
    ) -> list[Face]:
        """The sheet of catalogue records (``refs`` may be empty: the game's default)."""
        ...

    def printable(self, catalogue: Catalogue) -> list[Record]:
        """The catalogue records ``for_records`` prints (none for a sheet of lists only)."""
        ...


class Prints(Protocol):
    """What the printing app asks a game."""

    @property
    def cards(self) -> Cards | None:
        """None where the game prints no stat cards."""
        ...

    @property
    def extras(self) -> Mapping[str, Sheet]:
        """The sheets only this game prints, by sheet kind."""
        ...

    def roster_rows(
        self, breakdown: Mapping[str, Any], document: Mapping[str, Any], catalogue: Catalogue
    ) -> list[Row]:
        """The roster's itemised rows, each naming the entries it describes (``entries``):
        the printed roster and the share page both show them."""
        ...

    def roster_sections(
        self, breakdown: Mapping[str, Any], document: Mapping[str, Any], catalogue: Catalogue
    ) -> list[Section]:
        """Sections the roster prints at its foot: the navigation deck, trait rules."""
        ...

    def sheets(self, kind: str) -> tuple[str, ...]:
        """The sheet kinds a list of ``kind`` prints."""
        ...

    def printable(self, catalogue: Catalogue) -> dict[str, list[Record]]:
        """Sheet kind -> the catalogue records it prints on its own, for the print page."""
        ...


@dataclass(frozen=True)
class GamePrints:
    """A game's prints from its parts: every list prints a roster, its cards if it has
    any, and the extra sheets that name its kind."""

    rows: RosterRows
    cards: Cards | None = None
    extras: Mapping[str, Sheet] = field(default_factory=dict)
    sections: RosterSections | None = None

    def roster_rows(
        self, breakdown: Mapping[str, Any], document: Mapping[str, Any], catalogue: Catalogue
    ) -> list[Row]:
        return self.rows(breakdown, document, catalogue)

    def roster_sections(
        self, breakdown: Mapping[str, Any], document: Mapping[str, Any], catalogue: Catalogue
    ) -> list[Section]:
        """What the roster adds at its foot for this game (none by default)."""
        return self.sections(breakdown, document, catalogue) if self.sections else []

    def sheets(self, kind: str) -> tuple[str, ...]:
        own = tuple(name for name, sheet in self.extras.items() if kind in sheet.kinds)
        return ("cards",) * (self.cards is not None) + ("roster", *own)

    def printable(self, catalogue: Catalogue) -> dict[str, list[Record]]:
        found = {"cards": self.cards.printable(catalogue)} if self.cards is not None else {}
        found |= {name: sheet.printable(catalogue) for name, sheet in self.extras.items()}
        return {name: records for name, records in found.items() if records}
