"""Reading odds-query parameters: every bad value names the parameter it came from."""

from __future__ import annotations

import functools
import inspect
from typing import Any

from rules_engine.errors import BadDocument


def int_param(name: str, value: Any, minimum: int = 0, maximum: int = 60) -> int:
    """An integer parameter within ``minimum..maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadDocument.at(f"params.{name}", f"must be a whole number, not {value!r}")
    if not minimum <= value <= maximum:
        raise BadDocument.at(f"params.{name}", f"must be between {minimum} and {maximum}")
    return value


def bool_param(name: str, value: Any) -> bool:
    """A yes/no parameter (JSON true/false)."""
    if not isinstance(value, bool):
        raise BadDocument.at(f"params.{name}", f"must be true or false, not {value!r}")
    return value


def choice_param(name: str, value: Any, choices: tuple[str, ...]) -> str:
    """One of a fixed set of words."""
    if value not in choices:
        raise BadDocument.at(f"params.{name}", f"must be one of {', '.join(choices)}")
    return str(value)


def required(name: str, value: Any) -> Any:
    if value is None:
        raise BadDocument.at(f"params.{name}", "is required")
    return value


def odds_query(fn: Any) -> Any:
    """Wrap an odds function so an unknown parameter is a bad document naming it."""
    known = set(inspect.signature(fn).parameters) - {"catalogue"}

    @functools.wraps(fn)
    def wrapper(catalogue: Any, **params: Any) -> Any:
        unknown = sorted(set(params) - known)
        if unknown:
            raise BadDocument.at(
                f"params.{unknown[0]}",
                f"unknown parameter (known: {', '.join(sorted(known))})",
            )
        return fn(catalogue, **params)

    return wrapper
