"""Exact odds as JSON: a full distribution, its mean and the chance of at least each value."""

from __future__ import annotations

from collections.abc import Mapping
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


def distribution(weights: Mapping[int, Fraction]) -> dict[str, Any]:
    """The one shape of every distribution in an odds answer.

    ``distribution``: each outcome's chance; ``mean``; ``at_least``: the chance of at least
    ``k`` for every whole ``k`` from the smallest outcome to the largest (gaps included),
    each as ``{"exact": "n/d", "value": float}``.
    """
    outcomes = sorted(k for k, p in weights.items() if p)
    dist = {str(k): probability(weights[k]) for k in outcomes}
    mean = sum((Fraction(k) * weights[k] for k in outcomes), Fraction(0))
    at_least: dict[str, Any] = {}
    if outcomes:
        running = Fraction(0)
        for k in range(outcomes[-1], outcomes[0] - 1, -1):
            running += weights.get(k, Fraction(0))
            at_least[str(k)] = probability(running)
    return {"distribution": dist, "mean": probability(mean),
            "at_least": dict(reversed(at_least.items()))}


def bernoulli(p: Fraction) -> dict[str, Any]:
    """A single chance as the distribution of successes (0 or 1)."""
    return distribution({0: 1 - p, 1: p})


def _is_distribution(value: Any) -> bool:
    return isinstance(value, dict) and {"distribution", "at_least"} <= value.keys()


def _is_probability(value: Any) -> bool:
    return isinstance(value, dict) and value.keys() == {"exact", "value"}


def _weights(report: Mapping[str, Any]) -> dict[int, Fraction]:
    return {int(k): Fraction(v["exact"]) for k, v in report["distribution"].items()}


def split_answer(raw: Mapping[str, Any], root: str) -> tuple[
        dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A computed answer as (distributions, chances, details), each distribution and
    chance named by its dotted path in the answer (``maneuvers.hard-left.success``), the
    details being what is left."""
    distributions: dict[str, Any] = {}
    chances: dict[str, Any] = {}

    def walk(value: Any, path: str) -> Any:
        if _is_distribution(value):
            distributions[path or root] = distribution(_weights(value))
            rest = {k: v for k, v in value.items() if k not in ("distribution", "mean",
                                                                "at_least")}
            return walk(rest, path) if rest else _DROP
        if _is_probability(value):
            chances[path or root] = probability(Fraction(value["exact"]))
            return _DROP
        if isinstance(value, dict):
            kept = {k: walk(v, f"{path}.{k}" if path else str(k)) for k, v in value.items()}
            return {k: v for k, v in kept.items() if v is not _DROP}
        if isinstance(value, list):
            items = [walk(v, f"{path}[{i}]") for i, v in enumerate(value)]
            return [v for v in items if v is not _DROP]
        return value

    details = walk(dict(raw), "")
    return distributions, chances, details if isinstance(details, dict) else {}


_DROP: Any = object()
