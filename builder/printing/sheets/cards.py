"""Stat cards: for a list or for catalogue records, each face drawn by the record's game
(``builder.games``: a game's ``prints.cards``); shared drawing is in ``builder.games.drawing``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue, CheckedList
from builder.games import game
from builder.games.prints import Cards, Progress


def _cards_of(system: str) -> Cards | None:
    try:
        return game(system).prints.cards
    except KeyError:
        return None


def _no_cards(ref: str, system: str, path: str) -> ApplicationError:
    try:
        known = game(system)
    except KeyError:
        why = f"{system or 'records without a system'} has no stat cards"
    else:
        sheets = dict.fromkeys(s for k in known.kinds for s in known.prints.sheets(k.slug))
        why = f"{known.title} prints {' and '.join(sheets)} sheets, not stat cards"
    return ApplicationError(
        ErrorCode.NOT_PRINTABLE,
        f"{ref!r}: {why}.",
        [{"path": path, "field": "records", "message": "no stat card for this system"}],
    )


def cards_for_records(
    catalogue: Catalogue,
    refs: Sequence[str],
    *,
    greyscale: bool = False,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Faces for catalogue records named ``<system>/<id>``, each drawn by its game."""
    faces: list[dict[str, Any]] = []
    for i, ref in enumerate(refs):
        path = f"$.records[{i}]"
        system, _, _ = ref.rpartition("/")
        cards = _cards_of(system)
        if cards is None:
            raise _no_cards(ref, system, path)
        faces += cards.record_faces(catalogue, ref, path, greyscale=greyscale)
        if progress:
            progress(i + 1, len(refs))
    return faces


def cards_for_list(
    checked: CheckedList,
    *,
    greyscale: bool = False,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Faces for every entry of a checked list, as the engine priced it; the list's game
    prints cards (``builder.printing.sheets.sheet_offered``)."""
    cards = game(checked.document["system"]).prints.cards
    assert cards is not None
    entries = checked.document["entries"]
    faces: list[dict[str, Any]] = []
    for i in range(len(entries)):
        faces += cards.entry_faces(checked, i, greyscale=greyscale)
        if progress:
            progress(i + 1, len(entries))
    return faces
