"""What each entry of the builder offers to pick, from the engine's catalogue snapshot.

Each game draws its own pickers (``builder.games.<game>.page``); building from a collection
(``Owned``) leaves only what the player owns in the figure, archetype, weapon and gear
pickers. What the rules or the collection no longer allow is shown disabled with the
reason, so a player sees why rather than meeting a violation after picking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from builder.games import game
from builder.games.forms import EntryField
from builder.games.picks import Picks


def add_options(system: str, kind: str, picks: Picks) -> list[tuple[str, str, str]]:
    """What the "add" picker offers (archetypes, figures, parts or fighter designs) as
    (value, label, why it may not be added); the reason is empty where it may."""
    page = game(system).page
    unavailable = page.add_unavailable(kind, picks)
    return [(v, label, unavailable.get(v, "")) for v, label in page.add_options(kind, picks)]


def entry_fields(
    system: str, kind: str, entry: Any, picks: Picks, earlier: Sequence[Any] = ()
) -> list[EntryField]:
    """The controls of one entry; ``earlier`` are the entries before it in the list."""
    if not isinstance(entry, Mapping):
        entry = {}
    return game(system).page.entry_fields(kind, entry, picks, earlier)
