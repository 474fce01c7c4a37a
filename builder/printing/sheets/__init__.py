"""Sheet builders: plain values for the print templates, from the engine's catalogue.

The sheet kinds are the printing app's: ``cards`` and ``roster`` for every game that has
them, and sheets only one game prints (``navigation``, ``schematic``). Which of them a list
prints, and what they show, its game says (``builder.games``: a game's ``prints``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue, CheckedList
from builder.games import game, games
from builder.games.prints import Progress, Sheet
from builder.printing.sheets.cards import cards_for_list, cards_for_records
from builder.printing.sheets.roster import roster_sheet

CARD_KINDS = {"cards", "navigation"}
"""The sheet kinds laid out as cards on a grid; the others flow as pages."""


def _own_sheet(kind: str) -> Sheet | None:
    """The sheet ``kind`` of the one game that prints it, if it is not everyone's."""
    return next((g.prints.extras[kind] for g in games() if kind in g.prints.extras), None)


def sheet_offered(kind: str, doc: Mapping[str, Any] | None) -> None:
    """Nothing when the list ``doc`` prints a ``kind`` sheet (or there is no list);
    otherwise the error saying why not."""
    if doc is None:
        return
    its = game(doc["system"])
    offered = its.prints.sheets(doc["kind"])
    if kind in offered:
        return
    own = _own_sheet(kind)
    if own is not None:
        raise own.refusal(doc)
    list_kind = its.kind(doc["kind"])
    called = list_kind.label.lower() if list_kind else doc["kind"]
    raise ApplicationError(
        ErrorCode.NOT_PRINTABLE,
        f"A {its.title} {called} prints {' and '.join(offered)} sheets, not {kind}.",
        [{"path": "$.system", "field": "system", "message": f"use the {offered[-1]} sheet"}],
    )


def sheet_build(
    kind: str,
    catalogue: Catalogue,
    *,
    records: list[str] | None = None,
    checked: CheckedList | None = None,
    share_url: str | None = None,
    greyscale: bool = False,
    progress: Progress | None = None,
) -> list[dict[str, Any]] | dict[str, Any]:
    """Card faces (a list) for the ``CARD_KINDS``; one sheet dict otherwise.

    A list's sheets print the verdict of ``checked`` (the gateway's check of the list);
    record sheets read ``catalogue``.
    """
    if checked is not None:
        sheet_offered(kind, checked.document)
    if kind == "cards":
        if checked is not None:
            return cards_for_list(checked, greyscale=greyscale, progress=progress)
        return cards_for_records(catalogue, records or [], greyscale=greyscale, progress=progress)
    if kind == "roster":
        assert checked is not None
        return roster_sheet(checked, share_url=share_url, progress=progress)
    own = _own_sheet(kind)
    assert own is not None, kind
    if checked is not None:
        return own.for_list(checked, progress=progress)
    return own.for_records(catalogue, records or [], progress=progress)


__all__ = ["CARD_KINDS", "sheet_build", "sheet_offered"]
