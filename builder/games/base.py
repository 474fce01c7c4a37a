"""What the Django side knows about one game, declared once in its own package.

The web pages, the printed sheets and collections ask a game (``builder.games.game``) for
its documents, fields, pickers, roster rows, card faces and collection needs; none of them
branches on the system's slug.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.engine import system_module

if TYPE_CHECKING:
    from builder.games.collections import Collection
    from builder.games.pages import Page
    from builder.games.prints import Prints


@dataclass(frozen=True)
class Kind:
    """One kind of list a game builds (a warband, a squadron, a plane design)."""

    slug: str
    label: str
    """What a player calls it."""
    default_limit: int | None
    """The points limit a new list starts with; None where the book sets none."""
    unit: str = "points"
    """What the list's total counts (points, hardpoints, fighters, mass)."""
    add_key: str = ""
    """The entry key the builder's "add" picker fills (an archetype, a figure, a part);
    empty where adding needs no pick."""
    add_label: str = ""
    """What the "add" picker offers, in a player's words ("Archetype", "Fighter flying")."""
    entries_label: str = "Entries"
    """The heading over the list's entries ("Models", "Parts", "Fighters")."""
    one_entry: bool = False
    """The list is one thing written out (a fighter design), not a roster of entries."""
    limit_field: bool = True
    """The builder asks for a limit; a plane design's mass budget comes from its airframe."""
    designs_from: str | None = None
    """The kind of the player's saved lists whose designs an entry may fly (a squadron
    flies saved fighter designs); None where entries fly none."""
    fights: bool = True
    """Lists of this kind may fight where the game has fights (a fighter design is flown
    in a squadron, never fought on its own)."""


@dataclass(frozen=True)
class Game:
    """One game system's pages, prints and collection needs."""

    system: str
    blurb: str
    kinds: tuple[Kind, ...]
    """In the order the builder offers them."""
    page: Page
    prints: Prints
    collection: Collection
    orders_example: str = ""
    """What a player's orders for a turn look like at the table (a hex-map manoeuvre),
    shown in the empty orders field; empty where the game has none to suggest."""

    @property
    def title(self) -> str:
        """The game's name as its book prints it (declared by the engine)."""
        return system_module(self.system).title

    @property
    def related(self) -> tuple[str, ...]:
        """Other systems whose records this game's lists may name."""
        return system_module(self.system).related

    def kind(self, slug: str) -> Kind | None:
        return next((k for k in self.kinds if k.slug == slug), None)
