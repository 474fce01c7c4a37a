"""A catalogue record as a person reads it: dials as click tables, costs with "-" and "not
given" told apart, range bands and mass tables as tables, anything else as labelled data."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

STAT_LABELS = {
    "max_speed": "Max speed",
    "front_gunnery": "Front gunnery",
    "rear_gunnery": "Rear gunnery",
    "piloting": "Piloting",
    "speed": "Speed",
    "attack": "Attack",
    "defense": "Defense",
    "fate": "Fate",
}
MARKER_LABELS = {"start": "start", "ko": "KO", "structural_limit": "structural limit"}
DIAL_COLOURS = {"red", "blue", "green", "yellow", "purple", "black"}
QUALITIES = ("green", "regular", "veteran")
_SNAKE = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)+$")
"""A value spelled as a program names things (``build_total``), read out as words."""


def label(key: str) -> str:
    """``front_range`` -> "Front range"; short stat names (``Av``, ``S``) are kept."""
    if len(key) <= 3 and key[:1].isupper():
        return key
    return STAT_LABELS.get(key, key.replace("_", " ").replace("-", " ").capitalize())


def colour_class(colour: str | None) -> str:
    if not colour:
        return ""
    return f"clr-{colour}" if colour in DIAL_COLOURS else "clr-other"


def dial_rows(
    dial: Mapping[str, Any], abilities: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """A combat dial click by click, with each value's ability colour named, and a legend."""
    clicks = list(dial.get("clicks") or [])
    stats: list[str] = list(dial.get("stats") or [])
    if not stats:
        for click in clicks:
            for stat in click.get("values") or {}:
                if stat not in stats:
                    stats.append(stat)
    rows, legend = [], {}
    for number, click in enumerate(clicks, start=1):
        cells = []
        for stat in stats:
            key = (click.get("colours") or {}).get(stat)
            ability = abilities.get(key, {}) if key else {}
            name = ability.get("name") or (key.replace("-", " ") if key else "")
            css = colour_class(ability.get("colour")) if key else ""
            if key and not css:
                css = "clr-other"
            if key:
                legend[key] = {"name": name, "css": css}
            value = (click.get("values") or {}).get(stat)
            cells.append({"value": "—" if value is None else value, "ability": name, "css": css})
        markers = [MARKER_LABELS.get(m, m.replace("_", " ")) for m in click.get("markers", [])]
        if click.get("bail_out_value") is not None:
            markers = [m for m in markers if m != "bail out"] + [
                f"bail out {click['bail_out_value']}"
            ]
        rows.append(
            {
                "number": number,
                "cells": cells,
                "markers": ", ".join(markers),
                "start": "start" in click.get("markers", []),
                "ko": "ko" in click.get("markers", []),
            }
        )
    return {"headers": [label(s) for s in stats], "rows": rows, "legend": list(legend.values())}


def speed_rows(
    dial: Mapping[str, Any], abilities: Mapping[str, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    return [
        {
            "speed": s.get("speed"),
            "red_line": bool(s.get("red_line")),
            "effects": [abilities.get(e, {}).get("name") or e for e in s.get("effects", [])],
        }
        for s in dial.get("speeds") or []
    ]


def cost_cell(cost: Mapping[str, Any] | None) -> dict[str, Any]:
    """One quality's price: a number, "-" (not available at that quality) or "not given"
    (the book prints "?" or leaves it blank)."""
    if cost is None or cost.get("not_available"):
        return {"text": "-", "css": "not-available", "title": "Not available at this quality"}
    if cost.get("not_given"):
        return {"text": "not given", "css": "not-given", "title": "The book gives no price"}
    return {"text": str(cost.get("pts")), "css": "num", "title": ""}


def archetype_view(data: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """An archetype's three profiles and the costs of its upgrades and skills by quality."""
    qualities = data.get("qualities") or {}
    stats: list[str] = []
    for q in QUALITIES:
        for stat in (qualities.get(q) or {}).get("profile", {}):
            if stat not in stats:
                stats.append(stat)
    profiles = []
    for q in QUALITIES:
        row = qualities.get(q)
        if row is None:
            continue
        profile = row.get("profile") or {}
        profiles.append(
            {
                "quality": q.capitalize(),
                "points": row.get("points"),
                "values": ["-" if profile.get(s) is None else profile[s] for s in stats],
                "special": ", ".join(
                    names.get(s, s.replace("-", " ")) for s in row.get("special", [])
                ),
            }
        )

    def priced(items: list[Mapping[str, Any]], key: str) -> list[dict[str, Any]]:
        out = []
        for item in items:
            ident = item.get("id") or item.get(key) or ""
            out.append(
                {
                    "id": ident,
                    "name": item.get("name") or names.get(ident) or ident.replace("-", " "),
                    "costs": [cost_cell((item.get("costs") or {}).get(q)) for q in QUALITIES],
                    "note": item.get("note", ""),
                }
            )
        return out

    return {
        "stats": stats,
        "profiles": profiles,
        "upgrades": priced(list(data.get("upgrades") or []), "upgrade"),
        "skills": priced(list(data.get("skills") or []), "skill"),
        "rules": list(data.get("rules") or []),
        "single_quality": bool(data.get("single_quality")),
    }


def range_bands(data: Mapping[str, Any]) -> list[tuple[str, str]] | None:
    """A Crimson Dust weapon's to-hit score per range band, in band order; "-" out of range."""
    bands = data.get("to_hit")
    if not isinstance(bands, Mapping):
        return None

    def start(band: str) -> float:
        digits = band.split("-")[0].rstrip("+")
        return float(digits) if digits.replace(".", "").isdigit() else 1e9

    return [
        (band, "-" if v is None else f"{v}+")
        for band, v in sorted(bands.items(), key=lambda kv: start(kv[0]))
    ]


def mass_table(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """A rating-by-size mass table with one column per rating, as the book prints it."""
    ratings = data.get("ratings")
    rows = data.get("rows")
    if not ratings or not rows or not isinstance(rows[0], Mapping) or "masses" not in rows[0]:
        return None
    rating = label(str(data.get("rating", "rating")))
    return {
        "headers": ["Size"] + [f"{rating} {r}" for r in ratings],
        "rows": [[row.get("size"), *(row.get("masses") or [])] for row in rows],
    }


def readable(value: Any, depth: int = 0, names: Mapping[str, str] | None = None) -> SafeString:
    """Any JSON value as HTML a person reads: mappings as definition lists, lists of rows
    as tables, lists of words as a sentence; a record's id (``rear-thrusters``,
    ``cs-aces/charlie``) as that record's name when ``names`` knows it, and a row's own
    id left out where the row has a name."""
    names = names or {}
    if value is None:
        return mark_safe('<span class="muted">none</span>')
    if isinstance(value, bool):
        return format_html("{}", "yes" if value else "no")
    if isinstance(value, str) and value in names:
        return format_html("{}", names[value])
    if isinstance(value, str) and _SNAKE.match(value):
        return format_html("{}", value.replace("_", " "))
    if isinstance(value, (int, float, str)):
        return format_html("{}", value)
    if isinstance(value, Mapping):
        if not value:
            return mark_safe('<span class="muted">none</span>')
        columns, rows = value.get("columns"), value.get("rows")
        if isinstance(columns, list) and isinstance(rows, list):
            rest = {k: v for k, v in value.items() if k not in ("columns", "rows")}
            if "id" in columns and "name" in columns:
                at = columns.index("id")
                columns = columns[:at] + columns[at + 1 :]
                rows = [r[:at] + r[at + 1 :] if isinstance(r, list) else r for r in rows]
            table = _table([label(str(c)) for c in columns], rows, names)
            return format_html("{}{}", readable(rest, depth + 1, names) if rest else "", table)
        items = format_html_join(
            "",
            "<dt>{}</dt><dd>{}</dd>",
            ((label(str(k)), readable(v, depth + 1, names)) for k, v in value.items()),
        )
        return format_html('<dl class="data">{}</dl>', items)
    if isinstance(value, (list, tuple)):
        if not value:
            return mark_safe('<span class="muted">none</span>')
        if all(isinstance(v, Mapping) for v in value):
            keys: list[str] = []
            for v in value:
                keys += [k for k in v if k not in keys]
            if "id" in keys and "name" in keys:
                keys.remove("id")
            return _table(
                [label(k) for k in keys], [[v.get(k) for k in keys] for v in value], names
            )
        if all(not isinstance(v, (Mapping, list, tuple)) for v in value):
            return format_html(
                "{}",
                ", ".join(
                    "none" if v is None else names.get(v, v) if isinstance(v, str) else str(v)
                    for v in value
                ),
            )
        return format_html_join(
            "", "<div>{}</div>", ((readable(v, depth + 1, names),) for v in value)
        )
    return format_html("{}", str(value))


def _table(
    headers: list[str], rows: list[Any], names: Mapping[str, str] | None = None
) -> SafeString:
    head = format_html_join("", '<th scope="col">{}</th>', ((h,) for h in headers))
    body = format_html_join(
        "",
        "<tr>{}</tr>",
        (
            (format_html_join("", "<td>{}</td>", ((readable(c, 2, names),) for c in row)),)
            for row in rows
        ),
    )
    return format_html(
        '<div class="table-wrap"><table><thead><tr>{}</tr></thead><tbody>{}</tbody></table></div>',
        head,
        body,
    )
