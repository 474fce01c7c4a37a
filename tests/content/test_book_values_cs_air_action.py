"""The Crimson Skies: Air Action pack against its book (seed 001) and its record schemas.

Each transcribed value names the book section it was read from, so a reader can check it
against the rule book.
"""

from __future__ import annotations

import itertools
from functools import partial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.content import book
from tests.content.book import copy_of, error_paths, load
from tests.json_paths import resolve

SYSTEM = "cs-air-action"
PACK_PATH = book.pack_path(SYSTEM)
ACES_PACK_PATH = book.pack_path("cs-aces")
SEED = "001_b3fd56ffbc849938.txt"
PACK = load(PACK_PATH)
RECORDS = book.records_by_key(PACK)
schema_for = partial(book.schema_for, system=SYSTEM)
table_value = partial(book.table_value, RECORDS)


# (book section, table id, first-column key, column, value printed in the book)
TABLE_VALUES = [
    ("Experience Multiplier", "experience-levels", "veteran", "experience_multiplier", 4),
    ("Playing a Crimson Skies: Air Action Campaign", "experience-levels", "rookie", "rank", 1),
    ("Bailing Out", "experience-levels", "veteran", "bail_out_roll_modifier", 1),
    ("Bailing Out", "experience-levels", "ace", "bail_out_roll_modifier", 1),
    ("Bailing Out", "experience-levels", "double_ace", "bail_out_roll_modifier", 2),
    ("Bailing Out", "experience-levels", "legend", "bail_out_roll_modifier", 3),
    ("Gaining Experience", "experience-awards", "shot down an enemy plane", "experience", 100),
    ("Gaining Experience", "experience-awards", "successful bail out", "experience", 25),
    (
        "Gaining Experience",
        "experience-awards",
        "remained on the play area and won the game",
        "experience",
        25,
    ),
    ("Gaining Experience", "daring-feats", "Winged 'Em", "experience", 10),
    ("Gaining Experience", "daring-feats", "Timely Distraction", "experience", 15),
    ("Gaining Experience", "daring-feats", "Enjoy the Ride", "experience", 50),
    ("Gaining Experience", "daring-feats", "Enjoy the Ride", "counts_as_shot_down", True),
    ("Heroic Acts", "heroic-acts", "Grabbing one memento", "bail_out_value_modifier", 1),
    ("Heroic Acts", "heroic-acts", "Grabbing one memento", "experience", 25),
    ("Heroic Acts", "heroic-acts", "Grabbing two mementos", "bail_out_value_modifier", 2),
    ("Heroic Acts", "heroic-acts", "Grabbing two mementos", "experience", 50),
    (
        "Heroic Acts",
        "heroic-acts",
        "Piloting the plane to a safe crash site",
        "bail_out_value_modifier",
        3,
    ),
    ("Heroic Acts", "heroic-acts", "Piloting the plane to a safe crash site", "experience", 100),
    (
        "Victory!",
        "victory-points",
        "opposing plane shot down by a shot from one of your pilots",
        "point_value_multiplier",
        2,
    ),
    (
        "Victory!",
        "victory-points",
        "opposing plane removed from the play area by another means",
        "point_value_multiplier",
        1,
    ),
    (
        "Victory!",
        "victory-points",
        "friendly plane remaining on the play area",
        "point_value_multiplier",
        1,
    ),
    ("Victory!", "tie-breakers", 1, "tie_breaker", "most planes shot down"),
    ("Create a Squadron", "rules-constants", "standard_build_total", "value", 200),
    ("Create a Squadron", "rules-constants", "build_total_multiple", "value", 100),
    (
        "Using Crimson Skies: Aces Characters in the Crimson Skies: Air Action Game",
        "rules-constants",
        "min_build_total_with_aces",
        "value",
        300,
    ),
    ("Navigation", "rules-constants", "basic_deck_size", "value", 12),
    ("Navigation", "rules-constants", "ace_cards_per_ace", "value", 2),
    ("Set Throttle", "rules-constants", "highest_announced_speed", "value", 10),
    ("Set Throttle", "rules-constants", "throttle_clicks_without_check", "value", 1),
    ("Set Throttle", "rules-constants", "throttle_clicks_with_check", "value", 2),
    ("Collisions with Other Planes", "rules-constants", "critical_failure_total", "value", 2),
    ("Firing Arcs", "rules-constants", "rear_attack_bonus_dice", "value", 1),
    ("Combat", "rules-constants", "point_blank_silhouette_modifier", "value", -1),
    ("Combat", "rules-constants", "max_modified_silhouette", "value", 6),
    ("Combat", "rules-constants", "shot_down_bullet_holes", "value", 3),
    ("Obstacles", "rules-constants", "obstacle_speed_loss", "value", 1),
    ("Gaining Experience", "rules-constants", "experience_per_multiplier", "value", 100),
    ("Crimson Skies Etiquette", "rules-constants", "ambiguity_roll_allowed_min", "value", 4),
]


@pytest.mark.parametrize(
    ("section", "table_id", "key", "column", "expected"),
    TABLE_VALUES,
    ids=[f"{s}:{t}:{k}:{c}" for s, t, k, c, _ in TABLE_VALUES],
)
def test_table_value_matches_the_book(section, table_id, key, column, expected):
    assert table_value(table_id, key, column) == expected
    assert RECORDS[("table", table_id)]["source"]["seed"] == SEED


# Section "Navigation": "two Cruises, two Glides, two Turns, two Tight Turns, one Snap Roll,
# one Side-Slip, one Wingover, and one Half Loop".
BASIC_DECK = {
    "Cruise": 2,
    "Glide": 2,
    "Turn": 2,
    "Tight Turn": 2,
    "Snap Roll": 1,
    "Side-Slip": 1,
    "Wingover": 1,
    "Half Loop": 1,
}


def test_basic_deck_has_the_books_twelve_cards():
    basic = {
        r["name"]: r["data"]["deck_count"]
        for r in PACK["records"]
        if r["type"] == "navigation_card" and r["data"]["basic"]
    }
    assert basic == BASIC_DECK
    assert sum(basic.values()) == 12


def test_only_cruise_and_glide_may_be_flown_when_disengaging():
    # Section "Disengaging": "you may choose only Cruise or Glide navigation cards".
    allowed = {
        r["name"]
        for r in PACK["records"]
        if r["type"] == "navigation_card" and r["data"]["allowed_when_disengaging"]
    }
    assert allowed == {"Cruise", "Glide"}


def test_card_diagrams_not_in_the_book_are_null_and_marked_uncertain():
    for record in PACK["records"]:
        if record["type"] != "navigation_card":
            continue
        flagged = {entry["path"] for entry in record["uncertain"]}
        assert record["data"]["speed_rating"] is None, record["id"]
        assert record["data"]["flight_path"] is None, record["id"]
        assert {"$.data.speed_rating", "$.data.flight_path"} <= flagged, record["id"]


def test_each_ace_of_ace_pack_1_adds_two_cards_to_the_deck():
    # Section "Navigation": Loyle Crawford or Charlotte Steele from Ace Pack 1 add two cards.
    for figure_id in ("loyle-crawford-devastator", "charlie-steele-fury"):
        figure = RECORDS[("figure", figure_id)]["data"]
        assert figure["release"] == "ace-pack-1"
        assert len(figure["ace_cards"]) == 2
        for card_id in figure["ace_cards"]:
            card = RECORDS[("navigation_card", card_id)]["data"]
            assert (card["ace"], card["basic"]) == (figure_id, False)


def test_charlie_steeles_plane_has_the_books_silhouette_and_flies_with_her_ace():
    # Section "Fate": "Charlie Steele's plane has a silhouette value of 4".
    charlie = RECORDS[("figure", "charlie-steele-fury")]["data"]
    assert charlie["base"]["silhouette"] == 4
    assert charlie["ace"] == "cs-aces/charlie"
    assert "$.data.base.silhouette" in charlie["transcribed"]


def test_experience_levels_run_rookie_to_legend_and_unknown_multipliers_are_flagged():
    data = RECORDS[("table", "experience-levels")]["data"]
    assert [row[0] for row in data["rows"]] == ["rookie", "veteran", "ace", "double_ace", "legend"]
    flagged = {e["path"] for e in RECORDS[("table", "experience-levels")]["uncertain"]}
    for index, row in enumerate(data["rows"]):
        if row[2] is None:
            assert f"$.data.rows[{index}][2]" in flagged


def test_a_standard_200_point_squadron_can_be_built_from_the_sample_planes():
    planes = [
        r["data"] for r in PACK["records"] if r["type"] == "figure" and r["data"]["kind"] == "plane"
    ]
    assert all(40 <= plane["point_value"] <= 80 for plane in planes)
    exact = [
        combo
        for size in range(1, len(planes) + 1)
        for combo in itertools.combinations(planes, size)
        if sum(plane["point_value"] for plane in combo) == 200
    ]
    assert exact, "no squadron of exactly 200 points"
    assert len({plane["pilot"] for plane in planes}) == len(planes)


# Section "Bailing Out": "Every click of the combat dial that shows three bullet holes has a
# corresponding bail out value", and a campaign keeps clicking "until the black structural
# limit line appears". The three bullet holes are on one click; how many such clicks a dial
# has is the dial's own. The sample dials print these bail out values, lowest first, since
# "the extent of the plane's destruction dictates how difficult it is" to bail out.
BAIL_OUT_VALUES = {
    "charlie-steele-fury-dial": [6, 8, 10],
    "genghis-bloodhawk-dial": [8, 10, 12],
    "louis-thibodeaux-brigand-dial": [7, 9, 11],
    "loyle-crawford-devastator-dial": [7, 9, 11],
    "show-stopper-kestrel-dial": [8, 10, 12],
}


def test_sample_dials_start_on_click_0_and_end_on_the_structural_limit():
    dials = {r["id"]: r for r in PACK["records"] if r["type"] == "combat_dial"}
    assert set(dials) == set(BAIL_OUT_VALUES)
    for dial_id, record in dials.items():
        assert record["sample"] is True
        clicks = record["data"]["clicks"]
        # Section "Hit the Skies!": the green triangle marks the starting position.
        assert clicks[0]["markers"] == ["start"]
        first_shot_down = next(i for i, c in enumerate(clicks) if "ko" in c["markers"])
        shot_down = clicks[first_shot_down:]
        assert all("ko" not in c["markers"] for c in clicks[:first_shot_down]), dial_id
        assert all("ko" in c["markers"] and "bail_out" in c["markers"] for c in shot_down)
        assert [c["bail_out_value"] for c in shot_down] == BAIL_OUT_VALUES[dial_id]
        assert all(v is None for c in shot_down for v in c["values"].values()), dial_id
        assert "structural_limit" in clicks[-1]["markers"]
        assert [c["markers"].count("structural_limit") for c in clicks].count(1) == 1


def ability(ability_id: str) -> dict[str, Any]:
    return RECORDS[("ability", ability_id)]["data"]


def starting_click(dial_id: str) -> dict[str, Any]:
    return RECORDS[("combat_dial", dial_id)]["data"]["clicks"][0]


def test_loyles_fate_example_rolls_six_dice_from_his_starting_click():
    # Section "Fate": "His attack value is 3 and his fate value is 3, so he rolls six dice".
    # Read as the gunnery of the shot; his Ace's attack value is 3 as well.
    start = starting_click("loyle-crawford-devastator-dial")
    extra_dice = sum(
        ability(a).get("modifiers", {}).get("attack_dice", 0)
        for stat, a in start["colours"].items()
        if stat == "front_gunnery"
    )
    aces = load(ACES_PACK_PATH)
    (ace_dial,) = [r for r in aces["records"] if r["id"] == "loyle-crawford-dial"]
    ace_start = ace_dial["data"]["clicks"][0]["values"]
    assert start["values"]["front_gunnery"] + extra_dice == 3 == ace_start["attack"]
    assert start["values"]["front_gunnery"] + extra_dice + ace_start["fate"] == 6
    dial = RECORDS[("combat_dial", "loyle-crawford-devastator-dial")]
    assert "$.data.clicks[0].values.front_gunnery" in dial["data"]["transcribed"]
    assert {e["path"] for e in dial["uncertain"]} == {"$.data.clicks[0].values.front_gunnery"}


def test_charlies_fate_example_takes_four_hits_on_her_plane():
    # Section "Fate": her plane has silhouette 4 and a shot rolling 4, 4, 5 and 6 scores
    # "a total of four hits", so nothing on her starting click raises the silhouette.
    silhouette = RECORDS[("figure", "charlie-steele-fury")]["data"]["base"]["silhouette"]
    start = starting_click("charlie-steele-fury-dial")
    raised = sum(
        ability(a).get("modifiers", {}).get("target_silhouette", 0)
        for a in start["colours"].values()
        if ability(a)["kind"] != "speed_effect"
    )
    assert sum(roll >= min(silhouette + raised, 6) for roll in [4, 4, 5, 6]) == 4


def test_only_planes_with_a_rear_gunner_have_a_rear_range_and_rear_speed_effects():
    # Section "Combat": "A plane with a non-0 rear gunnery value has a rear gunner and
    # weapons that can fire through the rear arc"; the speed dial shows rear gunnery effects.
    for record in PACK["records"]:
        if record["type"] != "figure":
            continue
        data = record["data"]
        clicks = RECORDS[("combat_dial", data["combat_dial"])]["data"]["clicks"]
        has_gunner = any(c["values"]["rear_gunnery"] for c in clicks)
        speeds = RECORDS[("speed_dial", data["speed_dial"])]["data"]["speeds"]
        rear_effects = [
            e for s in speeds for e in s["effects"] if ability(e)["location"] == "rear_gunnery"
        ]
        assert (data["base"]["rear_range"] > 0) is has_gunner, record["id"]
        assert bool(rear_effects) <= has_gunner, record["id"]


def test_surviving_a_serious_collision_is_an_award_whose_points_are_not_printed():
    # Section "Gaining Experience": "Pilots collect experience for shooting down enemy planes,
    # surviving serious collisions, performing daring feats, and successfully bailing out",
    # but the list of awards that follows gives no points for surviving a collision.
    record = RECORDS[("table", "experience-awards")]
    assert table_value("experience-awards", "survived a serious collision", "experience") is None
    rows = [row[0] for row in record["data"]["rows"]]
    index = rows.index("survived a serious collision")
    assert {e["path"] for e in record["uncertain"]} == {f"$.data.rows[{index}][1]"}


def test_veteran_advances_to_ace_after_400_experience():
    # Section "Gaining Experience": "a Veteran needs to accumulate 400 experience points
    # (experience multiplier of 4 times 100) to advance to Ace".
    data = RECORDS[("table", "experience-levels")]["data"]
    levels = [row[0] for row in data["rows"]]
    assert levels[levels.index("veteran") + 1] == "ace"
    multiplier = table_value("experience-levels", "veteran", "experience_multiplier")
    per_point = table_value("rules-constants", "experience_per_multiplier", "value")
    assert multiplier * per_point == 400


def test_sample_speed_dials_have_one_red_line_at_their_top_speed():
    for record in PACK["records"]:
        if record["type"] != "speed_dial":
            continue
        speeds = record["data"]["speeds"]
        assert [s["speed"] for s in speeds] == sorted(s["speed"] for s in speeds)
        assert [s["red_line"] for s in speeds].count(True) == 1
        assert speeds[-1]["red_line"] is True


def test_every_record_names_its_seed_and_section():
    for record in PACK["records"]:
        assert record["source"]["seed"] in {SEED, "000_e4e1c8a4d28ca1dd.txt"}, record["id"]
        assert record["source"]["section"], record["id"]


def test_records_are_sorted_and_the_file_is_canonical():
    keys = book.record_keys(PACK)
    assert keys == sorted(keys)
    assert len(keys) == len(set(keys))
    assert PACK_PATH.read_text(encoding="utf-8") == book.canonical_text(PACK)
    assert (PACK["id"], PACK["version"], PACK["system"]) == (
        "cs-air-action-core",
        "1.0.0",
        "cs-air-action",
    )


def test_every_uncertain_and_transcribed_path_points_at_a_value():
    for record in PACK["records"]:
        for entry in record.get("uncertain", []):
            resolve(record, entry["path"])
            assert entry["note"], record["id"]
        for path in record["data"].get("transcribed", []):
            resolve(record, path)


def test_references_resolve_to_records():
    ability_ids = {i for t, i in RECORDS if t == "ability"}
    aces = {
        f"cs-aces/{r['id']}"
        for r in load(ACES_PACK_PATH)["records"]
        if r["type"] == "figure" and r["data"]["kind"] == "ace"
    }
    for record in PACK["records"]:
        data = record["data"]
        if record["type"] == "figure":
            assert ("combat_dial", data["combat_dial"]) in RECORDS
            assert ("speed_dial", data["speed_dial"]) in RECORDS
            assert data["release"] is None or ("release", data["release"]) in RECORDS
            assert data["ace"] is None or data["ace"] in aces
        elif record["type"] == "combat_dial":
            for click in data["clicks"]:
                assert set(click["colours"].values()) <= ability_ids
        elif record["type"] == "speed_dial":
            for speed in data["speeds"]:
                assert set(speed["effects"]) <= ability_ids
                for effect in speed["effects"]:
                    assert RECORDS[("ability", effect)]["data"]["kind"] == "speed_effect"


@pytest.mark.parametrize("record", PACK["records"], ids=book.record_id)
def test_record_data_is_valid_against_its_schema(record):
    assert book.schema_errors(schema_for(record["type"]), record["data"]) == []


def plane_dial() -> dict[str, Any]:
    dial: dict[str, Any] = copy_of(RECORDS[("combat_dial", "charlie-steele-fury-dial")]["data"])
    return dial


BAD_DOCUMENTS = [
    (
        "combat_dial",
        lambda d: d["clicks"][2]["values"].update(piloting="7"),
        "$.clicks[2].values.piloting",
    ),
    (
        "combat_dial",
        lambda d: d["clicks"][0]["markers"].append("checkered"),
        "$.clicks[0].markers[1]",
    ),
    ("combat_dial", lambda d: d["clicks"][-1].pop("bail_out_value"), "$.clicks[8]"),
    ("figure", lambda d: d["base"].update(silhouette="big"), "$.base.silhouette"),
    ("figure", lambda d: d.update(ace="charlie"), "$.ace"),
    ("figure", lambda d: d.update(collector_number=11), "$.collector_number"),
    ("speed_dial", lambda d: d["speeds"][1].update(red_line="yes"), "$.speeds[1].red_line"),
    ("navigation_card", lambda d: d.update(deck_count=-1), "$.deck_count"),
    ("release", lambda d: d.update(kind="box"), "$.kind"),
    ("ability", lambda d: d.update(colour="mauve"), "$.colour"),
    ("table", lambda d: d["rows"][1].__setitem__(2, "four"), "$.rows[1][2]"),
]
SOURCES = {
    "combat_dial": ("combat_dial", "charlie-steele-fury-dial"),
    "figure": ("figure", "charlie-steele-fury"),
    "speed_dial": ("speed_dial", "charlie-steele-fury-speed"),
    "navigation_card": ("navigation_card", "cruise"),
    "release": ("release", "ace-pack-1"),
    "ability": ("ability", "shaken"),
    "table": ("table", "experience-levels"),
}


@pytest.mark.parametrize(
    ("record_type", "spoil", "path"), BAD_DOCUMENTS, ids=[f"{t}:{p}" for t, _, p in BAD_DOCUMENTS]
)
def test_schema_refuses_a_bad_document_naming_the_path(record_type, spoil, path):
    data = copy_of(RECORDS[SOURCES[record_type]]["data"])
    assert error_paths(schema_for(record_type), data) == []
    spoil(data)
    assert path in error_paths(schema_for(record_type), data)


NON_INTEGERS = st.one_of(
    st.text(max_size=3),
    st.booleans(),
    st.lists(st.integers(), max_size=2),
    st.floats(allow_nan=False).filter(lambda x: not float(x).is_integer()),
)


@given(
    click=st.integers(min_value=0, max_value=5),
    stat=st.sampled_from(["max_speed", "front_gunnery", "rear_gunnery", "piloting"]),
    value=NON_INTEGERS,
)
def test_any_non_integer_stat_is_refused_at_its_click(click, stat, value):
    dial = plane_dial()
    dial["clicks"][click]["values"][stat] = value
    assert f"$.clicks[{click}].values.{stat}" in error_paths(schema_for("combat_dial"), dial)


def test_pack_envelope_is_valid():
    assert book.envelope_errors(PACK) == []
