"""Sheet builders: plain values for the print templates, from the engine's catalogue."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.printing.sheets.cards import cards_for_list, cards_for_records
from builder.printing.sheets.common import Progress
from builder.printing.sheets.navigation import navigation_for_list, navigation_for_records
from builder.printing.sheets.roster import roster_sheet
from builder.printing.sheets.schematic import schematic_sheet
from rules_engine.catalogue import Catalogue

CARD_KINDS = {"cards", "navigation"}


def sheet_build(
    kind: str,
    catalogue: Catalogue,
    *,
    records: list[str] | None = None,
    doc: Mapping[str, Any] | None = None,
    share_url: str | None = None,
    greyscale: bool = False,
    progress: Progress | None = None,
) -> list[dict[str, Any]] | dict[str, Any]:
    """Card faces (a list) for ``cards`` and ``navigation``; one sheet dict otherwise."""
    if kind == "cards":
        if doc is not None:
            return cards_for_list(catalogue, doc, greyscale=greyscale, progress=progress)
        return cards_for_records(catalogue, records or [], greyscale=greyscale, progress=progress)
    if kind == "navigation":
        if doc is not None:
            return navigation_for_list(catalogue, doc, progress=progress)
        return navigation_for_records(catalogue, records or [], progress=progress)
    assert doc is not None
    if kind == "roster":
        return roster_sheet(catalogue, doc, share_url=share_url, progress=progress)
    return schematic_sheet(catalogue, doc, progress=progress)


__all__ = ["CARD_KINDS", "sheet_build"]
