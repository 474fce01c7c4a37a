"""An Air Action plane at the table: its combat dial at the click showing, its speed and how
far it is from the three bullet holes, from the state the procedures write (``clicks``,
``ace_clicks``, ``speed``, ``shot_down``, ``destroyed``, ``bailed_out``, ``perished``,
``experience``).

"Each click of damage turns the dial clockwise" from the green starting triangle (Pilot and
Plane); three bullet holes in the stat slot shoot the plane down (Combat), and the click they
show on gives the bail out value (Bail Out).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.clix.table_view import showing, stat_lines
from rules_engine.cs_air_action.planes import SYSTEM, ace_from_ref, plane_from_record
from rules_engine.errors import BadDocument
from rules_engine.jsonpath import child
from rules_engine.table_lines import count, entry_at, flag, line, track, view

STATS = {
    "max_speed": "Max speed",
    "front_gunnery": "Front gunnery",
    "rear_gunnery": "Rear gunnery",
    "piloting": "Piloting",
}
"""The plane dial's stats as the book labels them, in the order they print on the base."""


def initial_state(catalogue: Catalogue, doc: Mapping[str, Any], path: str) -> dict[str, Any]:
    """No clicks of damage yet (the dial at its starting triangle); the speed is set by the
    first Set Throttle."""
    entry = entry_at(doc, path)
    return {"clicks": 0, **({"ace_clicks": 0} if entry.get("ace") else {})}


def _status(state: Mapping[str, Any], shot_down: bool) -> str:
    if flag(state, "perished"):
        return "perished"
    if flag(state, "bailed_out"):
        return "bailed out"
    if shot_down:
        return "shot down"
    if flag(state, "destroyed"):
        return "destroyed"
    return "flying"


def figure_view(
    catalogue: Catalogue, doc: Mapping[str, Any], path: str, state: Mapping[str, Any]
) -> dict[str, Any]:
    """The plane as its dials read now.

    Raises:
        BadDocument: at the entry, a figure the catalogue lacks or a plane with no dial.
    """
    entry = entry_at(doc, path)
    record = catalogue.resolve(entry["figure"], "figure", SYSTEM)
    if record is None:
        raise BadDocument.at(child(path, "figure"), f"no Air Action plane {entry['figure']!r}")
    plane = plane_from_record(catalogue, record, path)
    dial = plane.dial
    if dial is None:
        raise BadDocument.at(path, f"{plane.name} has no combat dial in the catalogue")
    clicks = count(state, "clicks")
    shot_down = clicks >= dial.clicks_to_ko or flag(state, "shot_down")
    index = showing(dial, clicks)
    lines = [line("Click", index - dial.start + 1)]
    lines += stat_lines(catalogue, SYSTEM, dial, clicks, STATS)
    # Printed on the base, not the dial: every shot at the plane needs it (Combat).
    lines.append(line("Silhouette", plane.silhouette))
    lines.append(line("Speed", state.get("speed")))
    bail_out = dial.clicks[index].bail_out_value if index >= dial.ko else None
    if bail_out is not None:
        lines.append(line("Bail out value", bail_out))
    ace = ace_from_ref(catalogue, entry["ace"], child(path, "ace")) if entry.get("ace") else None
    if ace is not None and ace.dial is not None:
        # "Using Crimson Skies: Aces Characters": fate turns the Ace's own dial.
        uses = min(count(state, "ace_clicks"), ace.dial.clicks_to_ko - 1)
        lines.append(line("Ace", ace.name))
        lines.append(line("Fate", ace.dial.value("fate", uses)))
    if count(state, "experience"):
        lines.append(line("Experience", count(state, "experience")))
    return view(
        plane.name,
        _status(state, shot_down),
        lines,
        track("Clicks to three bullet holes", clicks, dial.clicks_to_ko),
    )
