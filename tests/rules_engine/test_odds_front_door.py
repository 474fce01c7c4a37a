"""The one odds interface: the same answer shape for every query of every system, parameters
described and checked before any work, and exact values against independent counts."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import rules_engine
from rules_engine import BadDocument, load_catalogue, odds, odds_queries
from rules_engine.cli import main
from rules_engine.systems import SYSTEMS

CATALOGUE = load_catalogue()
EVERY_QUERY = [(s, q["query"]) for s in SYSTEMS for q in odds_queries(s)]
TOP_KEYS = [
    "system",
    "query",
    "params",
    "headline",
    "distribution",
    "mean",
    "at_least",
    "distributions",
    "chances",
    "details",
]


def _exact(report: dict[str, Any]) -> dict[int, Fraction]:
    return {int(k): Fraction(v["exact"]) for k, v in report["distribution"].items()}


def _counted(counts: Counter[int], total: int) -> dict[int, Fraction]:
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def _check_distribution(report: dict[str, Any]) -> None:
    assert list(report) == ["distribution", "mean", "at_least"]
    weights = _exact(report)
    assert sum(weights.values()) == 1
    for entry in [*report["distribution"].values(), report["mean"], *report["at_least"].values()]:
        assert list(entry) == ["exact", "value"]
        assert entry["value"] == float(Fraction(entry["exact"]))
    low, high = min(weights), max(weights)
    assert list(report["at_least"]) == [str(k) for k in range(low, high + 1)]
    for k in range(low, high + 1):
        assert Fraction(report["at_least"][str(k)]["exact"]) == sum(
            p for o, p in weights.items() if o >= k
        )
    assert Fraction(report["mean"]["exact"]) == sum(o * p for o, p in weights.items())


@pytest.mark.parametrize(("system", "query"), EVERY_QUERY)
def test_every_query_answers_in_the_same_shape_with_its_defaults(system: str, query: str) -> None:
    described = {q["query"]: q for q in odds_queries(system)}[query]
    report = odds(CATALOGUE, system, query, {})
    assert list(report) == TOP_KEYS
    assert (report["system"], report["query"]) == (system, query)
    assert list(report["params"]) == [p["name"] for p in described["params"]]
    assert report["params"] == {p["name"]: p["default"] for p in described["params"]}
    lead = {k: report[k] for k in ("distribution", "mean", "at_least")}
    assert lead == report["distributions"][report["headline"]]
    for dist in report["distributions"].values():
        _check_distribution(dist)
    for chance in report["chances"].values():
        assert 0 <= Fraction(chance["exact"]) <= 1
    json.dumps(report)  # plain JSON throughout


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_parameter_is_described(system: str) -> None:
    for query in odds_queries(system):
        assert query["summary"]
        for param in query["params"]:
            assert {"name", "type", "default", "meaning"} <= set(param)
            kind = param["type"][0] if isinstance(param["type"], list) else param["type"]
            assert kind in ("integer", "boolean", "string", "array", "object")
            if kind == "integer":
                assert param["minimum"] <= param["maximum"]


def test_the_same_idea_has_the_same_name_everywhere() -> None:
    names = {
        (s, q["query"]): {p["name"] for p in q["params"]}
        for s in SYSTEMS
        for q in odds_queries(s)
    }
    for key in [
        ("cs-aces", "attack"),
        ("cs-air-action", "shot"),
        ("black-skies", "volley"),
        ("crimson-dust", "to_hit"),
        ("cs-hex", "to_hit"),
    ]:
        assert "target_number" in names[key], key
    for key in [
        ("cs-aces", "attack"),
        ("cs-air-action", "shot"),
        ("black-skies", "volley"),
        ("crimson-dust", "to_hit"),
        ("crimson-dust", "morale"),
    ]:
        assert "dice" in names[key], key



def _number_keys(value: Any, path: str = "$") -> list[tuple[str, str]]:
    """Every (path, key) in a report whose value is a plain number."""
    found: list[tuple[str, str]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, int) and not isinstance(item, bool):
                found.append((path, key))
            found += _number_keys(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _number_keys(item, f"{path}[{index}]")
    return found


@pytest.mark.parametrize(("system", "query"), EVERY_QUERY)
def test_details_call_a_target_number_by_that_name(system: str, query: str) -> None:
    details = odds(CATALOGUE, system, query, {})["details"]
    old = [(path, key) for path, key in _number_keys(details)
           if key in {"target", "score", "score_used", "avoid_score", "tn"}]
    assert old == []


@pytest.mark.parametrize(
    ("system", "query", "path"),
    [
        ("cs-hex", "skill_check", ["target_number"]),
        ("cs-hex", "to_hit", ["target_number"]),
        ("cs-hex", "bail_out", ["target_number"]),
        ("crimson-dust", "shot", ["inputs", "target_number"]),
        ("black-skies", "volley", ["target_number"]),
        ("cs-aces", "attack", ["target_number"]),
        ("cs-air-action", "shot", ["target_number"]),
    ],
)
def test_the_target_number_is_in_the_details(system: str, query: str, path: list[str]) -> None:
    value: Any = odds(CATALOGUE, system, query, {})["details"]
    for key in path:
        value = value[key]
    assert isinstance(value, int)

def test_old_names_are_read_as_aliases() -> None:
    old = odds(CATALOGUE, "cs-aces", "attack", {"attack": 3, "defense": 4})
    new = odds(CATALOGUE, "cs-aces", "attack", {"dice": 3, "target_number": 4})
    assert old == new
    assert old["params"]["dice"] == 3


@pytest.mark.parametrize(
    ("params", "path", "words"),
    [
        ({"dise": 3}, "params.dise", "has no parameter 'dise'"),
        ({"dice": "3"}, "params.dice", "must be a whole number"),
        ({"dice": True}, "params.dice", "must be a whole number"),
        ({"dice": 31}, "params.dice", "from 0 to 30, not 31"),
        ({"catalogue": 1}, "params.catalogue", "a name the engine uses itself"),
        ({"dice": 3, "attack": 3}, "params.attack", "the same parameter"),
        ({"hindering": "yes"}, "params.hindering", "true or false"),
    ],
)
def test_bad_parameters_name_the_parameter(params: dict[str, Any], path: str, words: str) -> None:
    with pytest.raises(BadDocument) as caught:
        odds(CATALOGUE, "cs-aces", "attack", params)
    assert [e.path for e in caught.value.errors] == [path]
    assert words in caught.value.errors[0].message


def test_every_bad_parameter_is_listed_at_once() -> None:
    with pytest.raises(BadDocument) as caught:
        odds(CATALOGUE, "cs-air-action", "shot", {"dice": -1, "weapon": "side", "x": 1})
    assert sorted(e.path for e in caught.value.errors) == [
        "params.dice",
        "params.weapon",
        "params.x",
    ]


def test_unknown_system_and_query_are_bad_documents() -> None:
    with pytest.raises(BadDocument) as caught:
        odds(CATALOGUE, "chess", "attack", {})
    assert caught.value.errors[0].path == "system"
    with pytest.raises(BadDocument) as caught:
        odds(CATALOGUE, "cs-aces", "volley", {})
    assert caught.value.errors[0].path == "query"


def test_the_front_door_is_next_to_check_and_cost() -> None:
    assert {"check", "cost", "odds", "odds_queries"} <= set(rules_engine.__all__)


# Exact values against independent counts over every face of the dice.


def test_aces_attack_against_every_roll() -> None:
    counts: Counter[int] = Counter(
        sum(f >= 4 for f in faces) for faces in itertools.product(range(1, 7), repeat=3)
    )
    report = odds(CATALOGUE, "cs-aces", "attack", {"dice": 3, "target_number": 4})
    assert _exact(report) == _counted(counts, 6**3)


def test_air_action_shot_with_point_blank_against_every_roll() -> None:
    # silhouette 5, point blank -1: each die hits on 4+; rear arc adds a die.
    counts: Counter[int] = Counter(
        sum(f >= 4 for f in faces) for faces in itertools.product(range(1, 7), repeat=3)
    )
    report = odds(
        CATALOGUE,
        "cs-air-action",
        "shot",
        {"dice": 2, "target_number": 5, "point_blank": True, "rear_arc": True},
    )
    assert _exact(report) == _counted(counts, 6**3)
    assert report["details"]["target_number"] == 4


def test_black_skies_raw_volley_against_every_roll() -> None:
    # 2 d12 hitting on 8+ (target speed 6: no modifier), a d8 damage die stepped down to a d6
    # by one shield, less 1 armour per hit.
    counts: Counter[int] = Counter()
    for hits in itertools.product(range(1, 13), repeat=2):
        for damage in itertools.product(range(1, 7), repeat=2):
            counts[sum(max(0, d - 1) for h, d in zip(hits, damage, strict=True) if h >= 8)] += 1
    report = odds(
        CATALOGUE,
        "black-skies",
        "volley",
        {"dice": 2, "die_size": 8, "target_number": 8, "armour": 1, "shields": 1},
    )
    assert _exact(report) == _counted(counts, 12**2 * 6**2)
    assert report["details"]["dice"] == 2


def test_black_skies_shields_respect_the_max_shield_levels_setting() -> None:
    with pytest.raises(BadDocument) as caught:
        odds(CATALOGUE, "black-skies", "damage_per_hit", {"shields": 2})
    assert caught.value.errors[0].path == "params.shields"
    assert "1 over the max_shield_levels setting of 1" in caught.value.errors[0].message
    # Two levels step a d6 down twice: d6 -> d4 -> d2.
    report = odds(
        CATALOGUE, "black-skies", "damage_per_hit", {"shields": 2, "max_shield_levels": 2}
    )
    assert _exact(report) == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    # The old name is still read.
    old = odds(CATALOGUE, "black-skies", "damage_per_hit", {"target_shields": 1})
    assert _exact(old) == {k: Fraction(1, 4) for k in range(1, 5)}


@pytest.mark.parametrize(
    ("piloting", "reading", "success", "critical"),
    [
        (2, "every-check", Fraction(35, 36), Fraction(1, 36)),
        (2, "collisions-only", Fraction(1), Fraction(0)),
        (1, "every-check", Fraction(35, 36), Fraction(1, 36)),
        (1, "collisions-only", Fraction(1), Fraction(0)),
        (7, "every-check", Fraction(21, 36), Fraction(1, 36)),
        (7, "collisions-only", Fraction(21, 36), Fraction(0)),
    ],
)
def test_both_readings_of_the_critical_two(
    piloting: int, reading: str, success: Fraction, critical: Fraction
) -> None:
    report = odds(
        CATALOGUE,
        "cs-air-action",
        "pilot_check",
        {"piloting": piloting, "critical_failure": reading, "purpose": "redline"},
    )
    assert Fraction(report["chances"]["success"]["exact"]) == success
    assert Fraction(report["chances"]["critical_failure"]["exact"]) == critical
    # Redlining: a failure costs one click.
    assert _exact(report["distributions"]["damage"]) == {
        k: v for k, v in {0: success, 1: 1 - success}.items() if v
    }


def test_the_default_reading_is_the_documented_one() -> None:
    report = odds(CATALOGUE, "cs-air-action", "pilot_check", {"piloting": 2})
    assert report["params"]["critical_failure"] == "every-check"
    assert report["chances"]["success"]["exact"] == "35/36"


def test_hex_skill_check_against_every_face() -> None:
    # 8 + 2 difficulty - 4 Natural Touch + 2 shocked = 8: faces 8, 9, 10 of a d10.
    report = odds(
        CATALOGUE, "cs-hex", "skill_check", {"difficulty": 2, "natural_touch": 4, "shocked": True}
    )
    assert report["headline"] == "success"
    assert _exact(report) == {0: Fraction(7, 10), 1: Fraction(3, 10)}
    margin = Counter(face - 8 for face in range(1, 11))
    assert _exact(report["distributions"]["margin"]) == _counted(margin, 10)


def test_hex_check_takes_its_terms_as_one_object() -> None:
    report = odds(
        CATALOGUE, "cs-hex", "check", {"formula": "jam-clearing", "terms": {"steady_hand": 3}}
    )
    assert report["chances"]["success"]["exact"] == "3/5"  # d10 >= 8 - 3
    with pytest.raises(BadDocument) as caught:
        odds(CATALOGUE, "cs-hex", "check", {"formula": "jam-clearing", "terms": {"x": 1}})
    assert caught.value.errors[0].path == "params.terms.x"


def test_crimson_dust_to_hit_against_every_roll() -> None:
    counts: Counter[int] = Counter(
        sum(f >= 4 for f in faces) for faces in itertools.product(range(1, 7), repeat=4)
    )
    report = odds(CATALOGUE, "crimson-dust", "to_hit", {"dice": 4, "target_number": 4})
    assert _exact(report) == _counted(counts, 6**4)


def test_describe_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "black-skies", "--describe"]) == 0
    out = json.loads(capsys.readouterr().out)
    volley = next(q for q in out["queries"] if q["query"] == "volley")
    shields = next(p for p in volley["params"] if p["name"] == "shields")
    assert shields == {
        "name": "shields",
        "type": "integer",
        "minimum": 0,
        "maximum": 6,
        "default": 0,
        "meaning": shields["meaning"],
        "aliases": ["target_shields"],
    }


def test_a_reserved_name_from_the_command_line_is_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "cs-aces", "attack", "catalogue=1"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["errors"][0]["path"] == "params.catalogue"


def test_an_error_found_while_computing_names_the_current_parameter() -> None:
    # A plane with a 7-click dial takes at most 6 clicks before it is shot down: checked by
    # the query itself, reported under the name the caller used.
    with pytest.raises(BadDocument) as caught:
        odds(
            CATALOGUE,
            "cs-air-action",
            "shot",
            {"shooter": "loyle-crawford-devastator", "damage": 12},
        )
    assert caught.value.errors[0].path == "params.damage"
    with pytest.raises(BadDocument) as caught:
        odds(CATALOGUE, "cs-aces", "multi_target", {"dice": 12, "fate": 2})
    assert caught.value.errors[0].path == "params.dice"
    with pytest.raises(BadDocument) as caught:
        odds(CATALOGUE, "black-skies", "volley", {"dice": 2, "design": "black-tiger"})
    assert caught.value.errors[0].path == "params.dice"


def _binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    from math import comb

    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def test_aces_capture_rolls_two_dice_fewer() -> None:
    # 5 attack dice less 2 for the capture, defense 5: any hit captures.
    report = odds(CATALOGUE, "cs-aces", "capture", {"dice": 5, "target_number": 5})
    assert report["chances"]["captured"]["exact"] == str(1 - Fraction(2, 3) ** 3)
    assert _exact(report) == {0: Fraction(8, 27), 1: Fraction(19, 27)}


def test_aces_escape_against_every_roll() -> None:
    # Captive: 2 dice needing the captor's defense 4; captor: 2 dice needing 5.
    escaped = sum(
        sum(f >= 4 for f in mine) > sum(f >= 5 for f in theirs)
        for mine in itertools.product(range(1, 7), repeat=2)
        for theirs in itertools.product(range(1, 7), repeat=2)
    )
    report = odds(
        CATALOGUE,
        "cs-aces",
        "escape",
        {"captive_dice": 2, "captor_defense": 4, "captor_dice": 2, "captive_defense": 5},
    )
    assert Fraction(report["chances"]["escaped"]["exact"]) == Fraction(escaped, 6**4)


def test_air_action_bail_out_against_every_roll() -> None:
    # A Rookie adds 0: 2d6 >= 8.
    ways = sum(a + b >= 8 for a in range(1, 7) for b in range(1, 7))
    report = odds(CATALOGUE, "cs-air-action", "bail_out", {"bail_out_value": 8})
    assert _exact(report) == {0: 1 - Fraction(ways, 36), 1: Fraction(ways, 36)}


def test_black_skies_piloting_against_every_face() -> None:
    # Skill 1 flying Hard Left (difficulty 3): d6 + 1 >= 3 on 2..6.
    faces = [f for f in range(1, 7) if f + 1 >= 3]
    report = odds(CATALOGUE, "black-skies", "piloting", {"skill": 1, "maneuver": "hard-left"})
    assert report["headline"] == "maneuvers.hard-left.success"
    assert _exact(report) == {0: 1 - Fraction(len(faces), 6), 1: Fraction(len(faces), 6)}
    crippled = odds(
        CATALOGUE,
        "black-skies",
        "piloting",
        {"skill": 1, "maneuver": "hard-left", "crippled": True},
    )
    # Difficulty doubled to 6: d6 + 1 >= 6 on 5 and 6.
    assert crippled["chances"]["maneuvers.hard-left.success"]["exact"] == "1/3"


def test_crimson_dust_avoid_is_binomial_with_a_reroll_when_concealed() -> None:
    # Df 3 dice at 5+; concealed re-rolls failed dice once: 1/3 + 2/3 * 1/3 = 5/9 each.
    plain = odds(CATALOGUE, "crimson-dust", "avoid", {"df": 3})
    assert _exact(plain) == _binomial(3, Fraction(1, 3))
    hidden = odds(CATALOGUE, "crimson-dust", "avoid", {"df": 3, "concealed": True})
    assert _exact(hidden) == _binomial(3, Fraction(5, 9))


def test_crimson_dust_morale_dice_all_passing() -> None:
    # A morale die scores on Mr or under: Mr 4 scores on 1-4 (2/3 each); failed dice of 2.
    report = odds(CATALOGUE, "crimson-dust", "morale", {"dice": 2, "mr": 4})
    assert _exact(report) == _binomial(2, Fraction(1, 3))


def test_hex_hit_location_column_is_a_plain_d10() -> None:
    report = odds(CATALOGUE, "cs-hex", "hit_location", {})
    assert _exact(report) == {k: Fraction(1, 10) for k in range(1, 11)}
    assert report["mean"]["exact"] == "11/2"
