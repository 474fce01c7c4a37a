"""Fighter designs and squadrons against the Black Skies construction rules (issue #4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_engine import BadDocument, Severity, check
from rules_engine.cli import main
from tests.rules_engine.black_skies.black_skies_lists import (
    BLACK_TIGER,
    CATALOGUE,
    LANCER,
    fighter,
    pilot,
    squadron,
    tiger_squadron,
)

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples" / "black-skies"


def violations(doc):
    return [(v.code, v.path, v.message, v.severity) for v in check(CATALOGUE, doc).violations]


def test_black_tiger_fills_its_three_hardpoints():
    # Fighters: medium "has 3 hardpoints"; Examples: two Laser Cannons and light armour.
    verdict = check(CATALOGUE, fighter())
    assert verdict.legal
    assert (verdict.points, verdict.limit) == (3, 3)
    assert verdict.breakdown["hardpoints"] == {
        "weapons": 2, "armour": 1, "shields": 0, "used": 3, "available": 3}
    assert verdict.breakdown["hull"] == 6
    assert verdict.breakdown["dice_per_volley"] == 2
    # Maneuver Cards: basic 1-3 plus the rear thrusters' 4-6.
    assert verdict.breakdown["maneuver_cards"] == [1, 2, 3, 4, 5, 6]
    # Afterburner: "150% of its acceleration rating (round down)": 3 x 1.5 = 4.
    assert verdict.breakdown["afterburner_boost"] == 4


@pytest.mark.parametrize(("weight", "boost"), [("light", 6), ("medium", 4), ("heavy", 3)])
def test_afterburner_boost_by_weight(weight, boost):
    # Fighters: acceleration 4 / 3 / 2; Additional Maneuvers: Afterburner adds 150%, rounded
    # down. Without rear thrusters there is no Afterburner card.
    doc = fighter(weight=weight, weapons=[], armour="no-armour")
    assert check(CATALOGUE, doc).breakdown["afterburner_boost"] == boost
    no_rear = fighter(weight=weight, weapons=[], armour="no-armour", thrusters=[])
    assert check(CATALOGUE, no_rear).breakdown["afterburner_boost"] is None


def test_a_fourth_hardpoint_on_a_medium_fighter_is_over():
    # Shields: "Each level of shielding costs the fighter one hardpoint."
    assert violations(fighter(shields=1)) == [(
        "black-skies.over-hardpoints", "$.entries[0]",
        "Black Tiger uses 4 hardpoints (weapons 2, armour 1, shields 1), 1 over the 3 of a "
        "medium fighter", Severity.ERROR)]


def test_light_fighter_may_not_have_heavy_armour():
    # Armour: "A light fighter may not have heavy armour."
    doc = fighter(weight="light", weapons=[], armour="heavy-armour")
    verdict = check(CATALOGUE, doc)
    assert [(v.code, v.path, v.message) for v in verdict.violations] == [(
        "black-skies.armour-too-heavy", "$.entries[0].armour",
        "Black Tiger is a light fighter: it may not have heavy armour")]
    assert (verdict.points, verdict.limit) == (2, 2)


def test_medium_fighter_may_have_heavy_armour():
    verdict = check(CATALOGUE, fighter(weapons=[{"weapon": "laser-cannon", "count": 1}],
                                       armour="heavy-armour"))
    assert verdict.legal
    assert verdict.points == 3


def test_two_shield_levels_need_the_stacking_setting():
    doc = fighter(LANCER, weapons=[{"weapon": "laser-cannon", "count": 1}], shields=2)
    assert violations(doc) == [(
        "black-skies.too-many-shield-levels", "$.entries[0].shields",
        "Lancer has 2 levels of shielding, 1 over the 1 allowed", Severity.ERROR)]
    doc["settings"] = {"max_shield_levels": 2}
    assert check(CATALOGUE, doc).legal


def test_unknown_content_is_named_with_its_path():
    doc = fighter(weight="huge", armour="plate", thrusters=["rear-thrusters", "warp-drive"],
                  weapons=[{"weapon": "laser-cannon", "count": 1},
                           {"weapon": "ion-gun", "count": 1}])
    assert [(c, p) for c, p, _, _ in violations(doc)] == [
        ("black-skies.unknown-armour", "$.entries[0].armour"),
        ("black-skies.unknown-thruster", "$.entries[0].thrusters[1]"),
        ("black-skies.unknown-weapon", "$.entries[0].weapons[1].weapon"),
        ("black-skies.unknown-weight", "$.entries[0].weight"),
    ]
    assert check(CATALOGUE, doc).limit is None


def test_one_thruster_location_setting():
    # Thrusters: "may be located in one of three locations" (a setting, see rulings).
    doc = fighter(thrusters=["rear-thrusters", "side-thrusters"])
    assert check(CATALOGUE, doc).legal
    doc["settings"] = {"thruster_locations": "one"}
    assert violations(doc) == [(
        "black-skies.too-many-thruster-locations", "$.entries[0].thrusters",
        "Black Tiger has maneuvering thrusters in 2 locations (rear, side), 1 over the one "
        "this game allows", Severity.ERROR)]


def test_every_broken_rule_of_a_design_is_reported_at_once():
    doc = fighter(weight="light", armour="heavy-armour", shields=2)
    assert [c for c, _, _, _ in violations(doc)] == [
        "black-skies.over-hardpoints", "black-skies.armour-too-heavy",
        "black-skies.too-many-shield-levels"]
    assert check(CATALOGUE, doc).points == 6


def test_tiger_squadron_is_legal_and_counts_fighters():
    verdict = check(CATALOGUE, tiger_squadron() | {"points_limit": 4})
    assert verdict.legal
    assert verdict.violations == ()
    assert (verdict.points, verdict.limit) == (4, 4)
    assert verdict.breakdown["elements"] == [
        {"element": "Red", "entries": [0, 1], "design": ["Black Tiger"]},
        {"element": "Gold", "entries": [2, 3], "design": ["Black Tiger"]}]


def test_pilot_skill_runs_from_one_to_four():
    # Pilots: Piloting Skill Level 1 (green) to 4 (hotshot).
    doc = squadron(pilot("Red", "Kell", 5), pilot("Red", "Moss", 0))
    assert violations(doc) == [
        ("black-skies.pilot-skill-out-of-range", "$.entries[0].pilot.skill",
         "Kell has piloting skill 5: skill runs from 1 to 4", Severity.ERROR),
        ("black-skies.pilot-skill-out-of-range", "$.entries[1].pilot.skill",
         "Moss has piloting skill 0: skill runs from 1 to 4", Severity.ERROR)]


def test_element_of_three_is_too_large():
    # Formations: "Elements of two fighters each, a lead fighter and his wingman."
    doc = squadron(pilot("Red", "Kell", 3), pilot("Red", "Moss", 2), pilot("Red", "Lane", 1))
    assert violations(doc) == [(
        "black-skies.element-too-large", "$.entries[2]",
        "Element Red has 3 fighters, 1 over the 2 of an element (a lead fighter and his "
        "wingman)",
        Severity.ERROR)]


def test_element_mixing_designs_is_illegal():
    # Tactical Displays: "Both pilots always fly the same type of fighter."
    doc = squadron(pilot("Red", "Kell", 3), pilot("Red", "Moss", 2, LANCER))
    assert violations(doc) == [(
        "black-skies.element-mixed-designs", "$.entries[1].design",
        "Element Red mixes Black Tiger and Lancer: both fighters of an element fly the same "
        "type of fighter", Severity.ERROR)]


def test_written_out_black_tiger_is_the_same_type_as_the_content_one():
    doc = squadron(pilot("Red", "Kell", 3), pilot("Red", "Moss", 2, BLACK_TIGER))
    assert check(CATALOGUE, doc).legal


@pytest.mark.parametrize(("setting", "severity"), [
    ({}, Severity.WARNING),
    ({"single_fighter_elements": "error"}, Severity.ERROR),
])
def test_lone_fighter_element_is_an_exception(setting, severity):
    # Formations: "With few exceptions, fighters are formed into Elements of two".
    doc = squadron(pilot("Red", "Kell", 3), settings=setting)
    verdict = check(CATALOGUE, doc)
    assert [(v.code, v.path, v.message, v.severity) for v in verdict.violations] == [(
        "black-skies.element-single-fighter", "$.entries[0]",
        "Kell flies alone in element Red: fighters fly in elements of 2 with few exceptions",
        severity)]
    assert verdict.legal is (severity is Severity.WARNING)


def test_lone_fighter_allowed_setting_reports_nothing():
    doc = squadron(pilot("Red", "Kell", 3), settings={"single_fighter_elements": "allowed"})
    assert check(CATALOGUE, doc).violations == ()


def test_unknown_design_and_over_limit():
    doc = squadron(pilot("Red", "Kell", 3, "grey-ghost"), pilot("Red", "Moss", 2),
                   pilot("Blue", "Nyx", 2), pilot("Blue", "Ola", 2), points_limit=3)
    assert violations(doc) == [
        ("black-skies.over-fighter-limit", "$.entries",
         "the squadron fields 4 fighters, 1 over the game's 3", Severity.ERROR),
        ("black-skies.unknown-design", "$.entries[0].design",
         "Kell flies 'grey-ghost': there is no such design (known: Black Tiger)",
         Severity.ERROR)]


def test_a_squadron_with_no_fighters_is_read_but_not_legal():
    # A new squadron is a valid document: it is refused in words, not as a schema fault.
    verdict = check(CATALOGUE, squadron())
    assert (verdict.points, verdict.legal) == (0, False)
    assert violations(squadron()) == [
        ("black-skies.no-fighters", "$.entries",
         "the squadron has no fighters yet: add at least one", Severity.ERROR)]


def test_design_faults_inside_a_squadron_point_into_the_entry():
    broken = dict(LANCER, weight="light")
    doc = squadron(pilot("Red", "Kell", 3, broken), pilot("Red", "Moss", 2, broken))
    assert [(c, p) for c, p, _, _ in violations(doc)] == [
        ("black-skies.over-hardpoints", "$.entries[0].design"),
        ("black-skies.over-hardpoints", "$.entries[1].design")]


def test_bad_settings_are_a_bad_document_naming_the_setting():
    with pytest.raises(BadDocument) as caught:
        check(CATALOGUE, fighter() | {"settings": {"max_shield_levels": 0}})
    assert [e.path for e in caught.value.errors] == ["$.settings.max_shield_levels"]


def test_fighter_list_holds_exactly_one_design():
    with pytest.raises(BadDocument) as caught:
        check(CATALOGUE, fighter() | {"entries": [BLACK_TIGER, BLACK_TIGER]})
    assert [e.path for e in caught.value.errors] == ["$.entries"]


def test_squadron_entry_without_a_pilot_is_a_bad_document():
    doc = tiger_squadron()
    del doc["entries"][2]["pilot"]
    with pytest.raises(BadDocument) as caught:
        check(CATALOGUE, doc)
    assert [e.path for e in caught.value.errors] == ["$.entries[2]"]
    assert "'pilot' is a required property" in str(caught.value)


@pytest.mark.parametrize(("name", "exit_code", "codes"), [
    ("black-tiger.fighter.json", 0, []),
    ("tiger-squadron.squadron.json", 0, []),
    ("lancer-flight.squadron.json", 0, []),
    ("overloaded-dart.fighter.json", 1, ["black-skies.over-hardpoints",
                                         "black-skies.armour-too-heavy",
                                         "black-skies.too-many-shield-levels"]),
    ("broken.squadron.json", 1, ["black-skies.over-fighter-limit",
                                 "black-skies.pilot-skill-out-of-range",
                                 "black-skies.element-mixed-designs",
                                 "black-skies.element-too-large",
                                 "black-skies.element-single-fighter",
                                 "black-skies.unknown-design",
                                 "black-skies.pilot-skill-out-of-range"]),
])
def test_documented_examples_through_the_cli(name, exit_code, codes, capsys):
    assert main(["check", str(EXAMPLES / name)]) == exit_code
    assert [v["code"] for v in json.loads(capsys.readouterr().out)["violations"]] == codes


def test_heavy_armour_takes_two_hardpoints_by_default():
    # Armour: "Each level of armour costs the fighter one hardpoint": heavy (-2) takes 2.
    doc = fighter(armour="heavy-armour")
    assert violations(doc) == [(
        "black-skies.over-hardpoints", "$.entries[0]",
        "Black Tiger uses 4 hardpoints (weapons 2, armour 2, shields 0), 1 over the 3 of a "
        "medium fighter", Severity.ERROR)]


def test_one_hardpoint_armour_setting():
    # The other reading of the same sentence (docs/rulings/black-skies.md): any armour 1.
    doc = fighter(armour="heavy-armour") | {"settings": {"armour_hardpoints": "one"}}
    verdict = check(CATALOGUE, doc)
    assert verdict.legal
    assert verdict.breakdown["hardpoints"] == {
        "weapons": 2, "armour": 1, "shields": 0, "used": 3, "available": 3}
    assert verdict.house_rules["settings"]["armour_hardpoints"] == "one"
    # The setting changes the price, not "A light fighter may not have heavy armour".
    light = fighter(weight="light", weapons=[], armour="heavy-armour") | {
        "settings": {"armour_hardpoints": "one"}}
    assert [c for c, _, _, _ in violations(light)] == ["black-skies.armour-too-heavy"]
    assert check(CATALOGUE, light).points == 1


def test_unknown_armour_setting_is_a_bad_document():
    with pytest.raises(BadDocument) as caught:
        check(CATALOGUE, fighter() | {"settings": {"armour_hardpoints": "free"}})
    assert [e.path for e in caught.value.errors] == ["$.settings.armour_hardpoints"]
