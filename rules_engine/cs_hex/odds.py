"""Exact odds for the hex-map rules: checks, maneuvers, to-hit, hit location, bail-out, landing.

Every roll is one d10 (or two, doubling down), so icepool gives the distributions exactly.
The front door (``rules_engine.odds``) reads and bounds the declared parameters; these
functions check only what the catalogue decides (its weapons, situations, formula terms).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules_engine.catalogue import Catalogue, Record
from rules_engine.cs_hex.checks import (
    D10,
    check_report,
    formula,
    success_chance,
    target,
    term_param,
)
from rules_engine.cs_hex.notation import parse_maneuver
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.odds_query import Param, Query, boolean, integer, one_of, text, within
from rules_engine.odds_report import die_report, probability

SKILL = {"low": 0, "high": 10}  # characteristics run 0-10 ("Создание персонажа")
STEEP_G = 3  # "Маневры с G-рейтингом 3 и выше считается крутыми"


def _rows(catalogue: Catalogue, table_id: str) -> list[list[Any]]:
    record = catalogue.get(SYSTEM, "table", table_id)
    if record is None:
        raise BadDocument.at("$.content", f"the catalogue has no cs-hex table {table_id!r}")
    return [list(row) for row in record.data["rows"]]


TERM_RANGE = (-30, 30)
"""The values a numeric term of a check formula may take."""


def _term_values(
    record: Record, given: Mapping[str, Any], path: str = "params.terms"
) -> dict[str, int | bool]:
    """Each term of the formula ``record`` from ``given`` (a term not given counts 0 or
    false), typed and bounded: the terms are the catalogue's, so no declared parameter can
    check them."""
    ids = [term_param(t) for t in record.data["terms"]]
    errors = [DocumentError(f"{path}.{k}", f"{record.id} has no term {k!r} "
                                          f"(its terms: {', '.join(ids)})")
              for k in given if k not in ids]
    values: dict[str, int | bool] = {}
    for term in record.data["terms"]:
        name = term_param(term)
        flag = "value" in term
        value = given.get(name, False if flag else 0)
        if flag and not isinstance(value, bool):
            errors.append(DocumentError(f"{path}.{name}", f"must be true or false, not "
                                                          f"{value!r}"))
        elif not flag and (isinstance(value, bool) or not isinstance(value, int)):
            errors.append(DocumentError(f"{path}.{name}", f"must be a whole number, not "
                                                          f"{value!r}"))
        elif not flag and not TERM_RANGE[0] <= value <= TERM_RANGE[1]:
            errors.append(DocumentError(f"{path}.{name}", f"must be within "
                                        f"{TERM_RANGE[0]}-{TERM_RANGE[1]}, not {value}"))
        else:
            values[name] = value
    if errors:
        raise BadDocument(errors)
    return values


def skill_check(catalogue: Catalogue, difficulty: int, natural_touch: int,
                shocked: bool = False) -> dict[str, Any]:
    """Skill check: d10 >= 8 + difficulty - Natural Touch + 2 if shocked."""
    values = {"difficulty": difficulty, "natural_touch": natural_touch, "shocked": shocked}
    return check_report(formula(catalogue, "skill-check"), values)


def maneuver(
    catalogue: Catalogue,
    notation: str,
    g_rating: int,
    max_speed: int,
    natural_touch: int,
    shocked: bool = False,
    difficulty: int | None = None,
    previous_steep: bool = False,
    current_speed: int | None = None,
    acceleration: int | None = None,
) -> dict[str, Any]:
    """Flying a maneuver (4L2F) beyond the plane's G-rating, max speed or acceleration."""
    move = parse_maneuver(notation)
    record = catalogue.get(SYSTEM, "maneuver", move.notation.lower())
    if difficulty is None:
        difficulty = record.data["difficulty"] if record else None
    if difficulty is None:
        raise BadDocument.at("params.difficulty", f"the book's dump does not give the "
                             f"difficulty of {move.notation}: pass difficulty=N from the template")
    pilot = {"natural_touch": natural_touch, "shocked": shocked}
    skill = formula(catalogue, "skill-check")
    checks = []
    # "Фаза движения": the difficulty is by how much the maneuver exceeds the plane's rating;
    # each exceeded rating has its own consequence, so each is its own check.
    for rating, excess, failure in (
        ("g_rating", difficulty - g_rating, _random_movement),
        ("max_speed", move.speed - max_speed, _engine_flare),
        *_acceleration_excess(current_speed, acceleration, move.speed),
    ):
        if excess > 0:
            report = check_report(skill, {"difficulty": excess, **pilot})
            checks.append({"for": rating, "excess": excess, "on_failure": failure(excess),
                           **report})
    if difficulty >= STEEP_G and previous_steep:
        report = check_report(formula(catalogue, "steep-maneuver-check"),
                              {"g_rating": difficulty, **pilot})
        checks.append({"for": "repeated steep maneuver", "on_failure": STEEP_FAILURE, **report})
    chance = Fraction(1)
    for item in checks:
        chance *= Fraction(item["success"]["exact"])
    return {"maneuver": move.notation, "difficulty": difficulty, "speed": move.speed,
            "steep": difficulty >= STEEP_G, "checks": checks, "all_pass": probability(chance)}


# The book gives no consequence for failing the repeated-steep check; the engine reads it as
# the failed G-rating maneuver it is (docs/rulings/cs-hex.md).
STEEP_FAILURE = ("the plane moves at random (the book states no consequence for this check; "
                 "read as a failed G-rating maneuver)")


def _random_movement(_excess: int) -> str:
    # "Если не удалось выполнить маневр с превышением G-рейтинга, то самолет движется
    # случайным образом."
    return "the plane moves at random"


def _engine_flare(excess: int) -> str:
    # "двигатель вспыхивает. Скорость самолета немедленно падает до 1, нос самолета получает
    # количество трещин равное превышению ..., и самолет дымится в течении этого и следующего
    # хода."
    cracks = "crack" if excess == 1 else "cracks"
    return (f"the engine flares: speed drops to 1 at once, the nose takes {excess} {cracks}, "
            "the plane smokes this turn and the next")


def _braking_cracks(_excess: int) -> str:
    # "При неудачной попытке сбросить скорость быстрее чем это возможно, самолет получает по
    # трещине на переднюю часть крыла. Однако скорость сбрасывается."
    return "the front of each wing takes a crack; the speed still drops"


def _acceleration_excess(
    current: int | None, acceleration: int | None, speed: int
) -> list[tuple[str, int, Any]]:
    """Speeding up or slowing down by more than the plane's acceleration ("Фаза движения").

    Needs both ``current_speed`` and ``acceleration``; without them the query does not judge
    the change of speed.
    """
    if current is None and acceleration is None:
        return []
    if current is None:
        raise BadDocument.at("params.current_speed", "maneuver needs current_speed=...")
    if acceleration is None:
        raise BadDocument.at("params.acceleration", "maneuver needs acceleration=...")
    change = speed - current
    if change >= 0:
        return [("acceleration", change - acceleration, _engine_flare)]
    return [("deceleration", -change - acceleration, _braking_cracks)]


def to_hit(
    catalogue: Catalogue,
    to_hit_number: int,
    distance: int,
    accuracy: int,
    weapon: str = "cal-50",
    shocked: bool = False,
    direction_modifier: int = 0,
    doubling_down: bool = False,
) -> dict[str, Any]:
    """To hit: d10 >= to-hit number + range + 1 rocket + 2 shocked + direction - Accuracy."""
    gun = catalogue.get(SYSTEM, "weapon", weapon)
    if gun is None or gun.data["kind"] not in ("gun", "rocket"):
        raise BadDocument.at("params.weapon", f"{weapon!r} is not a gun or rocket id")
    if gun.data["kind"] == "rocket" and not gun.data["aimed"]:
        raise BadDocument.at("params.weapon", f"{gun.name} is placed anywhere in the firing "
                             "arc: there is no roll to hit")
    if doubling_down and gun.data["kind"] != "gun":
        raise BadDocument.at("params.doubling_down", "only guns can fire doubling down")
    values = {"to_hit_number": to_hit_number,
              "accuracy": accuracy,
              "shocked": shocked,
              "rocket": gun.data["kind"] == "rocket",
              "direction_modifier": direction_modifier}
    out: dict[str, Any] = {"weapon": gun.id, "range": gun.data["range"],
                           "distance": distance, "in_range": distance <= gun.data["range"]}
    if not out["in_range"]:
        return out | {"success": probability(Fraction(0))}
    modifiers = {row[0]: row[1] for row in _rows(catalogue, "range-modifier")}
    values["range_modifier"] = modifiers[distance]
    out |= check_report(formula(catalogue, "to-hit"), values)
    if gun.data.get("requires"):
        out["requires"] = gun.data["requires"]
    if doubling_down:
        hit = D10.map(lambda roll: int(roll >= out["target_number"]))
        miss = 1 - success_chance(out["target_number"])
        out["doubling_down"] = {"hits": die_report(2 @ hit), "jam": probability(miss * miss)}
    return out


def hit_location(catalogue: Catalogue, steady_hand: int = 0,
                 aim: int | None = None) -> dict[str, Any]:
    """Hit location: d10 column, shifted toward an aimed column by Steady Hand."""
    steady = steady_hand
    location = catalogue.get(SYSTEM, "table", "hit-location")
    columns = 10
    if location is not None:
        columns = next(row[2] for row in location.data["rows"] if row[0] == "column")
    if aim is not None:
        within("aim", aim, 1, columns)
    shift, change_area = 0, False
    for low, high, cols, may_change in _rows(catalogue, "steady-hand-shift"):
        if low <= steady <= high:
            shift, change_area = cols, may_change
    column = D10 if columns == 10 else D10.map(lambda r: min(r, columns))
    out: dict[str, Any] = {
        "area": {"die": "d10", "known": False,
                 "note": "the book rolls the area on a figure that is not in the dump"},
        "steady_hand": {"shift": shift, "may_change_area": change_area},
        "column": die_report(column),
    }
    if aim is not None:
        def moved(roll: int) -> int:
            if abs(roll - aim) <= shift:
                return aim
            return roll + shift if roll < aim else roll - shift
        aimed = column.map(moved)
        out["aimed_column"] = die_report(aimed)
        out["aim_reached"] = probability(Fraction(aimed.probability("==", aim)))
    return out


def bail_out(
    catalogue: Catalogue,
    situation: str,
    sixth_sense: int,
    quick_fire: int,
    shocked: bool = False,
    previous_jumps: int = 0,
) -> dict[str, Any]:
    """Bailing out: d10 >= situation + 2 shocked - earlier jumps (max 4) - Sixth Sense - QF."""
    situations = {row[0]: row[3] for row in _rows(catalogue, "bail-out-difficulty")}
    one_of("situation", situation, situations)
    # "-1 (максимум -4)": the formula's term caps earlier jumps at 4.
    values = {"situation": situations[situation], "shocked": shocked,
              "previous_jumps": previous_jumps,
              "sixth_sense": sixth_sense,
              "quick_fire": quick_fire}
    return {"situation": situation} | check_report(formula(catalogue, "bail-out"), values)


def landing(
    catalogue: Catalogue,
    natural_touch: int,
    conditions: list[str],
    wounds: int = 0,
    place: str = "airfield",
    plane_damaged: bool = False,
) -> dict[str, Any]:
    """Landing: d10 >= 4 - Natural Touch + modifiers, and what a failure brings."""
    modifiers = {row[0]: row[3] for row in _rows(catalogue, "landing-modifiers")}
    options = [m for m in modifiers if m != "pilot-wound"]
    errors = [DocumentError(f"params.conditions[{i}]",
                            f"{c!r} is not one of: {', '.join(options)}")
              for i, c in enumerate(conditions) if c not in options]
    if errors:
        raise BadDocument(errors)
    failures = _rows(catalogue, f"landing-failure-{place}")
    if_failed = [{"roll": f"{lo}-{hi}" if lo != hi else str(lo), "result": text,
                  "result_original": original, "chance": probability(Fraction(hi - lo + 1, 10))}
                 for lo, hi, text, original in failures]
    # "посадка на неповрежденном самолете и здоровом пилоте на заранее подготовленный
    # аэродром считается автоматически успешной"
    if (not conditions and not wounds and place == "airfield"
            and not plane_damaged):
        return {"automatic": True, "success": probability(Fraction(1)), "if_failed": if_failed}
    total = sum(modifiers[c] for c in conditions) + wounds * modifiers["pilot-wound"]
    record = formula(catalogue, "landing")
    report = check_report(record, {"natural_touch": natural_touch, "modifiers": total})
    return {"automatic": False, **report, "if_failed": if_failed}


__all__ = ["QUERIES", "target"]


def check_terms(catalogue: Catalogue, formula: str = "skill-check",
                terms: dict[str, Any] | None = None) -> dict[str, Any]:
    """Any d10 check by its formula id, the formula's terms given as one object; a term
    not given counts 0 (or false)."""
    record = globals()["formula"](catalogue, formula)
    return check_report(record, _term_values(record, terms or {}))


def _skill(name: str, meaning: str, default: int = 5) -> Param:
    return integer(name, default, SKILL["low"], SKILL["high"], meaning)


_NATURAL_TOUCH = _skill("natural_touch", "the pilot's Natural Touch")
_SHOCKED = boolean("shocked", "the pilot is shocked (+2)")

QUERIES = (
    Query("skill_check", "Skill check: d10 >= 8 + difficulty - Natural Touch + 2 if shocked.",
          (integer("difficulty", 1, 0, 20, "the action's difficulty"), _NATURAL_TOUCH,
           _SHOCKED), skill_check, "success"),
    Query("maneuver", "Flying a maneuver beyond the plane's G-rating, max speed or "
          "acceleration: every check it needs.",
          (text("notation", "4L2F", "the maneuver, as 4L2F"),
           integer("g_rating", 2, 1, 10, "the plane's G-rating"),
           integer("max_speed", 4, 1, 10, "the plane's maximum speed"),
           _NATURAL_TOUCH, _SHOCKED,
           integer("difficulty", None, 0, 10, "the maneuver's G-rating when the book's dump "
                   "lacks it"),
           boolean("previous_steep", "the last maneuver was steep too"),
           integer("current_speed", None, 0, 10, "speed before the maneuver (with "
                   "acceleration)"),
           integer("acceleration", None, 1, 10, "the plane's acceleration (with "
                   "current_speed)")),
          maneuver, "all_pass"),
    Query("to_hit", "To hit: d10 >= to-hit number + range + 1 rocket + 2 shocked + direction "
          "- Accuracy.",
          (integer("target_number", 5, 1, 10, "the target's to-hit number",
                   aliases=("to_hit_number",), keyword="to_hit_number"),
           integer("distance", 1, 0, 50, "hexes to the target"),
           _skill("accuracy", "the shooter's Accuracy"),
           text("weapon", "cal-50", "a gun or aimed rocket id", catalogue_ids="weapon"),
           boolean("shocked", "the shooter is shocked (+2)"),
           integer("direction_modifier", 0, -10, 10, "the direction modifier"),
           boolean("doubling_down", "a gun fires two dice (doubling down)")),
          to_hit, "success"),
    Query("hit_location", "Hit location: the d10 column, shifted toward an aimed column by "
          "Steady Hand.",
          (_skill("steady_hand", "the shooter's Steady Hand", 0),
           integer("aim", None, 1, 10, "the column aimed at")),
          hit_location, "column"),
    Query("bail_out", "Bailing out: d10 >= situation + 2 shocked - earlier jumps (max 4) - "
          "Sixth Sense - Quick Fire.",
          (text("situation", "spin", "a bail-out-difficulty row id"),
           _skill("sixth_sense", "the pilot's Sixth Sense"),
           _skill("quick_fire", "the pilot's Quick Fire"), _SHOCKED,
           integer("previous_jumps", 0, 0, 100, "earlier successful jumps")),
          bail_out, "success"),
    Query("landing", "Landing: d10 >= 4 - Natural Touch + modifiers, and what a failure "
          "brings.",
          (_NATURAL_TOUCH,
           Param("conditions", "array", [], "landing-modifiers row ids that apply",
                 items={"type": "string"}, max_items=10),
           integer("wounds", 0, 0, 20, "the pilot's wounds"),
           text("place", "airfield", "where the plane lands", ("airfield", "zeppelin")),
           boolean("plane_damaged", "the plane is damaged")),
          landing, "success"),
    Query("check", "Any d10 check of the book by its formula id.",
          (text("formula", "skill-check", "a check formula id", catalogue_ids="table"),
           Param("terms", "object", {}, "the formula's terms by id (a term not given "
                 "counts 0 or false)")),
          check_terms, "success"),
)
