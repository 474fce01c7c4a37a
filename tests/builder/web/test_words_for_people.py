"""Pages say what the engine means in a player's words: entries and records by name, rulings
and outcomes by label, sources as the book's title and section, unreadable files and schema
errors said plainly; JSON paths stay in the API and in a "technical details" fold."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from builder.engine import schema_message_in_words
from builder.games.labels import answer_label, value_label
from builder.lists.services import saved_list_create
from builder.web.listfile import unreadable_file
from content.record_display import record_field_label, source_text
from tests.builder.web.conftest import entry_block, example, form_data

TEAM = "/build/cs-aces/team/"


def visible(page: str) -> str:
    """The page without its technical folds, where paths and codes are kept."""
    parts = page.split('<details class="technical">')
    return parts[0] + "".join(p.split("</details>", 1)[-1] for p in parts[1:])


def test_an_ace_twice_is_named_by_entry_not_by_path(client: Client, packs: Any) -> None:
    doc = example("cs-aces/kims-team.json")
    doc["entries"].append(dict(doc["entries"][0]))
    page = client.post(TEAM, form_data(doc)).content.decode()
    last = entry_block(page, len(doc["entries"]) - 1)
    assert (
        "Charlotte &quot;Charlie&quot; Steele is already on the team as entry 1: only one of "
        "any particular Ace may be on a team" in last
    )
    assert "$.entries" not in visible(last)
    assert f"<code>$.entries[{len(doc['entries']) - 1}]</code>" in last


@pytest.mark.parametrize(
    ("message", "path", "words"),
    [
        ("[] should be non-empty", "$.entries", "The list has no entries yet: add at least one"),
        ("'weight' is a required property", "$.entries[0]", "Weight is missing"),
        (
            "'weight' is a required property",
            "$.entries[0].design",
            "Weight is missing from the design",
        ),
        ("'ten' is not of type 'integer'", "$.entries[1].count", "Count must be a whole number"),
        ("0 is less than the minimum of 1", "$.entries[0].count", "Count must be at least 1"),
        (
            "Additional properties are not allowed ('max_speed' was unexpected)",
            "$.entries[2]",
            "The list's entries has fields it cannot have: max speed",
        ),
        ("Kim is over the limit", "$.entries[0]", "Kim is over the limit"),
    ],
)
def test_schema_messages_read_as_words(message: str, path: str, words: str) -> None:
    assert schema_message_in_words(message, path) == words


@pytest.mark.parametrize(
    ("value", "setting", "label"),
    [
        ("full_plus_half", "turret_gun_mass", "Full mass plus half in the turret"),
        ("plane_gunnery", "ace_shots_roll", "The plane's gunnery"),
        (
            "hit-sixes-kept",
            "critical_shot_six",
            "On the roll to hit, other scoring dice cancelled first",
        ),
        ("one", "thruster_locations", "One location at most"),
        ("one", "armour_hardpoints", "One hardpoint for any armour"),
        ("throttle_two", "purpose", "Throttle two"),
        ("rear", "weapon", "Rear"),
    ],
)
def test_every_setting_value_has_a_label(value: str, setting: str, label: str) -> None:
    assert value_label(value, setting) == label


def test_odds_answers_are_named_in_words() -> None:
    assert answer_label("outcome.pinned") == "Outcome: pinned"
    assert answer_label("maneuvers.hard-left.success") == "Maneuvers: hard left: success"
    assert answer_label("target_hit_chance[0]") == "Target hit chance 1"


def test_the_odds_page_names_queries_outcomes_and_picked_records(
    client: Client, packs: Any
) -> None:
    page = client.get(
        "/odds/cs-air-action/",
        {"query": "shot", "shooter": "charlie-steele-fury", "rear_arc": "on"},
    ).content.decode()
    assert ">Defensive fate</option>" in page
    assert ">Bail out</option>" in page
    assert "Shot: shooter Charlotte &quot;Charlie&quot; Steele (Fury), rear arc yes." in page
    assert ">The plane&#x27;s gunnery</option>" in page
    assert "charlie-steele-fury," not in page
    dust = client.get("/odds/crimson-dust/", {"query": "shot"}).content.decode()
    assert "<dt>Outcome: pinned</dt>" in dust
    assert "Outcome.pinned" not in dust


def test_the_builder_labels_its_rulings(client: Client, packs: Any) -> None:
    page = client.get("/build/cs-hex/plane/").content.decode()
    assert '<option value="full_plus_half">Full mass plus half in the turret</option>' in page
    assert "full_plus_half (default)" not in page
    assert "<legend>1. Airframe</legend>" in page


def test_entries_are_titled_by_their_records_name(client: Client, packs: Any) -> None:
    page = client.post(TEAM, form_data(example("cs-aces/kims-team.json"))).content.decode()
    assert "<legend>1. Charlie</legend>" in page  # the entry's own label
    assert "<legend>4. Tail Gunner</legend>" in page
    squadron = example("cs-air-action/bloodhawks-200.json")
    page = client.post("/build/cs-air-action/squadron/", form_data(squadron)).content.decode()
    assert "<legend>2. Genghis (Bloodhawk)</legend>" in page
    assert "Genghis bloodhawk" not in page


def test_a_record_cites_its_book_and_labels_its_doubts(client: Client, packs: Any) -> None:
    page = client.get("/catalogue/cs-air-action/navigation_card/crawford-ace-card-1/")
    text = page.content.decode()
    assert "<dt>Source</dt><dd>Crimson Skies: Air Action Complete Rules, " in text
    assert "_b3fd56ffbc849938.txt" not in text
    assert "$.data" not in text


def test_source_text_and_field_labels() -> None:
    titles = {"001_b3fd56ffbc849938.txt": "Crimson Skies: Air Action Complete Rules"}
    source = {"seed": "001_b3fd56ffbc849938.txt", "section": "Navigation"}
    assert source_text(source, titles) == "Crimson Skies: Air Action Complete Rules, Navigation"
    data = {"skills": [{"id": "amphibious"}, {"id": "critical-shot", "costs": {}}]}
    names = {"critical-shot": "Critical Shot"}
    assert (
        record_field_label("$.data.skills[1].costs.veteran", data, names)
        == "Skills › Critical Shot › Costs › Veteran"
    )
    assert record_field_label("$.data.rows[0][1]", {"rows": [[1, 2]]}) == "Rows 1 2"


def test_can_i_field_my_lists_names_the_figures(client: Client, packs: Any) -> None:
    player = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(player)
    saved_list_create(owner=player, document=example("cs-air-action/bloodhawks-200.json"))
    page = client.get("/collection/cs-air-action/").content.decode()
    assert "Needs 1 × Genghis (Bloodhawk), owns 0" in page
    assert "Needs 1 × Loyle Crawford (Devastator), owns 0" in page
    assert "× genghis-bloodhawk" not in page


def test_an_import_that_is_not_json_says_so_in_words(client: Client, packs: Any) -> None:
    upload = SimpleUploadedFile("list.json", b"this is not json")
    page = client.post("/build/crimson-dust/warband/", {"import_file": upload}).content.decode()
    assert (
        "The file is not a Muster list (not JSON): a value is missing or the text is not "
        "JSON at all (line 1, column 1)." in page
    )
    assert "Expecting value" not in page


def test_unreadable_file_messages() -> None:
    assert unreadable_file("not JSON: Expecting ',' delimiter at line 3 column 9") == (
        "The file is not a Muster list (not JSON): a comma is missing (line 3, column 9)."
    )
    assert unreadable_file("not UTF-8: byte 13 cannot be decoded") == (
        "The file cannot be read: not UTF-8: byte 13 cannot be decoded."
    )


def test_an_unknown_fitting_lists_the_books_by_name(client: Client, packs: Any) -> None:
    doc = example("black-skies/black-tiger.fighter.json")
    doc["entries"][0]["armour"] = "no-such-armour"
    page = client.post("/build/black-skies/fighter/", form_data(doc)).content.decode()
    assert "heavy-armour, light-armour" not in visible(entry_block(page, 0))
    assert "(known: " in visible(entry_block(page, 0))
