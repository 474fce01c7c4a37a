"""Exact odds as JSON: a full distribution, its mean and the chance of at least each value."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool


def probability(p: Fraction) -> dict[str, Any]:
    """A probability both exactly (``"5/9"``) and as a float for display."""
    return {"exact": f"{p.numerator}/{p.denominator}", "value": float(p)}


def die_report(die: icepool.Die) -> dict[str, Any]:
    """Distribution, mean and "at least N" of an integer-valued icepool die."""
    total = die.denominator()
    outcomes = sorted(die.outcomes())
    dist = {str(o): probability(Fraction(die.quantity(o), total)) for o in outcomes}
    at_least = {}
    running = 0
    for o in reversed(outcomes):
        running += die.quantity(o)
        at_least[str(o)] = probability(Fraction(running, total))
    mean = sum((Fraction(o) * die.quantity(o) for o in outcomes), Fraction(0)) / total
    return {
        "distribution": dist,
        "mean": probability(mean) | {"value": float(mean)},
        "at_least": dict(reversed(at_least.items())),
    }


def chance_report(p: Fraction, label: str = "chance") -> dict[str, Any]:
    """A single event's exact chance under ``label``."""
    return {label: probability(Fraction(p))}
