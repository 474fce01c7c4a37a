"""The cs-hex pack against the book (seed 004, Crimson Skies hex-map rules) and its schemas.

Each expected value below was read from the seed; the section named beside it is the book's
heading, so a reader can check the transcription line by line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "content" / "packs" / "cs-hex" / "cs-hex-core.json"
RECORD_SCHEMAS = ROOT / "content" / "schemas" / "records"
SEED = "004_5f35beb3cfa88850.txt"


def _pack() -> dict[str, Any]:
    return json.loads(PACK.read_text(encoding="utf-8"))


def _record(type_: str, id_: str) -> dict[str, Any]:
    matches = [r for r in _pack()["records"] if r["type"] == type_ and r["id"] == id_]
    assert len(matches) == 1, f"{type_}/{id_} should occur exactly once"
    return matches[0]


def _schema_for(type_: str) -> Draft202012Validator:
    path = RECORD_SCHEMAS / f"{type_}.cs-hex.json"
    if not path.exists():
        path = RECORD_SCHEMAS / f"{type_}.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _rating_mass(table_id: str, size: int, rating: int) -> int:
    data = _record("mass_table", table_id)["data"]
    row = next(r for r in data["rows"] if r["size"] == size)
    return row["masses"][data["ratings"].index(rating)]


def _row(table_id: str, key: Any, key_column: int = 0) -> list[Any]:
    return next(r for r in _record("table", table_id)["data"]["rows"] if r[key_column] == key)


# (what, section of the book, value in the pack, value printed in the book)
BOOK_VALUES = [
    ("size 10 total mass", "2. Выбор размера",
     lambda: _record("mass_table", "size-mass")["data"]["rows"][0]["total_mass"], 3250),
    ("size 1 free mass", "2. Выбор размера",
     lambda: _record("mass_table", "size-mass")["data"]["rows"][9]["free_mass"], 10000),
    ("size 6 free mass", "2. Выбор размера",
     lambda: next(r["free_mass"] for r in _record("mass_table", "size-mass")["data"]["rows"]
                  if r["size"] == 6), 5000),
    ("max speed 4 at size 8", "3. Выбор максимальной скорости",
     lambda: _rating_mass("max-speed-mass", 8, 4), 720),
    ("max speed 5 at size 1", "3. Выбор максимальной скорости",
     lambda: _rating_mass("max-speed-mass", 1, 5), 7500),
    ("max speed 2 at size 10", "3. Выбор максимальной скорости",
     lambda: _rating_mass("max-speed-mass", 10, 2), 25),
    ("G-rating 3 at size 8", "4. Выбор максимального G-рейтинга",
     lambda: _rating_mass("g-rating-mass", 8, 3), 540),
    ("G-rating 4 at size 3", "4. Выбор максимального G-рейтинга",
     lambda: _rating_mass("g-rating-mass", 3, 4), 3840),
    ("acceleration 3 at size 10", "5. Выбор максимального ускорения",
     lambda: _rating_mass("acceleration-mass", 10, 3), 45),
    ("acceleration 2 at size 4", "5. Выбор максимального ускорения",
     lambda: _rating_mass("acceleration-mass", 4, 2), 630),
    ("armour mass per point", "6. Обвес броней",
     lambda: _record("mass_table", "armour")["data"]["mass_per_point"], 3),
    ("armour maximum per area", "6. Обвес броней",
     lambda: _record("mass_table", "armour")["data"]["points_max"], 80),
    ("armour areas", "6. Обвес броней",
     lambda: len(_record("mass_table", "armour")["data"]["areas"]), 6),
    ("light fighter sizes", "1. Выбор типа самолета",
     lambda: [(t["size_max"], t["size_min"])
              for t in _record("mass_table", "plane-types")["data"]["types"]],
     [(10, 5), (6, 1)]),
    (".50 calibre mass", "7. Обвес оружием", lambda: _record("weapon", "cal-50")["data"]["mass"],
     400),
    (".70 calibre mass", "7. Обвес оружием", lambda: _record("weapon", "cal-70")["data"]["mass"],
     850),
    (".30 calibre range", "Стрельба", lambda: _record("weapon", "cal-30")["data"]["range"], 7),
    (".60 calibre range", "Стрельба", lambda: _record("weapon", "cal-60")["data"]["range"], 4),
    ("turret base mass", "7. Обвес оружием",
     lambda: _record("mass_table", "turret")["data"]["base_mass"], 400),
    ("guns per turret", "7. Обвес оружием",
     lambda: _record("mass_table", "turret")["data"]["guns_max"], 2),
    ("hardpoints per plane", "8. Ракеты",
     lambda: _record("mass_table", "hardpoints")["data"]["per_plane"], 8),
    ("seeker range", "Стрельба",
     lambda: _record("weapon", "rocket-seeker")["data"]["range"], 4),
    ("armour-piercing rocket hardpoints", "8. Ракеты",
     lambda: _record("weapon", "rocket-armour-piercing")["data"]["hardpoints"], 2),
    ("flash rocket hardpoints", "8. Ракеты",
     lambda: _record("weapon", "rocket-flash")["data"]["hardpoints"], 1),
    ("drop tank hardpoints", "8. Ракеты",
     lambda: _record("weapon", "drop-tank")["data"]["hardpoints"], 4),
    ("skill check base", "Фаза движения",
     lambda: _record("table", "skill-check")["data"]["base"], 8),
    ("shock adds 2 to a skill check", "Фаза движения",
     lambda: next(t["value"] for t in _record("table", "skill-check")["data"]["terms"]
                  if t["id"] == "shocked"), 2),
    ("bail out after a fuel tank explosion", "Прыжок с парашютом",
     lambda: _row("bail-out-difficulty", "fuel-tank-explosion")[3], 20),
    ("bail out with a wing torn off", "Прыжок с парашютом",
     lambda: _row("bail-out-difficulty", "wing-torn-off")[3], 14),
    ("landing base", "Посадка", lambda: _record("table", "landing")["data"]["base"], 4),
    ("landing with damaged gear", "Посадка",
     lambda: _row("landing-modifiers", "landing-gear-damaged")[3], 3),
    ("airfield crash range", "Посадка",
     lambda: _row("landing-failure-airfield", 5)[:2], [5, 9]),
    ("zeppelin hangar range", "Посадка",
     lambda: _row("landing-failure-zeppelin", 3)[:2], [3, 4]),
    ("player character budget", "Создание персонажа",
     lambda: _row("character-budgets", "pilot")[3], 700),
    ("gunner budget", "Создание персонажа", lambda: _row("character-budgets", "gunner")[3], 300),
    ("characteristic level 7 cost", "Создание персонажа",
     lambda: _row("characteristic-costs", 7)[1], 220),
    ("characteristic level 10 cost", "Создание персонажа",
     lambda: _row("characteristic-costs", 10)[1], 460),
    ("wingman add-on", "Дополнения",
     lambda: [_record("ability", "wingman")["data"][k] for k in ("cost_xp", "max_count")],
     [50, 3]),
    ("experienced parachutist add-on", "Дополнения",
     lambda: [_record("ability", "experienced-parachutist")["data"][k]
              for k in ("cost_xp", "max_count")], [10, 4]),
    ("4L2F difficulty", "Фаза движения",
     lambda: _record("maneuver", "4l2f")["data"]["difficulty"], 3),
]


@pytest.mark.parametrize(("what", "section", "read", "book"), BOOK_VALUES,
                         ids=[v[0] for v in BOOK_VALUES])
def test_pack_value_matches_the_book(what: str, section: str, read: Any, book: Any) -> None:
    assert read() == book, f"{what} ({section})"


def test_every_table_is_covered_by_a_book_value() -> None:
    """Guards the list above: every construction table is compared at least once."""
    tables = {r["id"] for r in _pack()["records"] if r["type"] == "mass_table"}
    covered = {"size-mass", "max-speed-mass", "g-rating-mass", "acceleration-mass", "armour",
               "plane-types", "turret", "hardpoints"}
    assert tables == covered


def test_size_table_rows_run_from_10_to_1_in_steps_of_the_book() -> None:
    rows = _record("mass_table", "size-mass")["data"]["rows"]
    assert [r["size"] for r in rows] == list(range(10, 0, -1))
    assert [r["total_mass"] for r in rows] == [3250 + 1250 * i for i in range(10)]
    assert [r["free_mass"] for r in rows] == [1000 * (i + 1) for i in range(10)]


def test_pack_envelope_and_file_form() -> None:
    text = PACK.read_text(encoding="utf-8")
    doc = json.loads(text)
    assert (doc["id"], doc["version"], doc["system"]) == ("cs-hex-core", "1.0.0", "cs-hex")
    assert text == json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    keys = [(r["type"], r["id"]) for r in doc["records"]]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)
    schema = json.loads((ROOT / "content" / "schemas" / "pack.json").read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(doc)) == []


@pytest.mark.parametrize("record", _pack()["records"], ids=lambda r: f"{r['type']}/{r['id']}")
def test_record_is_valid_and_traced_to_the_book(record: dict[str, Any]) -> None:
    errors = [f"{e.json_path}: {e.message}"
              for e in _schema_for(record["type"]).iter_errors(record["data"])]
    assert errors == []
    assert record["source"]["seed"] == SEED
    assert record["source"]["section"]
    assert record["name_original"]


@pytest.mark.parametrize(("type_", "bad", "path"), [
    ("mass_table", {"kind": "size_mass", "rows": [{"size": 11, "total_mass": 1, "free_mass": 1}]},
     "$.rows[0].size"),
    ("mass_table", {"kind": "armour", "mass_per_point": 3, "points_per_row": 10, "rows_max": 8,
                    "points_max": 80, "areas": [{"id": "nose", "name": "Nose"}]},
     "$.areas[0]"),
    ("weapon", {"kind": "gun", "calibre": "50", "mass": 400, "range": 5}, "$.calibre"),
    ("weapon", {"kind": "rocket", "range": 4, "hardpoints": 0, "mass": None, "aimed": True,
                "effect": "x"}, "$.hardpoints"),
    ("maneuver", {"notation": "4X2F", "speed": 4, "direction": "L", "row": 2, "facing": "F",
                  "difficulty": 3}, "$.notation"),
    ("maneuver", {"notation": "4L2F", "speed": 4, "direction": "L", "row": 2, "facing": "G",
                  "difficulty": 3}, "$.facing"),
    ("table", {"kind": "characteristic_cost", "columns": ["xp", "level"], "rows": [[0, 0]]},
     "$.columns"),
    ("table", {"kind": "check_formula", "roll": "d10", "base": 8,
               "terms": [{"id": "x", "name": "X", "name_original": "Х", "sign": 2}]},
     "$.terms[0].sign"),
    ("ability", {"kind": "add_on", "cost_xp": -5, "max_count": 1, "rule_text": "x"},
     "$.cost_xp"),
    ("ability", {"kind": "characteristic", "rule_text": "x", "colour": "red"}, "$"),
])
def test_schema_refuses_a_bad_record_naming_the_path(type_: str, bad: dict[str, Any],
                                                      path: str) -> None:
    paths = {e.json_path for e in _schema_for(type_).iter_errors(bad)}
    assert path in paths
