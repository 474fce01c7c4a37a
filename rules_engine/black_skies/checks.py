"""Legality of Black Skies lists: a fighter design, or a squadron of elements of two.

The book prints no points. A fighter's verdict counts hardpoints (points = hardpoints used,
limit = the weight's hardpoints); a squadron's counts fighters (points = fighters, limit =
the list's ``points_limit``, read as the number of fighters the players agreed on).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from rules_engine.black_skies.book import Book, read_book
from rules_engine.black_skies.codes import Code
from rules_engine.black_skies.design import DesignReview, review_design
from rules_engine.black_skies.settings import Settings, read_settings
from rules_engine.catalogue import Catalogue
from rules_engine.jsonpath import child
from rules_engine.verdict import PricedEntry, Severity, Verdict, Violation


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Check a schema-valid ``fighter`` or ``squadron`` list.

    Args:
        catalogue: holds the black-skies content.
        doc: the list document (envelope and body already valid).

    Returns:
        The verdict with every violation found.
    """
    return check_with_book(read_book(catalogue), doc)


def check_with_book(book: Book, doc: Mapping[str, Any]) -> Verdict:
    """``check`` for callers that already hold the rules (the simulation)."""
    settings = read_settings(doc)
    if doc["kind"] == "fighter":
        return _check_fighter(book, doc, settings)
    return _check_squadron(book, doc, settings)


def _ordered(violations: list[Violation]) -> tuple[Violation, ...]:
    return tuple(sorted(violations, key=lambda v: (v.path, v.code, v.message)))


def _check_fighter(book: Book, doc: Mapping[str, Any], settings: Settings) -> Verdict:
    review = review_design(book, doc["entries"][0], "$.entries[0]", settings)
    return Verdict(
        points=review.used, limit=review.available, violations=_ordered(list(review.violations)),
        breakdown=dict(review.breakdown), house_rules={"settings": asdict(settings)},
        entries=(PricedEntry("$.entries[0]", review.name, review.used),),
    )


def resolve_design(book: Book, design: str | Mapping[str, Any]) -> Mapping[str, Any] | None:
    """A squadron entry's design: written out, or the id of a design in the content."""
    if isinstance(design, str):
        return book.designs.get(design)
    return design


def design_key(design: Mapping[str, Any]) -> str:
    """What makes two designs the same type of fighter, whatever order fittings are listed."""
    weapons = sorted((w["weapon"], w["count"]) for w in design["weapons"])
    return json.dumps([design["name"], design["weight"], sorted(design["thrusters"]), weapons,
                       design["armour"], design["shields"]])


def _check_squadron(book: Book, doc: Mapping[str, Any], settings: Settings) -> Verdict:
    found: list[Violation] = []
    reviews: dict[str, DesignReview] = {}
    elements: dict[str, list[int]] = {}
    keys: dict[int, str] = {}
    names: dict[int, str] = {}
    skills = sorted(book.skill_levels)
    for i, entry in enumerate(doc["entries"]):
        path = child("$", "entries", i)
        pilot = entry["pilot"]
        elements.setdefault(entry["element"], []).append(i)
        if pilot["skill"] not in book.skill_levels:
            # Pilots: Piloting Skill Level 1 (green) to 4 (hotshot).
            found.append(Violation(
                Code.PILOT_SKILL_OUT_OF_RANGE,
                f"{pilot['name']} has piloting skill {pilot['skill']}: skill runs from "
                f"{skills[0]} to {skills[-1]}", child(path, "pilot", "skill")))
        design = resolve_design(book, entry["design"])
        if design is None:
            found.append(Violation(
                Code.UNKNOWN_DESIGN,
                f"{pilot['name']} flies '{entry['design']}': there is no such design "
                f"(known: {_design_names(book) or 'none'})", child(path, "design")))
            continue
        review = review_design(book, design, child(path, "design"), settings)
        found.extend(review.violations)
        keys[i] = design_key(design)
        names[i] = design["name"]
        reviews.setdefault(design["name"], review)
    found.extend(_element_violations(book, doc, elements, keys, names, settings))
    fighters = len(doc["entries"])
    if not fighters:
        # A squadron is its fighters; a new one is a valid document that is not yet legal.
        found.append(Violation(
            Code.NO_FIGHTERS, "the squadron has no fighters yet: add at least one",
            "$.entries"))
    limit = doc.get("points_limit")
    if limit is not None and fighters > limit:
        found.append(Violation(
            Code.OVER_FIGHTER_LIMIT,
            f"the squadron fields {fighters} fighters, {fighters - limit} over the game's "
            f"{limit}", "$.entries"))
    breakdown = {
        "fighters": fighters,
        "elements": [{"element": e, "entries": idx,
                      "design": sorted({names[i] for i in idx if i in names})}
                     for e, idx in elements.items()],
        "designs": {n: dict(r.breakdown) for n, r in sorted(reviews.items())},
    }
    # A squadron's points are its fighters: each entry is one.
    priced = tuple(PricedEntry(child("$", "entries", i), e["pilot"]["name"], 1)
                   for i, e in enumerate(doc["entries"]))
    return Verdict(points=fighters, limit=limit, violations=_ordered(found),
                   breakdown=breakdown, house_rules={"settings": asdict(settings)},
                   entries=priced)


def _element_violations(
    book: Book,
    doc: Mapping[str, Any],
    elements: dict[str, list[int]],
    keys: dict[int, str],
    names: dict[int, str],
    settings: Settings,
) -> list[Violation]:
    """Formations: elements of two fighters, a lead and his wingman, of the same type."""
    size = book.constant("element_size")
    found = []
    for label, idx in elements.items():
        if len(idx) > size:
            found.append(Violation(
                Code.ELEMENT_TOO_LARGE,
                f"Element {label} has {len(idx)} fighters, {len(idx) - size} over the {size} "
                "of an element (a lead fighter and his wingman)", child("$", "entries", idx[size])))
        elif len(idx) < size and settings.single_fighter_elements != "allowed":
            severity = (Severity.ERROR if settings.single_fighter_elements == "error"
                        else Severity.WARNING)
            pilot = doc["entries"][idx[0]]["pilot"]["name"]
            found.append(Violation(
                Code.ELEMENT_SINGLE_FIGHTER,
                f"{pilot} flies alone in element {label}: fighters fly in elements of {size} "
                f"with few exceptions", child("$", "entries", idx[0]), severity))
        distinct = sorted({names[i] for i in idx if i in names})
        known = [i for i in idx if i in keys]
        if len({keys[i] for i in known}) > 1:
            odd = next(i for i in known if keys[i] != keys[known[0]])
            shown = " and ".join(distinct) if len(distinct) > 1 else f"two {distinct[0]} variants"
            found.append(Violation(
                Code.ELEMENT_MIXED_DESIGNS,
                f"Element {label} mixes {shown}: both fighters of an element fly the same "
                f"type of fighter", child("$", "entries", odd, "design")))
    return found


def _design_names(book: Book) -> str:
    """The book's fighter designs by name, for a pilot flying one it does not have."""
    return ", ".join(str(d.get("name") or i) for i, d in book.designs.items())
