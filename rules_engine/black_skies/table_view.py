"""A Black Skies fighter at the table: its Hull Integrity left of its fighter weight die, the
point where it is crippled, its armour and shields, its element's speed, and the states the
procedures write (``hull`` by negative delta, ``crippled``, ``destroyed``, ``speed``,
``failed_check``, ``may_fire``).

"Fighter 1's current Hull Integrity (the amount of damage it can take) is marked in the
circle lower left. Use a d4 for light, d6 for medium and d8 for heavy" (Tactical Display);
crippled when it "drops to half or less", destroyed at 0 (Combat). The speed is chosen at
set-up ("choose the starting speed for each of your fighter elements").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.black_skies.book import Book, read_book
from rules_engine.black_skies.checks import resolve_design
from rules_engine.black_skies.dice import is_crippled
from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument
from rules_engine.jsonpath import child
from rules_engine.table_lines import count, entry_at, flag, line, track, view


def _fighter(
    book: Book, doc: Mapping[str, Any], path: str
) -> tuple[str, Mapping[str, Any], Mapping[str, Any] | None]:
    """The figure's name, its design and (in a squadron) its pilot."""
    if path == "$" and doc["kind"] == "fighter":
        design = doc["entries"][0]
        return str(design["name"]), design, None
    entry = entry_at(doc, path)
    design = resolve_design(book, entry["design"])
    if design is None:
        raise BadDocument.at(child(path, "design"), f"no fighter design {entry['design']!r}")
    return str(entry["pilot"]["name"]), design, entry["pilot"]


def _full_hull(book: Book, design: Mapping[str, Any], path: str) -> int:
    weight = book.weights.get(design["weight"])
    if weight is None:
        raise BadDocument.at(path, f"{design['name']}: no fighter weight {design['weight']!r}")
    return weight.hull


def initial_state(catalogue: Catalogue, doc: Mapping[str, Any], path: str) -> dict[str, Any]:
    """No hull lost yet (``hull`` counts the damage off the full die); speed is chosen at
    set-up."""
    book = read_book(catalogue)
    _, design, _ = _fighter(book, doc, path)
    _full_hull(book, design, path)
    return {"hull": 0}


def figure_view(
    catalogue: Catalogue, doc: Mapping[str, Any], path: str, state: Mapping[str, Any]
) -> dict[str, Any]:
    """The fighter's Tactical Display as it reads now.

    Raises:
        BadDocument: at the entry, a design the content lacks or an unknown weight.
    """
    book = read_book(catalogue)
    name, design, pilot = _fighter(book, doc, path)
    full = _full_hull(book, design, path)
    left = max(0, min(full, full + count(state, "hull")))
    armour = book.armours.get(design["armour"])
    lines = [
        line("Design", str(design["name"])),
        line("Hull", left),
        line("Crippled at", full // 2),
        line("Armour", armour.damage_reduction if armour else 0),
        line("Shields", int(design["shields"])),
        line("Speed", state.get("speed")),
    ]
    if pilot is not None:
        skill = int(pilot["skill"])
        lines.append(line("Pilot skill", skill, book.skill_levels.get(skill)))
    if flag(state, "failed_check"):
        lines.append(line("Piloting Check", "failed this turn"))
    if state.get("may_fire") is False:
        lines.append(line("May fire", "no: out of control this turn"))
    if left == 0 or flag(state, "destroyed"):
        status = "destroyed"
    elif state.get("crippled", is_crippled(left, full)):
        status = "crippled"
    else:
        status = "flying"
    return view(name, status, lines, track("Hull lost", full - left, full))
