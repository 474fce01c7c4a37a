"""What every sheet builder shares: colours that print, unknown values, text that fits.

Sheet builders are plain functions of the engine's catalogue and a list document; they
return JSON-like dicts for the print templates, so the same data can be tested without
rendering and rendered without a database.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from builder.core.errors import ApplicationError
from builder.engine import Catalogue, Record

Progress = Callable[[int, int], None]
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


def record_at(catalogue: Catalogue, ref: str, type_: str, system: str | None, path: str) -> Record:
    """The record ``ref`` (``<system>/<id>``, or an id in ``system``); a clear error if
    there is none."""
    sys_part, _, id_ = ref.rpartition("/")
    wanted_system = sys_part or system
    if not wanted_system:
        raise ApplicationError(
            "print.unknown-record",
            f"{ref!r}: name the game system as <system>/<id>",
            [{"path": path, "field": "records", "message": "no game system given"}],
            status=404,
        )
    record = catalogue.get(wanted_system, type_, id_)
    if record is None:
        raise ApplicationError(
            "print.unknown-record",
            f"No {type_.replace('_', ' ')} {ref!r} in the catalogue.",
            [{"path": path, "field": "records", "message": f"unknown {type_} {ref!r}"}],
            status=404,
        )
    return record


def chunks(texts: Iterable[dict[str, Any]], budget: int) -> list[list[dict[str, Any]]]:
    """Group ``{"name", "text"}`` blocks into faces of at most ``budget`` characters; a
    block longer than a face is split between faces at a sentence or word boundary."""
    faces: list[list[dict[str, Any]]] = [[]]
    used = 0
    for block in texts:
        text = block["text"] or ""
        name = block["name"]
        first = True
        while True:
            room = budget - used - len(name) - 10
            if len(text) <= room:
                faces[-1].append({**block, "text": text, "continued": not first})
                used += len(text) + len(name) + 10
                break
            if room < 120:
                faces.append([])
                used = 0
                continue
            cut = text.rfind(". ", 0, room)
            cut = cut + 1 if cut > room // 2 else text.rfind(" ", 0, room)
            if cut <= 0:
                cut = room
            faces[-1].append({**block, "text": text[:cut].rstrip() + " …", "continued": not first})
            text = "… " + text[cut:].lstrip()
            first = False
            faces.append([])
            used = 0
    return [face for face in faces if face]


def sample_of(*records: Record | None) -> bool:
    """A card is sample when any record it shows is invented illustration data."""
    return any(r is not None and r.sample for r in records)


def uncertain_paths(record: Record) -> list[str]:
    return [str(u.get("path")) for u in record.uncertain if isinstance(u, Mapping)]
