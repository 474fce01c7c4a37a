"""Readable renderings of structured documents for the admin: dials as tables, JSON as text."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString

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
MARKER_LABELS = {
    "start": "start",
    "ko": "KO",
    "bail_out": "bail out",
    "structural_limit": "structural limit",
}
DIAL_COLOURS = frozenset(
    {
        "red",
        "orange",
        "yellow",
        "green",
        "light_green",
        "blue",
        "light_blue",
        "purple",
        "pink",
        "brown",
        "black",
        "grey",
        "white",
    }
)
"""The ability colours the schemas allow; each has its class in ``static/content/admin.css``."""


def colour_class(colour: str | None) -> str:
    """The class that paints a dial cell in an ability's colour ("" for none): the site's
    content security policy refuses inline styles, in the admin too."""
    if not colour:
        return ""
    return f"muster-clr-{colour}" if colour in DIAL_COLOURS else "muster-clr-other"


def dial_table(
    dial: Mapping[str, Any] | None, colours: Mapping[str, Mapping[str, Any]]
) -> SafeString:
    """A combat dial click by click: each stat's value, its ability colour, the markers.

    ``colours`` maps an ability's stable id to ``{"name": ..., "colour": css colour}``.
    """
    if not dial or not dial.get("clicks"):
        return format_html("<p>{}</p>", "No combat dial.")
    stats = list(dial.get("stats", []))
    rows = []
    for number, click in enumerate(dial["clicks"], start=1):
        cells = []
        for stat in stats:
            key = (click.get("colours") or {}).get(stat)
            ability = colours.get(key, {}) if key else {}
            value = (click.get("values") or {}).get(stat)
            cells.append(
                {
                    "value": "—" if value is None else value,
                    "ability": ability.get("name") or key or "",
                    "colour": ability.get("colour") or "",
                    "colour_class": colour_class(ability.get("colour")),
                }
            )
        markers = [MARKER_LABELS.get(m, m.replace("_", " ")) for m in click.get("markers", [])]
        if click.get("bail_out_value") is not None:
            label = f"bail out {click['bail_out_value']}"
            markers = [label if m == MARKER_LABELS["bail_out"] else m for m in markers]
            if label not in markers:
                markers.append(label)
        rows.append({"number": number, "cells": cells, "markers": ", ".join(markers)})
    return render_to_string(
        "admin/content/dial_table.html",
        {
            "headers": [STAT_LABELS.get(s, s) for s in stats],
            "rows": rows,
        },
    )


def speed_table(dial: Mapping[str, Any] | None) -> SafeString:
    if not dial or not dial.get("speeds"):
        return format_html("<p>{}</p>", "No speed dial.")
    return render_to_string("admin/content/speed_table.html", {"speeds": dial["speeds"]})


def json_preview(value: Any) -> SafeString:
    """Pretty-printed JSON in a scrollable block."""
    text = json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True)
    return format_html('<pre class="muster-json">{}</pre>', text)
