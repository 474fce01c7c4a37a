"""The odds page's form, drawn from the engine's own description of each query's parameters
(``builder.engine.odds_queries``): numbers with their bounds, choices, yes/no, and
catalogue pickers for attackers, weapons, targets and designs (a game names what a picker
offers where the records are not of the parameter's own type)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.engine import Catalogue
from builder.games import game
from builder.games.labels import choice_options, described, value_label, words
from content.services.json_safety import MAX_DOCUMENT_BYTES, parse_json

RECORD_TYPES = {"weight": "fighter_weight"}
WRITTEN = "_written"
"""A picker's written-out twin: ``design_written`` takes the design itself where ``design``
takes a book design's id; the form fills it from the player's saved designs, so it has no
field of its own."""
SAVED = "list:"
"""The value of a player's saved record in a picker: ``list:<uuid>``."""


@dataclass
class ParamField:
    name: str
    label: str
    help: str
    kind: str  # number, select, bool, text, json
    value: Any
    default: Any
    options: list[tuple[str, str]] = field(default_factory=list)
    minimum: int | None = None
    maximum: int | None = None
    error: str = ""
    checked: bool = False
    default_text: str = ""
    saved_options: list[tuple[str, str]] = field(default_factory=list)
    saved_group: str = ""

    def offers(self, value: str) -> bool:
        """Whether ``value`` is one of the picker's options (book's or the player's)."""
        return any(value == v for v, _ in (*self.options, *self.saved_options))


def _types(param: Mapping[str, Any]) -> list[str]:
    t = param.get("type")
    return list(t) if isinstance(t, list) else [str(t)]


def param_fields(
    query: Mapping[str, Any],
    given: Mapping[str, str],
    catalogue: Catalogue,
    system: str,
    saved: Sequence[tuple[str, str, Mapping[str, Any]]] = (),
) -> list[ParamField]:
    """The form's fields, one per parameter; a picker whose parameter has a written-out
    twin also offers the player's ``saved`` records (uuid, name, the record written out)."""
    fields = []
    names = {str(p["name"]): _label(str(p["name"])) for p in query["params"]}
    for p in query["params"]:
        types = _types(p)
        name = p["name"]
        if name.endswith(WRITTEN) and name.removesuffix(WRITTEN) in names:
            continue
        raw = given.get(name, "")
        common = {
            "name": name,
            "label": names[name],
            "help": described(str(p.get("meaning", "")), names),
            "value": raw,
            "default": p.get("default"),
        }
        ids = p.get("catalogue_ids")
        records = catalogue.records(system, RECORD_TYPES.get(ids, ids)) if ids else {}
        choices = game(system).page.catalogue_choices(str(ids), catalogue) if ids else []
        if records or choices:
            # A picker shows names: its help says what is picked, not that it is an id.
            common["help"] = re.sub(r"(?:'s)? id\b", "", str(common["help"]))
        if records:
            options = sorted(((r.id, r.name) for r in records.values()), key=lambda o: o[1])
            fields.append(ParamField(kind="select", options=options, **common))
        elif choices:
            mine = [(f"{SAVED}{u}", n) for u, n, _ in saved] if f"{name}{WRITTEN}" in names else []
            group = game(system).page.saved_group(str(ids)) if mine else ""
            fields.append(
                ParamField(
                    kind="select", options=choices, saved_options=mine, saved_group=group, **common
                )
            )
        elif "choices" in p:
            fields.append(
                ParamField(kind="select", options=choice_options(p["choices"], name), **common)
            )
        elif "boolean" in types:
            checked = raw == "on" if "query" in given else bool(p.get("default"))
            fields.append(ParamField(kind="bool", checked=checked, **common))
        elif "integer" in types or "number" in types:
            fields.append(
                ParamField(
                    kind="number", minimum=p.get("minimum"), maximum=p.get("maximum"), **common
                )
            )
        elif "array" in types or "object" in types:
            fields.append(ParamField(kind="json", **common))
        else:
            fields.append(ParamField(kind="text", **common))
    for f in fields:
        f.default_text = default_label(f)
    return fields


def _label(name: str) -> str:
    """A parameter's name as its field's label; short stat names (``Av``) are kept."""
    said = words(name)
    return said if name[:1].isupper() else said.capitalize()


def given_values(fields: list[ParamField], given: Mapping[str, str]) -> list[tuple[str, str]]:
    """What the player set, as (label, value) a person reads: a picked record by its name,
    a choice by its label, a ticked box as "yes"."""
    out = []
    for f in fields:
        raw = given.get(f.name, "")
        if not raw:
            continue
        if f.kind == "bool":
            value = "yes" if raw in ("on", "true", "1") else "no"
        elif f.kind == "select":
            value = dict([*f.options, *f.saved_options]).get(raw, raw)
        else:
            value = raw
        out.append((f.label if f.name[:1].isupper() else f.label.lower(), value))
    return out


def default_label(f: ParamField) -> str:
    """A field's default as a person reads it: a choice's label, a record's name."""
    if f.default is None:
        return ""
    if f.kind == "select":
        return dict(f.options).get(str(f.default), value_label(f.default, f.name))
    return value_label(f.default, f.name) if isinstance(f.default, str) else str(f.default)


def read_params(
    fields: list[ParamField],
    given: Mapping[str, str],
    *,
    submitted: bool,
    saved: Sequence[tuple[str, str, Mapping[str, Any]]] = (),
) -> dict[str, Any]:
    """The parameters the player set; blanks keep the engine's defaults. Values the engine
    cannot use are passed on as typed, so its error names the parameter. A box left
    unticked in a submitted form is a "no"; before the form is sent, defaults apply. A
    saved record picked is sent written out, as the parameter's written-out twin."""
    params: dict[str, Any] = {}
    written = {f"{SAVED}{u}": record for u, _, record in saved}
    for f in fields:
        raw = given.get(f.name, "")
        if f.saved_options and raw in written:
            params[f"{f.name}{WRITTEN}"] = written[raw]
            continue
        if f.kind == "bool":
            ticked = raw in ("on", "true", "1")
            if submitted and ticked != bool(f.default):
                params[f.name] = ticked
            continue
        if raw == "":
            continue
        if f.kind == "number":
            try:
                params[f.name] = int(raw)
            except ValueError:
                params[f.name] = raw
        elif f.kind == "json":
            value, errors = parse_json(raw, max_bytes=MAX_DOCUMENT_BYTES)
            params[f.name] = raw if errors else value
        else:
            params[f.name] = raw
    return params
