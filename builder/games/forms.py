"""The vocabulary a game's builder page speaks: which form fields an entry has and what
each holds (``Group``, ``Rows``, ``IdOrGroup`` of ``TEXT``, ``INT``, ``LIST``, ``BOOL``), and
the controls drawn for it (``EntryField``).

Every entry's fields are named ``e<i>-<key>``; nested objects extend the name with their
own keys (``e0-pilot-name``) and lists of small objects number their rows
(``e0-weapons-1-count``). The web reads and draws them; each game declares its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from builder.engine import Catalogue

TEXT, INT, LIST, BOOL = "text", "int", "list", "bool"
WRITTEN_OUT = "written-out"
"""The design select's value for a design written out in the entry's own fields."""
MY_DESIGN = "list:"
"""Prefix of the design select's value for one of the player's saved fighter designs."""


@dataclass(frozen=True)
class Group:
    """An object read from fields of its own: an entry, a pilot, a mount, a design.

    ``needs``: the key without which the object is left out (a mount with no archetype is
    no mount); ``defaults`` fill keys left blank (a design with no weapons has ``[]``).
    """

    keys: Mapping[str, Spec]
    needs: str | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rows:
    """A list of small objects, one numbered row of fields each (a design's weapons)."""

    row: Group


@dataclass(frozen=True)
class IdOrGroup:
    """A content id picked from a select, or an object written out in the fields below it
    when the select says ``WRITTEN_OUT`` (a squadron fighter's design).

    ``start``: what the object is when the player first asks to write it out, from the
    catalogue and the id the select held until then.
    """

    group: Group
    start: Callable[[Catalogue, str], dict[str, Any]]


@dataclass(frozen=True)
class Keyed:
    """An object whose keys are whatever its drawn fields name (a character's levels by
    characteristic id: ``e0-characteristics-natural-touch``), each a ``value`` (``INT``)."""

    value: str


Spec: TypeAlias = str | Group | Rows | IdOrGroup | Keyed


@dataclass
class EntryField:
    """One input of an entry, ready for the template."""

    name: str
    label: str
    kind: str  # text, number, select, checks, bool, hidden, note, group, details or line
    value: Any = None
    options: list[tuple[str, str, str]] = field(default_factory=list)
    """(value, label, note) for selects and check lists."""
    help: str = ""
    structural: bool = False
    """Changing it changes what the entry offers (an archetype's upgrades, prices at a
    quality, a new weapon row), so the entry is drawn again rather than only its verdict."""
    chosen: list[str] = field(default_factory=list)
    """Labels of the chosen options, for a closed check list's summary."""
    open: bool = False
    """A check list shown open (short lists, and those a player changes most)."""
    rows: list[list[EntryField]] = field(default_factory=list)
    """A group's fields, a line of them each (a weapon and its count; a mount's fields)."""
    disabled: list[str] = field(default_factory=list)
    """Values shown but not to be picked; their option's note says why in words."""
    errors: list[Mapping[str, Any]] = field(default_factory=list)
    """The verdict's violations about this field, shown beside it (placed by the builder
    where the game asks for it: ``Page.errors_beside_fields``)."""
