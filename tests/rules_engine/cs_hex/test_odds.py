"""Exact odds of the hex-map d10 checks, each checked against plain enumeration of the die."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.catalogue import Catalogue, build_catalogue, read_pack_file
from rules_engine.cli import main
from rules_engine.errors import BadDocument
from rules_engine.systems import system_module
from tests.rules_engine.cs_hex.designs import PACK
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("cs-hex")

ROLLS = range(1, 11)
CATALOGUE = build_catalogue([read_pack_file(PACK)])


def _chance(report: dict[str, Any]) -> Fraction:
    return Fraction(report["success"]["exact"])


def _enumerated(target: int) -> Fraction:
    return Fraction(sum(1 for roll in ROLLS if roll >= target), 10)


def test_book_example_skill_check(catalogue: Catalogue) -> None:
    # "Фаза движения": G-rating 2 flying a difficulty-3 maneuver, Natural Touch 5 -> 4+
    report = facts("skill_check", catalogue, difficulty=1, natural_touch=5)
    assert (report["target_number"], report["formula"]) == (4, "8 + 1 - 5 = 4")
    assert _chance(report) == Fraction(7, 10)


@given(st.integers(0, 12), st.integers(0, 10), st.booleans())
def test_skill_check_matches_enumeration(difficulty: int, natural_touch: int,
                                         shocked: bool) -> None:
    report = facts("skill_check", CATALOGUE, difficulty=difficulty, natural_touch=natural_touch,
                                 shocked=shocked)
    target = 8 + difficulty - natural_touch + (2 if shocked else 0)
    assert report["target_number"] == target
    assert _chance(report) == _enumerated(target)
    margins = {str(roll - target): Fraction(1, 10) for roll in ROLLS}
    assert {k: Fraction(v["exact"]) for k, v in report["margin"]["distribution"].items()} == \
        margins


@pytest.mark.parametrize(("distance", "modifier"), [(0, -3), (1, -2), (3, 0), (5, 2)])
def test_to_hit_range_modifier(catalogue: Catalogue, distance: int, modifier: int) -> None:
    # "Сложность попадания": 0 at three hexes, -3 in the same hex, one a hex
    report = facts("to_hit", catalogue, to_hit_number=7, distance=distance, accuracy=2)
    assert report["target_number"] == 7 + modifier - 2
    assert _chance(report) == _enumerated(7 + modifier - 2)


def test_to_hit_rocket_shocked_direction(catalogue: Catalogue) -> None:
    report = facts("to_hit", catalogue, to_hit_number=5, distance=4, accuracy=3,
                            weapon="rocket-armour-piercing", shocked=True, direction_modifier=1)
    assert report["formula"] == "5 + 1 + 1 + 2 + 1 - 3 = 7"
    assert _chance(report) == Fraction(4, 10)


def test_out_of_range_cannot_hit(catalogue: Catalogue) -> None:
    # ".70 - 3 гекса"
    report = facts("to_hit", catalogue, to_hit_number=1, distance=4, accuracy=10, weapon="cal-70")
    assert report["in_range"] is False
    assert _chance(report) == 0


def test_doubling_down_against_enumeration(catalogue: Catalogue) -> None:
    report = facts("to_hit", catalogue, to_hit_number=8, distance=3, accuracy=2,
                            doubling_down=True)
    target = 6
    pairs = [(a >= target) + (b >= target) for a in ROLLS for b in ROLLS]
    hits = report["doubling_down"]["hits"]["distribution"]
    assert {int(k): Fraction(v["exact"]) for k, v in hits.items()} == {
        n: Fraction(pairs.count(n), 100) for n in (0, 1, 2)}
    assert Fraction(report["doubling_down"]["jam"]["exact"]) == Fraction(pairs.count(0), 100)


def test_placed_rockets_have_no_to_hit_roll(catalogue: Catalogue) -> None:
    with pytest.raises(BadDocument) as caught:
        facts("to_hit", catalogue, to_hit_number=5, distance=2, accuracy=1, weapon="rocket-flash")
    assert caught.value.errors[0].path == "params.weapon"


@pytest.mark.parametrize(("steady_hand", "aim", "reached"), [
    (0, 3, Fraction(1, 10)), (4, 3, Fraction(3, 10)), (5, 3, Fraction(5, 10)),
    (9, 1, Fraction(4, 10)), (10, 5, Fraction(7, 10)),
])
def test_hit_column_with_steady_hand(catalogue: Catalogue, steady_hand: int, aim: int,
                                     reached: Fraction) -> None:
    # "Твердая рука": 1-4 shift one column, 5-8 two, 9-10 three
    shift = 0 if steady_hand == 0 else 1 if steady_hand <= 4 else 2 if steady_hand <= 8 else 3
    report = facts("hit_location", catalogue, steady_hand=steady_hand, aim=aim)
    assert Fraction(report["aim_reached"]["exact"]) == reached
    expected: dict[int, Fraction] = {}
    for roll in ROLLS:
        col = aim if abs(roll - aim) <= shift else roll + (shift if roll < aim else -shift)
        expected[col] = expected.get(col, Fraction(0)) + Fraction(1, 10)
    got = report["aimed_column"]["distribution"]
    assert {int(k): Fraction(v["exact"]) for k, v in got.items()} == expected
    assert report["area"]["known"] is False


def test_bail_out_caps_earlier_jumps_at_four(catalogue: Catalogue) -> None:
    # "Самолет в штопоре. Сложность 12", "-1 (максимум -4)"
    report = facts("bail_out", catalogue, situation="spin", sixth_sense=2, quick_fire=1,
                              previous_jumps=6)
    assert (report["target_number"], _chance(report)) == (5, Fraction(6, 10))
    shocked = facts("bail_out", catalogue, situation="fuel-tank-explosion", sixth_sense=3,
                               quick_fire=3, shocked=True)
    assert (shocked["target_number"], _chance(shocked)) == (16, Fraction(0))


def test_landing_automatic_and_rolled(catalogue: Catalogue) -> None:
    assert facts("landing", catalogue, natural_touch=0)["automatic"] is True
    # 4 - 3 + 2 (rudder jammed) + 1 (one wound) = 4
    report = facts("landing", catalogue, natural_touch=3, conditions=["rudder-jammed"], wounds=1)
    assert (report["target_number"], _chance(report)) == (4, Fraction(7, 10))
    chances = [Fraction(r["chance"]["exact"]) for r in report["if_failed"]]
    assert chances == [Fraction(1, 10), Fraction(5, 10), Fraction(2, 10), Fraction(2, 10)]


def test_maneuver_beyond_g_and_speed(catalogue: Catalogue) -> None:
    one = facts("maneuver", catalogue, notation="4L2F", g_rating=2, max_speed=4,
                           natural_touch=5)
    assert [c["for"] for c in one["checks"]] == ["g_rating"]
    assert Fraction(one["all_pass"]["exact"]) == Fraction(7, 10)
    two = facts("maneuver", catalogue, notation="4l2f", g_rating=2, max_speed=3,
                           natural_touch=5, previous_steep=True)
    assert [c["for"] for c in two["checks"]] == ["g_rating", "max_speed",
                                                 "repeated steep maneuver"]
    # 7/10 twice, then 8 + 3 - 5 = 6 -> 5/10
    assert Fraction(two["all_pass"]["exact"]) == Fraction(7, 10) ** 2 * Fraction(5, 10)
    free = facts("maneuver", catalogue, notation="4L2F", g_rating=3, max_speed=4,
                            natural_touch=0)
    assert free["checks"] == []
    assert free["all_pass"]["exact"] == "1/1"


@pytest.mark.parametrize(("query", "params", "path"), [
    ("skill_check", {"difficulty": 1, "natural_touch": 11}, "params.natural_touch"),
    ("skill_check", {"difficulty": 1, "natural_touch": 5, "luck": 2}, "params.luck"),
    ("skill_check", {"difficulty": 21, "natural_touch": 5}, "params.difficulty"),
    ("maneuver", {"notation": "2R2A", "g_rating": 2, "max_speed": 3, "natural_touch": 1},
     "params.difficulty"),
    ("maneuver", {"notation": "4X2F", "g_rating": 2, "max_speed": 3, "natural_touch": 1},
     "params.notation"),
    ("bail_out", {"situation": "boredom", "sixth_sense": 1, "quick_fire": 1},
     "params.situation"),
    ("landing", {"natural_touch": 1, "conditions": ["rain"]}, "params.conditions[0]"),
    ("check", {"formula": "luck"}, "params.formula"),
])
def test_bad_parameters_name_the_parameter(catalogue: Catalogue, query: str,
                                           params: dict[str, Any], path: str) -> None:
    with pytest.raises(BadDocument) as caught:
        facts(query, catalogue, **params)
    assert caught.value.errors[0].path == path


def test_generic_check_and_cli(tmp_path: Any, capsys: Any, catalogue: Catalogue) -> None:
    # "Устранить задержку": 8 - Steady Hand
    report = facts("check", catalogue, formula="jam-clearing", terms={"steady_hand": 3})
    assert (report["target_number"], _chance(report)) == (5, Fraction(6, 10))
    packs = tmp_path / "cs-hex"
    packs.mkdir()
    (packs / PACK.name).write_text(PACK.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["--packs", str(tmp_path), "odds", "cs-hex", "skill_check", "difficulty=2",
                 "natural_touch=4", "shocked=true"]) == 0
    assert json.loads(capsys.readouterr().out)["chances"]["success"]["exact"] == "3/10"
    assert main(["--packs", str(tmp_path), "odds", "cs-hex"]) == 0
    listed = json.loads(capsys.readouterr().out)["queries"]
    assert sorted(listed) == sorted(system_module("cs-hex").queries())


def test_speed_excess_cracks_the_nose_by_the_excess(catalogue: Catalogue) -> None:
    # "Фаза движения": a failed attempt beyond max speed - speed drops to 1, the nose takes as
    # many cracks as the excess, the plane smokes this turn and the next
    report = facts("maneuver", catalogue, notation="4L2F", g_rating=3, max_speed=2,
                              natural_touch=5)
    (check,) = report["checks"]
    assert (check["for"], check["excess"], check["target_number"]) == ("max_speed", 2, 5)
    assert "the nose takes 2 cracks" in check["on_failure"]
    assert "speed drops to 1" in check["on_failure"]
    assert Fraction(report["all_pass"]["exact"]) == Fraction(6, 10)


def test_speeding_up_beyond_acceleration_is_a_check(catalogue: Catalogue) -> None:
    # "превышения максимальной скорости и/или максимального ускорения": from speed 1 to 4 with
    # acceleration 2 exceeds it by 1 -> 8 + 1 - 5 = 4; failure flares the engine
    report = facts("maneuver", catalogue, notation="4L2F", g_rating=3, max_speed=4,
                              natural_touch=5, current_speed=1, acceleration=2)
    (check,) = report["checks"]
    assert (check["for"], check["excess"], check["formula"]) == ("acceleration", 1,
                                                                 "8 + 1 - 5 = 4")
    assert "the nose takes 1 crack," in check["on_failure"]
    assert Fraction(report["all_pass"]["exact"]) == Fraction(7, 10)


def test_slowing_down_beyond_acceleration_cracks_the_wings(catalogue: Catalogue) -> None:
    # "При неудачной попытке сбросить скорость быстрее чем это возможно, самолет получает по
    # трещине на переднюю часть крыла. Однако скорость сбрасывается." 7 -> 4 with acceleration 1
    report = facts("maneuver", catalogue, notation="4L2F", g_rating=3, max_speed=8,
                              natural_touch=5, shocked=True, current_speed=7, acceleration=1)
    (check,) = report["checks"]
    assert (check["for"], check["excess"], check["formula"]) == ("deceleration", 2,
                                                                 "8 + 2 - 5 + 2 = 7")
    assert check["on_failure"] == "the front of each wing takes a crack; the speed still drops"
    assert Fraction(report["all_pass"]["exact"]) == Fraction(4, 10)


def test_change_of_speed_within_acceleration_needs_no_check(catalogue: Catalogue) -> None:
    report = facts("maneuver", catalogue, notation="4L2F", g_rating=3, max_speed=4,
                              natural_touch=0, current_speed=2, acceleration=2)
    assert report["checks"] == []
    with pytest.raises(BadDocument) as caught:
        facts("maneuver", catalogue, notation="4L2F", g_rating=3, max_speed=4,
                         natural_touch=0, current_speed=2)
    assert caught.value.errors[0].path == "params.acceleration"


@given(st.integers(0, 10), st.integers(1, 5), st.integers(0, 10), st.booleans())
def test_acceleration_check_exactly_when_the_change_exceeds_it(
        current: int, acceleration: int, natural_touch: int, shocked: bool) -> None:
    report = facts("maneuver", CATALOGUE, notation="4L2F", g_rating=3, max_speed=10,
                              natural_touch=natural_touch, shocked=shocked,
                              current_speed=current, acceleration=acceleration)
    excess = abs(4 - current) - acceleration
    if excess <= 0:
        assert report["checks"] == []
        assert report["all_pass"]["exact"] == "1/1"
    else:
        (check,) = report["checks"]
        target = 8 + excess - natural_touch + (2 if shocked else 0)
        assert check["for"] == ("acceleration" if current <= 4 else "deceleration")
        assert check["target_number"] == target
        assert Fraction(report["all_pass"]["exact"]) == _enumerated(target)


def test_failed_repeated_steep_maneuver_says_the_book_is_silent(catalogue: Catalogue) -> None:
    # "Маневры с G-рейтингом 3 и выше считается крутыми": the check is given, its failure is not
    report = facts("maneuver", catalogue, notation="4L2F", g_rating=3, max_speed=4,
                              natural_touch=5, previous_steep=True)
    (check,) = report["checks"]
    assert (check["for"], check["formula"]) == ("repeated steep maneuver", "8 + 3 - 5 = 6")
    assert "the book states no consequence" in check["on_failure"]


def test_generic_bail_out_check_caps_earlier_jumps_too(catalogue: Catalogue) -> None:
    # "-1 (максимум -4)" holds however the check is asked for: 12 - 4 - 2 - 1 = 5
    report = facts("check", catalogue, formula="bail-out",
                   terms={"situation": 12, "previous_jumps": 6, "sixth_sense": 2, "quick_fire": 1})
    assert (report["target_number"], report["formula"]) == (5, "12 - 4 - 2 - 1 = 5")
    assert report["target_number"] == facts("bail_out", catalogue, situation="spin", sixth_sense=2,
                                                quick_fire=1, previous_jumps=6)["target_number"]


def test_landing_on_a_zeppelin_is_always_rolled(catalogue: Catalogue) -> None:
    # only a prepared airfield lands automatically; on a zeppelin 4 - 5 = -1: sure, but rolled
    report = facts("landing", catalogue, natural_touch=5, place="zeppelin")
    assert report["automatic"] is False
    assert (report["target_number"], _chance(report)) == (-1, Fraction(1))
    assert [r["roll"] for r in report["if_failed"]] == ["10", "5-9", "3-4", "1-2"]
    assert "helium" in report["if_failed"][1]["result"]
