"""What a legality check answers: the price, the limit and every violation at once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Violation:
    """One broken rule. ``code`` is stable (other apps switch on it); ``message`` is for a
    player; ``path`` is the JSON path of the offending entry in the list document.

    ``unpriced`` is the id of the content the book gives no price for, when that is the
    violation: the key a price agreed in ``house_rules.prices`` is written under.
    """

    code: str
    message: str
    path: str
    severity: Severity = Severity.ERROR
    unpriced: str = ""

    def to_dict(self) -> dict[str, str]:
        out = {
            "code": self.code,
            "message": self.message,
            "path": self.path,
            "severity": str(self.severity),
        }
        if self.unpriced:
            out["unpriced"] = self.unpriced
        return out


class PricedEntry(NamedTuple):
    """What one entry of the list costs: its JSON path (``$.entries[i]``), a name for
    people, and its points in the verdict's unit (points, mass or fighters).

    A named tuple, not a dataclass: every check builds one per entry, and a tuple is
    built several times faster."""

    path: str
    name: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "name": self.name, "points": self.points}


@dataclass(frozen=True)
class Verdict:
    """The answer to "is my list legal, and what does it cost?".

    ``legal`` is true when no violation is an error (warnings do not make a list illegal).
    ``entries`` prices each entry the system prices, in document order; ``breakdown``
    itemises the price (and any derived values such as effective profiles or the navigation
    deck) as plain JSON-ready data.
    """

    points: int
    limit: int | None
    violations: tuple[Violation, ...] = ()
    breakdown: Mapping[str, Any] = field(default_factory=dict)
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    entries: tuple[PricedEntry, ...] = ()

    @property
    def legal(self) -> bool:
        return not any(v.severity is Severity.ERROR for v in self.violations)

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.WARNING)

    def unpriced(self) -> list[str]:
        """Ids the list uses that the book gives no price for, each once, in order."""
        return list(dict.fromkeys(v.unpriced for v in self.violations if v.unpriced))

    def codes(self) -> list[str]:
        """The violation codes, in order: handy for tests and quick summaries."""
        return [v.code for v in self.violations]

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "points": self.points,
            "limit": self.limit,
            "violations": [v.to_dict() for v in self.violations],
            "entries": [e.to_dict() for e in self.entries],
            "breakdown": dict(self.breakdown),
            "house_rules": dict(self.house_rules),
        }
