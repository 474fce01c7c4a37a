"""What the builder's pages ask a game: an entry's fields and how the form reads them, what
the "add" picker offers, a fresh entry, each entry's price and what else the page shows.

A game's ``page.py`` subclasses ``Page``; the defaults suit a game that asks nothing more
(no starting entries, prices where the breakdown's paths name entries, no extras).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from builder.games.prices import entry_prices

if TYPE_CHECKING:
    from builder.engine import Catalogue, Record
    from builder.games.forms import EntryField, Group
    from builder.games.picks import Picks


@runtime_checkable
class Page(Protocol):
    """One game's builder page; every method takes the list kind it is asked about."""

    collected_types: tuple[str, ...] = ()
    """Record types the collection page counts, in its order; none for a game whose
    lists are built from tables rather than things one owns."""
    print_sheet: str = "roster"
    """The sheet a saved list's Print button opens."""

    def sheet_for(self, kind: str) -> str:
        """The sheet a saved list of ``kind`` prints from its Print button."""
        return self.print_sheet

    def errors_beside_fields(self, kind: str) -> bool:
        """Whether the builder shows each error beside the field it is about (its JSON
        path names the field) rather than at the head of the entry."""
        return False

    def entry_title(self, kind: str, entry: Mapping[str, Any], catalogue: Catalogue) -> str:
        """What an entry is called above its fields; empty for the builder's own title (its
        name, else the record it takes, else its part)."""
        return ""

    def entry_spec(self, kind: str, part: str = "") -> Group:
        """The form keys of one entry; ``part`` is the entry's part where parts differ."""
        ...

    def entry_fields(
        self, kind: str, entry: Mapping[str, Any], picks: Picks, earlier: Sequence[Any]
    ) -> list[EntryField]:
        """The controls of one entry; ``earlier`` are the entries before it."""
        ...

    def add_options(self, kind: str, picks: Picks) -> list[tuple[str, str]]:
        """(value, label) of what the "add" picker offers."""
        ...

    def add_unavailable(self, kind: str, picks: Picks) -> dict[str, str]:
        """Values of the "add" picker shown disabled, each with why in words ("already on
        the team"), from the rules and the list as it stands."""
        return {}

    def catalogue_choices(self, ids: str, catalogue: Catalogue) -> list[tuple[str, str]]:
        """(id, name) a picker of ``ids`` (an odds parameter's ``catalogue_ids``) offers
        where they are not records of that type (Black Skies designs live in tables)."""
        return []

    def saved_kind(self, ids: str) -> str:
        """The kind of saved list whose records a picker of ``ids`` also offers (Black
        Skies fighter designs for a volley's firing design); empty for none."""
        return ""

    def saved_group(self, ids: str) -> str:
        """The heading of the player's saved records in a picker of ``ids``."""
        return "Your saved records"

    def new_entry(self, kind: str, value: str, catalogue: Catalogue, entries: Sequence[Any]) -> Any:
        """A fresh entry for the picked ``value``, with sensible defaults."""
        ...

    def new_entries(self, kind: str, catalogue: Catalogue) -> list[Any]:
        """The entries a new list starts with."""
        return []

    def entry_prices(
        self,
        kind: str,
        breakdown: Mapping[str, Any],
        doc: Mapping[str, Any],
        catalogue: Catalogue,
    ) -> dict[int, dict[str, Any]]:
        """Entry index -> the price shown beside it."""
        return entry_prices(breakdown)

    def extra_context(
        self, kind: str, verdict: Mapping[str, Any], catalogue: Catalogue
    ) -> dict[str, Any]:
        """What else the builder template shows for this game (a schematic, a rule)."""
        return {}

    def saved_designs_copy(
        self,
        doc: dict[str, Any],
        found: Mapping[str, Mapping[str, Any]],
        catalogue: Catalogue,
    ) -> str:
        """Write the player's saved designs the entries ask for into them; returns a note
        for the player, empty when all went as asked."""
        return ""

    def collection_points(self, record: Record) -> int | None:
        """The price the collection page shows beside a record it counts."""
        return None
