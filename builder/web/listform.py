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
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.http import QueryDict

from builder.engine import Catalogue, list_schema_path
from builder.games import game
from builder.games.forms import (
    BOOL,
    INT,
    LIST,
    MY_DESIGN,
    TEXT,
    WRITTEN_OUT,
    Group,
    IdOrGroup,
    Keyed,
    Rows,
    Spec,
)
from builder.games.labels import SETTING_LABELS, setting_help
from content.services.json_safety import MAX_DOCUMENT_BYTES, parse_json

MAX_ROWS = 50


def entry_spec(system: str, kind: str, part: str = "") -> Group:
    """The keys of one entry, as its game declares them (a part's depend on the part)."""
    return game(system).page.entry_spec(kind, part)


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
    if isinstance(spec, Keyed):
        prefix = f"{name}-"
        found: dict[str, Any] = {}
        for key in data:
            if key.startswith(prefix) and len(found) < MAX_ROWS:
                present, value = _read_scalar(data, key, spec.value)
                if present:
                    found[key[len(prefix) :]] = value
        return True, found
    if isinstance(spec, IdOrGroup):
        if data.get(name, "").strip() != WRITTEN_OUT:
            return _read_scalar(data, name, TEXT)
        drawn = any(
            f"{name}-{key}" in data or f"{name}-{key}-rows" in data for key in spec.group.keys
        )
        if drawn:
            return read_group(data, name, spec.group, catalogue)
        return True, spec.start(catalogue, data.get(f"{name}-from", ""))
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
    prices: dict[str, Any] = carried_prices(data.get("prices_carried", ""))
    for key in data:
        value = data.get(key, "")
        if key.startswith("price-") and value.strip():
            try:
                prices[key[len("price-") :]] = int(value)
            except ValueError:
                prices[key[len("price-") :]] = value
    notes = data.get("notes", "").strip()
    doc["house_rules"] = {"prices": prices, "notes": notes}
    sheet_name = data.get("price_sheet_name", "").strip()
    if sheet_name:
        sheet = {"name": sheet_name[:200]}
        if data.get("price_sheet_token", "").strip():
            sheet["token"] = data.get("price_sheet_token", "").strip()[:64]
        doc["house_rules"]["price_sheet"] = sheet
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
    return game(system).page.new_entry(kind, value, catalogue, entries or [])


def my_designs_named(doc: Mapping[str, Any]) -> set[str]:
    """Saved fighter designs the squadron's entries fly: picked (``list:<uuid>``) or linked
    already (``design_ref``), so each is read as it is saved now."""
    picked = {
        str(e["design"])[len(MY_DESIGN) :]
        for e in doc.get("entries", [])
        if isinstance(e, Mapping) and str(e.get("design", "")).startswith(MY_DESIGN)
    }
    linked = {
        e["design_ref"]
        for e in doc.get("entries", [])
        if isinstance(e, Mapping) and isinstance(e.get("design_ref"), str)
    }
    return picked | linked


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
        label = SETTING_LABELS.get(key) or key.replace("_", " ").capitalize()
        help_text = setting_help(key, prop.get("description", ""))
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


def carried_prices(raw: str) -> dict[str, int]:
    """The house prices the builder holds without a field (an applied sheet's prices for
    items the list does not use yet), as its hidden field carries them; anything that is not
    a table of whole numbers is dropped, as a tampered field deserves."""
    if not raw or len(raw) > MAX_DOCUMENT_BYTES:
        return {}
    try:
        found = json.loads(raw)
    except ValueError:
        return {}
    if not isinstance(found, dict):
        return {}
    return {
        str(k): v
        for k, v in found.items()
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0
    }


def unpriced_ids(violations: list[Mapping[str, Any]]) -> list[str]:
    """Ids the engine asks a house price for (a violation's ``unpriced``), each once."""
    return list(dict.fromkeys(v["unpriced"] for v in violations if v.get("unpriced")))
