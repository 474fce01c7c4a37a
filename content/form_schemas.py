"""Edit forms generated from the JSON Schemas that validate the documents.

The record schemas in ``content/schemas/records/`` stay the one definition of each document's
shape. django-jsonform draws its forms from a simpler dialect, so each schema is translated
for the record at hand: ``$ref`` inlined, the ``if``/``then`` branch that applies to the
document chosen, ``["integer", "null"]`` read as an integer that may be left blank, and
references to other records offered as choices. What the form sends back is tidied
(``""`` where null is allowed becomes null, empty optional keys are dropped) and then
checked against the original schema, so the form can never accept what a pack load refuses.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from content.schemas import record_schema_path

NULLABLE = "x-nullable"
Choices = Mapping[str, Sequence[tuple[str, str]]]


@cache
def _raw_schema(path: Path) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


def record_schema(record_type: str, system: str) -> dict[str, Any] | None:
    path = record_schema_path(record_type, system)
    return copy.deepcopy(_raw_schema(path)) if path else None


def _title(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _resolve_ref(root: Mapping[str, Any], ref: str) -> dict[str, Any]:
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return dict(node)


def _merge(base: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """``extra`` laid over ``base``, merging nested schemas rather than replacing them."""
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping) and "$ref" in value:
            out[key] = dict(value)  # a branch naming its own shape replaces the choice
        elif isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(dict(out[key]), value)
        else:
            out[key] = value
    return out


def _applies(condition: Mapping[str, Any], data: Any, root: Mapping[str, Any]) -> bool:
    schema = {**condition, "$defs": root.get("$defs", {})}
    return bool(Draft202012Validator(schema).is_valid(data))


def _translate(node: Any, data: Any, root: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(node, Mapping):
        return {"type": "string"}  # a boolean schema: anything goes
    node = dict(node)
    if "anyOf" in node and "oneOf" not in node:
        node["oneOf"] = node.pop("anyOf")
    if "$ref" in node:
        ref = node.pop("$ref")
        node = _merge(_resolve_ref(root, ref), node)
    for part in node.pop("allOf", []):
        part = dict(part)
        if "if" in part:
            branch = part.get("then") if _applies(part["if"], data, root) else part.get("else")
            if branch:
                node = _merge(node, branch)
        else:
            node = _merge(node, part)
    out: dict[str, Any] = {}
    if "description" in node:
        out["help_text"] = node["description"]
    if "title" in node:
        out["title"] = node["title"]

    if "oneOf" in node and all("const" in o for o in node["oneOf"]):
        chosen = next((o["const"] for o in node["oneOf"] if o["const"] == data), None)
        chosen = node["oneOf"][0]["const"] if chosen is None else chosen
        return {**out, **_translate({"const": chosen}, chosen, root), "readonly": True}
    if "oneOf" in node:
        options = []
        for option in node["oneOf"]:
            resolved = _translate(option, None, root)
            resolved.setdefault("title", _option_title(resolved))
            options.append(resolved)
        return {**out, "oneOf": options}
    if "const" in node:
        const = node["const"]
        kind = {list: "array", bool: "boolean", int: "integer", dict: "object"}.get(
            type(const), "string"
        )
        if kind == "array":
            items = {"type": "string", "readonly": True}
            return {**out, "type": "array", "items": items, "default": const, "readonly": True}
        return {**out, "type": kind, "const": const, "default": const, "readonly": True}

    types = node.get("type")
    if isinstance(types, list):
        real = [t for t in types if t != "null"]
        if len(real) < len(types):
            out[NULLABLE] = True
        types = real[0] if len(real) == 1 else "string"
    if "enum" in node:
        values = [v for v in node["enum"] if v is not None]
        if len(values) < len(node["enum"]):
            out[NULLABLE] = True
        types = types or "string"
        out["choices"] = [{"title": str(v).replace("_", " "), "value": v} for v in values]
    if types is None:
        types = "object" if "properties" in node else "string"
    out["type"] = types

    if types == "object":
        props = node.get("properties", {})
        required = set(node.get("required", []))
        sub = data if isinstance(data, Mapping) else {}
        out["properties"] = {}
        for key, prop in props.items():
            field = _translate(prop, sub.get(key), root)
            field.setdefault("title", _title(key))
            out["properties"][key] = field
        out["required"] = [k for k in props if k in required]
        extra = node.get("patternProperties") or {}
        if extra:
            out["additionalProperties"] = _translate(next(iter(extra.values())), None, root)
        elif isinstance(node.get("additionalProperties"), Mapping):
            out["additionalProperties"] = _translate(node["additionalProperties"], None, root)
    elif types == "array":
        items = node.get("items", {"type": "string"})
        if not isinstance(items, Mapping) and node.get("prefixItems"):
            items = node["prefixItems"][0]  # a fixed tuple: every member shares its shape
        first = data[0] if isinstance(data, list) and data else None
        out["items"] = _translate(items, first, root)
        for key in ("minItems", "maxItems"):
            if key in node:
                out[key.replace("Items", "_items")] = node[key]
    else:
        for key in ("minimum", "maximum", "minLength", "maxLength"):
            if key in node:
                out[key] = node[key]
    return out


def _option_title(option: Mapping[str, Any]) -> str:
    keys = list(option.get("properties", {}))
    return {
        "pts": "points",
        "not_available": "not available (-)",
        "not_given": "not given",
    }.get(keys[0] if len(keys) == 1 else "", ", ".join(_title(k) for k in keys) or "value")


def form_schema(
    record_type: str, system: str, data: Any, choices: Choices | None = None
) -> dict[str, Any] | None:
    """The django-jsonform schema for one record's ``data``, or None when it has no schema.

    ``choices`` maps a top-level key (or ``key[]`` for the items of an array) to the
    (stable id, name) pairs of the records it may refer to.
    """
    raw = _raw_schema(path) if (path := record_schema_path(record_type, system)) else None
    if raw is None:
        return None
    schema = _translate(raw, data, raw)
    for key, options in (choices or {}).items():
        many = key.endswith("[]")
        target = schema["properties"].get(key.removesuffix("[]"))
        if target is None:
            continue
        if many:
            target = target["items"]
        target["choices"] = [{"title": f"{name} ({sid})", "value": sid} for sid, name in options]
        target.pop("pattern", None)
    return schema


def tidy_submitted(schema: Mapping[str, Any], data: Any, original: Any = None) -> Any:
    """The document as the form sent it, in the shape a pack holds.

    Blank answers become null where the schema allows null; optional keys the form adds
    empty are dropped unless the document already had them, so an untouched form changes
    nothing.
    """
    if isinstance(data, dict) and schema.get("type") == "object":
        props = schema.get("properties", {})
        required = set(schema.get("required", []))
        before = original if isinstance(original, dict) else {}
        out = {}
        for key, value in data.items():
            sub = props.get(key, schema.get("additionalProperties") or {})
            value = tidy_submitted(sub if isinstance(sub, Mapping) else {}, value, before.get(key))
            if key not in required and key not in before and value in ("", None, [], {}):
                continue
            out[key] = value
        return out
    if isinstance(data, list):
        items = schema.get("items", {})
        earlier = original if isinstance(original, list) else []
        return [
            tidy_submitted(items, v, earlier[i] if i < len(earlier) else None)
            for i, v in enumerate(data)
        ]
    if data == "" and schema.get(NULLABLE):
        return None
    return data


PATH_PART = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def error_coordinates(path: str) -> list[str]:
    """``$.clicks[1].values.piloting`` -> ``["clicks", "1", "values", "piloting"]``."""
    return [m.group(1) or m.group(2) for m in PATH_PART.finditer(path.removeprefix("$"))]


def error_map(messages: Sequence[str]) -> dict[str, list[str]]:
    """django-jsonform's error map (field coordinates -> messages) from ``$.path: msg`` texts,
    so each message shows beside the input that is wrong."""
    out: dict[str, list[str]] = {}
    for text in messages:
        path, sep, message = text.partition(": ")
        if not sep or not path.startswith("$"):
            continue
        key = "§".join(error_coordinates(path))
        out.setdefault(key, []).append(message)
    return out
