"""What every game's printed faces and rows share: colours that print, unknown values,
records named in a request.

Faces and rows are plain JSON-like dicts for the print templates (``templates/print``), so
the same values can be tested without rendering and rendered without a database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue, Record, problem_in_words
from builder.games.prices import ENTRY_PATH, violation_entry

UNKNOWN = "unknown"

# Ability colours as the packs name them, in inks that read well on white card.
PRINT_COLOURS = {
    "red": "#c62828",
    "orange": "#e65100",
    "yellow": "#f9a825",
    "green": "#2e7d32",
    "blue": "#1565c0",
    "purple": "#6a1b9a",
    "black": "#212121",
    "brown": "#6d4c41",
    "grey": "#757575",
    "gray": "#757575",
    "white": "#ffffff",
}
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(colour: str | None, *, greyscale: bool) -> dict[str, str] | None:
    """Background and text colour for an ability colour, or None when it has none.

    Only known names and ``#rrggbb`` are used, so content can never inject CSS. In greyscale
    the colour becomes the grey of the same lightness (the ability's name is printed too).
    """
    if not colour:
        return None
    hex_colour = PRINT_COLOURS.get(colour.lower()) or (colour if _HEX.match(colour) else None)
    if hex_colour is None:
        hex_colour = PRINT_COLOURS["grey"]
    light = _luminance(hex_colour)
    if greyscale:
        level = round(light * 255)
        hex_colour = f"#{level:02x}{level:02x}{level:02x}"
    return {"background": hex_colour, "text": "#000000" if light > 0.55 else "#ffffff"}


def shown(value: Any) -> str:
    """A value as printed: the book's missing values say so rather than invent one."""
    return UNKNOWN if value is None else str(value)


def record_at(
    catalogue: Catalogue,
    ref: str,
    type_: str,
    system: str | None,
    path: str,
    noun: str = "",
    hint: str = "",
) -> Record:
    """The record ``ref`` (``<system>/<id>``, or an id in ``system``); a clear error if
    there is none, placed by entry in words ("Entry 6, design: no fighter design ...") and
    naming the record as players do (``noun``), with what to do instead (``hint``)."""
    sys_part, _, id_ = ref.rpartition("/")
    wanted_system = sys_part or system
    if not wanted_system:
        raise ApplicationError(
            ErrorCode.UNKNOWN_RECORD,
            f"{ref!r}: name the game system as <system>/<id>",
            [{"path": path, "field": "records", "message": "no game system given"}],
            status=404,
        )
    record = catalogue.get(wanted_system, type_, id_)
    if record is None:
        said = f"no {noun or type_.replace('_', ' ')} {ref!r} in the catalogue"
        in_entry = ENTRY_PATH.match(path) is not None
        message = problem_in_words(said, path) if in_entry else said[:1].upper() + said[1:]
        raise ApplicationError(
            ErrorCode.UNKNOWN_RECORD,
            f"{message}.{' ' + hint if hint else ''}",
            [{"path": path, "field": "records", "message": f"unknown {noun or type_} {ref!r}"}],
            status=404,
        )
    return record


def printed_from(catalogue: Catalogue, record: Record | None) -> str:
    """A card's foot: the pack its record comes from, by title and version, so a player can
    tell which release a card was printed from without reading the catalogue's ids."""
    if record is None:
        return ""
    pack = next((p for p in catalogue.packs if p.id == record.pack), None)
    return f"{pack.name if pack else record.pack} {record.pack_version}"


def sample_of(*records: Record | None) -> bool:
    """A card is sample when any record it shows is invented illustration data."""
    return any(r is not None and r.sample for r in records)


def rules_faces(base: Mapping[str, Any], blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The face carrying a card's rule text, repeating the card's identity (none when it has
    no rules). However long, it is one face: the renderer measures it and flows what does
    not fit onto "(cont.)" faces (``builder.printing.render``), splitting text by line."""
    if not blocks:
        return []
    return [{**base, "template": "rules", "blocks": blocks}]


def ability_blocks(
    catalogue: Catalogue, system: str, ids: Sequence[str], greyscale: bool
) -> list[dict[str, Any]]:
    blocks = []
    for key in ids:
        ability = catalogue.get(system, "ability", key)
        if ability is None:
            continue
        blocks.append(
            {
                "name": ability.name,
                "text": ability.data.get("rule_text") or "",
                "ink": ink(ability.data.get("colour"), greyscale=greyscale),
                "sample": ability.sample,
            }
        )
    return blocks


def roster_row(
    label: str,
    detail: str,
    items: list[tuple[str, Any]],
    points: Any,
    *,
    entries: Iterable[int] = (),
) -> dict[str, Any]:
    """One row of the itemised price: what it is, a detail line, its items and points, and
    the list entries it describes (so a page can set each entry's problems beside it)."""
    return {
        "label": label,
        "detail": detail,
        "items": [{"name": n, "points": shown(p)} for n, p in items],
        "points": "" if points is None else shown(points),
        "entries": list(entries),
    }


def entry_indices(path: Any) -> list[int]:
    """The entry a breakdown object's JSON ``path`` names, as a row's ``entries``."""
    index = violation_entry(path) if isinstance(path, str) else None
    return [] if index is None else [index]
