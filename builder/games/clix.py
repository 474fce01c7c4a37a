"""Clix figures' cards, shared by Air Action and Aces: base values, the combat dial click by
click with each stat's ability colour, a plane's speed dial, and the abilities' text."""

from __future__ import annotations

from typing import Any

from builder.engine import Catalogue, Record
from builder.games.drawing import ability_blocks, ink, rules_faces, sample_of, shown

CLIX_LABELS = {
    "max_speed": "Spd",
    "front_gunnery": "Fr",
    "rear_gunnery": "Rr",
    "piloting": "Pil",
    "speed": "Spd",
    "attack": "Att",
    "defense": "Def",
    "fate": "Fate",
}
MARKERS = {"start": "start", "ko": "KO", "structural_limit": "limit", "bail_out": "bail"}


def _dial_rows(
    catalogue: Catalogue, system: str, dial: Record, greyscale: bool
) -> tuple[list[str], list[dict[str, Any]], set[str]]:
    stats = list(dial.data.get("stats") or ())
    rows, used = [], set()
    for number, click in enumerate(dial.data["clicks"], start=1):
        cells = []
        for stat in stats:
            key = (click.get("colours") or {}).get(stat)
            ability = catalogue.get(system, "ability", key) if key else None
            if key:
                used.add(key)
            colour = ability.data.get("colour") if ability else None
            cells.append(
                {
                    "stat": stat,
                    "value": "–" if click["values"].get(stat) is None else click["values"][stat],
                    "ink": ink(colour, greyscale=greyscale),
                    "ability": ability.name if ability else (key or ""),
                }
            )
        markers = [MARKERS.get(m, m) for m in click.get("markers", ())]
        if click.get("bail_out_value") is not None:
            markers = [f"bail {click['bail_out_value']}" if m == "bail" else m for m in markers]
        rows.append({"number": number, "cells": cells, "markers": " ".join(markers)})
    return [CLIX_LABELS.get(s, s) for s in stats], rows, used


def plane_faces(catalogue: Catalogue, figure: Record, greyscale: bool) -> list[dict[str, Any]]:
    """An Air Action plane: base values, combat dial, speed dial; abilities' text after."""
    system = figure.system
    data = figure.data
    dial = catalogue.get(system, "combat_dial", data.get("combat_dial") or "")
    speed = catalogue.get(system, "speed_dial", data.get("speed_dial") or "")
    headers, rows, used = (
        _dial_rows(catalogue, system, dial, greyscale) if dial else ([], [], set())
    )
    speeds = []
    for entry in speed.data["speeds"] if speed else ():
        effects = []
        for key in entry.get("effects", ()):
            used.add(key)
            ability = catalogue.get(system, "ability", key)
            effects.append(
                {
                    "name": ability.name if ability else key,
                    "ink": ink(
                        ability.data.get("colour") if ability else None, greyscale=greyscale
                    ),
                }
            )
        speeds.append({"speed": entry["speed"], "red_line": entry["red_line"], "effects": effects})
    base = {
        "kind": "plane",
        "id": figure.ref,
        "title": data.get("pilot") or figure.name,
        "subtitle": data.get("plane_model") or "",
        "points": shown(data.get("point_value")),
        "sample": sample_of(figure, dial, speed),
    }
    front = {
        **base,
        "template": "clix",
        "values": [
            ("Silhouette", shown(data["base"].get("silhouette"))),
            ("Front range", shown(data["base"].get("front_range"))),
            ("Rear range", shown(data["base"].get("rear_range"))),
        ],
        "headers": headers,
        "rows": rows,
        "speeds": speeds,
        "no_dial": dial is None,
    }
    blocks = ability_blocks(catalogue, system, sorted(used), greyscale)
    return [front, *rules_faces(base, blocks)]


def character_faces(catalogue: Catalogue, figure: Record, greyscale: bool) -> list[dict[str, Any]]:
    """An Aces character or character token: range, targets, points and its dial."""
    system = figure.system
    data = figure.data
    dial = catalogue.get(system, "combat_dial", data.get("combat_dial") or "")
    headers, rows, used = (
        _dial_rows(catalogue, system, dial, greyscale) if dial else ([], [], set())
    )
    kind = "Ace" if data["kind"] == "ace" else "Character token"
    base = {
        "kind": data["kind"],
        "id": figure.ref,
        "title": figure.name,
        "subtitle": kind,
        "points": shown(data.get("point_value")),
        "sample": sample_of(figure, dial),
    }
    front = {
        **base,
        "template": "clix",
        "values": [
            ("Range", shown(data["base"].get("range"))),
            ("Targets", shown(data["base"].get("targets"))),
        ],
        "headers": headers,
        "rows": rows,
        "speeds": [],
        "no_dial": dial is None,
    }
    return [front, *rules_faces(base, ability_blocks(catalogue, system, sorted(used), greyscale))]


def figure_faces(catalogue: Catalogue, figure: Record, greyscale: bool) -> list[dict[str, Any]]:
    """A clix figure's faces: a plane's, or a character's."""
    if figure.data["kind"] == "plane":
        return plane_faces(catalogue, figure, greyscale)
    return character_faces(catalogue, figure, greyscale)


def figure_profile(catalogue: Catalogue, ref: str, system: str) -> str:
    """A figure's card in one line, for a roster: its base values and its starting click
    (the card's own labels), or nothing for a figure the catalogue does not hold."""
    figure = catalogue.resolve(ref, "figure", system)
    if figure is None:
        return ""
    front = figure_faces(catalogue, figure, greyscale=False)[0]
    said = ", ".join(f"{label} {value}" for label, value in front["values"])
    rows = front["rows"]
    start = next((r for r in rows if "start" in r["markers"].split()), rows[0] if rows else None)
    if start is None:
        return said
    stats = " ".join(
        f"{h} {c['value']}" for h, c in zip(front["headers"], start["cells"], strict=True)
    )
    return f"{said}; starting click: {stats}"
