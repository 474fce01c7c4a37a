"""The abstract battlefield of a simulated fight: what the tabletop's geometry is replaced by.

Movement on the table is not modelled. Each activation, a fighter that passes its Piloting
Check has a target in arc with chance ``shot_chance``, at a range band drawn from
``range_weights``; speeds and maneuvers are fixed per side. docs/simulation/black-skies.md
explains each parameter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from rules_engine.black_skies.book import Book
from rules_engine.errors import BadDocument, DocumentError

SIDES = ("a", "b")


@dataclass(frozen=True)
class Scenario:
    """Resolved scenario parameters (echoed in every simulation's output)."""

    max_turns: int
    range_weights: Mapping[str, float]
    shot_chance: float
    speed: Mapping[str, int]
    maneuver: Mapping[str, str]
    maneuver_penalty_of: str
    targeting: str
    first: str

    def to_dict(self) -> dict[str, Any]:
        return {k: dict(v) if isinstance(v, Mapping) else v for k, v in asdict(self).items()}


DEFAULTS: dict[str, Any] = {
    "max_turns": 12,
    "range_weights": {"close": 1, "medium": 2, "long": 1},
    "shot_chance": 0.5,
    "speed": 6,
    "maneuver": "steady",
    "maneuver_penalty_of": "firer",
    "targeting": "random",
    "first": "random",
}


def _per_side(value: Any) -> Any:
    return dict(value) if isinstance(value, Mapping) else {s: value for s in SIDES}


def read_scenario(book: Book, given: Mapping[str, Any]) -> Scenario:
    """Defaults filled in and every value checked; all problems reported at once.

    Raises:
        BadDocument: naming each bad parameter as ``scenario.<name>``.
    """
    if not isinstance(given, Mapping):
        raise BadDocument.at("scenario", "must be a JSON object")
    errors: list[DocumentError] = []

    def bad(path: str, message: str) -> None:
        errors.append(DocumentError(f"scenario.{path}", message))

    for key in sorted(set(given) - set(DEFAULTS)):
        bad(key, f"unknown parameter (known: {', '.join(DEFAULTS)})")
    raw = DEFAULTS | dict(given)
    turns = raw["max_turns"]
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 100:
        bad("max_turns", f"must be a whole number from 1 to 100, not {turns!r}")
    weights = raw["range_weights"]
    if (not isinstance(weights, Mapping) or not weights
            or any(k not in book.target_numbers for k in weights)
            or any(isinstance(v, bool) or not isinstance(v, int | float) or v < 0
                   for v in weights.values())
            or sum(weights.values()) <= 0):
        bad("range_weights", "must map close/medium/long to non-negative weights, not all 0")
    shot = raw["shot_chance"]
    if isinstance(shot, bool) or not isinstance(shot, int | float) or not 0 <= shot <= 1:
        bad("shot_chance", f"must be a probability from 0 to 1, not {shot!r}")
    speed = _per_side(raw["speed"])
    maneuver = _per_side(raw["maneuver"])
    for side in SIDES:
        value = speed.get(side)
        limit = book.constant("max_speed")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
            bad(f"speed.{side}", f"must be a speed from 0 to {limit}, not {value!r}")
        if maneuver.get(side) not in book.options:
            bad(f"maneuver.{side}", f"{maneuver.get(side)!r} is not a maneuver "
                f"(known: {', '.join(sorted(book.options))})")
    for key, choices in (("maneuver_penalty_of", ("firer", "target")),
                         ("targeting", ("random", "weakest")), ("first", ("random", *SIDES))):
        if raw[key] not in choices:
            bad(key, f"{raw[key]!r} is not one of: {', '.join(choices)}")
    if errors:
        raise BadDocument(errors)
    return Scenario(turns, dict(weights), float(shot), speed, maneuver,
                    raw["maneuver_penalty_of"], raw["targeting"], raw["first"])
