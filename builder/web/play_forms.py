"""A dice procedure's situation as a form: each parameter a field, read back as typed values.

The fields come from the procedure's own description (the one ``resolve --describe`` and the
API give), so a new procedure needs no page of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from builder.engine import Catalogue
from builder.games.labels import choice_options, described
from builder.web.odds_form import RECORD_TYPES


@dataclass(frozen=True)
class ParamField:
    """One parameter as a form field."""

    name: str
    label: str
    widget: str
    """``number``, ``checkbox``, ``select``, ``list`` (comma-separated) or ``text``."""
    value: Any
    meaning: str
    minimum: int | None = None
    maximum: int | None = None
    options: tuple[tuple[str, str], ...] = ()
    """A select's (value, label) pairs: the engine's choices in words, or a catalogue's
    records by name."""
    error: str = ""
    optional: bool = False
    """The parameter may be left out (its type allows null): a select offers "none"."""


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _help(meaning: str, labels: Mapping[str, str], picker: bool) -> str:
    """The engine's meaning in words: field names as their labels, "null" as empty, and a
    picker's help naming what is picked, not that it is an id."""
    text = re.sub(r"\bnull\b", "empty", described(meaning, labels))
    text = re.sub(r"\b([a-z]+)_([a-z]+)\b", r"\1 \2", text)
    if picker:
        text = re.sub(r"\s*\((?:an? )?(?:\w+ )?id\)", "", text)
        text = re.sub(r"\ban? catalogue id,?\s*", "", text)
        text = re.sub(r"\s*\([\w-]+ \.\.\. [\w-]+\)", "", text)
        text = re.sub(r"(?:'s)? id\b", "", text)
    return text


def _records(
    param: Mapping[str, Any], catalogue: Catalogue | None, system: str
) -> tuple[tuple[str, str], ...]:
    ids = param.get("catalogue_ids")
    if not ids or catalogue is None:
        return ()
    records = catalogue.records(system, RECORD_TYPES.get(ids, ids)).values()
    return tuple(sorted(((r.id, r.name) for r in records), key=lambda o: o[1]))


def param_fields(
    described_: Mapping[str, Any],
    given: Mapping[str, Any],
    errors: Mapping[str, str],
    catalogue: Catalogue | None = None,
    system: str = "",
) -> list[ParamField]:
    """The fields of a procedure's parameters, filled with ``given`` or the defaults, each
    with the refusal that concerns it (``errors`` by field name, ``p_<name>``). With the
    catalogue, a parameter naming a record (a weapon) is picked by name from its records."""
    labels = {p["name"]: _label(p["name"]) for p in described_["params"]}
    out = []
    for param in described_["params"]:
        kind = param["type"][0] if isinstance(param["type"], list) else param["type"]
        value = given.get(param["name"], param["default"])
        records = _records(param, catalogue, system)
        options: tuple[tuple[str, str], ...] = ()
        if kind == "boolean":
            widget = "checkbox"
        elif kind == "integer":
            widget = "number"
        elif kind == "array":
            widget = "list"
            value = ", ".join(str(v) for v in value or [])
        elif records:
            widget, options = "select", records
        elif param.get("choices"):
            widget, options = "select", tuple(choice_options(param["choices"], param["name"]))
        else:
            widget = "text"
        out.append(
            ParamField(
                param["name"],
                labels[param["name"]],
                widget,
                "" if value is None else value,
                _help(param["meaning"], labels, bool(records)),
                param.get("minimum") if kind == "integer" else None,
                param.get("maximum") if kind == "integer" else None,
                options,
                errors.get(f"p_{param['name']}", ""),
                isinstance(param["type"], list) and "null" in param["type"],
            )
        )
    return out


def params_from_post(described: Mapping[str, Any], data: QueryDict) -> dict[str, Any]:
    """The parameters typed into the form, as the engine reads them; what cannot be read as
    its type is passed on as typed, so the engine's refusal names the field."""
    params: dict[str, Any] = {}
    for param in described["params"]:
        name = param["name"]
        kind = param["type"][0] if isinstance(param["type"], list) else param["type"]
        raw = data.get(f"p_{name}", "")
        if kind == "boolean":
            params[name] = raw == "on"
        elif raw.strip() == "":
            continue
        elif kind == "integer":
            params[name] = _whole(raw)
        elif kind == "array":
            item = (param.get("items") or {}).get("type", "string")
            words = [w.strip() for w in raw.split(",") if w.strip()]
            params[name] = [_whole(w) for w in words] if item == "integer" else words
        else:
            params[name] = raw.strip()
    return params


def _whole(text: str) -> int | str:
    try:
        return int(text.strip())
    except ValueError:
        return text.strip()


def rolls_from_post(data: QueryDict) -> list[int | str]:
    """The faces a player typed (``4 5 1`` or ``4, 5, 1``), in order."""
    return [_whole(w) for w in data.get("rolls", "").replace(",", " ").split()]


def role_fields(
    described: Mapping[str, Any], picked: Mapping[str, str], errors: Mapping[str, str]
) -> list[dict[str, str]]:
    """A picker per figure the procedure concerns: its name, label, pick and refusal."""
    return [
        {
            "name": role,
            "label": _label(role),
            "picked": picked.get(role, ""),
            "error": errors.get(f"role_{role}", ""),
        }
        for role in described.get("roles", [])
    ]
