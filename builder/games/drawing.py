"""What every game's printed faces and rows share: colours that print, unknown values,
text that fits on a card, records named in a request.

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

# Characters of rule text a poker-size face holds beside its heading (DejaVu Condensed 6pt).
TEXT_BUDGET = 1050

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


def rules_faces(
    base: Mapping[str, Any], blocks: list[dict[str, Any]], budget: int = TEXT_BUDGET
) -> list[dict[str, Any]]:
    """Faces carrying rule text, each repeating the card's identity."""
    groups = chunks(blocks, budget)
    return [
        {**base, "template": "rules", "blocks": group, "part": i + 1, "parts": len(groups)}
        for i, group in enumerate(groups)
    ]


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
