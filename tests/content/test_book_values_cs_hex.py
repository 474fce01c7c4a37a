"""The cs-hex pack against the book (seed 004, Crimson Skies hex-map rules) and its schemas.

Each expected value below was read from the seed; the section named beside it is the book's
heading, so a reader can check the transcription line by line.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.content import book

SYSTEM = "cs-hex"
PACK = book.pack_path(SYSTEM)
SEED = "004_5f35beb3cfa88850.txt"


def _pack() -> dict[str, Any]:
    pack: dict[str, Any] = book.load(PACK)
    return pack


def _record(type_: str, id_: str) -> dict[str, Any]:
    matches = [r for r in _pack()["records"] if r["type"] == type_ and r["id"] == id_]
    assert len(matches) == 1, f"{type_}/{id_} should occur exactly once"
    return matches[0]


def _schema_for(type_: str) -> Draft202012Validator:
    schema = book.schema_for(type_, SYSTEM)
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
    assert (doc["id"], doc["version"], doc["system"]) == ("cs-hex-core", "1.2.0", "cs-hex")
    assert text == book.canonical_text(doc)
    keys = book.record_keys(doc)
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)
    assert book.envelope_errors(doc) == []


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


# Whole tables, reconstructed from the seed by hand (each row of the dump is one size; the
# column headings are the rating values). Compared whole, so a value shifted to a neighbouring
# cell or row fails.
BOOK_TABLES = {
    # "2. Выбор размера": size, total mass (общ. масса), free mass (свободная масса)
    "size-mass": [(10, 3250, 1000), (9, 4500, 2000), (8, 5750, 3000), (7, 7000, 4000),
                  (6, 8250, 5000), (5, 9500, 6000), (4, 10750, 7000), (3, 12000, 8000),
                  (2, 13250, 9000), (1, 14500, 10000)],
    # "3. Выбор максимальной скорости": size, then max speed 1-5
    "max-speed-mass": [(10, 10, 25, 60, 160, 300), (9, 20, 60, 180, 400, 700),
                       (8, 30, 120, 360, 720, 1200), (7, 40, 240, 600, 1120, 1800),
                       (6, 100, 400, 900, 1600, 2500), (5, 180, 600, 1260, 2160, 3300),
                       (4, 280, 840, 1680, 2800, 4200), (3, 400, 1120, 2160, 3520, 5200),
                       (2, 540, 1440, 2700, 4320, 6300), (1, 700, 1800, 3300, 5200, 7500)],
    # "4. Выбор максимального G-рейтинга": size, then G-rating 1-5
    "g-rating-mass": [(10, 20, 60, 120, 200, 300), (9, 60, 160, 300, 480, 700),
                      (8, 120, 300, 540, 840, 1200), (7, 200, 480, 840, 1280, 1800),
                      (6, 300, 700, 1200, 1800, 2500), (5, 420, 960, 1620, 2400, 3300),
                      (4, 560, 1260, 2100, 3080, 4200), (3, 720, 1600, 2640, 3840, 5200),
                      (2, 900, 1980, 3240, 4680, 6300), (1, 1100, 2400, 3900, 5600, 7500)],
    # "5. Выбор максимального ускорения": size, then acceleration 1-3
    "acceleration-mass": [(10, 10, 20, 45), (9, 20, 50, 105), (8, 120, 150, 180),
                          (7, 200, 240, 280), (6, 300, 350, 400), (5, 420, 480, 540),
                          (4, 560, 630, 700), (3, 720, 800, 880), (2, 900, 990, 1080),
                          (1, 1100, 1200, 1300)],
}


@pytest.mark.parametrize("table_id", list(BOOK_TABLES))
def test_construction_table_matches_the_book_cell_by_cell(table_id: str) -> None:
    data = _record("mass_table", table_id)["data"]
    if table_id == "size-mass":
        got = [(r["size"], r["total_mass"], r["free_mass"]) for r in data["rows"]]
    else:
        got = [(r["size"], *r["masses"]) for r in data["rows"]]
        width = 3 if table_id == "acceleration-mass" else 5
        assert data["ratings"] == list(range(1, width + 1))
    assert got == BOOK_TABLES[table_id]


def test_speed_and_g_tables_share_their_last_column_as_printed() -> None:
    """A cross-check of the transcription: in the book both tables end 300, 700 ... 7500."""
    speed = [r["masses"][-1] for r in _record("mass_table", "max-speed-mass")["data"]["rows"]]
    g_rating = [r["masses"][-1] for r in _record("mass_table", "g-rating-mass")["data"]["rows"]]
    assert speed == g_rating == [300, 700, 1200, 1800, 2500, 3300, 4200, 5200, 6300, 7500]


def test_acceleration_rows_10_and_9_are_flagged_as_breaking_the_pattern() -> None:
    """Rows 8-1 start at the G-rating table's first column and rise evenly; 10 and 9 do not."""
    record = _record("mass_table", "acceleration-mass")
    rows = record["data"]["rows"]
    g_first = {r["size"]: r["masses"][0] for r in _record("mass_table", "g-rating-mass")["data"]
               ["rows"]}
    for row in rows[2:]:
        first, second, third = row["masses"]
        assert first == g_first[row["size"]]
        assert second - first == third - second
    assert {u["path"] for u in record["uncertain"]} == {"$.data.rows[0].masses",
                                                        "$.data.rows[1].masses"}


def test_plane_types_and_turrets_follow_the_book() -> None:
    # "1. Выбор типа самолета": light 10-5, heavy 6-1; "Только тяжелый может нести турель"
    types = _record("mass_table", "plane-types")["data"]["types"]
    assert [(t["id"], t["size_max"], t["size_min"], t["turrets_allowed"]) for t in types] == [
        ("light", 10, 5, False), ("heavy", 6, 1, True)]
    # "7. Обвес оружием": 400 + half the mass of its guns, at most 2 guns, heavy planes only
    turret = _record("mass_table", "turret")["data"]
    assert (turret["base_mass"], turret["gun_mass_numerator"], turret["gun_mass_denominator"],
            turret["guns_max"], turret["plane_types"]) == (400, 1, 2, 2, ["heavy"])


def test_armour_rules_and_the_six_areas_in_the_books_order() -> None:
    # "6. Обвес броней"
    data = _record("mass_table", "armour")["data"]
    assert (data["mass_per_point"], data["points_per_row"], data["rows_max"],
            data["points_max"]) == (3, 10, 8, 80)
    assert [(a["id"], a["name_original"]) for a in data["areas"]] == [
        ("nose", "Нос"),
        ("right-wing-front", "Передняя часть правого крыла"),
        ("right-wing-rear", "Задняя часть правого крыла"),
        ("left-wing-front", "Передняя часть левого крыла"),
        ("left-wing-rear", "Задняя часть левого крыла"),
        ("tail", "Хвост"),
    ]


def test_guns_by_calibre() -> None:
    # mass: "7. Обвес оружием"; range: "Стрельба" ("Огнестрельное: .30 - 7 гексов" ...)
    guns = {r["id"]: r["data"] for r in _pack()["records"]
            if r["type"] == "weapon" and r["data"]["kind"] == "gun"}
    assert {i: (g["calibre"], g["mass"], g["range"]) for i, g in guns.items()} == {
        "cal-30": (".30", 150, 7), "cal-40": (".40", 250, 6), "cal-50": (".50", 400, 5),
        "cal-60": (".60", 600, 4), "cal-70": (".70", 850, 3)}


def test_rockets_and_drop_tank() -> None:
    # range: "Стрельба" ("Ракетное"); hardpoints: "8. Ракеты"; no roll to hit for flash,
    # sonic and fragmentation ("пилот не кидает проверку на попадание")
    hung = {r["id"]: r["data"] for r in _pack()["records"]
            if r["type"] == "weapon" and r["data"]["kind"] in ("rocket", "drop_tank")}
    assert {i: (d.get("range"), d["hardpoints"], d.get("aimed"), d["mass"])
            for i, d in hung.items()} == {
        "rocket-armour-piercing": (4, 2, True, None),
        "rocket-high-explosive": (4, 2, True, None),
        "rocket-fragmentation": (7, 1, False, None),
        "rocket-flash": (7, 1, False, None),
        "rocket-sonic": (7, 1, False, None),
        "rocket-drill": (7, 2, True, None),
        "rocket-beacon": (7, 1, True, None),
        "rocket-seeker": (4, 2, True, None),
        "drop-tank": (None, 4, None, None),
    }
    assert hung["rocket-seeker"]["requires"] == "rocket-beacon"
    assert hung["drop-tank"]["range_bonus_percent"] == 50  # "на 50%, два бака на 100%"


def test_character_creation_costs() -> None:
    # "Создание персонажа"
    assert [tuple(r) for r in _record("table", "characteristic-costs")["data"]["rows"]] == [
        (0, 0), (1, 10), (2, 20), (3, 40), (4, 70), (5, 110), (6, 160), (7, 220), (8, 290),
        (9, 370), (10, 460)]
    assert [(r[0], r[3]) for r in _record("table", "character-budgets")["data"]["rows"]] == [
        ("pilot", 700), ("wingman", 400), ("gunner", 300)]
    constitution = _record("ability", "constitution")["data"]
    assert (constitution["minimum"], constitution["fixed_for"]) == (3, ["wingman", "gunner"])
    # "Дополнения": price and most purchases
    add_ons = {r["id"]: (r["data"]["cost_xp"], r["data"]["max_count"]) for r in _pack()["records"]
               if r["type"] == "ability" and r["data"]["kind"] == "add_on"}
    assert add_ons == {"wingman": (50, 3), "own-crew": (100, 1),
                       "experienced-parachutist": (10, 4), "charisma": (100, 1),
                       "connections": (100, 1), "tough-guy": (100, 1),
                       "crowd-favourite": (50, 1), "wanted": (50, 1)}


def _formula(table_id: str) -> tuple[int, list[tuple[str, int, int | None, int | None]]]:
    data = _record("table", table_id)["data"]
    return data["base"], [(t["id"], t["sign"], t.get("value"), t.get("max"))
                          for t in data["terms"]]


BOOK_FORMULAS = [
    # "Фаза движения": 8 + (сложность действия) - Естественное касание + 2 (в шоке)
    ("skill-check", 8, [("difficulty", 1, None, None), ("natural-touch", -1, None, None),
                        ("shocked", 1, 2, None)]),
    # "Фаза движения": 8 + G-рейтинг маневра - Естественное касание + 2 если пилот в шоке
    ("steep-maneuver-check", 8, [("g-rating", 1, None, None), ("natural-touch", -1, None, None),
                                 ("shocked", 1, 2, None)]),
    # "Штопор": 8 + число ходов в штопоре - Естественное касание + 2 если пилот в шоке
    ("spin-recovery", 8, [("turns-in-spin", 1, None, None), ("natural-touch", -1, None, None),
                          ("shocked", 1, 2, None)]),
    # "Стрельба на удвоение": 8 - Твердая Рука
    ("jam-clearing", 8, [("steady-hand", -1, None, None)]),
    # "Особые эффекты оружия": 10 - телосложение; бур: 10 - дистанция
    ("shock-check", 10, [("constitution", -1, None, None)]),
    ("drill-power-check", 10, [("distance", -1, None, None)]),
    # "Столкновения": 10 - модификатор размера цели
    ("fixed-object-collision", 10, [("size-modifier", -1, None, None)]),
    # "Посадка": 4 - Естественное касание, with the listed modifiers
    ("landing", 4, [("natural-touch", -1, None, None), ("modifiers", 1, None, None)]),
    # "Сложность попадания": to-hit number + range + 1 rocket + 2 shocked + direction - Точность
    ("to-hit", 0, [("to-hit-number", 1, None, None), ("range-modifier", 1, None, None),
                   ("rocket", 1, 1, None), ("shocked", 1, 2, None),
                   ("direction-modifier", 1, None, None), ("accuracy", -1, None, None)]),
    # "Таран": to-hit number цели + Шестое чувство цели - Шестое чувство атакующего
    ("ramming", 0, [("target-to-hit-number", 1, None, None),
                    ("target-sixth-sense", 1, None, None), ("sixth-sense", -1, None, None)]),
    # bailing out: difficulty + 2 shocked - 1 per earlier jump (at most -4) - Шестое чувство -
    # Быстрая стрельба
    ("bail-out", 0, [("situation", 1, None, None), ("shocked", 1, 2, None),
                     ("previous-jumps", -1, None, 4), ("sixth-sense", -1, None, None),
                     ("quick-fire", -1, None, None)]),
]


@pytest.mark.parametrize(("table_id", "base", "terms"), BOOK_FORMULAS,
                         ids=[f[0] for f in BOOK_FORMULAS])
def test_check_formula_matches_the_book(table_id: str, base: int, terms: list[Any]) -> None:
    assert _formula(table_id) == (base, terms)


def test_every_check_formula_is_compared() -> None:
    formulas = {r["id"] for r in _pack()["records"]
                if r["type"] == "table" and r["data"]["kind"] == "check_formula"}
    assert formulas == {f[0] for f in BOOK_FORMULAS}


def test_bail_out_and_landing_tables() -> None:
    # bailing out: "Сложность 20 / 18 / 14 / 12 / 12"; the zeppelin crash on landing: 14
    assert [(r[0], r[3]) for r in _record("table", "bail-out-difficulty")["data"]["rows"]] == [
        ("fuel-tank-explosion", 20), ("collision", 18), ("wing-torn-off", 14),
        ("engine-destroyed", 12), ("spin", 12), ("zeppelin-crash", 14)]
    modifiers = _record("table", "bail-out-modifiers")["data"]["rows"]
    assert [(r[0], r[3], r[4]) for r in modifiers] == [("shocked", 2, None),
                                                       ("previous-jump", -1, -4)]
    # "Посадка": the modifiers as listed
    assert [(r[0], r[3]) for r in _record("table", "landing-modifiers")["data"]["rows"]] == [
        ("landing-gear-damaged", 3), ("rudder-jammed", 2), ("rudder-badly-damaged", 3),
        ("unprepared-surface", 2), ("flap-damaged", 1), ("pilot-wound", 1)]
    for place in ("airfield", "zeppelin"):
        rows = _record("table", f"landing-failure-{place}")["data"]["rows"]
        assert [(r[0], r[1]) for r in rows] == [(10, 10), (5, 9), (3, 4), (1, 2)]


def test_shooting_and_pursuit_tables() -> None:
    # "Сложность попадания": 0 at three hexes, -3 in one hex, rising with distance
    assert [tuple(r) for r in _record("table", "range-modifier")["data"]["rows"]] == [
        (d, d - 3) for d in range(8)]
    # "Твердая рука": 1-4 one column, 5-8 two, 9-10 three or another area
    assert [tuple(r) for r in _record("table", "steady-hand-shift")["data"]["rows"]] == [
        (1, 4, 1, False), (5, 8, 2, False), (9, 10, 3, True)]
    # "Он у меня на хвосте!": below 0, 0 to 2, 3 and more
    assert [tuple(r[:2]) for r in _record("table", "tailing")["data"]["rows"]] == [
        (None, -1), (0, 2), (3, None)]
    # "Штопор": 1d6, 1 - A ... 6 - F
    assert [tuple(r) for r in _record("table", "spin-facing")["data"]["rows"]] == [
        (1, "A"), (2, "B"), (3, "C"), (4, "D"), (5, "E"), (6, "F")]


ORIGINAL_CELLS = ("situation_original", "modifier_original", "condition_original",
                  "result_original", "character_original", "information_original",
                  "direction_original")


def _normal(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


SEED_PATH = book.SEEDS / SEED
NEEDS_SEED = pytest.mark.skipif(not SEED_PATH.exists(),
                                reason="the seed text is not beside the repository")


def _seed_text() -> str:
    return _normal(SEED_PATH.read_text(encoding="utf-8"))


@NEEDS_SEED
def test_quoted_russian_cells_are_printed_in_the_book() -> None:
    """Every ``*_original`` cell of a table quotes the book word for word."""
    seed = _seed_text()
    missing = []
    for record in _pack()["records"]:
        if record["type"] != "table" or "columns" not in record["data"]:
            continue
        columns = record["data"]["columns"]
        for row in record["data"]["rows"]:
            for column, cell in zip(columns, row, strict=True):
                if column in ORIGINAL_CELLS and _normal(cell) not in seed:
                    missing.append((record["id"], cell))
    assert missing == []


@NEEDS_SEED
def test_russian_names_use_the_books_words() -> None:
    """Each word of a ``name_original`` occurs in the book (a name may inflect a printed word,
    so words are compared by their first five letters); this catches misspellings and words
    the book never uses."""
    seed_stems = {w[:5] for w in re.findall(r"[а-яa-z0-9]+", _seed_text())}
    strays = []
    for record in _pack()["records"]:
        names = [record["name_original"]]
        names += [n for t in record["data"].get("terms", []) for n in [t["name_original"]]]
        names += [a["name_original"] for a in record["data"].get("areas", [])]
        names += [t["name_original"] for t in record["data"].get("types", [])]
        for name in names:
            for word in re.findall(r"[а-яa-z0-9]+", _normal(name)):
                if len(word) > 2 and word[:5] not in seed_stems:
                    strays.append((record["id"], name, word))
    assert strays == []
