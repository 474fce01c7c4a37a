"""Reading odds-query parameters, with a clear error naming the parameter at fault."""

from __future__ import annotations

import builtins
from collections.abc import Collection, Mapping
from typing import Any

from rules_engine.errors import BadDocument, DocumentError

ALIASES = {"target_shields": "shields"}


class Params:
    """Pulls typed values out of a query's ``key=value`` parameters; unknown keys are errors."""

    def __init__(self, query: str, given: Mapping[str, Any]) -> None:
        self.query = query
        # Earlier name of a parameter still read.
        self.given = {ALIASES.get(k, k): v for k, v in given.items()}
        self.used: set[str] = set()

    def int(self, name: str, default: int, low: int | None = None,
            high: int | None = None) -> int:
        value = self.given.get(name, default)
        self.used.add(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._bad(name, f"must be a whole number, not {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self._bad(name, f"must be between {low} and {high}, not {value}")
        return value

    def optional_int(self, name: str, low: builtins.int,
                     high: builtins.int) -> builtins.int | None:
        """A whole number within ``low..high``, or None when not given (or given as null)."""
        if self.given.get(name) is None:
            self.used.add(name)
            return None
        return self.int(name, 0, low, high)

    def bool(self, name: str, default: bool) -> bool:
        value = self.given.get(name, default)
        self.used.add(name)
        if not isinstance(value, bool):
            raise self._bad(name, f"must be true or false, not {value!r}")
        return value

    def choice(self, name: str, default: str | None, choices: Collection[str]) -> str | None:
        value = self.given.get(name, default)
        self.used.add(name)
        if value is None and default is None:
            return None
        if value not in choices:
            raise self._bad(name, f"{value!r} is not one of: {', '.join(sorted(choices))}")
        return str(value)

    def done(self) -> None:
        """Refuse parameters the query does not know (a typo would otherwise pass silently)."""
        unknown = sorted(set(self.given) - self.used)
        if unknown:
            raise BadDocument([DocumentError(f"params.{k}", f"{self.query} has no parameter "
                                             f"{k!r} (known: {', '.join(sorted(self.used))})")
                               for k in unknown])

    def _bad(self, name: str, message: str) -> BadDocument:
        return BadDocument.at(f"params.{name}", message)
