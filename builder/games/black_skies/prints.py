"""What a Black Skies list prints: a fighter card per fighter and a roster; a design's
roster itemises its hardpoints, a squadron's counts its fighters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.engine import Catalogue
from builder.games.black_skies.cards import CARDS
from builder.games.black_skies.designs import SYSTEM, catalogue_designs, weapon_counts
from builder.games.drawing import roster_row, shown
from builder.games.prints import GamePrints, Row


def _named(catalogue: Catalogue, type_: str, ref: Any) -> str:
    record = catalogue.resolve(str(ref), type_, SYSTEM) if ref else None
    return record.name if record is not None else shown(ref)


def design_said(catalogue: Catalogue, design: Mapping[str, Any]) -> str:
    """A design in words: its weight, weapons, armour, shields and thrusters by name."""
    said = [f"{_named(catalogue, 'fighter_weight', design.get('weight'))} fighter"]
    said += [
        f"{count} × {_named(catalogue, 'weapon', weapon)}"
        for weapon, count in weapon_counts(design)
    ]
    said.append(f"armour {_named(catalogue, 'ability', design.get('armour'))}")
    said.append(f"shields {shown(design.get('shields'))}")
    said += [_named(catalogue, "ability", t) for t in design.get("thrusters") or ()]
    return ", ".join(said)


def roster_rows(b: Mapping[str, Any], doc: Mapping[str, Any], catalogue: Catalogue) -> list[Row]:
    if doc["kind"] == "fighter":
        hp = b.get("hardpoints", {})
        items = [
            (f"{k.capitalize()} hardpoints", hp.get(k)) for k in ("weapons", "armour", "shields")
        ]
        detail = f"hull {shown(b.get('hull'))}, acceleration {shown(b.get('acceleration'))}"
        entries = doc.get("entries") or []
        if entries and isinstance(entries[0], Mapping):
            detail = f"{design_said(catalogue, entries[0])}; {detail}"
        name = b.get("name") or doc["name"]
        return [roster_row(name, detail, items, hp.get("used"), entries=[0] if entries else [])]
    rows = []
    known = catalogue_designs(catalogue)
    for i, entry in enumerate(doc["entries"]):
        design = entry.get("design")
        written = known.get(design) if isinstance(design, str) else design
        if isinstance(written, Mapping):
            name = str(written.get("name") or "design")
            said = f"Design: {name} ({design_said(catalogue, written)})"
        else:
            said = f"Design: {shown(design)} (not in the catalogue)"
        pilot = entry.get("pilot") or {}
        detail = f"element {entry.get('element', '?')}, pilot skill {shown(pilot.get('skill'))}"
        rows.append(roster_row(pilot.get("name") or "Pilot", detail, [(said, 1)], 1, entries=[i]))
    return rows


PRINTS = GamePrints(rows=roster_rows, cards=CARDS)
