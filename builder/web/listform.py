"""The list builder's form: a list document read from and written to plain form fields.

Every entry's fields are named ``e<i>-<key>``, so the whole list travels in one ordinary
form that works without JavaScript; htmx posts the same form on each change. Which keys an
entry has, and what kind of value each holds, depends on the system and list kind.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from django.http import QueryDict

from rules_engine.catalogue import Catalogue
from rules_engine.ids import kebab
from rules_engine.listdoc import list_schema_path

TEXT, INT, LIST, BOOL, JSON = "text", "int", "list", "bool", "json"

ENTRY_KEYS: dict[tuple[str, str], dict[str, str]] = {
    ("crimson-dust", "warband"): {
        "name": TEXT,
        "archetype": TEXT,
        "quality": TEXT,
        "personality": BOOL,
        "upgrades": LIST,
        "skills": LIST,
        "weapons": LIST,
        "equipment": LIST,
        "exchange": TEXT,
        "mount": JSON,
    },
    ("cs-air-action", "squadron"): {"figure": TEXT, "ace": TEXT, "label": TEXT},
    ("cs-aces", "team"): {"figure": TEXT, "count": INT, "label": TEXT},
    ("black-skies", "fighter"): {"": JSON},
    ("black-skies", "squadron"): {"": JSON},
}
HEX_PART_KEYS: dict[str, dict[str, str]] = {
    "airframe": {
        "model": TEXT,
        "plane_type": TEXT,
        "size": INT,
        "max_speed": INT,
        "g_rating": INT,
        "acceleration": INT,
    },
    "armour": {"area": TEXT, "points": INT},
    "gun": {"weapon": TEXT, "count": INT},
    "turret": {"guns": LIST},
    "rocket": {"weapon": TEXT, "count": INT},
    "drop-tank": {"count": INT},
}
HEX_AREAS = (
    ("nose", "Nose"),
    ("right-wing-front", "Right wing, front"),
    ("right-wing-rear", "Right wing, rear"),
    ("left-wing-front", "Left wing, front"),
    ("left-wing-rear", "Left wing, rear"),
    ("tail", "Tail"),
)
ADD_KEY = {
    ("crimson-dust", "warband"): "archetype",
    ("cs-air-action", "squadron"): "figure",
    ("cs-aces", "team"): "figure",
    ("cs-hex", "plane"): "part",
    ("black-skies", "fighter"): "",
    ("black-skies", "squadron"): "",
}
ENTRY_PATH = re.compile(r"^\$\.entries\[(\d+)\]")
HOUSE_PRICE_ID = re.compile(r"house_rules\.prices\['([^']+)'\]")


def entry_keys(system: str, kind: str, entry: Mapping[str, Any]) -> dict[str, str]:
    if system == "cs-hex":
        return {"part": TEXT, **HEX_PART_KEYS.get(kebab(str(entry.get("part"))), {})}
    return ENTRY_KEYS[(system, kind)]


def read_value(data: QueryDict, name: str, kind: str) -> tuple[bool, Any]:
    """(present, value) of one field; blank fields are absent, so optional keys stay out."""
    if kind == LIST:
        values = [v for v in data.getlist(name) if v]
        return bool(values), values
    raw = data.get(name, "").strip()
    if kind == BOOL:
        return raw in ("on", "true", "1"), True
    if not raw:
        return False, None
    if kind == INT:
        try:
            return True, int(raw)
        except ValueError:
            return True, raw  # the schema check names the field
    if kind == JSON:
        try:
            return True, json.loads(raw)
        except json.JSONDecodeError:
            return True, raw
    return True, raw


def read_entries(system: str, kind: str, data: QueryDict) -> list[Any]:
    """The entries of the posted form, in order."""
    try:
        count = int(data.get("entry_count", "0"))
    except ValueError:
        count = 0
    entries: list[Any] = []
    for i in range(min(count, 500)):
        prefix = f"e{i}-"
        keys = ENTRY_KEYS.get((system, kind))
        if keys == {"": JSON}:
            present, value = read_value(data, f"{prefix}json", JSON)
            entries.append(value if present else {})
            continue
        part = data.get(f"{prefix}part", "")
        entry: dict[str, Any] = {}
        for key, value_kind in entry_keys(system, kind, {"part": part}).items():
            present, value = read_value(data, prefix + key, value_kind)
            if present:
                entry[key] = value
        entries.append(entry)
    return entries


def read_document(system: str, kind: str, data: QueryDict, catalogue: Catalogue) -> dict[str, Any]:
    """The whole list document the form describes, pinned to the packs it was built with."""
    doc: dict[str, Any] = {
        "format": "muster-list/1",
        "system": system,
        "kind": kind,
        "name": data.get("name", "").strip() or "Untitled",
    }
    raw_limit = data.get("points_limit", "").strip()
    if raw_limit:
        try:
            doc["points_limit"] = int(raw_limit)
        except ValueError:
            doc["points_limit"] = raw_limit
    pins = data.get("content", "")
    try:
        doc["content"] = json.loads(pins) if pins else pack_refs(catalogue, system)
    except json.JSONDecodeError:
        doc["content"] = pack_refs(catalogue, system)
    prices: dict[str, Any] = {}
    for key in data:
        if key.startswith("price-") and data[key].strip():
            try:
                prices[key[len("price-") :]] = int(data[key])
            except ValueError:
                prices[key[len("price-") :]] = data[key]
    notes = data.get("notes", "").strip()
    doc["house_rules"] = {"prices": prices, "notes": notes}
    settings: dict[str, Any] = {}
    for setting in setting_specs(system, kind):
        raw = data.get(f"setting-{setting.key}", "")
        if raw == "":
            continue
        if setting.kind == "bool":
            settings[setting.key] = raw == "true"
        elif setting.kind == "int":
            try:
                settings[setting.key] = int(raw)
            except ValueError:
                settings[setting.key] = raw
        else:
            settings[setting.key] = raw
    if settings:
        doc["settings"] = settings
    doc["entries"] = read_entries(system, kind, data)
    return doc


def pack_refs(catalogue: Catalogue, system: str) -> list[dict[str, str]]:
    return [{"pack": p, "version": v} for p, v in catalogue.pack_versions(system).items()]


def new_entry(system: str, kind: str, value: str, catalogue: Catalogue) -> Any:
    """A fresh entry for the picked archetype, figure or part, with sensible defaults."""
    if system == "crimson-dust":
        return {"archetype": value, "quality": "regular"}
    if system in ("cs-air-action", "cs-aces"):
        return {"figure": value}
    if system == "cs-hex":
        defaults: dict[str, dict[str, Any]] = {
            "airframe": {
                "plane_type": "light",
                "size": 8,
                "max_speed": 3,
                "g_rating": 3,
                "acceleration": 2,
            },
            "armour": {"area": "nose", "points": 20},
            "gun": {"weapon": "cal-30", "count": 1},
            "turret": {"guns": []},
            "rocket": {"weapon": "", "count": 1},
            "drop-tank": {"count": 1},
        }
        return {"part": value, **defaults.get(value, {})}
    if kind == "fighter":
        return {
            "name": "New fighter",
            "weight": "medium",
            "thrusters": ["rear-thrusters"],
            "weapons": [{"weapon": "laser-cannon", "count": 1}],
            "armour": "none",
            "shields": 0,
        }
    return {"element": "Red", "pilot": {"name": "Pilot", "skill": 2}, "design": "black-tiger"}


@dataclass(frozen=True)
class SettingSpec:
    key: str
    label: str
    help: str
    kind: str  # choice, bool or int
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@cache
def _body_schema(system: str, kind: str) -> dict[str, Any]:
    path: Path = list_schema_path(system, kind)
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def setting_specs(system: str, kind: str) -> list[SettingSpec]:
    """The disputed readings a list may choose, straight from its schema's ``settings``."""
    props = (
        _body_schema(system, kind).get("properties", {}).get("settings", {}).get("properties", {})
    )
    specs = []
    for key, prop in props.items():
        label = key.replace("_", " ").capitalize()
        help_text = prop.get("description", "")
        if "enum" in prop:
            specs.append(SettingSpec(key, label, help_text, "choice", tuple(prop["enum"])))
        elif prop.get("type") == "boolean":
            specs.append(SettingSpec(key, label, help_text, "bool"))
        elif prop.get("type") == "integer":
            specs.append(
                SettingSpec(
                    key, label, help_text, "int", (), prop.get("minimum"), prop.get("maximum")
                )
            )
    return specs


@dataclass
class EntryField:
    """One input of an entry, ready for the template."""

    name: str
    label: str
    kind: str  # text, number, select, checks, bool, json
    value: Any = None
    options: list[tuple[str, str, str]] = field(default_factory=list)
    """(value, label, note) for selects and check lists."""
    help: str = ""
    structural: bool = False
    chosen: list[str] = field(default_factory=list)
    """Labels of the chosen options, for a closed check list's summary."""
    """Changing it changes what the entry offers (an archetype's upgrades, prices at a
    quality), so the entry is drawn again rather than only its verdict."""


def violation_entry(path: str) -> int | None:
    """The entry a violation's JSON path points into, or None for the list as a whole."""
    match = ENTRY_PATH.match(path)
    return int(match.group(1)) if match else None


def unpriced_ids(messages: list[str]) -> list[str]:
    """Ids the engine asks a house price for (it names ``house_rules.prices['id']``)."""
    found: list[str] = []
    for message in messages:
        for ident in HOUSE_PRICE_ID.findall(message):
            if ident not in found:
                found.append(ident)
    return found
