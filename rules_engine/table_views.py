"""What a player reads off each figure at a game table, from the figure's own data and its
live state (``rules_engine.table_state``), so a phone can stand in for physical dials.

A view is the same shape for every game::

    {"name": "Loyle Crawford (Devastator)",
     "status": "flying",              # "shot down", "knocked out", "crippled", "pinned" ...
     "lines": [{"label": "Piloting", "value": 7, "note": "Armour Plating (sample)"}, ...],
     "track": {"label": "Clicks to three bullet holes", "filled": 1, "total": 7}}

``track`` is None when a game has no damage track; the hex-map rules add ``schematic``,
the damage schematic's areas. A field no procedure has written yet reads from the
figure's own data (the dial at its starting click, full Dc, full hull).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.systems import system_module
from rules_engine.table_lines import view
from rules_engine.typing import TableView


def _table_view(system: str) -> TableView | None:
    return system_module(system, "system").table_view()


def initial_state(
    catalogue: Catalogue, system: str, doc: Mapping[str, Any], path: str
) -> dict[str, Any]:
    """The state a figure starts a game with.

    Args:
        catalogue: the snapshot of the list's pinned packs.
        system: the list's game system slug.
        doc: the player's (frozen) list document.
        path: the figure's entry path, as ``table_state.table_figures`` gives it.

    Returns:
        The figure's fields before any procedure is applied (``{}`` for a game whose
        figures show only their names).

    Raises:
        BadDocument: an unknown system, or a path or figure the list or catalogue lacks.
    """
    table = _table_view(system)
    return {} if table is None else table.initial_state(catalogue, doc, path)


def figure_view(
    catalogue: Catalogue,
    system: str,
    doc: Mapping[str, Any],
    path: str,
    state: Mapping[str, Any],
) -> dict[str, Any]:
    """The figure as it stands in ``state`` (its live state on the table, ``{}`` at the
    start), in players' words: name, status, lines and damage track.

    Raises:
        BadDocument: an unknown system, or a path or figure the list or catalogue lacks.
    """
    table = _table_view(system)
    if table is None:
        return view(str(doc.get("name", "")), "in play", [])
    return table.figure_view(catalogue, doc, path, state)
