"""What each entry of the builder offers to pick, from the engine's catalogue snapshot.

Each game draws its own pickers (``builder.games.<game>.page``); building from a collection
(``Owned``) leaves only what the player owns in the figure, archetype, weapon and gear
pickers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from builder.games import game
from builder.games.forms import EntryField
from builder.games.picks import Picks


def add_options(system: str, kind: str, picks: Picks) -> list[tuple[str, str]]:
    """What the "add" picker offers: archetypes, figures, parts or fighter designs."""
    return game(system).page.add_options(kind, picks)


def entry_fields(
    system: str, kind: str, entry: Any, picks: Picks, earlier: Sequence[Any] = ()
) -> list[EntryField]:
    """The controls of one entry; ``earlier`` are the entries before it in the list."""
    if not isinstance(entry, Mapping):
        entry = {}
    return game(system).page.entry_fields(kind, entry, picks, earlier)
