"""cs-hex characters against "Создание персонажа" (seed 004): budgets 700/400/300, the
characteristic cost table, Constitution's minimum and fixed level, add-ons and wingmen."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest

from rules_engine import check
from tests.rules_engine.cs_hex.designs import EXAMPLES, ROOT

ORLOV = EXAMPLES / "captain-orlov-character-legal.json"
LEVELS = {
    "natural-touch": 5,
    "accuracy": 3,
    "steady-hand": 2,
    "quick-fire": 2,
    "sixth-sense": 2,
    "constitution": 3,
}


def character(
    *extra: dict[str, Any],
    role: str = "pilot",
    levels: dict[str, int] | None = None,
    **envelope: Any,
) -> dict[str, Any]:
    entry = {
        "part": "character",
        "role": role,
        "characteristics": dict(LEVELS if levels is None else levels),
    }
    return {
        "format": "muster-list/1",
        "system": "cs-hex",
        "kind": "character",
        "name": "Captain Orlov",
        "entries": [entry, *copy.deepcopy(list(extra))],
        **envelope,
    }


def codes(verdict: Any) -> list[tuple[str, str]]:
    return [(v.code, v.path) for v in verdict.violations]


def test_creation_levels_cost_the_table_total_of_each_level(catalogue):
    # "Характеристики стоят": 5 -> 110, 3 -> 40, 2 -> 20; 110+40+20+20+20+40 = 250.
    verdict = check(catalogue, character())
    assert (verdict.points, verdict.limit, verdict.legal) == (250, 700, True)
    assert [(e.path, e.points) for e in verdict.entries] == [("$.entries[0]", 250)]
    assert verdict.breakdown["xp_left"] == 450


@pytest.mark.parametrize(
    ("add_on", "count", "xp"),
    [
        ("wingman", 1, 50),
        ("own-crew", 1, 100),
        ("experienced-parachutist", 4, 40),
        ("charisma", 1, 100),
        ("connections", 1, 100),
        ("tough-guy", 1, 100),
        ("crowd-favourite", 1, 50),
        ("wanted", 1, 50),
    ],
)
def test_each_add_on_costs_its_printed_price_creation_add_ons(catalogue, add_on, count, xp):
    extra = [{"part": "add-on", "add_on": add_on, "count": count}]
    if add_on == "wingman":
        extra.append({"part": "wingman", "name": "Petya", "characteristics": {"constitution": 3}})
    verdict = check(catalogue, character(*extra))
    assert verdict.legal, verdict.violations
    assert verdict.points == 250 + xp
    assert verdict.entries[1].points == xp


def test_over_budget_names_the_exact_excess_creation(catalogue):
    # 10 -> 460, 6 -> 160, 3 -> 40: 660 on characteristics; + Own crew 100 = 760 > 700.
    doc = character(
        {"part": "add-on", "add_on": "own-crew"},
        levels={"natural-touch": 10, "accuracy": 6, "constitution": 3},
    )
    verdict = check(catalogue, doc)
    assert verdict.points == 760
    assert [(v.code, v.message) for v in verdict.violations] == [
        (
            "cs-hex.over-budget",
            "Captain Orlov spends 760 XP, 60 over the 700 XP of a pilot (Создание персонажа)",
        )
    ]


def test_a_pilots_constitution_is_at_least_three_creation(catalogue):
    verdict = check(catalogue, character(levels={"natural-touch": 5, "constitution": 2}))
    assert [(v.code, v.path, v.message) for v in verdict.violations] == [
        (
            "cs-hex.characteristic-below-minimum",
            "$.entries[0].characteristics.constitution",
            "Constitution must be at least 3 for a pilot; Captain Orlov has 2 (Создание персонажа)",
        )
    ]
    assert codes(check(catalogue, character(levels={"constitution": 4}))) == []


@pytest.mark.parametrize(("role", "budget"), [("wingman", 400), ("gunner", 300)])
def test_wingman_and_gunner_constitution_is_always_three_creation(catalogue, role, budget):
    verdict = check(catalogue, character(role=role, levels={"constitution": 4}))
    assert verdict.limit == budget
    assert [v.message for v in verdict.violations] == [
        f"Constitution is always 3 for a {'turret gunner' if role == 'gunner' else role}, "
        "not 4 (Создание персонажа)"
    ]


def test_a_400_xp_wingman_is_legal_and_401_is_not_creation_add_ons(catalogue):
    # 6 -> 160, 5 -> 110, 3 -> 40, 3 -> 40, 1 -> 10, Constitution 3 -> 40: 400.
    petya = {
        "natural-touch": 6,
        "accuracy": 5,
        "quick-fire": 3,
        "sixth-sense": 3,
        "steady-hand": 1,
        "constitution": 3,
    }
    doc = character(
        {"part": "add-on", "add_on": "wingman"},
        {"part": "wingman", "name": "Petya", "characteristics": petya},
    )
    verdict = check(catalogue, doc)
    assert verdict.legal
    assert verdict.breakdown["wingmen"][0]["spent"] == 400
    assert verdict.points == 300  # the wingman's XP is his own, not the pilot's
    petya["steady-hand"] = 2  # 10 -> 20
    broken = check(
        catalogue,
        character(
            {"part": "add-on", "add_on": "wingman"},
            {"part": "wingman", "name": "Petya", "characteristics": petya},
        ),
    )
    assert [(v.path, v.message) for v in broken.violations] == [
        (
            "$.entries[2]",
            "Petya spends 410 XP, 10 over the 400 XP of a wingman (Создание персонажа: Дополнения)",
        )
    ]


def test_wingmen_written_must_match_the_wingman_add_on_count_creation_add_ons(catalogue):
    one = {"part": "wingman", "name": "Petya", "characteristics": {"constitution": 3}}
    unbought = check(catalogue, character(one))
    assert codes(unbought) == [("cs-hex.wingmen-not-bought", "$.entries[1]")]
    unwritten = check(
        catalogue, character({"part": "add-on", "add_on": "wingman", "count": 2}, one)
    )
    assert codes(unwritten) == [("cs-hex.wingmen-not-written", "$.entries[1]")]
    assert unwritten.violations[0].message == (
        "2 Wingman add-ons are bought but 1 written out: write each wingman's name and "
        "characteristics (Создание персонажа: Дополнения)"
    )


def test_at_most_three_wingmen_and_four_jumps_creation_add_ons(catalogue):
    doc = character(
        {"part": "add-on", "add_on": "wingman", "count": 4},
        *[
            {"part": "wingman", "name": f"W{n}", "characteristics": {"constitution": 3}}
            for n in range(4)
        ],
    )
    verdict = check(catalogue, doc)
    assert ("cs-hex.add-on-over-maximum", "$.entries[1].count") in codes(verdict)
    jumps = check(
        catalogue, character({"part": "add-on", "add_on": "experienced-parachutist", "count": 5})
    )
    assert [v.message for v in jumps.violations] == [
        "Experienced parachutist is bought 5 times, 1 over the 4 a character may have "
        "(Создание персонажа: Дополнения)"
    ]


def test_a_wingman_takes_no_add_ons_creation_add_ons(catalogue):
    doc = character(
        {"part": "add-on", "add_on": "charisma"}, role="wingman", levels={"constitution": 3}
    )
    assert codes(check(catalogue, doc)) == [("cs-hex.add-ons-not-allowed", "$.entries[1]")]


def test_developed_xp_widens_the_budget_development(catalogue):
    doc = character(
        levels={"natural-touch": 10, "accuracy": 6, "constitution": 3},
        settings={"developed_xp": 60},
    )
    verdict = check(catalogue, doc)
    assert (verdict.points, verdict.limit, verdict.legal) == (660, 760, True)


def test_the_example_character_spends_the_700_xp_through_the_cli_creation():
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "check", str(ORLOV)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    # 160 + 110 + 70 + 70 + 40 + 40 = 490; wingmen 100, a jump 10, two add-ons at 50: 210.
    assert (verdict["points"], verdict["limit"], verdict["legal"]) == (700, 700, True)
    assert [e["points"] for e in verdict["entries"]] == [490, 100, 10, 50, 50]
    assert [w["spent"] for w in verdict["breakdown"]["wingmen"]] == [400, 360]
