"""Air Action campaign pilots: levels, multipliers and advancing ("Playing a Crimson Skies:
Air Action Campaign", "Experience Multiplier", "Gaining Experience", "Bailing Out"; seed 001)
and the settings the lost tables leave (docs/rulings/cs-air-action.md, 17-24)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.campaign import campaign_rules, roster, settings_with_defaults
from rules_engine.cs_air_action.campaign import members_from_list
from rules_engine.errors import BadDocument
from tests.rules_engine.campaign.air_logs import (
    CATALOGUE,
    CHARLIE,
    LOYLE,
    SQUADRON,
    SYSTEM,
    catalogue_with_veteran_fury,
)

MEMBERS = members_from_list(CATALOGUE, SQUADRON)


def award(n: int, experience: int, member: str = CHARLIE, **more: Any) -> dict[str, Any]:
    return {
        "key": f"award:{n}",
        "member": member,
        "kind": "award",
        "experience": experience,
        "reason": "test",
        **more,
    }


def shot_down(n: int, member: str = CHARLIE) -> dict[str, Any]:
    return {
        "key": f"g:{n}:shot-down:{member}",
        "member": member,
        "kind": "shot-down",
        "experience": 100,
        "game": "g",
        "entry": n,
        "target": "b1",
    }


def state(
    events: list[dict[str, Any]], settings: dict[str, Any] | None = None, catalogue: Any = CATALOGUE
) -> dict[str, Any]:
    return roster(catalogue, SYSTEM, MEMBERS, events, settings)[0]


def refused(
    events: list[dict[str, Any]], settings: dict[str, Any] | None = None, catalogue: Any = CATALOGUE
) -> list[tuple[str, str]]:
    with pytest.raises(BadDocument) as caught:
        roster(catalogue, SYSTEM, MEMBERS, events, settings)
    return [(e.path, e.message) for e in caught.value.errors]


def test_playing_a_campaign_starts_each_pilot_of_the_squadron_at_rookie():
    # "To start a Campaign, begin with a squadron of planes, with each pilot at the Rookie
    # experience level."
    assert MEMBERS == [
        {
            "key": CHARLIE,
            "name": 'Charlotte "Charlie" Steele',
            "kind": "pilot",
            "figure": "charlie-steele-fury",
            "ace": None,
            "level": "rookie",
            "document": None,
            "entry": 0,
        },
        {
            "key": LOYLE,
            "name": "Loyle Crawford",
            "kind": "pilot",
            "figure": "loyle-crawford-devastator",
            "ace": None,
            "level": "rookie",
            "document": None,
            "entry": 1,
        },
    ]
    charlie = state([])
    assert (charlie["level"], charlie["level_name"], charlie["experience"]) == (
        "rookie",
        "Rookie",
        0,
    )
    assert (charlie["multiplier"], charlie["next_level"], charlie["next_needs"]) == (
        2,
        "veteran",
        200,
    )
    assert campaign_rules("cs-aces") is None


def test_a_squadron_entry_that_is_no_plane_is_refused_at_its_path():
    doc = {**SQUADRON, "entries": [{"figure": "no-such-plane"}]}
    with pytest.raises(BadDocument) as caught:
        members_from_list(CATALOGUE, doc)
    assert caught.value.errors[0].path == "$.entries[0].figure"


def test_experience_multiplier_book_example_a_veteran_needs_400_to_become_an_ace():
    # "For example, a Veteran needs to accumulate 400 experience points (experience
    # multiplier of 4 times 100) to advance to Ace."
    veteran = state([shot_down(1), shot_down(2)])  # a Rookie's 200 (ruling 17)
    assert (veteran["level_name"], veteran["level_experience"]) == ("Veteran", 0)
    assert (veteran["multiplier"], veteran["level_needs"], veteran["next_needs"]) == (4, 400, 400)
    almost = state([shot_down(n) for n in range(1, 6)])
    assert (almost["level"], almost["level_experience"], almost["next_needs"]) == (
        "veteran",
        300,
        100,
    )
    ace = state([shot_down(n) for n in range(1, 7)])
    assert (ace["level_name"], ace["experience"], ace["level_experience"]) == ("Ace", 600, 0)
    assert (ace["multiplier"], ace["next_level_name"], ace["next_needs"]) == (6, "Double Ace", 600)


def test_experience_multiplier_counts_from_the_last_advance_and_the_excess_carries_over():
    # Ruling 18: "accumulate experience equal to one hundred times the multiplier" counts
    # from the pilot's last advance; what is past the need carries over.
    carried = state([award(1, 150), award(2, 150)])
    assert (carried["level"], carried["experience"], carried["level_experience"]) == (
        "veteran",
        300,
        100,
    )
    assert carried["next_needs"] == 300
    lost = state([award(1, 150), award(2, 150)], {"carry_over": False})
    assert (lost["level"], lost["experience"], lost["level_experience"]) == ("veteran", 300, 0)
    assert lost["next_needs"] == 400


def test_experience_multiplier_one_big_award_can_pass_two_levels_with_carry_over():
    # 200 (Rookie) + 400 (Veteran) = 600: Ace with 50 to spare.
    assert (state([award(1, 650)])["level"], state([award(1, 650)])["level_experience"]) == (
        "ace",
        50,
    )
    # Without carry over the excess is lost at the first advance.
    assert state([award(1, 650)], {"carry_over": False})["level"] == "veteran"


def test_experience_multiplier_a_legend_never_advances():
    # Ruling 19: Legend is the top level the book names; it has no multiplier.
    legend = state([award(1, 200 + 400 + 600 + 800)])
    assert (legend["level_name"], legend["multiplier"], legend["next_level"]) == (
        "Legend",
        None,
        None,
    )
    assert (legend["next_needs"], legend["level_needs"]) == (None, None)
    more = state([award(1, 2000), award(2, 5000)])
    assert (more["level"], more["experience"]) == ("legend", 7000)


def test_experience_multipliers_setting_fills_only_what_the_table_lost():
    # Ruling 17: the Rookie, Ace and Double Ace multipliers are settings; Veteran's 4 is the book's.
    rookie3 = state([award(1, 250)], {"experience_multipliers": {"rookie": 3}})
    assert (rookie3["level"], rookie3["next_needs"]) == ("rookie", 50)
    ace = state([award(1, 300 + 400)], {"experience_multipliers": {"rookie": 3, "ace": 10}})
    assert (ace["level"], ace["multiplier"], ace["next_needs"]) == ("ace", 10, 1000)
    assert refused([], {"experience_multipliers": {"veteran": 5}}) == [
        (
            "settings.experience_multipliers.veteran",
            "the book gives Veteran the multiplier 4, not 5",
        )
    ]


@pytest.mark.parametrize(
    ("settings", "path"),
    [
        ({"experience_multipliers": {"legend": 9}}, "settings.experience_multipliers"),
        ({"experience_multipliers": {"rookie": 0}}, "settings.experience_multipliers"),
        ({"experience_multipliers": [2, 4]}, "settings.experience_multipliers"),
        ({"carry_over": "yes"}, "settings.carry_over"),
        ({"serious_collision_experience": -5}, "settings.serious_collision_experience"),
        ({"bail_out_bonus": 1}, "settings.bail_out_bonus"),
    ],
)
def test_settings_refused_with_their_path(settings, path):
    with pytest.raises(BadDocument) as caught:
        settings_with_defaults(SYSTEM, settings)
    assert [e.path for e in caught.value.errors] == [path]


def test_settings_refuse_a_legend_multiplier_in_words():
    with pytest.raises(BadDocument) as caught:
        settings_with_defaults(SYSTEM, {"experience_multipliers": {"legend": 9}})
    assert "a Legend never advances" in caught.value.errors[0].message


def test_settings_defaults():
    assert settings_with_defaults(SYSTEM, None) == {
        "experience_multipliers": {"rookie": 2, "veteran": 4, "ace": 6, "double_ace": 8},
        "carry_over": True,
        "serious_collision_experience": 0,
    }


def test_bailing_out_a_perished_pilot_gains_nothing_more():
    # "Otherwise, the pilot perishes in a burning wreck. Do not continue accumulating
    # experience for this pilot."
    perished = {
        "key": "g1:4:perished:" + CHARLIE,
        "member": CHARLIE,
        "kind": "perished",
        "game": "g1",
        "entry": 4,
    }
    gone = state([shot_down(1), perished])
    assert (gone["status"], gone["experience"]) == ("perished", 100)
    for later in (
        shot_down(9),
        award(9, 10),
        {"key": "f", "member": CHARLIE, "kind": "figure", "figure": "charlie-steele-fury"},
    ):
        assert refused([perished, later]) == [
            (
                "events[1].member",
                'Charlotte "Charlie" Steele perished in game g1: gains nothing more',
            )
        ]
    assert roster(CATALOGUE, SYSTEM, MEMBERS, [perished])[1]["status"] == "active"


def test_gaining_experience_values_are_the_books_and_others_are_refused():
    wrong = {**shot_down(1), "experience": 150}
    assert refused([wrong]) == [
        ("events[0].experience", "a shot-down event earns 100 experience points, not 150")
    ]
    act = {
        "key": "a",
        "member": CHARLIE,
        "kind": "heroic-act",
        "act": "grabbing-two-mementos",
        "experience": 50,
    }
    assert state([act])["experience"] == 50
    assert refused([{**act, "experience": 25}])[0][0] == "events[0].experience"
    assert refused([{**act, "act": "waving"}])[0][0] == "events[0].act"
    feat = {
        "key": "d",
        "member": CHARLIE,
        "kind": "daring-feat",
        "feat": "timely-distraction",
        "experience": 15,
    }
    assert state([feat])["experience"] == 15
    assert refused([{**feat, "feat": "loop"}])[0][0] == "events[0].feat"
    assert refused([{"key": "x", "member": CHARLIE, "kind": "victory"}])[0][0] == "events[0].kind"
    assert refused([{**shot_down(1), "member": "nobody"}]) == [
        ("events[0].member", "no member 'nobody'")
    ]


def test_an_award_may_take_experience_away_but_never_below_none_nor_a_level():
    after = state([award(1, 250), award(2, -100)])
    assert (after["experience"], after["level"], after["level_experience"]) == (150, "veteran", 0)
    assert refused([award(1, 20), award(2, -30)]) == [
        (
            "events[1].experience",
            'Charlotte "Charlie" Steele has 20 experience: an award of -30 would leave '
            "less than none",
        )
    ]


def test_advancing_offers_the_same_pilots_figure_at_the_new_level():
    # Ruling 21: "All Crimson Skies planes can be played at multiple experience levels."
    catalogue = catalogue_with_veteran_fury()
    veteran = state([award(1, 200)], catalogue=catalogue)
    assert (veteran["offers"], veteran["offer_note"]) == (["charlie-steele-fury-veteran"], "")
    choose = {
        "key": "choose",
        "member": CHARLIE,
        "kind": "figure",
        "figure": "charlie-steele-fury-veteran",
    }
    flying = state([award(1, 200), choose], catalogue=catalogue)
    assert (flying["figure"], flying["offers"]) == ("charlie-steele-fury-veteran", [])
    assert refused(
        [award(1, 200), {**choose, "figure": "loyle-crawford-devastator"}], catalogue=catalogue
    ) == [
        (
            "events[1].figure",
            "'loyle-crawford-devastator' is not a figure offered: charlie-steele-fury-veteran",
        )
    ]
    assert refused([choose], catalogue=catalogue)[0][0] == "events[0].figure"


def test_advancing_with_no_figure_at_the_new_level_says_so_plainly():
    veteran = state([award(1, 200)])
    assert veteran["offers"] == []
    assert veteran["offer_note"] == (
        'The catalogue has no Veteran figure of Charlotte "Charlie" Steele flying the Fury: '
        'the pilot keeps flying Charlotte "Charlie" Steele (Fury).'
    )
    assert veteran["figure"] == "charlie-steele-fury"


def test_the_history_keeps_a_running_total():
    charlie = state([shot_down(1), award(2, 25)])
    assert [(h["kind"], h["experience"], h["total"]) for h in charlie["history"]] == [
        ("shot-down", 100, 100),
        ("award", 25, 125),
    ]
