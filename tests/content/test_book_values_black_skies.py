"""The Black Skies pack against its book (seed 002) and its record schemas.

Each transcribed value names the book section it was read from, so a reader can check it
against the rule book.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.content import book
from tests.json_paths import resolve

SYSTEM = "black-skies"
PACK_PATH = book.pack_path(SYSTEM)
SEED = "002_9c61f0ebbfb1256c.txt"
SEED_TEXT = book.SEEDS / SEED
PACK = book.load(PACK_PATH)
RECORDS = book.records_by_key(PACK)
schema_for = partial(book.schema_for, system=SYSTEM)
table_value = partial(book.table_value, RECORDS)


def data(type_: str, id_: str) -> dict[str, Any]:
    return RECORDS[(type_, id_)]["data"]


def option(maneuver: str, option_id: str) -> dict[str, Any]:
    (found,) = [o for o in data("maneuver", maneuver)["options"] if o["id"] == option_id]
    return found


# (book section, what, value read from the pack, value printed in the book)
BOOK_VALUES = [
    ("Pilots", "skill 1 name", lambda: table_value("pilot-skill-levels", 1, "name"),
     "green pilot"),
    ("Pilots", "skill 4 name", lambda: table_value("pilot-skill-levels", 4, "name"),
     "hotshot pilot"),
    ("Fighters", "light hardpoints", lambda: data("fighter_weight", "light")["hardpoints"], 2),
    ("Fighters", "medium hull", lambda: data("fighter_weight", "medium")["hull"], 6),
    ("Fighters", "heavy acceleration",
     lambda: data("fighter_weight", "heavy")["acceleration"], 2),
    ("Fighters", "heavy hardpoints", lambda: data("fighter_weight", "heavy")["hardpoints"], 4),
    ("Tactical Displays", "light hull die", lambda: data("fighter_weight", "light")["hull_die"],
     4),
    ("Basic Maneuvers", "Break Left difficulty", lambda: option("left", "break-left")
     ["difficulty"], 2),
    ("Basic Maneuvers", "Late Right penalty", lambda: option("right", "late-right")["penalty"],
     1),
    ("Basic Maneuvers", "Accelerate difficulty",
     lambda: option("straight", "accelerate")["difficulty"], 1),
    ("Additional Maneuvers", "Hard Left difficulty",
     lambda: option("hard-left", "hard-left")["difficulty"], 3),
    ("Additional Maneuvers", "Sideslip Right card", lambda: data("maneuver", "sideslip-right")
     ["card"], 9),
    ("Additional Maneuvers", "Reverse Left penalty",
     lambda: option("reverse-left", "reverse-left")["penalty"], 4),
    ("Thrusters", "side thrusters unlock",
     lambda: data("ability", "side-thrusters")["maneuvers"],
     ["snake", "sideslip-left", "sideslip-right"]),
    ("Combat", "medium range target number", lambda: table_value("target-numbers", "medium",
                                                                  "target_number"), 7),
    ("Combat", "long range target number", lambda: table_value("target-numbers", "long",
                                                                "target_number"), 10),
    ("Combat", "target speed 0 modifier",
     lambda: table_value("target-speed-modifiers", "target speed 0", "modifier"), 4),
    ("Combat", "target speed >9 modifier",
     lambda: table_value("target-speed-modifiers", "target speed >9", "modifier"), -2),
    ("Armour", "heavy armour reduction", lambda: data("ability", "heavy-armour")
     ["damage_reduction"], 2),
    ("Armour", "light armour hardpoints", lambda: data("ability", "light-armour")
     ["hardpoints"], 1),
    ("Armour", "heavy armour barred to light fighters",
     lambda: data("ability", "heavy-armour")["not_for_weights"], ["light"]),
    ("Shields", "shield hardpoints per level", lambda: data("ability", "shields")["hardpoints"],
     1),
    ("Examples", "Laser Cannon long range", lambda: data("weapon", "laser-cannon")["ranges"]
     ["long"], 18),
    ("Examples", "Laser Cannon damage die", lambda: data("weapon", "laser-cannon")
     ["damage_die"], 6),
    ("Examples", "Laser Cannon rate of fire", lambda: data("weapon", "laser-cannon")
     ["rate_of_fire"], 1),
    ("Movement", "speed limit", lambda: table_value("rules-constants", "max_speed", "value"),
     12),
    ("Formations", "element size", lambda: table_value("rules-constants", "element_size",
                                                       "value"), 2),
]


@pytest.mark.parametrize(("section", "what", "read", "printed"), BOOK_VALUES,
                         ids=[f"{s}:{w}" for s, w, _, _ in BOOK_VALUES])
def test_pack_value_matches_the_book(section, what, read, printed):
    assert read() == printed


def test_black_tiger_matches_the_examples_section():
    # Examples: "Black Tiger Weight - Medium Thrusters - Rear Weapons - Laser Cannons (2)
    # Armour - Light (-1) Shields - No".
    record = RECORDS[("table", "black-tiger")]
    assert record["source"] == {"seed": SEED, "section": "Examples"}
    assert record["data"]["design"] == {
        "name": "Black Tiger", "weight": "medium", "thrusters": ["rear-thrusters"],
        "weapons": [{"weapon": "laser-cannon", "count": 2}], "armour": "light-armour",
        "shields": 0,
    }


def test_the_twelve_maneuver_cards_are_numbered_one_to_twelve():
    # Maneuver Cards: basic 1-3, additional up to 12 (Jack and Queen for 11 and 12).
    cards = sorted(r["data"]["card"] for r in PACK["records"] if r["type"] == "maneuver")
    assert cards == list(range(1, 13))


@pytest.mark.skipif(not SEED_TEXT.exists(), reason="the seed dump is not on this machine")
@pytest.mark.parametrize("phrase", [
    "light - has 2 hardpoints, can take 4 points of damage and has an acceleration rating of 4",
    "Close range: 4 / Medium range: 7 / Long range: 10",
    "Hard Left - difficulty 3 - penalty 2",
    "Range - 6 / 12 / 18 inches Damage - d6",
    "heavy - has 4 hardpoints, can take 8 points of damage but has a poor acceleration "
    "rating of 2",
    "target speed 0: +4 / target speed <4: +2 / target speed >9: -2 / - maneuver penalty",
    "Reverse Left - difficulty 3 - penalty 4",
    "Snake - difficulty 3 - penalty 0",
    "Bootlegger - difficulty 2 - penalty 2",
    "Each level of armour costs the fighter one hardpoint",
    "Use a d4 for light, d6 for medium and d8 for heavy fighters",
])
def test_quoted_phrases_are_in_the_seed(phrase):
    assert phrase in SEED_TEXT.read_text(encoding="utf-8")


@pytest.mark.parametrize("record", PACK["records"], ids=book.record_id)
def test_record_is_valid_against_its_schema(record):
    schema = schema_for(record["type"])
    Draft202012Validator.check_schema(schema)
    assert book.schema_errors(schema, record["data"]) == []
    assert record["source"]["seed"] == SEED
    assert record["source"]["section"]
    for note in record.get("uncertain", []):
        resolve(record, note["path"])  # every uncertain path names a value that exists
        assert note["note"]


# (schema, a bad document, the JSON path the error must name)
BAD_DOCUMENTS = [
    ("fighter_weight", {"rank": 1, "hardpoints": -1, "hull": 4, "acceleration": 4,
                        "hull_die": 4}, "$.hardpoints"),
    ("weapon", {"arcs": ["forward"], "rate_of_fire": 1, "damage_die": 6, "hardpoints": 1,
                "ranges": {"close": 6, "medium": 12, "long": "far"}}, "$.ranges.long"),
    ("maneuver", {"card": 5, "thruster": "rear-thrusters", "direction": "left",
                  "options": [{"id": "hard-left", "name": "Hard Left", "difficulty": 3,
                               "penalty": -2, "text": "turn"}]}, "$.options[0].penalty"),
    ("ability", {"kind": "armour", "level": 1, "damage_reduction": 1, "hardpoints": 1,
                 "not_for_weights": ["Light"], "rule_text": "x"}, "$.not_for_weights[0]"),
    ("table", {"kind": "target_numbers", "columns": ["range_band", "target_number"],
               "rows": [["close", 4], ["point-blank", 2]]}, "$.rows[1][0]"),
]


@pytest.mark.parametrize(("record_type", "bad", "path"), BAD_DOCUMENTS,
                         ids=[t for t, _, _ in BAD_DOCUMENTS])
def test_schema_refuses_a_bad_document_at_its_path(record_type, bad, path):
    assert book.error_paths(schema_for(record_type), bad) == [path]


def test_pack_file_is_in_canonical_form_with_sorted_records():
    assert PACK_PATH.read_text(encoding="utf-8") == book.canonical_text(PACK)
    keys = book.record_keys(PACK)
    assert keys == sorted(keys)
    assert (PACK["id"], PACK["version"], PACK["system"]) == (
        "black-skies-core", "1.0.0", "black-skies")


# Basic Maneuvers and Additional Maneuvers, every card as printed:
# (card, maneuver id, thruster, direction, [(action, name, difficulty, penalty)]).
BOOK_MANEUVERS = [
    (1, "straight", "basic-thrusters", "straight", [
        ("steady", "Steady", 0, 0), ("accelerate", "Accelerate", 1, 0),
        ("decelerate", "Decelerate", 1, 0)]),
    (2, "left", "basic-thrusters", "left", [
        ("break-left", "Break Left", 2, 2), ("smooth-left", "Smooth Left", 1, 0),
        ("late-left", "Late Left", 2, 1)]),
    (3, "right", "basic-thrusters", "right", [
        ("break-right", "Break Right", 2, 2), ("smooth-right", "Smooth Right", 1, 0),
        ("late-right", "Late Right", 2, 1)]),
    (4, "afterburner", "rear-thrusters", "straight", [("afterburner", "Afterburner", 2, 0)]),
    (5, "hard-left", "rear-thrusters", "left", [("hard-left", "Hard Left", 3, 2)]),
    (6, "hard-right", "rear-thrusters", "right", [("hard-right", "Hard Right", 3, 2)]),
    (7, "snake", "side-thrusters", "either", [("snake", "Snake", 3, 0)]),
    (8, "sideslip-left", "side-thrusters", "left", [("sideslip-left", "Sideslip Left", 2, 0)]),
    (9, "sideslip-right", "side-thrusters", "right",
     [("sideslip-right", "Sideslip Right", 2, 0)]),
    (10, "bootlegger", "forward-thrusters", "straight", [("bootlegger", "Bootlegger", 2, 2)]),
    (11, "reverse-left", "forward-thrusters", "left", [("reverse-left", "Reverse Left", 3, 4)]),
    (12, "reverse-right", "forward-thrusters", "right",
     [("reverse-right", "Reverse Right", 3, 4)]),
]


@pytest.mark.parametrize(("card", "maneuver", "thruster", "direction", "options"),
                         BOOK_MANEUVERS, ids=[m for _, m, _, _, _ in BOOK_MANEUVERS])
def test_every_maneuver_card_matches_the_book(card, maneuver, thruster, direction, options):
    record = data("maneuver", maneuver)
    assert (record["card"], record["thruster"], record["direction"]) == (
        card, thruster, direction)
    assert [(o["id"], o["name"], o["difficulty"], o["penalty"]) for o in record["options"]] \
        == options


def test_each_thruster_unlocks_the_three_cards_listed_under_it():
    # Additional Maneuvers: Rear Thrusters 4-6, Side Thrusters 7-9, Forward Thrusters 10-12;
    # Maneuver Cards: Basic Maneuvers 1-3.
    unlocked = {tid: sorted(data("maneuver", m)["card"]
                            for m in data("ability", tid)["maneuvers"])
                for tid in ("basic-thrusters", "rear-thrusters", "side-thrusters",
                            "forward-thrusters")}
    assert unlocked == {"basic-thrusters": [1, 2, 3], "rear-thrusters": [4, 5, 6],
                        "side-thrusters": [7, 8, 9], "forward-thrusters": [10, 11, 12]}


@pytest.mark.parametrize(("weight", "expected"), [
    # Fighters: "light - has 2 hardpoints, can take 4 points of damage and has an
    # acceleration rating of 4 medium - has 3 hardpoints, can take 6 ... of 3 heavy - has 4
    # hardpoints, can take 8 ... of 2"; Tactical Displays: "a d4 for light, d6 for medium
    # and d8 for heavy fighters".
    ("light", {"rank": 1, "hardpoints": 2, "hull": 4, "acceleration": 4, "hull_die": 4}),
    ("medium", {"rank": 2, "hardpoints": 3, "hull": 6, "acceleration": 3, "hull_die": 6}),
    ("heavy", {"rank": 3, "hardpoints": 4, "hull": 8, "acceleration": 2, "hull_die": 8}),
])
def test_every_fighter_weight_matches_the_book(weight, expected):
    assert data("fighter_weight", weight) == expected


@pytest.mark.parametrize(("armour", "name", "level", "reduction", "hardpoints", "barred"), [
    # Armour: "none (0), light (-1) and heavy (-2). A light fighter may not have heavy
    # armour ... Each level of armour costs the fighter one hardpoint."
    ("no-armour", "None (0)", 0, 0, 0, []),
    ("light-armour", "Light (-1)", 1, 1, 1, []),
    ("heavy-armour", "Heavy (-2)", 2, 2, 2, ["light"]),
])
def test_every_armour_level_matches_the_book(armour, name, level, reduction, hardpoints,
                                             barred):
    record = RECORDS[("ability", armour)]
    assert record["name"] == name
    assert {k: record["data"][k] for k in ("level", "damage_reduction", "hardpoints",
                                           "not_for_weights")} == {
        "level": level, "damage_reduction": reduction, "hardpoints": hardpoints,
        "not_for_weights": barred}


def test_heavy_armour_cost_is_flagged_as_a_reading():
    # Armour: "Each level of armour costs the fighter one hardpoint" can mean 2 for heavy
    # (the pack's value) or 1 whatever the level: recorded as uncertain, a list setting.
    notes = RECORDS[("ability", "heavy-armour")]["uncertain"]
    assert [n["path"] for n in notes] == ["$.data.hardpoints"]
    assert "armour_hardpoints" in notes[0]["note"]


def test_combat_tables_match_the_book():
    # Combat: "Target Numbers (by range) - Close range: 4 / Medium range: 7 / Long range: 10
    # Modifiers - target speed 0: +4 / target speed <4: +2 / target speed >9: -2".
    assert data("table", "target-numbers")["rows"] == [["close", 4], ["medium", 7],
                                                       ["long", 10]]
    assert data("table", "target-speed-modifiers")["rows"] == [
        ["target speed 0", 0, 0, 4], ["target speed <4", 1, 3, 2],
        ["target speed >9", 10, 12, -2]]


def test_laser_cannon_matches_the_examples_section():
    # Examples: "Laser Cannon Arc of Fire - forward arc only Rate of Fire - 1 Range - 6 / 12
    # / 18 inches Damage - d6".
    assert data("weapon", "laser-cannon") == {
        "arcs": ["forward"], "rate_of_fire": 1, "ranges": {"close": 6, "medium": 12,
                                                           "long": 18},
        "damage_die": 6, "hardpoints": 1}


def test_pilot_skill_levels_match_the_book():
    # Pilots: "1. green pilot ... 2. trained pilot ... 3. experienced pilot ... 4. hotshot".
    rows = data("table", "pilot-skill-levels")["rows"]
    assert [(level, name) for level, name, _ in rows] == [
        (1, "green pilot"), (2, "trained pilot"), (3, "experienced pilot"),
        (4, "hotshot pilot")]


def test_rule_constants_match_the_running_text():
    table = data("table", "rules-constants")
    assert {row[0]: row[1] for row in table["rows"]} == {
        "max_speed": 12,  # Movement: "a maximum speed limit of 12"
        "element_size": 2,  # Formations: "Elements of two fighters each"
        "element_max_spread": 6,  # Movement: "within six inches of each other"
        "basic_maneuver_cards": 3,  # Movement: "the 3 basic maneuvers"
        "piloting_die_sides": 6,  # Piloting Check: "A six sided die (d6)"
        "crippled_difficulty_multiplier": 2,  # Piloting Check: crippled "doubled"
        "failed_check_difficulty_multiplier": 2,  # Piloting Check: after a failure "doubled"
        "combat_die_sides": 12,  # Combat: "Roll the number of d12s"
        "maneuver_penalty_to_hit": -1,  # Combat: "- maneuver penalty"
        "crippled_hull_fraction": 0.5,  # Combat: "drops to half or less"
        "crippled_weapons_fraction": 0.5,  # Combat: "half (round down) of its weapons"
        "decelerate_step": 1,  # Basic Maneuvers: "decrease its speed by 1"
        "afterburner_acceleration_multiplier": 1.5,  # Additional Maneuvers: "150%"
    }
