"""Scenario parameters of abstracted fights: defaults, checks, and errors naming the key."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def with_list_settings(scenario: Any, lists: Sequence[tuple[str, Mapping[str, Any]]],
                       keys: Sequence[str]) -> Any:
    """The scenario with the readings the lists' ``settings`` name for ``keys`` filled in.

    A reading set in the scenario wins; otherwise a reading named by either list applies,
    and two lists naming different readings are refused (the players must agree on one).

    Args:
        scenario: the scenario as given (checked later by ``read_scenario``).
        lists: each list document with the root of its JSON paths (``list_a``, ``list_b``).
        keys: the settings that are also scenario parameters.

    Raises:
        BadDocument: naming ``<list>.settings.<key>`` where the lists disagree.
    """
    if not isinstance(scenario, Mapping):
        return scenario
    out = dict(scenario)
    errors = []
    for key in keys:
        if key in scenario:
            continue
        named = [(root, (doc.get("settings") or {})[key]) for root, doc in lists
                 if key in (doc.get("settings") or {})]
        if len({repr(value) for _, value in named}) > 1:
            (first, one), (second, other) = named[0], named[1]
            errors.append(DocumentError(
                f"{second}.settings.{key}",
                f"{first} plays {one!r} and {second} {other!r}: agree on one reading, or set "
                f"scenario.{key}"))
        elif named:
            out[key] = named[0][1]
    if errors:
        raise BadDocument(errors)
    return out
