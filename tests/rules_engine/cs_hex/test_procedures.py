"""The hex-map dice procedures resolved by the rules: the book's worked examples, exact
outcomes for given rolls, refused situations and rolls, and properties over every roll."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.catalogue import build_catalogue, read_pack_file
from rules_engine.cli import main
from rules_engine.cs_hex.odds import maneuver as maneuver_odds
from rules_engine.cs_hex.procedures import PROCEDURES
from rules_engine.cs_hex.procedures_landing import BAIL_OUT_SITUATIONS, LANDING_CONDITIONS
from rules_engine.cs_hex.procedures_shooting import AREAS
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param
from rules_engine.resolve import describe_procedures, dice_needed, resolve
from tests.rules_engine.cs_hex.designs import PACK, ROOT

CATALOGUE = build_catalogue([read_pack_file(PACK)])
SEED = ROOT.parent / "shared" / "seeds" / "004_5f35beb3cfa88850.txt"


def run(name: str, rolls: list[int], **params: Any) -> dict[str, Any]:
    return resolve(CATALOGUE, "cs-hex", name, params, rolls)


def changes(answer: dict[str, Any]) -> set[tuple[str, str, Any]]:
    return {(c["subject"], c["field"], c.get("delta", c.get("value"))) for c in answer["changes"]}


def refused(name: str, rolls: list[int], **params: Any) -> str:
    with pytest.raises(BadDocument) as error:
        run(name, rolls, **params)
    return error.value.errors[0].path


# --- the book's worked examples ---------------------------------------------------------


@pytest.mark.parametrize(("roll", "passed"), [(4, True), (10, True), (3, False), (1, False)])
def test_book_example_movement_phase_skill_check(roll: int, passed: bool) -> None:
    # Seed 004 line 12 ("Фаза движения"): 4L2F (difficulty 3) on a Grumman E-1C Avenger with
    # G-rating 2 is difficulty 1; Natural Touch 5 needs 4 or more (8 + 1 - 5 = 4). Line 14: a
    # failed maneuver beyond the G-rating moves the plane at random.
    answer = run("skill-check", [roll], difficulty=1, natural_touch=5, exceeded="g-rating")
    assert answer["outcome"]["target_number"] == 4
    assert answer["outcome"]["passed"] is passed
    assert "8 + 1 - 5 = 4" in answer["explanation"][0]["text"]
    assert changes(answer) == (set() if passed else {("plane", "random_movement", True)})


@pytest.mark.parametrize("roll", [7, 8])
def test_book_example_special_weapon_effects_incendiary_longest_fire_counts(roll: int) -> None:
    # Seed 004 line 100 ("Особые эффекты оружия", Зажигательные): a fresh round lit for four
    # turns (d10 / 2 rounded up: 7 or 8) hits a column that has two turns left to burn; the
    # column burns four turns, plus the one square the round hit.
    answer = run(
        "damage", [roll], weapon="cal-30", incendiary=True, area="tail", column=3, burning_turns=2
    )
    assert answer["outcome"]["fire_turns"] == 4
    assert answer["outcome"]["burning_turns"] == 4
    assert changes(answer) == {
        ("target", "shaded.tail.3", 1),
        ("target", "burning.tail.3", 4),
        ("target", "smoking", 4),
    }


def test_book_example_movement_phase_4l2f_needs_no_check_on_a_capable_plane() -> None:
    # Seed 004 line 8 ("Фаза движения"): 4L2F has difficulty 3; an undamaged plane with
    # G-rating 3 or more and maximum speed 4 or more flies it without problems: no dice.
    assert dice_needed(CATALOGUE, "cs-hex", "maneuver", {"g_rating": 3, "max_speed": 4}) == []
    answer = run("maneuver", [], notation="4L2F", g_rating=3, max_speed=4)
    assert answer["outcome"] == {
        "maneuver": "4L2F",
        "speed": 4,
        "difficulty": 3,
        "checks": [],
        "all_passed": True,
    }
    assert answer["changes"] == []


@pytest.mark.parametrize(("roll", "passed"), [(4, True), (3, False)])
def test_book_example_movement_phase_4l2f_on_the_avenger(roll: int, passed: bool) -> None:
    # Seed 004 lines 9-12 ("Фаза движения"): the same maneuver on a Grumman E-1C Avenger
    # (G-rating 2) is one skill check of difficulty 1; Natural Touch 5 needs 4 or more.
    answer = run("maneuver", [roll], g_rating=2, max_speed=4, natural_touch=5)
    (check,) = answer["outcome"]["checks"]
    assert (check["for"], check["excess"], check["target_number"]) == ("g-rating", 1, 4)
    assert answer["outcome"]["all_passed"] is passed
    assert changes(answer) == (set() if passed else {("plane", "random_movement", True)})


def test_a_maneuver_rolls_one_die_per_exceeded_rating() -> None:
    # speed 4 from 0 with acceleration 1: +3 over; G 3 over G 1: +2; speed 4 over max 2: +2
    params = {
        "g_rating": 1,
        "max_speed": 2,
        "current_speed": 0,
        "acceleration": 1,
        "previous_steep": True,
    }
    assert [d.meaning for d in dice_needed(CATALOGUE, "cs-hex", "maneuver", params)] == [
        "beyond the G-rating",
        "beyond the maximum speed",
        "speeding up beyond the acceleration",
        "a second steep maneuver in a row",
    ]
    answer = run("maneuver", [1, 1, 10, 10], natural_touch=5, **params)
    assert [(c["for"], c["target_number"], c["passed"]) for c in answer["outcome"]["checks"]] == [
        ("g-rating", 5, False),
        ("max-speed", 5, False),
        ("acceleration", 6, True),
        ("repeated-steep", 6, True),
    ]
    assert changes(answer) == {
        ("plane", "random_movement", True),
        ("plane", "speed", 1),
        ("plane", "cracks.nose", 2),
        ("plane", "smoking", 2),
    }


def test_braking_too_hard_is_its_own_check() -> None:
    answer = run("maneuver", [2], current_speed=8, acceleration=2, max_speed=10)
    (check,) = answer["outcome"]["checks"]
    assert (check["for"], check["excess"]) == ("deceleration", 2)


@pytest.mark.parametrize(
    ("params", "path"),
    [
        ({"difficulty": 2}, "params.difficulty"),
        ({"notation": "4Q2F"}, "params.notation"),
        ({"current_speed": 2}, "params.acceleration"),
    ],
)
def test_a_maneuver_the_book_does_not_allow_is_refused(params: dict[str, Any], path: str) -> None:
    assert refused("maneuver", [], **params) == path


@settings(max_examples=200)
@given(
    g_rating=st.integers(1, 6),
    max_speed=st.integers(1, 6),
    speed=st.integers(1, 9),
    difficulty=st.integers(0, 6),
    natural_touch=st.integers(0, 10),
    shocked=st.booleans(),
    previous_steep=st.booleans(),
    current=st.none() | st.integers(0, 9),
    acceleration=st.integers(1, 4),
)
def test_a_maneuver_rolls_the_checks_the_odds_query_counts(
    g_rating: int,
    max_speed: int,
    speed: int,
    difficulty: int,
    natural_touch: int,
    shocked: bool,
    previous_steep: bool,
    current: int | None,
    acceleration: int,
) -> None:
    notation = f"{speed}L9F"  # row 9: no maneuver of the pack, so any difficulty is given
    given_params = {
        "notation": notation,
        "g_rating": g_rating,
        "max_speed": max_speed,
        "difficulty": difficulty,
        "natural_touch": natural_touch,
        "shocked": shocked,
        "previous_steep": previous_steep,
    }
    if current is not None:
        given_params |= {"current_speed": current, "acceleration": acceleration}
    odds = maneuver_odds(CATALOGUE, **given_params)
    rolls = [1] * len(dice_needed(CATALOGUE, "cs-hex", "maneuver", given_params))
    checks = run("maneuver", rolls, **given_params)["outcome"]["checks"]
    names = {
        "g_rating": "g-rating",
        "max_speed": "max-speed",
        "acceleration": "acceleration",
        "deceleration": "deceleration",
        "repeated steep maneuver": "repeated-steep",
    }
    assert [(names[c["for"]], c["target_number"]) for c in odds["checks"]] == [
        (c["for"], c["target_number"]) for c in checks
    ]


@pytest.mark.parametrize(
    ("pursuer", "victim", "smoking", "shocked", "difference", "told"),
    [
        (4, 5, False, False, -1, "direction of the next maneuver"),
        (5, 5, False, False, 0, "direction and speed of the maneuver"),
        (2, 4, True, True, 2, "direction and speed of the maneuver"),
        (3, 2, True, False, 3, "final hex of the maneuver, but not the facing"),
    ],
)
def test_tailing_tells_more_the_wider_the_sixth_sense_gap(
    pursuer: int, victim: int, smoking: bool, shocked: bool, difference: int, told: str
) -> None:
    # Lines 26-29 ("Он у меня на хвосте!"): below 0 the direction, 0-2 with the speed, 3 or
    # more the final hex without the facing; no dice.
    answer = run(
        "tailing",
        [],
        sixth_sense=pursuer,
        victim_sixth_sense=victim,
        victim_smoking=smoking,
        victim_shocked=shocked,
    )
    assert answer["outcome"] == {"difference": difference, "told": told}
    assert answer["dice"] == []


# --- skill check and its failures ("Фаза движения") -------------------------------------


def test_failed_speed_excess_flares_the_engine() -> None:
    # Line 16: speed drops to 1, the nose takes as many cracks as the excess, smokes 2 turns.
    answer = run("skill-check", [5], difficulty=2, natural_touch=3, exceeded="max-speed")
    assert answer["outcome"]["target_number"] == 7
    assert changes(answer) == {
        ("plane", "speed", 1),
        ("plane", "cracks.nose", 2),
        ("plane", "smoking", 2),
    }


def test_failed_braking_cracks_each_wing_front() -> None:
    answer = run("skill-check", [1], difficulty=1, natural_touch=5, exceeded="deceleration")
    assert changes(answer) == {
        ("plane", "cracks.right-wing-front", 1),
        ("plane", "cracks.left-wing-front", 1),
    }


def test_repeated_steep_maneuver_adds_its_g_rating_and_shock() -> None:
    # Line 20: 8 + G-rating of the maneuver - Natural Touch + 2 shocked; 8 + 3 - 4 + 2 = 9.
    answer = run(
        "skill-check",
        [8],
        difficulty=3,
        natural_touch=4,
        shocked=True,
        exceeded="repeated-steep",
        random_last_turn=True,
    )
    assert answer["outcome"]["target_number"] == 9
    # Line 317: random movement two turns in a row is a spin.
    assert changes(answer) == {("plane", "random_movement", True), ("plane", "spinning", True)}


def test_a_check_for_no_rating_changes_nothing_when_failed() -> None:
    answer = run("skill-check", [1], difficulty=5, natural_touch=0)
    assert answer["outcome"] == {
        "target_number": 13,
        "roll": 1,
        "passed": False,
        "margin": -12,
        "exceeded": "none",
    }
    assert answer["changes"] == []
    assert run("skill-check", [10], difficulty=5, natural_touch=0)["outcome"]["passed"] is False


# --- to hit ("Сложность попадания", "Стрельба на удвоение") -----------------------------


@pytest.mark.parametrize(("roll", "hit"), [(9, True), (8, False)])
def test_to_hit_adds_every_term(roll: int, hit: bool) -> None:
    # 7 + range at 4 hexes (+1) + rocket 1 + shocked 2 + direction 1 - Accuracy 3 = 9
    answer = run(
        "to-hit",
        [roll],
        weapon="rocket-armour-piercing",
        target_number=7,
        distance=4,
        accuracy=3,
        shocked=True,
        direction_modifier=1,
    )
    assert answer["outcome"]["target_number"] == 9
    assert answer["outcome"]["hits"] == int(hit)


@pytest.mark.parametrize(("distance", "target"), [(0, 2), (3, 5), (7, 9)])
def test_to_hit_range_modifier_is_distance_less_three(distance: int, target: int) -> None:
    answer = run("to-hit", [5], weapon="cal-30", target_number=5, distance=distance, accuracy=0)
    assert answer["outcome"]["target_number"] == target


def test_doubling_down_jams_only_when_both_shots_miss() -> None:
    both = run("to-hit", [2, 3], target_number=8, distance=3, accuracy=2, doubling_down=True)
    assert both["outcome"] | {} == {
        "target_number": 6,
        "rolls": [2, 3],
        "hits": 0,
        "hit": False,
        "jammed": True,
    }
    assert changes(both) == {("attacker", "jammed_guns", 1)}
    one = run("to-hit", [2, 6], target_number=8, distance=3, accuracy=2, doubling_down=True)
    assert (one["outcome"]["hits"], one["outcome"]["jammed"], one["changes"]) == (1, False, [])


def test_a_beacon_hit_marks_the_target_for_seekers() -> None:
    assert changes(run("to-hit", [10], weapon="rocket-beacon")) == {
        ("target", "beacon_marked", True)
    }
    assert refused("to-hit", [10], weapon="rocket-seeker") == "params.target_marked"
    assert run("to-hit", [10], weapon="rocket-seeker", target_marked=True)["outcome"]["hit"]


@pytest.mark.parametrize(
    ("params", "path"),
    [
        ({"weapon": "cal-70", "distance": 4}, "params.distance"),
        ({"weapon": "rocket-flash"}, "params.weapon"),
        ({"weapon": "incendiary"}, "params.weapon"),
        ({"weapon": "cal-99"}, "params.weapon"),
    ],
)
def test_to_hit_refuses_an_attack_the_book_does_not_allow(
    params: dict[str, Any], path: str
) -> None:
    assert refused("to-hit", [5], **params) == path


def test_only_guns_double_down() -> None:
    assert (
        refused("to-hit", [5, 5], weapon="rocket-high-explosive", doubling_down=True)
        == "params.doubling_down"
    )


# --- hit location ("Стрельба") -----------------------------------------------------------


def test_hit_location_rolls_area_then_column() -> None:
    answer = run("hit-location", [3, 8])
    assert answer["outcome"] == {"area_roll": 3, "area": None, "column_roll": 8, "column": 8}
    assert [d["meaning"] for d in answer["dice"]] == ["area", "column"]
    assert "not in the book's text" in answer["explanation"][0]["text"]


@pytest.mark.parametrize(
    ("steady", "aim", "rolled", "column"),
    [
        (1, 6, 2, 3),
        (4, 6, 9, 8),
        (5, 6, 2, 4),
        (8, 3, 2, 3),
        (9, 9, 2, 5),
        (10, 1, 3, 1),
    ],
)
def test_steady_hand_shifts_toward_the_aim_and_stops_there(
    steady: int, aim: int, rolled: int, column: int
) -> None:
    answer = run("hit-location", [1, rolled], steady_hand=steady, aim_column=aim)
    assert answer["outcome"]["column"] == column


def test_steady_hand_nine_changes_the_area_instead_and_rolls_no_area() -> None:
    assert [
        d.meaning
        for d in dice_needed(
            CATALOGUE, "cs-hex", "hit-location", {"steady_hand": 9, "aim_area": "tail"}
        )
    ] == ["column"]
    answer = run("hit-location", [4], steady_hand=9, aim_area="tail")
    assert answer["outcome"] == {"area_roll": None, "area": "tail", "column_roll": 4, "column": 4}


@pytest.mark.parametrize(
    ("params", "path"),
    [
        ({"steady_hand": 8, "aim_area": "nose"}, "params.aim_area"),
        ({"steady_hand": 0, "aim_column": 4}, "params.aim_column"),
        ({"steady_hand": 10, "aim_area": "nose", "aim_column": 4}, "params.aim_column"),
    ],
)
def test_hit_location_refuses_what_steady_hand_cannot_do(params: dict[str, Any], path: str) -> None:
    rolls = [5] if params.get("aim_area") else [5, 5]
    assert refused("hit-location", rolls, **params) == path


# --- damage ("Стрельба", "Особые эффекты оружия") ----------------------------------------


def test_plain_rounds_need_no_dice_and_shade_the_centre_square() -> None:
    answer = run("damage", [], weapon="cal-70", area="left-wing-rear", column=10)
    assert answer["dice"] == []
    assert answer["outcome"] == {
        "area": "left-wing-rear",
        "column": 10,
        "squares_shaded": 1,
        "pattern_known": False,
    }
    assert changes(answer) == {("target", "shaded.left-wing-rear.10", 1)}
    assert refused("damage", [5], weapon="cal-70") == "rolls"


@pytest.mark.parametrize(("roll", "turns"), [(1, 1), (2, 1), (3, 2), (9, 5), (10, 5)])
def test_incendiary_burns_half_a_d10_rounded_up(roll: int, turns: int) -> None:
    answer = run("damage", [roll], incendiary=True, burning_turns=0)
    assert answer["outcome"]["burning_turns"] == turns


def test_an_older_longer_fire_is_kept() -> None:
    assert run("damage", [1], incendiary=True, burning_turns=3)["outcome"]["burning_turns"] == 3


def test_incendiary_first_damage_on_a_drop_tank_loses_the_plane() -> None:
    answer = run("damage", [4], incendiary=True, drop_tank=True)
    assert answer["outcome"]["destroyed"] is True
    assert ("target", "destroyed", True) in changes(answer)
    assert "destroyed" not in run("damage", [], drop_tank=True)["outcome"]


@pytest.mark.parametrize(
    ("params", "path"),
    [
        ({"weapon": "rocket-sonic"}, "params.weapon"),
        ({"weapon": "rocket-drill", "incendiary": True}, "params.incendiary"),
    ],
)
def test_damage_refuses_what_the_book_gives_no_damage(params: dict[str, Any], path: str) -> None:
    rolls = [5] if params.get("incendiary") else []
    assert refused("damage", rolls, **params) == path


# --- clearing a jam ("Стрельба на удвоение") ---------------------------------------------


def test_clearing_jams_rolls_one_die_a_gun_against_eight_less_steady_hand() -> None:
    answer = run("clear-jam", [5, 4, 9], steady_hand=3, guns=3)
    assert answer["outcome"] == {
        "target_number": 5,
        "rolls": [5, 4, 9],
        "cleared": 2,
        "still_jammed": 1,
        "passed": False,
    }
    assert changes(answer) == {("pilot", "can_attack", False), ("plane", "jammed_guns", -2)}
    assert refused("clear-jam", [5], guns=2) == "rolls"


# --- bail out, landing, spin ------------------------------------------------------------


@pytest.mark.parametrize(("roll", "out"), [(5, True), (4, False)])
def test_bail_out_from_a_spin(roll: int, out: bool) -> None:
    # 12 + 2 shocked - 4 (six earlier jumps, at most 4) - Sixth Sense 3 - Quick Fire 2 = 5
    answer = run(
        "bail-out",
        [roll],
        situation="spin",
        shocked=True,
        previous_jumps=6,
        sixth_sense=3,
        quick_fire=2,
    )
    assert answer["outcome"]["target_number"] == 5
    assert answer["outcome"]["bailed_out"] is out
    expected = {("pilot", "bailed_out", True), ("pilot", "successful_jumps", 1)}
    assert changes(answer) == (expected if out else set())


@pytest.mark.parametrize(
    ("situation", "target"),
    [
        ("fuel-tank-explosion", 10),
        ("collision", 8),
        ("wing-torn-off", 4),
        ("engine-destroyed", 2),
        ("zeppelin-crash", 4),
    ],
)
def test_bail_out_difficulty_by_situation(situation: str, target: int) -> None:
    answer = run("bail-out", [10], situation=situation, sixth_sense=5, quick_fire=5)
    assert answer["outcome"]["target_number"] == target


def test_bail_out_situations_are_the_packs() -> None:
    rows = CATALOGUE.get("cs-hex", "table", "bail-out-difficulty").data["rows"]
    assert tuple(r[0] for r in rows) == BAIL_OUT_SITUATIONS


def test_an_undamaged_landing_on_an_airfield_needs_no_roll() -> None:
    assert dice_needed(CATALOGUE, "cs-hex", "landing", {}) == []
    answer = run("landing", [])
    assert answer["outcome"] == {"automatic": True, "landed": True}
    assert refused("landing", [5]) == "rolls"


@pytest.mark.parametrize(("roll", "landed"), [(10, True), (9, False)])
def test_landing_modifiers_add_to_four_less_natural_touch(roll: int, landed: bool) -> None:
    # 4 - 2 + landing gear 3 + rudder badly damaged 3 + 2 wounds = 10
    answer = run(
        "landing",
        [roll],
        natural_touch=2,
        wounds=2,
        conditions=["landing-gear-damaged", "rudder-badly-damaged"],
    )
    assert answer["outcome"]["target_number"] == 10
    assert answer["outcome"]["landed"] is landed


def test_a_zeppelin_landing_is_always_rolled() -> None:
    answer = run("landing", [1], place="zeppelin", natural_touch=5)
    assert answer["outcome"]["target_number"] == -1
    assert answer["outcome"]["landed"] is True


def test_landing_conditions_are_the_packs_and_bad_ones_are_refused() -> None:
    rows = CATALOGUE.get("cs-hex", "table", "landing-modifiers").data["rows"]
    assert tuple(r[0] for r in rows if r[0] != "pilot-wound") == LANDING_CONDITIONS
    assert refused("landing", [5], conditions=["wet-grass"]) == "params.conditions[0]"


@pytest.mark.parametrize(
    ("place", "roll", "expected"),
    [
        ("airfield", 10, {("plane", "landed", True)}),
        ("airfield", 7, {("plane", "destroyed", True), ("pilot", "constitution", -2)}),
        ("airfield", 3, {("plane", "wings_torn_off", 1)}),
        ("airfield", 2, {("plane", "nose_guns_destroyed", True), ("plane", "engine", "damaged")}),
        ("zeppelin", 5, {("plane", "destroyed", True), ("pilot", "must_bail_out", 14)}),
        ("zeppelin", 4, {("plane", "wings_torn_off", 2), ("pilot", "constitution", -1)}),
        ("zeppelin", 1, {("plane", "nose_guns_destroyed", True), ("plane", "engine", "destroyed")}),
    ],
)
def test_a_failed_landing_on_the_books_tables(
    place: str, roll: int, expected: set[tuple[str, str, Any]]
) -> None:
    assert changes(run("landing-failure", [roll], place=place)) == expected


@pytest.mark.parametrize(("roll", "recovered", "left"), [(8, True, None), (7, False, 2)])
def test_spin_recovery(roll: int, recovered: bool, left: int | None) -> None:
    # Line 319: 8 + 2 turns in the spin - Natural Touch 4 + 2 shocked = 8
    answer = run(
        "spin-recovery", [roll], turns_in_spin=2, natural_touch=4, shocked=True, turns_to_doom=3
    )
    assert answer["outcome"]["target_number"] == 8
    assert (answer["outcome"]["recovered"], answer["outcome"]["turns_to_doom"]) == (recovered, left)


def test_a_failed_recovery_on_the_last_turn_loses_the_plane() -> None:
    answer = run("spin-recovery", [1], turns_to_doom=1)
    assert ("plane", "destroyed", True) in changes(answer)


@pytest.mark.parametrize(("roll", "facing"), list(zip(range(1, 7), "ABCDEF", strict=True)))
def test_spin_facing(roll: int, facing: str) -> None:
    # Line 318: the spinning plane stays in its hex and rolls 1d6 for its facing each turn
    assert changes(run("spin-facing", [roll], turns_to_doom=4)) == {
        ("plane", "facing", facing),
        ("plane", "spin_turns", 1),
        ("plane", "turns_to_doom", -1),
    }
    assert refused("spin-facing", [7]) == "rolls[0]"


def test_the_last_turn_of_the_fall_reaches_the_doom_point() -> None:
    answer = run("spin-facing", [2], turns_to_doom=1)
    assert answer["outcome"] == {"roll": 2, "facing": "B", "turns_to_doom": 0}
    assert ("plane", "destroyed", True) in changes(answer)


def test_a_second_random_movement_starts_the_spin_at_ten_less_the_speed() -> None:
    # Lines 317-318: random movement two turns in a row is a spin; the plane falls for
    # 10 - current speed turns (here the maneuver's speed, 4, or 1 after an engine flare).
    plain = run("maneuver", [1], g_rating=2, random_last_turn=True)
    assert {
        ("plane", "spinning", True),
        ("plane", "spin_turns", 0),
        ("plane", "turns_to_doom", 6),
    } <= changes(plain)
    flared = run("maneuver", [1, 1], g_rating=2, max_speed=3, random_last_turn=True)
    assert ("plane", "turns_to_doom", 9) in changes(flared)
    assert "spinning" not in {c["field"] for c in run("maneuver", [1], g_rating=2)["changes"]}


# --- collisions and ramming --------------------------------------------------------------


def test_matching_numbers_collide() -> None:
    answer = run("collision", [4, 7, 4], planes=3)
    assert answer["outcome"] == {"rolls": [4, 7, 4], "collided": [1, 3]}
    assert changes(answer) == {("plane-1", "destroyed", True), ("plane-3", "destroyed", True)}
    assert run("collision", [1, 2])["outcome"]["collided"] == []
    assert refused("collision", [1, 2], planes=3) == "rolls"


@pytest.mark.parametrize(
    ("size", "roll", "collided"), [(7, 3, False), (7, 2, True), (1, 9, False), (1, 8, True)]
)
def test_book_example_collisions_zeppelin_engine_and_large_building(
    size: int, roll: int, collided: bool
) -> None:
    # Seed 004 lines 140-141 ("Столкновения"): d10 >= 10 - size modifier; the book's examples
    # are a zeppelin's engine, 7 (3 or more), and a large building, 1 (9 or more).
    answer = run("object-collision", [roll], size_modifier=size)
    assert answer["outcome"]["collided"] is collided


def test_ramming() -> None:
    # 6 + 4 - 2 = 8
    hit = run("ramming", [8], target_number=6, target_sixth_sense=4, sixth_sense=2)
    assert changes(hit) == {("attacker", "destroyed", True), ("target", "destroyed", True)}
    assert (
        run("ramming", [7], target_number=6, target_sixth_sense=4, sixth_sense=2)["changes"] == []
    )


def test_drill_and_shock_checks() -> None:
    assert run("drill-power-check", [7], distance=3)["outcome"]["bores_on"] is True
    assert run("drill-power-check", [6], distance=3)["outcome"]["bores_on"] is False
    shock = run("shock-check", [6], constitution=3)
    assert changes(shock) == {("pilot", "shocked", 1), ("plane", "straight_next_turn", True)}
    assert run("shock-check", [7], constitution=3)["changes"] == []


# --- the procedures as a whole -----------------------------------------------------------

NAMES = [
    "skill-check",
    "tailing",
    "maneuver",
    "to-hit",
    "hit-location",
    "damage",
    "clear-jam",
    "drill-power-check",
    "shock-check",
    "collision",
    "object-collision",
    "ramming",
    "bail-out",
    "landing",
    "landing-failure",
    "spin-recovery",
    "spin-facing",
]


def test_describe_lists_every_procedure() -> None:
    assert [p["procedure"] for p in describe_procedures(CATALOGUE, "cs-hex")] == NAMES


def test_every_heading_is_the_books() -> None:
    seed = SEED.read_text(encoding="utf-8")
    for procedure in PROCEDURES:
        heading = procedure.section.split(" (")[0].split(":")[0]
        assert heading.lower() in seed.lower(), procedure.section


def _values(param: Param) -> st.SearchStrategy[Any]:
    if param.catalogue_ids == "weapon":
        found: st.SearchStrategy[Any] = st.sampled_from(
            sorted(CATALOGUE.records("cs-hex", "weapon"))
        )
    elif param.type == "integer":
        # small values more often: a distance within the guns' ranges, a few guns or planes
        low, high = param.minimum, param.maximum
        found = st.integers(low, min(high, low + 8)) | st.integers(low, high)
    elif param.type == "boolean":
        found = st.booleans()
    elif param.type == "array":
        found = st.lists(st.sampled_from(param.items["choices"]), max_size=param.max_items)
    elif param.name == "notation":
        found = st.builds(
            "{}{}{}{}".format,
            st.integers(1, 10),
            st.sampled_from("LRSQ"),
            st.integers(1, 5),
            st.sampled_from("ABCDEF"),
        )
    else:
        found = st.sampled_from(param.choices or ())
    return st.none() | found if param.default is None else found


def _situation(draw: st.DrawFn, name: str) -> tuple[dict[str, Any], list[int]]:
    procedure = next(p for p in PROCEDURES if p.name == name)
    params = {p.name: draw(_values(p)) for p in procedure.params}
    try:
        dice = dice_needed(CATALOGUE, "cs-hex", name, params)
    except BadDocument as error:  # a situation refused before any die: no rolls to give
        assert all(e.path.startswith("params.") for e in error.errors)  # noqa: PT017
        return params, []
    rolls = [draw(st.integers(1, d.sides)) for d in dice for _ in range(d.count)]
    return params, rolls


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60)
@given(data=st.data())
def test_every_situation_and_roll_resolves_or_is_refused_by_its_params(
    name: str, data: st.DataObject
) -> None:
    params, rolls = data.draw(st.composite(lambda draw: _situation(draw, name))())
    try:
        answer = run(name, rolls, **params)
    except BadDocument as error:
        refusal: BadDocument | None = error
    else:
        refusal = None
    if refusal is not None:
        assert all(e.path.startswith("params.") for e in refusal.errors)
        return
    json.dumps(answer)
    assert answer["explanation"]
    assert all(step["section"] for step in answer["explanation"])


MONOTONE = {
    "skill-check": "passed",
    "maneuver": "all_passed",
    "to-hit": "hits",
    "clear-jam": "cleared",
    "drill-power-check": "passed",
    "shock-check": "passed",
    "bail-out": "passed",
    "landing": "landed",
    "spin-recovery": "passed",
    "object-collision": "passed",
    "ramming": "passed",
    "damage": "burning_turns",
}


@pytest.mark.parametrize("name", sorted(MONOTONE))
@settings(max_examples=60)
@given(data=st.data())
def test_a_higher_roll_never_does_worse(name: str, data: st.DataObject) -> None:
    params, rolls = data.draw(st.composite(lambda draw: _situation(draw, name))())
    if not rolls:
        return
    at = data.draw(st.integers(0, len(rolls) - 1))
    sides = dice_needed(CATALOGUE, "cs-hex", name, params)[0].sides
    if rolls[at] == sides:
        return
    higher = [*rolls[:at], rolls[at] + 1, *rolls[at + 1 :]]
    try:
        low = run(name, rolls, **params)["outcome"]
    except BadDocument:
        return
    high = run(name, higher, **params)["outcome"]
    key = MONOTONE[name]
    assert int(high.get(key) or 0) >= int(low.get(key) or 0)


def test_areas_are_the_armour_areas() -> None:
    areas = CATALOGUE.get("cs-hex", "mass_table", "armour").data["areas"]
    assert tuple(a["id"] for a in areas) == AREAS


def test_the_command_line_resolves_and_names_the_dice_it_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    packs = tmp_path / "cs-hex"
    packs.mkdir()
    (packs / PACK.name).write_text(PACK.read_text(encoding="utf-8"), encoding="utf-8")
    base = ["--packs", str(tmp_path), "resolve", "cs-hex"]
    assert main([*base, "clear-jam", "steady_hand=3", "guns=2", "rolls=5,4"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"]["cleared"] == 1
    assert main([*base, "to-hit", "doubling_down=true", "rolls=5"]) == 2
    assert "needs 2 dice: 2d10 (to hit, two shots doubling down); got 1" in (
        capsys.readouterr().err
    )
    assert main([*base, "--describe"]) == 0
    listed = json.loads(capsys.readouterr().out)["procedures"]
    assert {p["procedure"]: [d["notation"] for d in p["dice"]] for p in listed}["landing"] == []
