"""Exact odds for the hex-map rules: checks, maneuvers, to-hit, hit location, bail-out, landing.

Every roll is one d10 (or two, doubling down), so icepool gives the distributions exactly.
Parameters come as ``key=value`` from the CLI or the API; a bad one is a ``BadDocument``
naming ``params.<key>``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.checks import (
    D10,
    check_report,
    formula,
    success_chance,
    target,
    term_param,
)
from rules_engine.cs_hex.notation import parse_maneuver
from rules_engine.cs_hex.params import Params
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, Query, boolean, integer, text
from rules_engine.odds_report import die_report, probability

SKILL = {"low": 0, "high": 10}  # characteristics run 0-10 ("Создание персонажа")
STEEP_G = 3  # "Маневры с G-рейтингом 3 и выше считается крутыми"


def _rows(catalogue: Catalogue, table_id: str) -> list[list[Any]]:
    record = catalogue.get(SYSTEM, "table", table_id)
    if record is None:
        raise BadDocument.at("$.content", f"the catalogue has no cs-hex table {table_id!r}")
    return [list(row) for row in record.data["rows"]]


def check(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Any d10 check of the book by its formula id (formula=jam-clearing steady_hand=3)."""
    if not isinstance(params.get("formula"), str):
        raise BadDocument.at("params.formula", "check needs formula=<id> (e.g. jam-clearing)")
    record = formula(catalogue, params["formula"])
    terms = record.data["terms"]
    p = Params("check", params, ["formula", *(term_param(t) for t in terms)])
    values: dict[str, int | bool] = {}
    for term in terms:
        name = term_param(term)
        values[name] = p.flag(name) if "value" in term else p.integer(name, low=-30, high=30)
    return check_report(record, values)


def skill_check(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Skill check: d10 >= 8 + difficulty - Natural Touch + 2 if shocked."""
    p = Params("skill_check", params, ["difficulty", "natural_touch", "shocked"])
    values = {"difficulty": p.integer("difficulty", low=0, high=20),
              "natural_touch": p.integer("natural_touch", **SKILL),
              "shocked": p.flag("shocked")}
    return check_report(formula(catalogue, "skill-check"), values)


def maneuver(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Flying a maneuver (4L2F) beyond the plane's G-rating, max speed or acceleration."""
    p = Params("maneuver", params, ["notation", "g_rating", "max_speed", "natural_touch",
                                    "shocked", "difficulty", "previous_steep", "current_speed",
                                    "acceleration"])
    move = parse_maneuver(p.text("notation"))
    record = catalogue.get(SYSTEM, "maneuver", move.notation.lower())
    book_difficulty = record.data["difficulty"] if record else None
    difficulty = p.integer("difficulty", book_difficulty, low=0, high=10)
    if difficulty is None:
        raise BadDocument.at("params.difficulty", f"the book's dump does not give the "
                             f"difficulty of {move.notation}: pass difficulty=N from the template")
    g_rating = p.integer("g_rating", low=1, high=10)
    max_speed = p.integer("max_speed", low=1, high=10)
    pilot = {"natural_touch": p.integer("natural_touch", **SKILL), "shocked": p.flag("shocked")}
    skill = formula(catalogue, "skill-check")
    checks = []
    # "Фаза движения": the difficulty is by how much the maneuver exceeds the plane's rating;
    # each exceeded rating has its own consequence, so each is its own check.
    for rating, excess, failure in (
        ("g_rating", difficulty - g_rating, _random_movement),
        ("max_speed", move.speed - max_speed, _engine_flare),
        *_acceleration_excess(p, move.speed),
    ):
        if excess > 0:
            report = check_report(skill, {"difficulty": excess, **pilot})
            checks.append({"for": rating, "excess": excess, "on_failure": failure(excess),
                           **report})
    if difficulty >= STEEP_G and p.flag("previous_steep"):
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


def _acceleration_excess(p: Params, speed: int) -> list[tuple[str, int, Any]]:
    """Speeding up or slowing down by more than the plane's acceleration ("Фаза движения").

    Needs both ``current_speed`` and ``acceleration``; without them the query does not judge
    the change of speed.
    """
    if "current_speed" not in p.given and "acceleration" not in p.given:
        return []
    current = p.integer("current_speed", low=0, high=10)
    acceleration = p.integer("acceleration", low=1, high=10)
    change = speed - current
    if change >= 0:
        return [("acceleration", change - acceleration, _engine_flare)]
    return [("deceleration", -change - acceleration, _braking_cracks)]


def to_hit(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """To hit: d10 >= to-hit number + range + 1 rocket + 2 shocked + direction - Accuracy."""
    p = Params("to_hit", params, ["to_hit_number", "distance", "accuracy", "weapon", "shocked",
                                  "direction_modifier", "doubling_down"])
    weapon_id = p.text("weapon", "cal-50")
    weapon = catalogue.get(SYSTEM, "weapon", weapon_id)
    if weapon is None or weapon.data["kind"] not in ("gun", "rocket"):
        raise BadDocument.at("params.weapon", f"{weapon_id!r} is not a gun or rocket id")
    if weapon.data["kind"] == "rocket" and not weapon.data["aimed"]:
        raise BadDocument.at("params.weapon", f"{weapon.name} is placed anywhere in the firing "
                             "arc: there is no roll to hit")
    distance = p.integer("distance", low=0, high=50)
    doubling = p.flag("doubling_down")
    if doubling and weapon.data["kind"] != "gun":
        raise BadDocument.at("params.doubling_down", "only guns can fire doubling down")
    values = {"to_hit_number": p.integer("to_hit_number", low=1, high=10),
              "accuracy": p.integer("accuracy", **SKILL),
              "shocked": p.flag("shocked"),
              "rocket": weapon.data["kind"] == "rocket",
              "direction_modifier": p.integer("direction_modifier", 0, low=-10, high=10)}
    out: dict[str, Any] = {"weapon": weapon.id, "range": weapon.data["range"],
                           "distance": distance, "in_range": distance <= weapon.data["range"]}
    if not out["in_range"]:
        return out | {"success": probability(Fraction(0))}
    modifiers = {row[0]: row[1] for row in _rows(catalogue, "range-modifier")}
    values["range_modifier"] = modifiers[distance]
    out |= check_report(formula(catalogue, "to-hit"), values)
    if weapon.data.get("requires"):
        out["requires"] = weapon.data["requires"]
    if doubling:
        hit = D10.map(lambda roll: int(roll >= out["target_number"]))
        miss = 1 - success_chance(out["target_number"])
        out["doubling_down"] = {"hits": die_report(2 @ hit), "jam": probability(miss * miss)}
    return out


def hit_location(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Hit location: d10 column, shifted toward an aimed column by Steady Hand."""
    p = Params("hit_location", params, ["steady_hand", "aim"])
    steady = p.integer("steady_hand", 0, **SKILL)
    location = catalogue.get(SYSTEM, "table", "hit-location")
    columns = 10
    if location is not None:
        columns = next(row[2] for row in location.data["rows"] if row[0] == "column")
    aim = p.integer("aim", None, low=1, high=columns) if "aim" in params else None
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


def bail_out(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Bailing out: d10 >= situation + 2 shocked - earlier jumps (max 4) - Sixth Sense - QF."""
    p = Params("bail_out", params, ["situation", "sixth_sense", "quick_fire", "shocked",
                                    "previous_jumps"])
    situations = {row[0]: row[3] for row in _rows(catalogue, "bail-out-difficulty")}
    situation = p.text("situation", choices=situations)
    # "-1 (максимум -4)": the formula's term caps earlier jumps at 4.
    values = {"situation": situations[situation], "shocked": p.flag("shocked"),
              "previous_jumps": p.integer("previous_jumps", 0, low=0, high=100),
              "sixth_sense": p.integer("sixth_sense", **SKILL),
              "quick_fire": p.integer("quick_fire", **SKILL)}
    return {"situation": situation} | check_report(formula(catalogue, "bail-out"), values)


def landing(catalogue: Catalogue, **params: Any) -> dict[str, Any]:
    """Landing: d10 >= 4 - Natural Touch + modifiers, and what a failure brings."""
    p = Params("landing", params, ["natural_touch", "conditions", "wounds", "place",
                                   "plane_damaged"])
    modifiers = {row[0]: row[3] for row in _rows(catalogue, "landing-modifiers")}
    conditions = p.texts("conditions", [m for m in modifiers if m != "pilot-wound"])
    wounds = p.integer("wounds", 0, low=0, high=20)
    place = p.text("place", "airfield", choices=("airfield", "zeppelin"))
    natural_touch = p.integer("natural_touch", **SKILL)
    failures = _rows(catalogue, f"landing-failure-{place}")
    if_failed = [{"roll": f"{lo}-{hi}" if lo != hi else str(lo), "result": text,
                  "result_original": original, "chance": probability(Fraction(hi - lo + 1, 10))}
                 for lo, hi, text, original in failures]
    # "посадка на неповрежденном самолете и здоровом пилоте на заранее подготовленный
    # аэродром считается автоматически успешной"
    if (not conditions and not wounds and place == "airfield"
            and not p.flag("plane_damaged")):
        return {"automatic": True, "success": probability(Fraction(1)), "if_failed": if_failed}
    total = sum(modifiers[c] for c in conditions) + wounds * modifiers["pilot-wound"]
    record = formula(catalogue, "landing")
    report = check_report(record, {"natural_touch": natural_touch, "modifiers": total})
    return {"automatic": False, **report, "if_failed": if_failed}


ODDS = {
    "skill_check": skill_check,
    "maneuver": maneuver,
    "to_hit": to_hit,
    "hit_location": hit_location,
    "bail_out": bail_out,
    "landing": landing,
    "check": check,
}
__all__ = ["ODDS", "target"]


def check_terms(catalogue: Catalogue, formula: str = "skill-check",
                terms: dict[str, Any] | None = None) -> dict[str, Any]:
    """Any d10 check by its formula id, the formula's terms given as one object; a term
    not given counts 0 (or false)."""
    record = catalogue.get(SYSTEM, "table", formula)
    if record is None or record.data.get("kind") != "check_formula":
        record = globals()["formula"](catalogue, formula)
    given = dict(terms or {})
    ids = [term_param(t) for t in record.data["terms"]]
    unknown = [k for k in given if k not in ids]
    if unknown:
        raise BadDocument.at(f"params.terms.{unknown[0]}", f"{formula} has no term "
                             f"{unknown[0]!r} (its terms: {', '.join(ids)})")
    for term in record.data["terms"]:
        given.setdefault(term_param(term), False if "value" in term else 0)
    return check(catalogue, formula=formula, **given)


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
