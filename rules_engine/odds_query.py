"""How an odds query describes itself, and the check of its parameters against that.

Each system lists its queries as ``Query`` values: a summary, every parameter with its JSON
type, range or choices, default and meaning, and the function that computes the answer.
The front door (``rules_engine.odds``) reads parameters only through ``resolve``, so every
query refuses the same mistakes in the same words before any work is done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from rules_engine.errors import BadDocument, DocumentError

JSON_TYPES = ("integer", "boolean", "string", "array", "object")

# Names the engine itself uses around a query; a parameter may not take them.
RESERVED_NAMES = frozenset({"catalogue", "system", "query", "params", "self", "kwargs"})


@dataclass(frozen=True)
class Param:
    """One parameter of an odds query, as the API and ``--describe`` document it."""

    name: str
    type: str
    default: Any
    meaning: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    # Ids of this catalogue record type are the allowed values (checked by the query).
    catalogue_ids: str | None = None
    # Earlier names still read (``attack`` for ``dice`` in Aces).
    aliases: tuple[str, ...] = ()
    # The keyword the computing function takes, when it differs from ``name``.
    keyword: str | None = None
    # For arrays: the type and range of each item.
    items: Mapping[str, Any] | None = None
    max_items: int | None = None

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type}
        if self.default is None:
            out["type"] = [self.type, "null"]
        for key in ("minimum", "maximum"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.catalogue_ids is not None:
            out["catalogue_ids"] = self.catalogue_ids
        if self.items is not None:
            out["items"] = dict(self.items)
        if self.max_items is not None:
            out["max_items"] = self.max_items
        out["default"] = self.default
        out["meaning"] = self.meaning
        if self.aliases:
            out["aliases"] = list(self.aliases)
        return out


@dataclass(frozen=True)
class Query:
    """One odds query: what it answers, its parameters, and which distribution heads it."""

    name: str
    summary: str
    params: tuple[Param, ...]
    run: Callable[..., dict[str, Any]]
    # The distribution (or chance) the answer leads with, by its name in the answer (a
    # ``*`` pattern picks the first that matches); a function of the resolved parameters
    # when it depends on them.
    headline: str | Callable[[Mapping[str, Any]], str]
    # The name of a distribution the computing function returns at its top level.
    root: str = "result"
    # Whether the computing function is handed every value, defaults included, or only
    # those given (for functions that refuse a parameter their other choices make moot).
    pass_defaults: bool = True

    def describe(self) -> dict[str, Any]:
        return {
            "query": self.name,
            "summary": self.summary,
            "params": [p.describe() for p in self.params],
        }

    def headline_of(self, params: Mapping[str, Any]) -> str:
        return self.headline if isinstance(self.headline, str) else self.headline(params)


def _type_error(param: Param, value: Any) -> str | None:
    """What is wrong with ``value``'s JSON type for ``param``, or None."""
    if value is None and param.default is None:
        return None
    expected = param.type
    ok = {
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "boolean": isinstance(value, bool),
        "string": isinstance(value, str),
        "array": isinstance(value, list),
        "object": isinstance(value, dict),
    }[expected]
    if ok:
        return None
    words = {
        "integer": "a whole number",
        "boolean": "true or false",
        "string": "text",
        "array": "a JSON list",
        "object": "a JSON object",
    }
    return f"must be {words[expected]}, not {value!r}"


def _range_error(low: int | None, high: int | None, value: int) -> str | None:
    if (low is not None and value < low) or (high is not None and value > high):
        return f"must be from {low} to {high}, not {value}"
    return None


def _value_errors(param: Param, value: Any) -> list[DocumentError]:
    path = f"params.{param.name}"
    problem = _type_error(param, value)
    if problem:
        return [DocumentError(path, problem)]
    if value is None:
        return []
    if param.type == "integer":
        problem = _range_error(param.minimum, param.maximum, value)
    elif param.type == "string" and param.choices is not None and value not in param.choices:
        problem = f"{value!r} is not one of: {', '.join(param.choices)}"
    elif param.type == "array":
        return _array_errors(param, value)
    return [DocumentError(path, problem)] if problem else []


def _array_errors(param: Param, value: list[Any]) -> list[DocumentError]:
    path = f"params.{param.name}"
    if param.max_items is not None and len(value) > param.max_items:
        return [DocumentError(path, f"at most {param.max_items} items, not {len(value)}")]
    if param.minimum is not None and len(value) < param.minimum:
        return [DocumentError(path, f"at least {param.minimum} item(s)")]
    items = param.items or {}
    item = Param(
        f"{param.name}[]",
        str(items.get("type", "string")),
        "",
        "",
        items.get("minimum"),
        items.get("maximum"),
        tuple(items["choices"]) if "choices" in items else None,
    )
    errors = []
    for i, v in enumerate(value):
        errors += [DocumentError(f"{path}[{i}]", e.message) for e in _value_errors(item, v)]
    return errors


class Declared(Protocol):
    """Anything that declares parameters: an odds query, a dice procedure."""

    @property
    def name(self) -> str: ...

    @property
    def params(self) -> tuple[Param, ...]: ...


def resolve(query: Declared, given: Mapping[Any, Any]) -> dict[str, Any]:
    """The query's parameters by their current names, defaults filled in.

    Raises:
        BadDocument: every unknown, reserved, doubly given (name and alias), ill-typed or
            out-of-range parameter, each at ``params.<name>``.
    """
    by_name = {p.name: p for p in query.params}
    alias_of = {a: p.name for p in query.params for a in p.aliases}
    errors: list[DocumentError] = []
    values: dict[str, Any] = {}
    for key, value in given.items():
        if not isinstance(key, str):
            errors.append(DocumentError("params", f"parameter names are text, not {key!r}"))
            continue
        name = alias_of.get(key, key)
        if key in RESERVED_NAMES and key not in by_name:
            errors.append(
                DocumentError(
                    f"params.{key}",
                    f"{key!r} is a name the engine uses itself, not a parameter of any query",
                )
            )
        elif name not in by_name:
            known = ", ".join(p.name for p in query.params) or "none"
            errors.append(
                DocumentError(
                    f"params.{key}", f"{query.name} has no parameter {key!r} (known: {known})"
                )
            )
        elif name in values:
            errors.append(
                DocumentError(
                    f"params.{key}", f"{key!r} and {name!r} are the same parameter: give one"
                )
            )
        else:
            values[name] = value
    for param in query.params:
        if param.name in values:
            errors += _value_errors(param, values[param.name])
    if errors:
        raise BadDocument(errors)
    return {p.name: values.get(p.name, p.default) for p in query.params}


def keywords(query: Query, resolved: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """The computing function's keyword arguments: its own names, absent values left out
    (and defaults too, unless the query takes them)."""
    named = {a: p.name for p in query.params for a in (p.name, *p.aliases)}
    asked = {named[k] for k in given if k in named}
    return {
        (p.keyword or p.name): resolved[p.name]
        for p in query.params
        if resolved[p.name] is not None and (query.pass_defaults or p.name in asked)
    }


def one_of(name: str, value: str, choices: Iterable[str]) -> str:
    """``value`` when it is among ``choices`` known only from the catalogue (its rows), which
    a declared parameter cannot list; else a bad document at ``params.<name>`` in the words
    ``resolve`` uses for fixed choices."""
    options = tuple(choices)
    if value not in options:
        raise BadDocument.at(f"params.{name}", f"{value!r} is not one of: {', '.join(options)}")
    return value


def within(name: str, value: int, low: int, high: int) -> int:
    """``value`` when it is within ``low..high``, bounds known only from the catalogue (a
    dial's clicks, a plane's hull); else a bad document at ``params.<name>``."""
    problem = _range_error(low, high, value)
    if problem:
        raise BadDocument.at(f"params.{name}", problem)
    return value


def integer(
    name: str, default: int | None, minimum: int, maximum: int, meaning: str, **more: Any
) -> Param:
    """A whole-number parameter within ``minimum..maximum``."""
    return Param(name, "integer", default, meaning, minimum, maximum, **more)


def boolean(name: str, meaning: str, default: bool = False, **more: Any) -> Param:
    """A true/false parameter."""
    return Param(name, "boolean", default, meaning, **more)


def text(
    name: str,
    default: str | None,
    meaning: str,
    choices: tuple[str, ...] | None = None,
    **more: Any,
) -> Param:
    """A text parameter, one of ``choices`` when they are fixed."""
    return Param(name, "string", default, meaning, choices=choices, **more)
