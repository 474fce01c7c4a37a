"""The muster-campaign/1 file: read back with every problem at its JSON path, limits named
(docs/limits.md), and events the Air Action campaign rules refuse ("Bailing Out")."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_engine.campaign_file import read_campaign, write_campaign
from rules_engine.cs_air_action.campaign import members_from_list
from rules_engine.errors import BadDocument
from tests.rules_engine.campaign.air_logs import CATALOGUE, CHARLIE, SQUADRON, SYSTEM

EVENTS = [
    {
        "key": f"g1:1:shot-down:{CHARLIE}",
        "member": CHARLIE,
        "kind": "shot-down",
        "experience": 100,
        "game": "g1",
        "entry": 1,
        "target": "b1",
        "by": "ann",
        "at": "2026-12-04T10:00:00Z",
    },
    {
        "key": f"g1:3:perished:{CHARLIE}",
        "member": CHARLIE,
        "kind": "perished",
        "game": "g1",
        "entry": 3,
    },
]


def document(**more: Any) -> dict[str, Any]:
    return write_campaign(
        system=SYSTEM,
        name="Red Wing over Hollywood",
        settings={"carry_over": True},
        content=[{"pack": "cs-air-action-core", "version": "1.0.0"}],
        members=members_from_list(CATALOGUE, SQUADRON),
        games=[
            {"id": "g1", "title": "Dawn patrol", "figure_map": {"a1": CHARLIE}, "winner_side": "b"}
        ],
        events=EVENTS,
        **more,
    )


def problems(doc: Any) -> list[tuple[str, str]]:
    with pytest.raises(BadDocument) as caught:
        read_campaign(doc, CATALOGUE)
    return [(e.path, e.message) for e in caught.value.errors]


def test_a_written_campaign_reads_back():
    doc = document()
    assert doc["format"] == "muster-campaign/1"
    assert [e["seq"] for e in doc["events"]] == [1, 2]
    assert doc["members"][0]["player"] is None
    assert read_campaign(copy.deepcopy(doc), CATALOGUE) == doc


def test_schema_problems_are_named_by_path():
    doc = document()
    doc["members"][0]["kind"] = "navigator"
    doc["events"][0]["experience"] = "lots"
    assert [p for p, _ in problems(doc)] == ["$.events[0].experience", "$.members[0].kind"]
    assert problems([]) == [("$", "a campaign file is a JSON object")]


def test_duplicate_keys_and_unknown_members_or_games():
    doc = document()
    doc["members"].append(dict(doc["members"][0]))
    doc["events"][1]["key"] = doc["events"][0]["key"]
    doc["events"][1]["game"] = "g9"
    doc["games"][0]["figure_map"]["a2"] = "nobody"
    assert problems(doc) == [
        ("$.members[2].key", "'charlotte-charlie-steele' is already members[0]'s key"),
        ("$.events[1].key", f"'g1:1:shot-down:{CHARLIE}' is already events[0]'s key"),
        ("$.games[0].figure_map.a2", "no member 'nobody'"),
        ("$.events[1].game", "no game 'g9'"),
    ]
    unknown = document()
    unknown["events"][0]["member"] = "nobody"
    assert ("$.events[0].member", "no member 'nobody'") in problems(unknown)


def test_bailing_out_an_event_after_a_pilot_perished_is_refused_on_replay():
    doc = document()
    doc["events"].append(
        {"key": "award:1", "member": CHARLIE, "kind": "award", "experience": 10, "seq": 3}
    )
    assert problems(doc) == [
        ("$.events[2].member", 'Charlotte "Charlie" Steele perished in game g1: gains nothing more')
    ]


def test_settings_are_refused_with_their_path():
    assert problems(document() | {"settings": {"carry_over": 1}}) == [
        ("$.settings.carry_over", "must be true or false")
    ]
    doc = document() | {"settings": {"experience_multipliers": {"veteran": 3}}}
    assert problems(doc) == [
        (
            "$.settings.experience_multipliers.veteran",
            "the book gives Veteran the multiplier 4, not 3",
        )
    ]


def test_limits_are_named():
    doc = document()
    doc["members"] = doc["members"] * 251
    assert problems(doc) == [("$.members", "502 members, 2 over the limit of 500")]
    doc = document()
    doc["events"] = [dict(EVENTS[0], key=f"k{n}") for n in range(20_001)]
    assert problems(doc) == [("$.events", "20,001 events, 1 over the limit of 20,000")]


def test_events_are_in_the_order_they_were_applied():
    doc = document()
    doc["events"][1]["seq"] = 1
    assert problems(doc) == [
        ("$.events[1].seq", "1 comes after 1: events are in the order they were applied")
    ]
