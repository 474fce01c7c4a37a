"""Clix figures' cards, shared by Air Action and Aces: base values, the combat dial click by
click with each stat's ability colour, a plane's speed dial, and the abilities' text."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from builder.engine import Catalogue, Record
from builder.games.drawing import (
    ability_blocks,
    ink,
    printed_from,
    rules_faces,
    sample_of,
    shown,
)

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

# What the books print on a click that takes the figure out: Air Action, "When three bullet
# hole symbols appear on a plane's combat dial ... This plane has been shot down"; Aces,
# "When three KO symbols appear on a character's combat dial, the character has been
# knocked out".
OUT = {"plane": "●●● shot down", "character": "KO KO KO knocked out"}
# The Air Action book on an Ace flying a plane, printed on the plane's Ace face.
ACE_PILOT = (
    "In Air Action only the attack value and fate value on the Ace's combat dial are used; "
    "talents and abilities listed on it do not apply. At the end of an action in which the Ace "
    "uses fate, click the Ace's combat dial clockwise once; an Ace can use fate only once per "
    "turn."
)
_WORDS = re.compile(r"[A-Za-z0-9]+")


def ability_key(name: str, taken: set[str]) -> str:
    """A short key (1 to 3 letters) for an ability, from its name and unlike ``taken``.

    Several words give their initials (Old One-Two: OOT), one word its first two letters
    (Shaken: Sh); a note in brackets, such as "(sample)", is not part of the name. On a
    clash the key takes further letters of the name, then a digit, so a cell's key always
    names one ability of its card, in any ink.
    """
    words = _WORDS.findall(re.sub(r"\([^)]*\)", " ", name)) or _WORDS.findall(name) or ["X"]
    letters = "".join(words)
    first = letters[0].upper()
    if len(words) > 1:
        candidates = ["".join(w[0].upper() for w in words[:3])]
    else:
        candidates = [first + letters[1:2].lower()] if len(letters) > 1 else [first]
    candidates += [first + c.lower() for c in letters[1:]]
    candidates += [first + a.lower() + b.lower() for a, b in pairwise(letters[1:])]
    candidates += [f"{first}{n}" for n in range(2, 100)]
    return next(c for c in candidates if c not in taken)


def _keyed(catalogue: Catalogue, system: str, ids: list[str]) -> dict[str, str]:
    """Each ability id of a card's dial with its key, in the order the dial shows them."""
    keys: dict[str, str] = {}
    for key in ids:
        if key not in keys:
            ability = catalogue.get(system, "ability", key)
            keys[key] = ability_key(ability.name if ability else key, set(keys.values()))
    return keys


def _legend(
    catalogue: Catalogue, system: str, keys: dict[str, str], greyscale: bool
) -> list[dict[str, Any]]:
    """The card's key to its dial: each key, the ability's name in words, its colour."""
    legend = []
    for ref, key in keys.items():
        ability = catalogue.get(system, "ability", ref)
        name = ability.name if ability else ref.replace("-", " ").replace("_", " ")
        colour = ability.data.get("colour") if ability else None
        legend.append({"key": key, "name": name, "ink": ink(colour, greyscale=greyscale)})
    return legend


def _dial_rows(
    catalogue: Catalogue, system: str, dial: Record, greyscale: bool, *, figure: str
) -> tuple[list[str], list[dict[str, Any]], list[str], list[dict[str, Any]]]:
    """The dial's header labels, its rows, the abilities it shows (in order) and their
    legend; a click that takes the figure out prints the book's symbols across its stats."""
    stats = list(dial.data.get("stats") or ())
    clicks = dial.data["clicks"]
    shown_ids = [
        ref for click in clicks for stat in stats if (ref := (click.get("colours") or {}).get(stat))
    ]
    keys = _keyed(catalogue, system, shown_ids)
    rows = []
    for number, click in enumerate(clicks, start=1):
        cells = []
        for stat in stats:
            ref = (click.get("colours") or {}).get(stat)
            ability = catalogue.get(system, "ability", ref) if ref else None
            colour = ability.data.get("colour") if ability else None
            cells.append(
                {
                    "stat": stat,
                    "value": "–" if click["values"].get(stat) is None else click["values"][stat],
                    "ink": ink(colour, greyscale=greyscale),
                    "ability": ability.name if ability else (ref or ""),
                    "key": keys.get(ref or "", ""),
                }
            )
        raw = list(click.get("markers", ()))
        ko = "ko" in raw
        markers = [MARKERS.get(m, m) for m in raw]
        said = []
        if "start" in raw:
            said.append("start")
        if ko and click.get("bail_out_value") is not None:
            said.append(f"bail out {click['bail_out_value']}")
        if "structural_limit" in raw:
            said.append("structural limit")
        rows.append(
            {
                "number": number,
                "cells": cells,
                "markers": " ".join(markers),
                "said": said,
                "out": OUT[figure] if ko else "",
                "ko": ko,
                "limit": "structural_limit" in raw,
                "start": "start" in raw,
            }
        )
    legend = _legend(catalogue, system, keys, greyscale)
    return [CLIX_LABELS.get(s, s) for s in stats], rows, list(keys), legend


def _ace_values(catalogue: Catalogue, ace: Record) -> dict[str, Any]:
    """What Air Action reads on the dial of an Ace flying a plane: "only the attack value
    and fate value on the combat dial of the Ace is used. Talents and abilities listed on
    the Ace combat dial do not apply." Click by click, KO where the Ace is knocked out."""
    dial = catalogue.get(ace.system, "combat_dial", ace.data.get("combat_dial") or "")
    clicks = dial.data["clicks"] if dial else []
    columns = []
    for number, click in enumerate(clicks, start=1):
        ko = "ko" in click.get("markers", ())
        values = click["values"]
        columns.append(
            {
                "number": number,
                "attack": "KO" if ko else shown(values.get("attack")),
                "fate": "KO" if ko else shown(values.get("fate")),
                "start": "start" in click.get("markers", ()),
                "ko": ko,
            }
        )
    return {"name": ace.name, "points": shown(ace.data.get("point_value")), "clicks": columns}


def _blocks(
    catalogue: Catalogue, system: str, ids: list[str], keys: dict[str, str], greyscale: bool
) -> list[dict[str, Any]]:
    """The abilities' rule text for a card's back, each under its key on the dial."""
    blocks = []
    for ref in ids:
        blocks += [
            {**block, "key": keys.get(ref, "")}
            for block in ability_blocks(catalogue, system, [ref], greyscale)
        ]
    return blocks


def plane_faces(
    catalogue: Catalogue,
    figure: Record,
    greyscale: bool,
    *,
    ace: Record | None = None,
    points: Any = None,
) -> list[dict[str, Any]]:
    """An Air Action plane: base values, combat dial, speed dial; abilities' text after.

    A plane flown by ``ace`` prints ``points`` (the squadron's price of the plane and its
    Ace) and the Ace's attack and fate values, the only ones Air Action reads on its dial.
    """
    system = figure.system
    data = figure.data
    dial = catalogue.get(system, "combat_dial", data.get("combat_dial") or "")
    speed = catalogue.get(system, "speed_dial", data.get("speed_dial") or "")
    headers, rows, dial_ids, legend = (
        _dial_rows(catalogue, system, dial, greyscale, figure="plane") if dial else ([], [], [], [])
    )
    keys = {ref: item["key"] for ref, item in zip(dial_ids, legend, strict=True)}
    used = set(dial_ids)
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
        "footer": printed_from(catalogue, figure),
        "title": data.get("pilot") or figure.name,
        "subtitle": data.get("plane_model") or "",
        "points": shown(data.get("point_value")),
        "sample": sample_of(figure, dial, speed),
    }
    if ace is not None:
        base["points"] = shown(points)
        base["points_note"] = (
            f"plane {shown(data.get('point_value'))} + Ace {shown(ace.data.get('point_value'))}"
        )
        base["subtitle"] = f"{base['subtitle']} · flown by the Ace".lstrip(" ·")
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
        "legend": legend,
        "speeds": speeds,
        "no_dial": dial is None,
    }
    blocks = _blocks(catalogue, system, sorted(used), keys, greyscale)
    faces = [front, *rules_faces(base, blocks)]
    if ace is not None:
        faces.append(
            {
                **base,
                "template": "ace_pilot",
                "subtitle": f"{data.get('plane_model') or ''} · the Ace's attack and fate".lstrip(
                    " ·"
                ),
                "ace": _ace_values(catalogue, ace),
                "rule": ACE_PILOT,
            }
        )
    return faces


def character_faces(catalogue: Catalogue, figure: Record, greyscale: bool) -> list[dict[str, Any]]:
    """An Aces character or character token: range, targets, points and its dial."""
    system = figure.system
    data = figure.data
    dial = catalogue.get(system, "combat_dial", data.get("combat_dial") or "")
    headers, rows, dial_ids, legend = (
        _dial_rows(catalogue, system, dial, greyscale, figure="character")
        if dial
        else ([], [], [], [])
    )
    keys = {ref: item["key"] for ref, item in zip(dial_ids, legend, strict=True)}
    kind = "Ace" if data["kind"] == "ace" else "Character token"
    base = {
        "kind": data["kind"],
        "id": figure.ref,
        "footer": printed_from(catalogue, figure),
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
        "legend": legend,
        "speeds": [],
        "no_dial": dial is None,
    }
    blocks = _blocks(catalogue, system, sorted(dial_ids), keys, greyscale)
    return [front, *rules_faces(base, blocks)]


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
