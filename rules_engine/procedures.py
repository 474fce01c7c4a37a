"""How a dice procedure of the books describes itself, and what resolving one gives back.

A *procedure* is one thing the rules settle with dice (a shot, a pilot check, a bail out).
Each system lists its procedures as ``Procedure`` values: the situation it reads (parameters,
declared like an odds query's, so ``--describe`` and the API document them the same way),
the dice it needs for that situation, and the function that applies the rules. Resolving
gives a ``Resolution``: the outcome, each step in words with the book section it comes from,
and the changes to the figures' state that a game table applies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.odds_query import Param


@dataclass(frozen=True)
class Dice:
    """Some dice of one kind that a procedure rolls together: ``2d6`` for an attack."""

    count: int
    sides: int
    meaning: str

    @property
    def notation(self) -> str:
        return f"{self.count}d{self.sides}"

    def describe(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "sides": self.sides,
            "notation": self.notation,
            "meaning": self.meaning,
        }


@dataclass(frozen=True)
class Step:
    """One step of a resolution in words, with the book section that says so."""

    text: str
    section: str

    def as_dict(self) -> dict[str, str]:
        return {"text": self.text, "section": self.section}


@dataclass(frozen=True)
class Change:
    """One change to a figure's state: ``subject`` is the role the procedure's parameters
    name (``target``, ``attacker``, ``pilot``), ``field`` the state it changes (``clicks``,
    ``dc``, ``hull``, ``pinned``), by ``delta`` for counts or to ``value`` otherwise."""

    subject: str
    field: str
    delta: int | None = None
    value: Any = None
    text: str = ""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"subject": self.subject, "field": self.field}
        if self.delta is not None:
            out["delta"] = self.delta
        if self.value is not None:
            out["value"] = self.value
        out["text"] = self.text
        return out


@dataclass(frozen=True)
class Resolution:
    """What the rules make of one situation and its dice."""

    outcome: Mapping[str, Any]
    steps: Sequence[Step]
    changes: Sequence[Change] = field(default_factory=tuple)


@dataclass(frozen=True)
class Procedure:
    """One dice procedure: its situation (parameters), its dice and its rules."""

    name: str
    summary: str
    section: str
    params: tuple[Param, ...]
    dice: Callable[[Catalogue, Mapping[str, Any]], Sequence[Dice]]
    """The dice the situation needs, in the order the rolls are given (the catalogue holds
    the book's numbers some situations read: a maneuver's difficulty, a die's steps)."""
    run: Callable[[Catalogue, Mapping[str, Any], Sequence[Sequence[int]]], Resolution]
    """The rules: the catalogue, the resolved parameters and the rolls grouped as ``dice``
    asked for them."""
    roles: tuple[str, ...] = ()
    """The figures a table names for the situation (``attacker``, ``target``): every subject
    its changes may name."""

    def describe(self, catalogue: Catalogue) -> dict[str, Any]:
        """The procedure as ``resolve --describe`` and the API list it; the dice are those
        the default situation needs, with the rule for others in words where they vary."""
        defaults = {p.name: p.default for p in self.params}
        return {
            "procedure": self.name,
            "summary": self.summary,
            "section": self.section,
            "params": [p.describe() for p in self.params],
            "dice": [d.describe() for d in self.dice(catalogue, defaults)],
            "roles": list(self.roles),
        }


def fixed(*dice: Dice) -> Callable[[Catalogue, Mapping[str, Any]], Sequence[Dice]]:
    """The dice of a procedure that rolls the same dice whatever the situation."""
    return lambda _catalogue, _params: dice
