"""Warband prices (Warbands > Archetypes: 'the points values to be added to the total cost of
the model'), checked against sums worked out by hand from the book's printed numbers."""

from __future__ import annotations

import json
from pathlib import Path

from rules_engine import check
from rules_engine.crimson_dust.codes import Code
from rules_engine.verdict import Severity

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "crimson-dust"


def test_the_500_point_example_costs_exactly_500_by_the_book(catalogue):
    doc = json.loads((EXAMPLES / "dust-devils-500.json").read_text())
    verdict = check(catalogue, doc)
    # Veteran Medio 75 + Av 2 19 + +1 Rg 24 + Critical Shot 15          = 133
    # Regular Contego 70 + Av 5 47                                      = 117
    # Regular Medio 50 + Av 1 5 + Dispersed Formation 5                 =  60
    # Green Medio 30 + Bestia 20 + Bestia Av 1 3 + Used as mount -10    =  43
    # Regular Suboles 70 + Av 1 8 + Dispersed Formation 5               =  83
    # Green Durus 35 + Av 2 9 + Fanatic 10 + Dispersed 5 + Hurl 5       =  64
    assert [m["points"] for m in verdict.breakdown["models"]] == [133, 117, 60, 43, 83, 64]
    assert verdict.points == 500
    assert verdict.legal
    # Weapons have no printed points in V2.1: each is a warning, none an error.
    assert {v.code for v in verdict.violations} == {Code.PRICE_NOT_GIVEN}
    assert all(v.severity is Severity.WARNING for v in verdict.violations)
    assert len(verdict.violations) == 7


def test_the_hundred_model_example_is_legal_and_priced_with_house_prices(catalogue):
    doc = json.loads((EXAMPLES / "hundred-models.json").read_text())
    verdict = check(catalogue, doc)
    assert len(verdict.breakdown["models"]) == 100
    # Per five models: Logos 20+2, Medio 30+3+3, Prelitor 25+10+2, Durus 35+4+3,
    # Regular Medio 50+5+4 = 196; twenty such groups.
    assert verdict.points == 3920
    assert verdict.legal
    assert verdict.violations == ()
    assert verdict.house_rules["prices_used"] == {"pistol": 2, "rifle": 3, "shotgun": 3,
                                                   "smg": 4}


def test_a_quality_sets_the_upgrade_price(catalogue, warband):
    # Medio Profile Upgrades: "Av 1 - 3/5/8".
    prices = [check(catalogue, warband({"archetype": "medio", "quality": q,
                                        "upgrades": ["av-1"]})).points
              for q in ("green", "regular", "veteran")]
    assert prices == [30 + 3, 50 + 5, 75 + 8]


def test_an_unpriced_psychic_level_is_free_with_a_warning_naming_it(catalogue, warband):
    # Medio "Psychic level 1 - ? pts".
    verdict = check(catalogue, warband({"name": "Wire", "archetype": "medio",
                                        "quality": "green", "skills": ["psychic-level-1"]}))
    assert verdict.points == 30
    [warning] = verdict.violations
    assert (warning.code, warning.path, warning.severity) == (
        Code.PRICE_NOT_GIVEN, "$.entries[0].skills[0]", Severity.WARNING)
    assert "Wire" in warning.message
    assert "Psychic level 1" in warning.message


def test_a_house_price_replaces_the_missing_one_and_is_kept_in_the_verdict(catalogue, warband):
    doc = warband({"archetype": "medio", "quality": "green", "skills": ["psychic-level-1"],
                   "weapons": ["rifle"]},
                  house_rules={"prices": {"psychic-level-1": 12, "rifle": 4}, "notes": "club"})
    verdict = check(catalogue, doc)
    assert verdict.points == 30 + 12 + 4
    assert verdict.violations == ()
    items = {i["id"]: (i["points"], i["price"]) for i in verdict.breakdown["models"][0]["items"]}
    assert items["psychic-level-1"] == (12, "house")
    assert items["rifle"] == (4, "house")
    assert verdict.to_dict()["house_rules"]["prices_used"] == {"psychic-level-1": 12, "rifle": 4}


def test_over_the_points_limit_is_an_error_at_the_limit(catalogue, warband):
    verdict = check(catalogue, warband({"archetype": "medio", "quality": "veteran"},
                                       {"archetype": "medio", "quality": "veteran"}, limit=149))
    assert verdict.points == 150
    assert not verdict.legal
    [error] = verdict.violations
    assert (error.code, error.path, error.severity) == (
        Code.OVER_POINTS_LIMIT, "$.points_limit", Severity.ERROR)
    assert "150" in error.message
    assert "149" in error.message


def test_exactly_at_the_limit_is_legal(catalogue, warband):
    verdict = check(catalogue, warband({"archetype": "medio", "quality": "veteran"}, limit=75))
    assert verdict.legal
    assert verdict.points == 75


def test_equipment_with_a_printed_price_is_added(small_catalogue, warband):
    verdict = check(small_catalogue, warband({"archetype": "trooper", "quality": "regular",
                                              "equipment": ["neural-networking"]}))
    assert verdict.points == 50 + 10


def test_a_mount_is_itemised_with_its_discount(catalogue, warband):
    verdict = check(catalogue, warband({"archetype": "medio", "quality": "green",
                                        "mount": {"archetype": "bestia",
                                                  "skills": ["leap"]}}))
    items = [(i["kind"], i["name"], i["points"]) for i in verdict.breakdown["models"][0]["items"]]
    # Bestia: Points 20; Leap 5; "Used as mount -10".
    assert items == [("archetype", "Green Medio", 30), ("mount", "Bestia", 20),
                     ("mount skill", "Leap", 5), ("mount skill", "Mount", -10)]
    assert verdict.points == 45
