"""An Aces character at the table: its combat dial at the click showing, whether it is a
character token or an Ace, knocked out, captured or holding a captive, from the state the
procedures write (``clicks``, ``knocked_out``, ``captured``, ``holding_captive``).

"Aces have a combat dial that goes beyond just a single click" (Aces vs. Character Tokens);
damage turns the dial clockwise until three KO symbols show (Combat).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.clix.table_view import showing, stat_lines
from rules_engine.cs_aces.characters import SYSTEM, character_from_record
from rules_engine.errors import BadDocument
from rules_engine.jsonpath import child
from rules_engine.table_lines import count, entry_at, flag, line, track, view

STATS = {"speed": "Speed", "attack": "Attack", "defense": "Defense", "fate": "Fate"}
"""The character dial's stats as the book names them ("speed value", "defense value" ...)."""

KINDS = {"ace": "Ace", "character_token": "Character token"}


def initial_state(catalogue: Catalogue, doc: Mapping[str, Any], path: str) -> dict[str, Any]:
    """No clicks yet: the dial at its starting click."""
    entry_at(doc, path)
    return {"clicks": 0}


def _status(state: Mapping[str, Any], knocked_out: bool) -> str:
    if knocked_out:
        return "knocked out"
    if flag(state, "captured"):
        return "captured"
    return "in play"


def figure_view(
    catalogue: Catalogue, doc: Mapping[str, Any], path: str, state: Mapping[str, Any]
) -> dict[str, Any]:
    """The character as its dial reads now.

    Raises:
        BadDocument: at the entry, a figure the catalogue lacks or one with no dial.
    """
    entry = entry_at(doc, path)
    record = catalogue.resolve(entry["figure"], "figure", SYSTEM)
    if record is None:
        raise BadDocument.at(child(path, "figure"), f"no Aces figure {entry['figure']!r}")
    character = character_from_record(catalogue, record, path)
    dial = character.dial
    if dial is None:
        raise BadDocument.at(path, f"{character.name} has no combat dial in the catalogue")
    clicks = count(state, "clicks")
    knocked_out = clicks >= dial.clicks_to_ko or flag(state, "knocked_out")
    lines = [line("Figure", KINDS.get(character.kind, character.kind))]
    if not knocked_out:
        # A knocked-out figure is removed from play: its dial no longer counts.
        lines.append(line("Click", showing(dial, clicks) - dial.start + 1))
        lines += stat_lines(catalogue, SYSTEM, dial, clicks, STATS)
    if flag(state, "holding_captive"):
        lines.append(line("Captive", "holding a captive"))
    return view(
        character.name,
        _status(state, knocked_out),
        lines,
        track("Clicks to KO", clicks, dial.clicks_to_ko),
    )
