"""The Black Skies pack against its book (seed 002) and its record schemas.

Each transcribed value names the book section it was read from, so a reader can check it
against the rule book.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
PACK_PATH = ROOT / "content" / "packs" / "black-skies" / "black-skies-core.json"
SCHEMA_DIR = ROOT / "content" / "schemas" / "records"
SEED = "002_9c61f0ebbfb1256c.txt"
SEED_TEXT = (ROOT.parent / "shared" / "seeds" / SEED)
PATH_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


PACK = load(PACK_PATH)
RECORDS = {(r["type"], r["id"]): r for r in PACK["records"]}


def schema_for(record_type: str) -> dict[str, Any]:
    specific = SCHEMA_DIR / f"{record_type}.black-skies.json"
    return load(specific if specific.exists() else SCHEMA_DIR / f"{record_type}.json")


def data(type_: str, id_: str) -> dict[str, Any]:
    return RECORDS[(type_, id_)]["data"]


def table_value(table_id: str, key: Any, column: str) -> Any:
    table = data("table", table_id)
    rows = [dict(zip(table["columns"], row, strict=True)) for row in table["rows"]]
    (row,) = [row for row in rows if row[table["columns"][0]] == key]
    return row[column]


def option(maneuver: str, option_id: str) -> dict[str, Any]:
    (found,) = [o for o in data("maneuver", maneuver)["options"] if o["id"] == option_id]
    return found


def resolve(document: Any, json_path: str) -> Any:
    value = document
    for key, index in PATH_STEP.findall(json_path[1:]):
        value = value[key] if key else value[int(index)]
    return value


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
])
def test_quoted_phrases_are_in_the_seed(phrase):
    assert phrase in SEED_TEXT.read_text(encoding="utf-8")


@pytest.mark.parametrize("record", PACK["records"], ids=lambda r: f"{r['type']}:{r['id']}")
def test_record_is_valid_against_its_schema(record):
    schema = schema_for(record["type"])
    Draft202012Validator.check_schema(schema)
    assert list(Draft202012Validator(schema).iter_errors(record["data"])) == []
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
    errors = list(Draft202012Validator(schema_for(record_type)).iter_errors(bad))
    assert [e.json_path for e in errors] == [path]


def test_pack_file_is_in_canonical_form_with_sorted_records():
    text = PACK_PATH.read_text(encoding="utf-8")
    assert text == json.dumps(PACK, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    keys = [(r["type"], r["id"]) for r in PACK["records"]]
    assert keys == sorted(keys)
    assert (PACK["id"], PACK["version"], PACK["system"]) == (
        "black-skies-core", "1.0.0", "black-skies")
