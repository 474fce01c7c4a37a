"""Plane designs against the construction rules ("Создание самолета", seed 004)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_engine import api
from rules_engine.catalogue import Catalogue
from rules_engine.cli import main
from rules_engine.cs_hex.codes import Code
from rules_engine.errors import BadDocument
from rules_engine.verdict import Severity
from tests.rules_engine.cs_hex.designs import (
    EXAMPLES,
    LIGHT_FIGHTER_MASS,
    PACK,
    airframe,
    design_doc,
)


def _example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def test_legal_light_fighter_mass_by_hand(catalogue: Catalogue) -> None:
    verdict = api.check(catalogue, _example("light-fighter-legal.json"))
    assert verdict.legal
    assert verdict.violations == ()
    assert (verdict.points, verdict.limit) == (LIGHT_FIGHTER_MASS, 3000) == (2720, 3000)
    b = verdict.breakdown
    assert b["mass"] == {"max_speed": 720, "g_rating": 540, "acceleration": 150, "armour": 360,
                         "guns": 950, "turrets": 0, "rockets": 0, "drop_tanks": 0}
    assert (b["to_hit_number"], b["total_mass"], b["mass_remaining"]) == (8, 5750, 280)
    assert {a: v["rows"] for a, v in b["armour"].items()} == {
        "nose": 4, "right-wing-front": 2, "right-wing-rear": 1, "left-wing-front": 2,
        "left-wing-rear": 1, "tail": 2}
    assert b["hardpoints"] == {"used": 6, "available": 8}
    assert b["drop_tanks"][0]["range_bonus_percent"] == 50


@pytest.mark.parametrize(("setting", "turret_mass", "total"), [
    # "7. Обвес оружием": turret 400 + half of its two .30 guns (150 each) = 550
    ("full_plus_half", 550 + 300, 1680 + 1260 + 560 + 240 + 1200 + 850),
    ("half_only", 550, 1680 + 1260 + 560 + 240 + 1200 + 550),
])
def test_heavy_fighter_turret_mass_by_reading(catalogue: Catalogue, setting: str,
                                              turret_mass: int, total: int) -> None:
    doc = _example("heavy-fighter-turret-legal.json") | {"settings": {"turret_gun_mass": setting}}
    verdict = api.check(catalogue, doc)
    assert verdict.legal
    assert verdict.breakdown["mass"]["turrets"] == turret_mass
    assert (verdict.points, verdict.limit) == (total, 7000)


def test_broken_example_reports_every_violation_at_once(catalogue: Catalogue) -> None:
    verdict = api.check(catalogue, _example("light-fighter-broken.json"))
    assert not verdict.legal
    assert [(v.code, v.path, v.severity) for v in verdict.violations] == [
        (Code.SIZE_OUTSIDE_TYPE, "$.entries[0].size", Severity.ERROR),
        (Code.ARMOUR_OVER_MAXIMUM, "$.entries[1].points", Severity.ERROR),
        (Code.DUPLICATE_ARMOUR_AREA, "$.entries[2].area", Severity.ERROR),
        (Code.ARMOUR_PARTIAL_ROW, "$.entries[2].points", Severity.WARNING),
        (Code.TURRET_NOT_ALLOWED, "$.entries[3]", Severity.ERROR),
        (Code.TURRET_TOO_MANY_GUNS, "$.entries[3].guns", Severity.ERROR),
        (Code.TOO_MANY_HARDPOINTS, "$.entries[6]", Severity.ERROR),
        (Code.SEEKER_WITHOUT_BEACON, "$.entries[5]", Severity.WARNING),
        (Code.OVER_FREE_MASS, "$.entries", Severity.ERROR),
        (Code.POINTS_LIMIT_IGNORED, "$.points_limit", Severity.WARNING),
    ]
    # size 3: 5200 + 5200 + 880; armour 105 x 3; turret 400 + 475 + 950
    assert (verdict.points, verdict.limit) == (13420, 8000)


# (what breaks, entries, code, path, severity, words the message must contain)
RULE_BREAKERS = [
    ("no airframe", [{"part": "gun", "weapon": "cal-30"}], Code.NO_AIRFRAME, "$.entries",
     Severity.ERROR, "no airframe"),
    ("two airframes", [airframe(), airframe()], Code.EXTRA_AIRFRAME, "$.entries[1]",
     Severity.ERROR, "one plane"),
    ("unknown type", [airframe(plane_type="bomber")], Code.UNKNOWN_PLANE_TYPE,
     "$.entries[0].plane_type", Severity.ERROR, "'bomber'"),
    ("size 11", [airframe(size=11)], Code.SIZE_NOT_IN_TABLE, "$.entries[0].size",
     Severity.ERROR, "Size 11"),
    # "1. Выбор типа самолета": light 10-5, heavy 6-1
    ("light size 4", [airframe(size=4)], Code.SIZE_OUTSIDE_TYPE, "$.entries[0].size",
     Severity.ERROR, "light fighter has size 10-5, not 4"),
    ("heavy size 7", [airframe(plane_type="heavy", size=7)], Code.SIZE_OUTSIDE_TYPE,
     "$.entries[0].size", Severity.ERROR, "size 6-1, not 7"),
    # "5. Выбор максимального ускорения": columns 1-3
    ("acceleration 4", [airframe(acceleration=4)], Code.RATING_NOT_IN_TABLE,
     "$.entries[0].acceleration", Severity.ERROR, "acceleration of 4"),
    ("G-rating 6", [airframe(g_rating=6)], Code.RATING_NOT_IN_TABLE, "$.entries[0].g_rating",
     Severity.ERROR, "G-rating of 6"),
    # "2. Выбор размера": size 10 has 1000 free mass; 300 + 300 + 45 + 2 x 250 = 1145
    ("overweight", [airframe(size=10, max_speed=5, g_rating=5, acceleration=3),
                    {"part": "gun", "weapon": "cal-40", "count": 2}],
     Code.OVER_FREE_MASS, "$.entries", Severity.ERROR, "uses 1145 mass but a size 10 plane "
     "has only 1000 free mass (145 too much)"),
    ("armour 81", [airframe(), {"part": "armour", "area": "tail", "points": 81}],
     Code.ARMOUR_OVER_MAXIMUM, "$.entries[1].points", Severity.ERROR, "Tail has 81 armour"),
    ("armour 25", [airframe(), {"part": "armour", "area": "tail", "points": 25}],
     Code.ARMOUR_PARTIAL_ROW, "$.entries[1].points", Severity.WARNING, "last 5 points"),
    ("wing", [airframe(), {"part": "armour", "area": "wing", "points": 10}],
     Code.UNKNOWN_ARMOUR_AREA, "$.entries[1].area", Severity.ERROR, "'wing'"),
    ("tail twice", [airframe(), {"part": "armour", "area": "tail", "points": 10},
                    {"part": "armour", "area": "tail", "points": 10}],
     Code.DUPLICATE_ARMOUR_AREA, "$.entries[2].area", Severity.ERROR, "Tail armour is written "
     "twice"),
    ("unknown gun", [airframe(), {"part": "gun", "weapon": "cal-90"}], Code.UNKNOWN_WEAPON,
     "$.entries[1].weapon", Severity.ERROR, "'cal-90'"),
    ("rocket as gun", [airframe(), {"part": "gun", "weapon": "rocket-flash"}],
     Code.WRONG_WEAPON_KIND, "$.entries[1].weapon", Severity.ERROR, "Flash rocket is a rocket"),
    ("turret on light", [airframe(), {"part": "turret", "guns": ["cal-30"]}],
     Code.TURRET_NOT_ALLOWED, "$.entries[1]", Severity.ERROR, "light fighter cannot carry"),
    ("3 turret guns", [airframe(plane_type="heavy", size=5),
                       {"part": "turret", "guns": ["cal-30", "cal-30", "cal-30"]}],
     Code.TURRET_TOO_MANY_GUNS, "$.entries[1].guns", Severity.ERROR,
     "3 guns, 1 over the 2 a turret carries"),
    ("empty turret", [airframe(plane_type="heavy", size=5), {"part": "turret", "guns": []}],
     Code.TURRET_EMPTY, "$.entries[1].guns", Severity.WARNING, "no guns"),
    # "8. Ракеты": 8 hardpoints; armour-piercing 2 each, drop tank 4
    ("9 hardpoints", [airframe(), {"part": "rocket", "weapon": "rocket-flash"},
                      {"part": "drop-tank", "count": 2}],
     Code.TOO_MANY_HARDPOINTS, "$.entries[2]", Severity.ERROR, "need 9 hardpoints"),
    ("seeker alone", [airframe(), {"part": "rocket", "weapon": "rocket-seeker"}],
     Code.SEEKER_WITHOUT_BEACON, "$.entries[1]", Severity.WARNING, "beacon"),
]


@pytest.mark.parametrize(("what", "entries", "code", "path", "severity", "words"),
                         RULE_BREAKERS, ids=[r[0] for r in RULE_BREAKERS])
def test_each_rule_breaker_gets_its_violation(catalogue: Catalogue, what: str,
                                              entries: list[dict[str, Any]], code: Code,
                                              path: str, severity: Severity, words: str) -> None:
    verdict = api.check(catalogue, design_doc(*entries))
    assert [(v.code, v.path, v.severity) for v in verdict.violations] == [(code, path, severity)]
    assert words in verdict.violations[0].message
    assert verdict.legal is (severity is Severity.WARNING)


def test_house_rule_gives_rockets_a_mass(catalogue: Catalogue) -> None:
    doc = design_doc(airframe(), {"part": "rocket", "weapon": "rocket-flash", "count": 3},
                     house_rules={"prices": {"rocket-flash": 50}})
    verdict = api.check(catalogue, doc)
    assert verdict.breakdown["mass"]["rockets"] == 150
    assert verdict.breakdown["rockets"][0]["mass_from"] == "house rule"
    assert verdict.points == 720 + 540 + 150 + 150


@pytest.mark.parametrize(("doc_change", "path"), [
    ({"entries": [airframe(size="big")]}, "$.entries[0].size"),
    ({"entries": [airframe(), {"part": "armour", "area": "nose"}]}, "$.entries[1]"),
    ({"entries": [{"part": "engine"}]}, "$.entries[0].part"),
    ({"settings": {"turret_gun_mass": "free"}}, "$.settings.turret_gun_mass"),
])
def test_malformed_design_is_a_bad_document_naming_the_path(
        catalogue: Catalogue, doc_change: dict[str, Any], path: str) -> None:
    with pytest.raises(BadDocument) as caught:
        api.check(catalogue, design_doc(airframe()) | doc_change)
    assert path in [e.path for e in caught.value.errors]


def test_cli_exit_codes_and_catalogue_view(tmp_path: Any, capsys: Any) -> None:
    packs = tmp_path / "packs" / "cs-hex"
    packs.mkdir(parents=True)
    (packs / PACK.name).write_text(PACK.read_text(encoding="utf-8"), encoding="utf-8")
    root = str(tmp_path / "packs")
    assert main(["--packs", root, "check", str(EXAMPLES / "light-fighter-legal.json")]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == 2720
    assert main(["--packs", root, "check", str(EXAMPLES / "light-fighter-broken.json")]) == 1
    capsys.readouterr()
    assert main(["--packs", root, "catalogue", "cs-hex"]) == 0
    view = json.loads(capsys.readouterr().out)
    types = next(r for r in view["construction"] if r["id"] == "plane-types")
    assert [(t["name"], t["name_original"]) for t in types["data"]["types"]] == [
        ("Light fighter", "Легкий истребитель"),
        ("Heavy fighter / attack plane", "Тяжелый истребитель/штурмовик")]
    assert view["packs"] == {"cs-hex-core": "1.2.0"}


def test_armour_maximum_counts_the_area_total(catalogue: Catalogue) -> None:
    # "6. Обвес броней": "каждая отдельная область не может иметь больше 80 ед. брони" - an area
    # written twice still holds at most 80 in all
    verdict = api.check(catalogue, design_doc(
        airframe(), {"part": "armour", "area": "nose", "points": 50},
        {"part": "armour", "area": "nose", "points": 50}))
    assert [(v.code, v.path) for v in verdict.violations] == [
        (Code.DUPLICATE_ARMOUR_AREA, "$.entries[2].area"),
        (Code.ARMOUR_OVER_MAXIMUM, "$.entries[2].points")]
    assert "Nose has 100 armour" in verdict.violations[1].message
    assert verdict.breakdown["armour"]["nose"]["rows"] == 8
