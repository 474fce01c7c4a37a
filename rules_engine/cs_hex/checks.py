"""d10 checks: a target built from a formula record, and the exact odds of meeting it.

Every check of the hex-map rules is "roll d10 equal to or above a target" (the skill check,
"Фаза движения": 8 + difficulty - Natural Touch + 2 if shocked). The formulas are data
(``table`` records of kind ``check_formula``), so the engine reads them rather than
restating them.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import icepool

from rules_engine.catalogue import Catalogue, Record
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.errors import BadDocument
from rules_engine.odds_report import die_report, probability

D10 = icepool.d10


def formula(catalogue: Catalogue, formula_id: str, path: str = "params.formula") -> Record:
    """The check formula record ``formula_id``; a bad id is a bad document at ``path``."""
    record = catalogue.get(SYSTEM, "table", formula_id)
    if record is None or record.data["kind"] != "check_formula":
        known = ", ".join(formula_ids(catalogue))
        raise BadDocument.at(path, f"no check formula {formula_id!r} (known: {known})")
    return record


def formula_ids(catalogue: Catalogue) -> list[str]:
    return [r.id for r in catalogue.records(SYSTEM, "table").values()
            if r.data["kind"] == "check_formula"]


def term_param(term: Mapping[str, Any]) -> str:
    """The parameter that gives a formula term its value: ``natural_touch`` for the term
    ``natural-touch`` (parameters are snake_case, ids kebab-case)."""
    return str(term["id"]).replace("-", "_")


def target(record: Record, values: Mapping[str, int | bool]) -> tuple[int, str]:
    """The number to roll and the sum that makes it, e.g. ``(4, "8 + 1 - 5 = 4")``.

    Flag terms (those with a fixed ``value``, such as +2 when shocked) count only when true;
    other terms add or take their parameter, no more than the term's ``max`` when it has one
    (earlier jumps count -1 each, "максимум -4", when bailing out).
    """
    total = record.data["base"]
    parts = [str(total)] if total or not record.data["terms"] else []
    for term in record.data["terms"]:
        if "value" in term:
            if not values.get(term_param(term), False):
                continue
            signed = term["sign"] * term["value"]
        else:
            amount = int(values.get(term_param(term), 0))
            if "max" in term:
                amount = max(-term["max"], min(amount, term["max"]))
            signed = term["sign"] * amount
            if signed == 0:
                continue
        total += signed
        if not parts:
            parts.append(str(signed))
        else:
            parts.append(f"{'-' if signed < 0 else '+'} {abs(signed)}")
    return total, f"{' '.join(parts) or '0'} = {total}"


def success_chance(target_number: int) -> Fraction:
    """P(d10 >= target): 1 at or below 1, 0 above 10."""
    return Fraction(D10.probability(">=", target_number))


def check_report(record: Record, values: Mapping[str, int | bool]) -> dict[str, Any]:
    """The target number, the chance of success and the exact (roll - target) margin."""
    number, text = target(record, values)
    return {
        "check": record.id,
        "name": record.name,
        "name_original": record.name_original,
        "target_number": number,
        "formula": text,
        "success": probability(success_chance(number)),
        "margin": die_report(D10 - number),
    }
