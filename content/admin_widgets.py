"""Dial editors: a combat dial or speed dial edited cell by cell instead of as JSON.

Each widget renders plain form inputs (one row per click or speed) and assembles the
document from them when the form is posted, so the editor works without JavaScript: blank
rows at the end add clicks, a "remove" box drops one. ``static/content/dial_editor.js``
adds buttons to add and remove rows and a live preview in the read-only table's colours,
painted by the colour classes of ``static/content/admin.css`` (no inline styles).
A post that carries only ``data`` (the raw JSON) is read as before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from content.dial_display import MARKER_LABELS, STAT_LABELS, colour_class
from content.services.json_safety import MAX_DOCUMENT_BYTES, parse_json

BLANK_ROWS = 2


def _as_document(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        value, errors = parse_json(value, max_bytes=MAX_DOCUMENT_BYTES)
        if errors:
            return {}
    return value if isinstance(value, dict) else {}


def _number(text: str) -> int | str | None:
    """A typed cell: blank is null, a whole number is a number, anything else is kept so
    the schema names it at its own path."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


class DialEditorWidget(forms.Widget):
    """Shared by both dial editors: rows posted as ``<name>-row`` ids in page order."""

    template_name = ""
    errors: Mapping[str, Sequence[str]]

    class Media:
        css = {"all": ("content/admin.css",)}
        js = ("content/dial_editor.js",)

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.errors = {}

    def posted_rows(self, data: Any, name: str) -> list[str]:
        rows = data.getlist(f"{name}-row") if hasattr(data, "getlist") else []
        return [r for r in rows if not data.get(f"{name}-{r}-remove")]

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        if f"{name}-row" not in data:
            return data.get(name)
        document = _as_document(data.get(f"{name}-rest"))
        document.update(self.document_from_rows(data, name, self.posted_rows(data, name)))
        return json.dumps(document)

    def document_from_rows(self, data: Any, name: str, rows: list[str]) -> dict[str, Any]:
        raise NotImplementedError

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        document = _as_document(value)
        context = self.editor_context(name, document)
        context.update({"name": name, "errors": self.errors})
        return render_to_string(self.template_name, context)

    def editor_context(self, name: str, document: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


class CombatDialWidget(DialEditorWidget):
    """Clicks × stats: each cell a value and the ability its colour keys; markers per click."""

    template_name = "admin/content/combat_dial_editor.html"

    def __init__(
        self,
        stats: Sequence[str],
        abilities: Mapping[str, Mapping[str, Any]],
        attrs: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(attrs)
        self.stats = list(stats)
        self.abilities = abilities

    def document_from_rows(self, data: Any, name: str, rows: list[str]) -> dict[str, Any]:
        clicks = []
        for row in rows:
            values = {s: _number(data.get(f"{name}-{row}-{s}", "")) for s in self.stats}
            colours = {
                s: data[f"{name}-{row}-{s}-colour"]
                for s in self.stats
                if data.get(f"{name}-{row}-{s}-colour")
            }
            markers = [m for m in MARKER_LABELS if data.get(f"{name}-{row}-{m}")]
            bail = _number(data.get(f"{name}-{row}-bail_out_value", ""))
            if all(v is None for v in values.values()) and not colours and not markers:
                continue  # a blank row left for adding a click
            click: dict[str, Any] = {"values": values, "colours": colours, "markers": markers}
            if bail is not None or "bail_out" in markers:
                click["bail_out_value"] = bail
            clicks.append(click)
        return {"stats": self.stats, "clicks": clicks}

    def editor_context(self, name: str, document: dict[str, Any]) -> dict[str, Any]:
        clicks = list(document.get("clicks") or [])
        rest = {k: v for k, v in document.items() if k not in {"stats", "clicks"}}
        rows = []
        for index, click in enumerate([*clicks, *([{}] * BLANK_ROWS)]):
            values = click.get("values") or {}
            colours = click.get("colours") or {}
            rows.append(
                {
                    "id": str(index),
                    "number": index + 1,
                    "blank": index >= len(clicks),
                    "cells": [
                        {
                            "stat": stat,
                            "value": "" if values.get(stat) is None else values[stat],
                            "colour": colours.get(stat, ""),
                            "errors": [
                                *self.errors.get(f"$.clicks[{index}].values.{stat}", []),
                                *self.errors.get(f"$.clicks[{index}].colours.{stat}", []),
                            ],
                        }
                        for stat in self.stats
                    ],
                    "markers": [
                        {"key": key, "label": label, "on": key in (click.get("markers") or [])}
                        for key, label in MARKER_LABELS.items()
                    ],
                    "bail_out_value": click.get("bail_out_value") or "",
                    "errors": [
                        message
                        for path, messages in self.errors.items()
                        if path == f"$.clicks[{index}]"
                        or path.startswith(f"$.clicks[{index}].markers")
                        or path.startswith(f"$.clicks[{index}].bail_out_value")
                        for message in messages
                    ],
                }
            )
        return {
            "headers": [(s, STAT_LABELS.get(s, s)) for s in self.stats],
            "rows": rows,
            "rest": json.dumps(rest),
            "abilities": sorted(
                ((sid, a["name"], a.get("colour") or "") for sid, a in self.abilities.items()),
                key=lambda a: a[1],
            ),
            "colours_json": json.dumps(
                {
                    sid: {
                        "name": a["name"],
                        "colour": a.get("colour"),
                        "css": colour_class(a.get("colour")),
                    }
                    for sid, a in self.abilities.items()
                }
            ),
            "marker_labels_json": json.dumps(MARKER_LABELS),
            "other_errors": [
                f"{path}: {message}"
                for path, messages in self.errors.items()
                if not path.startswith("$.clicks[")
                for message in messages
            ],
        }


class SpeedDialWidget(DialEditorWidget):
    """Speeds lowest first: the speed, its speed effects and whether the red line follows."""

    template_name = "admin/content/speed_dial_editor.html"

    def __init__(
        self, effects: Mapping[str, Mapping[str, Any]], attrs: dict[str, Any] | None = None
    ) -> None:
        super().__init__(attrs)
        self.effects = effects

    def document_from_rows(self, data: Any, name: str, rows: list[str]) -> dict[str, Any]:
        speeds = []
        for row in rows:
            speed = _number(data.get(f"{name}-{row}-speed", ""))
            effects = data.getlist(f"{name}-{row}-effects")
            red_line = bool(data.get(f"{name}-{row}-red_line"))
            if speed is None and not effects and not red_line:
                continue
            speeds.append({"speed": speed, "effects": effects, "red_line": red_line})
        return {"speeds": speeds}

    def editor_context(self, name: str, document: dict[str, Any]) -> dict[str, Any]:
        speeds = list(document.get("speeds") or [])
        rest = {k: v for k, v in document.items() if k != "speeds"}
        rows = []
        for index, speed in enumerate([*speeds, *([{}] * BLANK_ROWS)]):
            rows.append(
                {
                    "id": str(index),
                    "blank": index >= len(speeds),
                    "speed": "" if speed.get("speed") is None else speed["speed"],
                    "effects": [
                        (sid, effect["name"], sid in (speed.get("effects") or []))
                        for sid, effect in sorted(self.effects.items(), key=lambda e: e[1]["name"])
                    ],
                    "red_line": bool(speed.get("red_line")),
                    "errors": [
                        message
                        for path, messages in self.errors.items()
                        if path.startswith(f"$.speeds[{index}]")
                        for message in messages
                    ],
                }
            )
        return {
            "rows": rows,
            "rest": json.dumps(rest),
            "other_errors": [
                f"{path}: {message}"
                for path, messages in self.errors.items()
                if not path.startswith("$.speeds[")
                for message in messages
            ],
        }
