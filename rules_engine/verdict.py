"""What a legality check answers: the price, the limit and every violation at once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Violation:
    """One broken rule. ``code`` is stable (other apps switch on it); ``message`` is for a
    player; ``path`` is the JSON path of the offending entry in the list document."""

    code: str
    message: str
    path: str
    severity: Severity = Severity.ERROR

    def to_dict(self) -> dict[str, str]:
        return {
            "code": self.code,
            "message": self.message,
            "path": self.path,
            "severity": str(self.severity),
        }


@dataclass(frozen=True)
class Verdict:
    """The answer to "is my list legal, and what does it cost?".

    ``legal`` is true when no violation is an error (warnings do not make a list illegal).
    ``breakdown`` itemises the price (and any derived values such as effective profiles or
    the navigation deck) as plain JSON-ready data.
    """

    points: int
    limit: int | None
    violations: tuple[Violation, ...] = ()
    breakdown: Mapping[str, Any] = field(default_factory=dict)
    house_rules: Mapping[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not any(v.severity is Severity.ERROR for v in self.violations)

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity is Severity.WARNING)

    def codes(self) -> list[str]:
        """The violation codes, in order: handy for tests and quick summaries."""
        return [v.code for v in self.violations]

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "points": self.points,
            "limit": self.limit,
            "violations": [v.to_dict() for v in self.violations],
            "breakdown": dict(self.breakdown),
            "house_rules": dict(self.house_rules),
        }
