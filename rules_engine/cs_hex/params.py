"""Reading odds-query parameters with errors that name the parameter at fault."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules_engine.errors import BadDocument, DocumentError

_MISSING: Any = object()


class Params:
    """The ``key=value`` parameters of one query; unknown or ill-typed ones are refused."""

    def __init__(self, query: str, given: Mapping[str, Any], known: Iterable[str]) -> None:
        known = tuple(known)
        unknown = [k for k in given if k not in known]
        if unknown:
            raise BadDocument([
                DocumentError(f"params.{k}", f"{query} takes no parameter {k!r} "
                                             f"(it takes: {', '.join(known)})")
                for k in unknown])
        self.query = query
        self.given = dict(given)

    def _value(self, name: str, default: Any) -> Any:
        if name in self.given:
            return self.given[name]
        if default is _MISSING:
            raise BadDocument.at(f"params.{name}", f"{self.query} needs {name}=...")
        return default

    def integer(self, name: str, default: Any = _MISSING, low: int | None = None,
                high: int | None = None) -> int:
        """A whole number within ``low``..``high`` (inclusive)."""
        value = self._value(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadDocument.at(f"params.{name}", f"must be a whole number, not {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"{low if low is not None else '...'}-{high if high is not None else '...'}"
            raise BadDocument.at(f"params.{name}", f"must be within {bounds}, not {value}")
        return value

    def flag(self, name: str, default: bool = False) -> bool:
        """true or false."""
        value = self._value(name, default)
        if not isinstance(value, bool):
            raise BadDocument.at(f"params.{name}", f"must be true or false, not {value!r}")
        return value

    def text(self, name: str, default: Any = _MISSING, choices: Iterable[str] | None = None) -> str:
        """A string, one of ``choices`` when given."""
        value = self._value(name, default)
        if not isinstance(value, str):
            raise BadDocument.at(f"params.{name}", f"must be text, not {value!r}")
        if choices is not None and value not in (options := tuple(choices)):
            raise BadDocument.at(f"params.{name}", f"{value!r} is not one of: "
                                                   f"{', '.join(options)}")
        return value

    def texts(self, name: str, choices: Iterable[str]) -> list[str]:
        """A JSON list of strings, each one of ``choices``."""
        value = self._value(name, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise BadDocument.at(f"params.{name}", f"must be a JSON list, not {value!r}")
        options = tuple(choices)
        errors = [DocumentError(f"params.{name}[{i}]", f"{v!r} is not one of: "
                                                      f"{', '.join(options)}")
                  for i, v in enumerate(value) if v not in options]
        if errors:
            raise BadDocument(errors)
        return value
