"""The list builder's form: a list document read from and written to plain form fields.

Every entry's fields are named ``e<i>-<key>``, so the whole list travels in one ordinary
form that works without JavaScript; htmx posts the same form on each change. Which keys an
entry has, and what kind of value each holds, depends on the system and list kind. Nested
objects (a pilot, a mount, a written-out design) extend the name with their own keys
(``e0-pilot-name``), and lists of small objects number their rows (``e0-weapons-1-count``)
beside a count of the rows drawn (``e0-weapons-rows``).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeAlias

from django.http import QueryDict

from builder.web.fighters import design_start, new_design, new_fighter
from content.services.json_safety import MAX_DOCUMENT_BYTES, parse_json
from rules_engine.catalogue import Catalogue
from rules_engine.listdoc import list_schema_path

TEXT, INT, LIST, BOOL = "text", "int", "list", "bool"
MAX_ROWS = 50
WRITTEN_OUT = "written-out"
"""The design select's value for a design written out in the entry's own fields."""
MY_DESIGN = "list:"
"""Prefix of the design select's value for one of the player's saved fighter designs."""


@dataclass(frozen=True)
class Group:
    """An object read from fields of its own: an entry, a pilot, a mount, a design.

    ``needs``: the key without which the object is left out (a mount with no archetype is
    no mount); ``defaults`` fill keys left blank (a design with no weapons has ``[]``).
    """

    keys: Mapping[str, Spec]
    needs: str | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rows:
    """A list of small objects, one numbered row of fields each (a design's weapons)."""

    row: Group


@dataclass(frozen=True)
class IdOrGroup:
    """A content id picked from a select, or an object written out in the fields below it
    when the select says ``WRITTEN_OUT`` (a squadron fighter's design)."""

    group: Group


Spec: TypeAlias = str | Group | Rows | IdOrGroup

DESIGN = Group(
    {
        "name": TEXT,
        "weight": TEXT,
        "thrusters": LIST,
        "weapons": Rows(Group({"weapon": TEXT, "count": INT}, "weapon", {"count": 1})),
        "armour": TEXT,
        "shields": INT,
    },
    defaults={"thrusters": [], "weapons": [], "shields": 0},
)
MOUNT = Group(
    {"name": TEXT, "archetype": TEXT, "quality": TEXT, "upgrades": LIST, "skills": LIST},
    needs="archetype",
)
ENTRY_SPECS: dict[tuple[str, str], Group] = {
    ("crimson-dust", "warband"): Group(
        {
            "name": TEXT,
            "archetype": TEXT,
            "quality": TEXT,
            "personality": BOOL,
            "upgrades": LIST,
            "skills": LIST,
            "weapons": LIST,
            "equipment": LIST,
            "exchange": TEXT,
            "mount": MOUNT,
        }
    ),
    ("cs-air-action", "squadron"): Group({"figure": TEXT, "ace": TEXT, "label": TEXT}),
    ("cs-aces", "team"): Group({"figure": TEXT, "count": INT, "label": TEXT}),
    ("black-skies", "fighter"): DESIGN,
    ("black-skies", "squadron"): Group(
        {
            "element": TEXT,
            "pilot": Group({"name": TEXT, "skill": INT}),
            "design": IdOrGroup(DESIGN),
        }
    ),
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
    ("black-skies", "squadron"): "design",
}
ENTRY_PATH = re.compile(r"^\$\.entries\[(\d+)\]")
HOUSE_PRICE_ID = re.compile(r"house_rules\.prices\['([^']+)'\]")


def entry_spec(system: str, kind: str, part: str = "") -> Group:
    """The keys of one entry; a cs-hex part's depend on what part it is."""
    if system == "cs-hex":
        return Group({"part": TEXT, **HEX_PART_KEYS.get(part, {})})
    return ENTRY_SPECS[(system, kind)]


def _read_scalar(data: QueryDict, name: str, kind: str) -> tuple[bool, Any]:
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
    return True, raw


def read_value(data: QueryDict, name: str, spec: Spec, catalogue: Catalogue) -> tuple[bool, Any]:
    """(present, value) of the fields named ``name`` (and ``name-*`` for nested values)."""
    if isinstance(spec, Group):
        return read_group(data, name, spec, catalogue)
    if isinstance(spec, Rows):
        raw = data.get(f"{name}-rows")
        if raw is None:
            return False, None
        try:
            count = min(max(int(raw), 0), MAX_ROWS)
        except ValueError:
            count = 0
        rows = []
        for r in range(count):
            present, row = read_group(data, f"{name}-{r}", spec.row, catalogue)
            if present:
                rows.append(row)
        return True, rows
    if isinstance(spec, IdOrGroup):
        if data.get(name, "").strip() != WRITTEN_OUT:
            return _read_scalar(data, name, TEXT)
        drawn = any(
            f"{name}-{key}" in data or f"{name}-{key}-rows" in data for key in spec.group.keys
        )
        if drawn:
            return read_group(data, name, spec.group, catalogue)
        return True, design_start(catalogue, data.get(f"{name}-from", ""))
    return _read_scalar(data, name, spec)


def read_group(
    data: QueryDict, prefix: str, group: Group, catalogue: Catalogue
) -> tuple[bool, dict[str, Any] | None]:
    """The object whose fields are named ``prefix-<key>``; absent without its ``needs``."""
    found: dict[str, Any] = {}
    for key, spec in group.keys.items():
        present, value = read_value(data, f"{prefix}-{key}", spec, catalogue)
        if present:
            found[key] = value
    if group.needs and group.needs not in found:
        return False, None
    for key, value in group.defaults.items():
        found.setdefault(key, copy.deepcopy(value))
    return True, found


def read_entries(system: str, kind: str, data: QueryDict, catalogue: Catalogue) -> list[Any]:
    """The entries of the posted form, in order."""
    try:
        count = int(data.get("entry_count", "0"))
    except ValueError:
        count = 0
    entries: list[Any] = []
    for i in range(min(count, 500)):
        spec = entry_spec(system, kind, data.get(f"e{i}-part", ""))
        entries.append(read_group(data, f"e{i}", spec, catalogue)[1])
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
    pins, errors = parse_json(data.get("content", ""), max_bytes=MAX_DOCUMENT_BYTES)
    doc["content"] = pins if not errors and are_pack_refs(pins) else pack_refs(catalogue, system)
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
    doc["entries"] = read_entries(system, kind, data, catalogue)
    return doc


def pack_refs(catalogue: Catalogue, system: str) -> list[dict[str, str]]:
    return [{"pack": p, "version": v} for p, v in catalogue.pack_versions(system).items()]


def are_pack_refs(value: Any) -> bool:
    """A list's ``content``: one ``{"pack", "version"}`` reference or a list of them."""
    return all(
        isinstance(ref, dict)
        and isinstance(ref.get("pack"), str)
        and isinstance(ref.get("version"), str)
        for ref in (value if isinstance(value, list) else [value])
    )


def new_entry(
    system: str, kind: str, value: str, catalogue: Catalogue, entries: list[Any] | None = None
) -> Any:
    """A fresh entry for the picked archetype, figure, part or design, with sensible defaults."""
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
        return new_design(catalogue)
    design: str | dict[str, Any] = new_design(catalogue) if value == WRITTEN_OUT else value
    return new_fighter(catalogue, entries or [], design)


def my_designs_named(doc: Mapping[str, Any]) -> set[str]:
    """Saved fighter designs (``list:<uuid>``) the squadron's entries ask to be copied in."""
    return {
        str(e["design"])[len(MY_DESIGN) :]
        for e in doc.get("entries", [])
        if isinstance(e, Mapping) and str(e.get("design", "")).startswith(MY_DESIGN)
    }


def my_designs_copy(
    doc: dict[str, Any], found: Mapping[str, Mapping[str, Any]], catalogue: Catalogue
) -> str:
    """Write each asked-for saved design into its entry; one that is not the player's (or
    no longer exists) becomes a fresh design, and the note returned says so."""
    missing = False
    for entry in doc.get("entries", []):
        if not isinstance(entry, dict) or not str(entry.get("design", "")).startswith(MY_DESIGN):
            continue
        design = found.get(str(entry["design"])[len(MY_DESIGN) :])
        missing = missing or design is None
        entry["design"] = copy.deepcopy(dict(design)) if design else new_design(catalogue)
    return "That saved design is not among your lists; a new design was started." if missing else ""


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
    kind: str  # text, number, select, checks, bool, hidden, note, group, details or line
    value: Any = None
    options: list[tuple[str, str, str]] = field(default_factory=list)
    """(value, label, note) for selects and check lists."""
    help: str = ""
    structural: bool = False
    """Changing it changes what the entry offers (an archetype's upgrades, prices at a
    quality, a new weapon row), so the entry is drawn again rather than only its verdict."""
    chosen: list[str] = field(default_factory=list)
    """Labels of the chosen options, for a closed check list's summary."""
    open: bool = False
    """A check list shown open (short lists, and those a player changes most)."""
    rows: list[list[EntryField]] = field(default_factory=list)
    """A group's fields, a line of them each (a weapon and its count; a mount's fields)."""


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
