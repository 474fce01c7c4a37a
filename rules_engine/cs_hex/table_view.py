"""A hex-map plane at the table: its damage schematic (each armour area's rows of squares,
shaded per column as hits land), its speed and facing, jammed guns, and whether the pilot
bailed out, from the state the procedures write (``shaded.<area>.<column>``,
``cracks.<area>``, ``burning.<area>.<column>``, ``speed``, ``facing``, ``jammed_guns``,
``engine``, ``smoking``, ``spinning``, ``landed``, ``destroyed``, ``bailed_out`` ...).

"Обвес броней": a schematic row per 10 armour points, so one square a point; a hit's
centre is "номер колонки" of a d10 and damage "начинается с первого не закрашенного
квадрата в колонке" (Стрельба).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.design import check_design
from rules_engine.cs_hex.rules import construction_rules
from rules_engine.errors import BadDocument
from rules_engine.table_lines import count, flag, line, track, view

COUNTS = (("jammed_guns", "Jammed guns"), ("wings_torn_off", "Wings torn off"))
TURNS = (("smoking", "Smoking"), ("shocked", "Shocked"))
"""Counts and turns-left values shown only once a procedure has written them."""


def _airframe(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    for entry in doc.get("entries", ()):
        if entry["part"] == "airframe":
            return entry  # type: ignore[no-any-return]
    raise BadDocument.at("$.entries", "the design has no airframe to fly")


def initial_state(catalogue: Catalogue, doc: Mapping[str, Any], path: str) -> dict[str, Any]:
    """Nothing shaded, no guns jammed; speed and facing are set when the plane is placed."""
    _check_path(path)
    _airframe(doc)
    return {"jammed_guns": 0}


def _check_path(path: str) -> None:
    if path != "$":
        raise BadDocument.at(path, "a plane design is one figure: its path is $")


def schematic(
    catalogue: Catalogue, doc: Mapping[str, Any], state: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Each armour area of the design, in the book's order: its rows and columns of squares,
    the squares shaded in each column (1 to ``columns``), squares left, cracks and the
    turns each column still burns (0: not burning)."""
    rules = construction_rules(catalogue).armour
    columns = rules.points_per_row
    areas = check_design(catalogue, doc).breakdown["armour"]
    out = []
    for area_id, area in areas.items():
        rows = int(area["rows"])
        shaded = [min(rows, count(state, f"shaded.{area_id}.{c}")) for c in range(1, columns + 1)]
        burning = [count(state, f"burning.{area_id}.{c}") for c in range(1, columns + 1)]
        out.append(
            {
                "area": area_id,
                "label": area["name"],
                "rows": rows,
                "columns": columns,
                "shaded": shaded,
                "total": rows * columns,
                "left": rows * columns - sum(shaded),
                "cracks": count(state, f"cracks.{area_id}"),
                "burning": burning,
            }
        )
    return out


def _status(state: Mapping[str, Any]) -> str:
    if flag(state, "bailed_out"):
        return "bailed out"
    if flag(state, "destroyed"):
        return "destroyed"
    if flag(state, "landed"):
        return "landed"
    if flag(state, "spinning"):
        return "spinning"
    return "flying"


def figure_view(
    catalogue: Catalogue, doc: Mapping[str, Any], path: str, state: Mapping[str, Any]
) -> dict[str, Any]:
    """The plane's ratings, speed and damage schematic as they stand.

    Raises:
        BadDocument: a path other than ``$`` or a design with no airframe.
    """
    _check_path(path)
    frame = _airframe(doc)
    areas = schematic(catalogue, doc, state)
    lines = [
        line("Max speed", frame["max_speed"]),
        line("G-rating", frame["g_rating"]),
        line("Acceleration", frame["acceleration"]),
        line("Speed", state.get("speed")),
    ]
    if state.get("facing"):
        lines.append(line("Facing", str(state["facing"])))
    for area in areas:
        hit = [f"{c}: {n}" for c, n in enumerate(area["shaded"], 1) if n]
        note = "shaded in column " + ", ".join(hit) if hit else None
        squares = f"{area['left']} of {area['total']}" if area["total"] else "no armour"
        lines.append(line(area["label"], squares, note))
    lines.append(line("Jammed guns", count(state, "jammed_guns")))
    for field, label in COUNTS[1:] + TURNS:
        if state.get(field):
            lines.append(line(label, int(state[field])))
    if state.get("engine"):
        lines.append(line("Engine", str(state["engine"])))
    total = sum(a["total"] for a in areas)
    shaded = sum(total_shaded for a in areas for total_shaded in a["shaded"])
    return view(
        str(doc["name"]),
        _status(state),
        lines,
        track("Armour squares shaded", shaded, total),
        schematic=areas,
    )
