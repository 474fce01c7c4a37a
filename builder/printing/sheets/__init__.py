"""Sheet builders: plain values for the print templates, from the engine's catalogue."""

from __future__ import annotations

from typing import Any

from builder.engine import Catalogue, CheckedList
from builder.printing.sheets.cards import cards_for_list, cards_for_records
from builder.printing.sheets.common import Progress
from builder.printing.sheets.navigation import navigation_for_list, navigation_for_records
from builder.printing.sheets.roster import roster_sheet
from builder.printing.sheets.schematic import schematic_sheet

CARD_KINDS = {"cards", "navigation"}


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
    """Card faces (a list) for ``cards`` and ``navigation``; one sheet dict otherwise.

    A list's sheets print the verdict of ``checked`` (the gateway's check of the list);
    record sheets read ``catalogue``.
    """
    if kind == "cards":
        if checked is not None:
            return cards_for_list(checked, greyscale=greyscale, progress=progress)
        return cards_for_records(catalogue, records or [], greyscale=greyscale, progress=progress)
    if kind == "navigation":
        if checked is not None:
            return navigation_for_list(checked, progress=progress)
        return navigation_for_records(catalogue, records or [], progress=progress)
    assert checked is not None
    if kind == "roster":
        return roster_sheet(checked, share_url=share_url, progress=progress)
    return schematic_sheet(checked, progress=progress)


__all__ = ["CARD_KINDS", "sheet_build"]
