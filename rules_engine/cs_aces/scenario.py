"""Scenario parameters of abstracted fights: defaults, checks, and errors naming the key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.errors import BadDocument, DocumentError


@dataclass(frozen=True)
class Param:
    """One scenario parameter: its default, what it means, and its kind of value."""

    default: Any
    meaning: str
    kind: str = "chance"  # chance | turns | choice | flag
    choices: tuple[str, ...] = ()


def read_scenario(spec: Mapping[str, Param], scenario: Any) -> dict[str, Any]:
    """The scenario with defaults filled in; every bad key or value is reported at once."""
    if not isinstance(scenario, Mapping):
        raise BadDocument.at("scenario", "must be a JSON object")
    errors = []
    out: dict[str, Any] = {}
    for key in scenario:
        if key not in spec:
            errors.append((f"scenario.{key}", f"unknown parameter (known: {', '.join(spec)})"))
    for key, param in spec.items():
        value = scenario.get(key, param.default)
        problem = _problem(param, value)
        if problem:
            errors.append((f"scenario.{key}", problem))
        out[key] = value
    if errors:
        raise BadDocument([DocumentError(p, m) for p, m in errors])
    return out


def _problem(param: Param, value: Any) -> str | None:
    if param.kind == "chance":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
        return None if ok else "must be a chance between 0 and 1"
    if param.kind == "turns":
        ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 200
        return None if ok else "must be a whole number of turns from 1 to 200"
    if param.kind == "flag":
        return None if isinstance(value, bool) else "must be true or false"
    return None if value in param.choices else f"must be one of {', '.join(param.choices)}"


def describe(spec: Mapping[str, Param], values: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario as stated in a simulation's output: each value with its meaning."""
    return {k: {"value": values[k], "meaning": p.meaning} for k, p in spec.items()}
