"""The Crimson Skies: Aces pack against its book (seed 000) and its record schemas.

Each transcribed value names the book section it was read from, so a reader can check it
against the rule book.
"""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.content import book
from tests.content.book import copy_of, error_paths
from tests.json_paths import resolve

SYSTEM = "cs-aces"
PACK_PATH = book.pack_path(SYSTEM)
SEED = "000_e4e1c8a4d28ca1dd.txt"
AIR_ACTION_SEED = "001_b3fd56ffbc849938.txt"
PACK = book.load(PACK_PATH)
RECORDS = book.records_by_key(PACK)
schema_for = partial(book.schema_for, system=SYSTEM)
table_value = partial(book.table_value, RECORDS)


def starting_values(figure_id: str) -> dict[str, int | None]:
    dial_id = RECORDS[("figure", figure_id)]["data"]["combat_dial"]
    return RECORDS[("combat_dial", dial_id)]["data"]["clicks"][0]["values"]


# Section "Recruitment": Kim's character tokens and their point values.
TOKEN_POINTS = {
    "vigilante": 11,
    "sergeant": 10,
    "tail-gunner": 9,
    "soldier": 8,
    "trusty-sidekick": 7,
    "ruffian": 6,
}


@pytest.mark.parametrize(("token", "points"), TOKEN_POINTS.items())
def test_character_token_point_value_matches_recruitment(token, points):
    record = RECORDS[("figure", token)]
    assert record["data"]["point_value"] == points
    assert record["data"]["kind"] == "character_token"
    assert "$.data.point_value" in record["data"]["transcribed"]


def test_kims_team_is_rebuilt_at_exactly_100_points():
    # Section "Recruitment": Charlie plus 51 points of tokens make "exactly 100 points".
    team = ["charlie", *TOKEN_POINTS]
    points = [RECORDS[("figure", f)]["data"]["point_value"] for f in team]
    assert sum(points[1:]) == 51
    assert sum(points) == table_value("rules-constants", "build_total", "value") == 100


# (book section, figure id, stat, value the book's example gives)
EXAMPLE_STATS = [
    ("Resolving an Attack", "charlie", "attack", 3),
    ("Fate", "charlie", "defense", 4),
    ("Fate", "charlie", "fate", 2),
    ("Fate", "louis-thibodeaux", "attack", 3),
    ("Fate", "louis-thibodeaux", "fate", 2),
]


@pytest.mark.parametrize(
    ("section", "figure", "stat", "value"),
    EXAMPLE_STATS,
    ids=[f"{s}:{f}:{t}" for s, f, t, _ in EXAMPLE_STATS],
)
def test_example_stats_are_on_the_starting_click(section, figure, stat, value):
    assert starting_values(figure)[stat] == value


def test_loyle_crawfords_ace_dial_matches_the_air_action_fate_example():
    # Air Action book, section "Fate": "His attack value is 3 and his fate value is 3".
    assert RECORDS[("figure", "loyle-crawford")]["source"]["seed"] == AIR_ACTION_SEED
    assert (
        starting_values("loyle-crawford")["attack"],
        starting_values("loyle-crawford")["fate"],
    ) == (3, 3)


def test_charlie_has_one_pistol():
    # Section "Resolving an Attack": "If Charlie had two pistols next to her range value".
    assert RECORDS[("figure", "charlie")]["data"]["base"]["targets"] == 1


def test_louis_has_old_one_two_letting_him_attack_twice():
    # Section "Fate": "If Louis had used Old One-Two to attack twice".
    assert starting_values("louis-thibodeaux")["attack"] == 3
    dial = RECORDS[("combat_dial", "louis-thibodeaux-dial")]["data"]
    assert dial["clicks"][0]["colours"] == {"attack": "old-one-two"}
    assert RECORDS[("ability", "old-one-two")]["data"]["attacks_per_action"] == 2


# (book section, table id, first-column key, column, value printed in the book)
TABLE_VALUES = [
    ("Hindering Terrain", "terrain-types", "hindering", "defense_modifier", 1),
    ("Hindering Terrain", "terrain-types", "hindering", "ends_movement_on_entry", True),
    ("Hindering Terrain", "terrain-types", "hindering", "halves_speed_when_starting_in", True),
    ("Hindering Terrain", "terrain-types", "hindering", "drawn_as", "thin lines"),
    ("Blocking Terrain", "terrain-types", "blocking", "blocks_line_of_fire", True),
    ("Blocking Terrain", "terrain-types", "blocking", "blocks_movement", True),
    ("Blocking Terrain", "terrain-types", "blocking", "drawn_as", "thick lines"),
    ("Clear Terrain", "terrain-types", "clear", "defense_modifier", 0),
    ("Clear Terrain", "terrain-types", "clear", "blocks_movement", False),
    ("Victory!", "victory-points", "enemy character eliminated", "point_value_multiplier", 1),
    (
        "Victory!",
        "victory-points",
        "enemy captive at the end of the game",
        "point_value_multiplier",
        2,
    ),
    (
        "Victory!",
        "victory-points",
        "friendly character remaining at the end of the game",
        "point_value_multiplier",
        1,
    ),
    ("Victory!", "tie-breakers", 1, "tie_breaker", "fewest points used to recruit the team"),
    ("Recruitment", "rules-constants", "build_total", "value", 100),
    ("Recruitment", "rules-constants", "copies_of_an_ace_per_team", "value", 1),
    ("Hit the Deck!", "rules-constants", "starting_area_depth", "value", 3),
    ("Hit the Deck!", "rules-constants", "starting_area_edge_margin", "value", 2),
    ("Adjacent Squares", "rules-constants", "adjacent_squares", "value", 8),
    ("Breaking Away", "rules-constants", "break_away_success_min", "value", 4),
    ("Resolving an Attack", "rules-constants", "max_defense", "value", 6),
    ("Resolving an Attack", "rules-constants", "ko_symbols", "value", 3),
    ("Capturing", "rules-constants", "capture_attack_modifier", "value", -2),
    ("Capturing", "rules-constants", "max_captives_per_character", "value", 1),
    ("Fate", "rules-constants", "fate_uses_per_turn", "value", 1),
]


@pytest.mark.parametrize(
    ("section", "table_id", "key", "column", "expected"),
    TABLE_VALUES,
    ids=[f"{s}:{t}:{k}:{c}" for s, t, k, c, _ in TABLE_VALUES],
)
def test_table_value_matches_the_book(section, table_id, key, column, expected):
    assert table_value(table_id, key, column) == expected
    assert RECORDS[("table", table_id)]["source"]["seed"] == SEED


def test_the_book_names_the_sample_aces():
    aces = {
        r["name"] for r in PACK["records"] if r["type"] == "figure" and r["data"]["kind"] == "ace"
    }
    assert aces == {
        'Charlotte "Charlie" Steele',
        "Show-stopper",
        "Genghis",
        'Louis "Wild Card" Thibodeaux',
        "Loyle Crawford",
    }


def test_every_figure_carries_invented_values_so_is_flagged_sample():
    for record in PACK["records"]:
        if record["type"] in {"figure", "combat_dial"}:
            assert record["sample"] is True, record["id"]


def test_a_character_token_has_a_single_starting_click():
    # Section "Aces vs. Character Tokens": "Character tokens have only one click".
    for token in TOKEN_POINTS:
        clicks = RECORDS[("combat_dial", f"{token}-dial")]["data"]["clicks"]
        assert [c["markers"] for c in clicks] == [["start"]]


# Clicks of damage that knock each sample Ace out: the first click whose stat slot shows the
# three KO symbols ("Resolving an Attack": "When three KO symbols appear on a character's
# combat dial, the character has been knocked out"). The three symbols are on one click.
CLICKS_TO_KNOCK_OUT = {
    "charlie-dial": 6,
    "genghis-dial": 6,
    "louis-thibodeaux-dial": 5,
    "loyle-crawford-dial": 5,
    "show-stopper-dial": 5,
}


def test_an_ace_is_knocked_out_on_its_first_click_showing_the_ko_symbols():
    ace_dials = {
        r["id"]: r["data"]["clicks"]
        for r in PACK["records"]
        if r["type"] == "combat_dial" and len(r["data"]["clicks"]) > 1
    }
    assert set(ace_dials) == set(CLICKS_TO_KNOCK_OUT)
    for dial_id, clicks in ace_dials.items():
        assert clicks[0]["markers"] == ["start"], dial_id
        first_ko = next(i for i, c in enumerate(clicks) if "ko" in c["markers"])
        assert first_ko == CLICKS_TO_KNOCK_OUT[dial_id]
        live, knocked_out = clicks[:first_ko], clicks[first_ko:]
        assert all(None not in c["values"].values() for c in live), dial_id
        assert all(c["markers"] == ["ko"] for c in knocked_out), dial_id
        assert all(v is None for c in knocked_out for v in c["values"].values()), dial_id


def hits(rolls: list[int], defense: int) -> int:
    """Dice at or above the defense hit ("Resolving an Attack"); defense above 6 counts as 6."""
    return sum(roll >= min(defense, 6) for roll in rolls)


def test_tims_attack_hits_show_stopper_with_the_5_and_misses_genghis():
    # Section "Resolving an Attack": Charlie rolls 2, 3 and 5; "Tim assigns a 5 to
    # Show-stopper so that he takes one hit. Neither the 2 nor the 3 hits Genghis."
    assert hits([5], starting_values("show-stopper")["defense"]) == 1
    assert hits([2, 3], starting_values("genghis")["defense"]) == 0


def test_charlies_fate_example_takes_four_hits_then_one():
    # Section "Fate": defense 4 against 4, 4, 5 and 6 is four hits; fate leaves only the 6.
    defense = starting_values("charlie")["defense"]
    assert hits([4, 4, 5, 6], defense) == 4
    assert hits([4, 4, 5, 6], 6) == 1
    assert starting_values("charlie")["fate"] > 0


def test_charlie_can_reach_show_stopper_four_squares_away():
    # Section "Ranged Combat": the diagram counts squares 1 to 4 from Charlie to Show-stopper,
    # who is "within range"; so her range is at least 4.
    assert RECORDS[("figure", "charlie")]["data"]["base"]["range"] >= 4


def test_two_different_aces_fit_in_one_team():
    # Section "Recruitment": "Recruiting your team can be as simple as choosing two Aces".
    aces = sorted(
        (r["data"]["point_value"], r["id"])
        for r in PACK["records"]
        if r["type"] == "figure" and r["data"]["kind"] == "ace"
    )
    cheapest_pair = aces[0][0] + aces[1][0]
    assert cheapest_pair <= table_value("rules-constants", "build_total", "value") == 100


def test_abilities_whose_card_is_missing_flag_their_readings():
    # Section "Talents and Abilities": the card that describes them is not in the book.
    for ability_id in ("old-one-two", "second-wind"):
        flagged = {e["path"] for e in RECORDS[("ability", ability_id)]["uncertain"]}
        assert {"$.data.colour", "$.data.kind", "$.data.optional"} <= flagged, ability_id


def test_records_are_sorted_and_the_file_is_canonical():
    keys = book.record_keys(PACK)
    assert keys == sorted(keys)
    assert len(keys) == len(set(keys))
    assert PACK_PATH.read_text(encoding="utf-8") == book.canonical_text(PACK)
    assert (PACK["id"], PACK["version"], PACK["system"]) == ("cs-aces-core", "1.0.0", "cs-aces")


def test_every_record_names_its_seed_and_section_and_flags_point_at_values():
    for record in PACK["records"]:
        assert record["source"]["seed"] in {SEED, AIR_ACTION_SEED}, record["id"]
        assert record["source"]["section"], record["id"]
        for entry in record.get("uncertain", []):
            resolve(record, entry["path"])
        for path in record["data"].get("transcribed", []):
            resolve(record, path)


def test_references_resolve_to_records():
    ability_ids = {i for t, i in RECORDS if t == "ability"}
    for record in PACK["records"]:
        if record["type"] == "figure":
            assert ("combat_dial", record["data"]["combat_dial"]) in RECORDS
        elif record["type"] == "combat_dial":
            for click in record["data"]["clicks"]:
                assert set(click["colours"].values()) <= ability_ids


@pytest.mark.parametrize("record", PACK["records"], ids=book.record_id)
def test_record_data_is_valid_against_its_schema(record):
    assert book.schema_errors(schema_for(record["type"]), record["data"]) == []


BAD_DOCUMENTS = [
    (
        "combat_dial",
        "charlie-dial",
        lambda d: d["clicks"][1]["values"].update(fate="two"),
        "$.clicks[1].values.fate",
    ),
    (
        "combat_dial",
        "charlie-dial",
        lambda d: d["clicks"][0]["values"].update(piloting=7),
        "$.clicks[0].values",
    ),
    (
        "combat_dial",
        "charlie-dial",
        lambda d: d["clicks"][0]["colours"].update(luck="x"),
        "$.clicks[0].colours",
    ),
    ("figure", "charlie", lambda d: d["base"].update(targets="two"), "$.base.targets"),
    ("figure", "vigilante", lambda d: d.update(pilot="Kim"), "$.pilot"),
    ("figure", "vigilante", lambda d: d.update(kind="henchman"), "$.kind"),
    ("ability", "old-one-two", lambda d: d.update(stat="range"), "$.stat"),
    ("ability", "second-wind", lambda d: d.update(optional="sometimes"), "$.optional"),
    ("table", "terrain-types", lambda d: d["rows"][1].__setitem__(6, "+1"), "$.rows[1][6]"),
    ("table", "victory-points", lambda d: d["rows"][0].__setitem__(2, "later"), "$.rows[0][2]"),
]


@pytest.mark.parametrize(
    ("record_type", "record_id", "spoil", "path"),
    BAD_DOCUMENTS,
    ids=[f"{t}:{p}" for t, _, _, p in BAD_DOCUMENTS],
)
def test_schema_refuses_a_bad_document_naming_the_path(record_type, record_id, spoil, path):
    data = copy_of(RECORDS[(record_type, record_id)]["data"])
    assert error_paths(schema_for(record_type), data) == []
    spoil(data)
    assert path in error_paths(schema_for(record_type), data)


@given(
    extra=st.integers(min_value=0, max_value=6), targets=st.integers(min_value=-50, max_value=-1)
)
def test_negative_targets_or_extra_base_keys_are_refused(extra, targets):
    figure = copy_of(RECORDS[("figure", "ruffian")]["data"])
    figure["base"]["targets"] = targets
    assert "$.base.targets" in error_paths(schema_for("figure"), figure)
    figure["base"]["targets"] = 1
    figure["base"][f"extra{extra}"] = extra
    assert "$.base" in error_paths(schema_for("figure"), figure)


def test_pack_envelope_is_valid():
    assert book.envelope_errors(PACK) == []
