"""What each game's lists need from a collection, read from the example lists."""

from __future__ import annotations

from typing import Any

import pytest

from builder.collections.requirements import collectable, list_needs
from tests.builder.printing.conftest import example


def _needs(doc: dict[str, Any]) -> list[tuple[str, str, str, int, list[str]]]:
    return [(n.system, n.record_type, n.stable_id, n.quantity, n.paths) for n in list_needs(doc)]


def test_an_air_action_squadron_needs_its_planes_and_the_aces_flying_them() -> None:
    doc = example("cs-air-action/aces-300.json")
    assert _needs(doc) == [
        ("cs-air-action", "figure", "charlie-steele-fury", 1, ["$.entries[0].figure"]),
        ("cs-aces", "figure", "charlie", 1, ["$.entries[0].ace"]),
        ("cs-air-action", "figure", "loyle-crawford-devastator", 1, ["$.entries[1].figure"]),
        ("cs-aces", "figure", "loyle-crawford", 1, ["$.entries[1].ace"]),
    ]


def test_a_warband_needs_a_model_per_entry_merged_by_archetype_and_weapon() -> None:
    needs = _needs(example("crimson-dust/dust-devils-500.json"))
    assert needs[:2] == [
        (
            "crimson-dust",
            "archetype",
            "medio",
            3,
            ["$.entries[0].archetype", "$.entries[2].archetype", "$.entries[3].archetype"],
        ),
        (
            "crimson-dust",
            "weapon",
            "rifle",
            3,
            ["$.entries[0].weapons[0]", "$.entries[2].weapons[0]", "$.entries[3].weapons[0]"],
        ),
    ]


def test_an_aces_team_needs_each_figure_as_often_as_it_is_taken() -> None:
    doc = example("cs-aces/kims-team.json")
    doc["entries"][0]["count"] = 3
    assert _needs(doc)[0] == ("cs-aces", "figure", "charlie", 3, ["$.entries[0].figure"])


@pytest.mark.parametrize(
    ("name", "needed"),
    [
        ("cs-air-action/aces-300.json", True),
        ("cs-aces/kims-team.json", True),
        ("crimson-dust/dust-devils-500.json", True),
        ("black-skies/tiger-squadron.squadron.json", False),
        ("black-skies/black-tiger.fighter.json", False),
        ("cs-hex/light-fighter-legal.json", False),
    ],
)
def test_designs_built_from_tables_need_nothing(name: str, needed: bool) -> None:
    doc = example(name)
    assert collectable(doc["system"]) is needed
    assert bool(list_needs(doc)) is needed


def test_an_unknown_game_needs_nothing() -> None:
    assert not collectable("no-such-game")
    assert list_needs({"system": "no-such-game", "entries": [{"figure": "x"}]}) == []
