"""Each rule of a warband, broken by a small list, and the exact violation it gets."""

from __future__ import annotations

import pytest

from rules_engine import check
from rules_engine.crimson_dust.codes import Code
from rules_engine.verdict import Severity

E, W = Severity.ERROR, Severity.WARNING


def medio(quality: str = "regular", **extra):
    return {"name": "Kit", "archetype": "medio", "quality": quality, **extra}


CORE_CASES = [
    # Warbands > Archetypes: each model comes "from one of the archetypes listed below".
    ({"name": "Kit", "archetype": "goblin", "quality": "green"},
     Code.UNKNOWN_ARCHETYPE, "$.entries[0].archetype", E),
    # Medio Profile Upgrades stop at Av 4: there is no Av 5.
    (medio(upgrades=["av-5"]), Code.UNKNOWN_UPGRADE, "$.entries[0].upgrades[0]", E),
    # Medio "+2 Dc - -/-/30": not for green troops.
    (medio("green", upgrades=["plus-2-dc"]),
     Code.UPGRADE_NOT_AT_QUALITY, "$.entries[0].upgrades[0]", E),
    (medio(upgrades=["plus-1-rg", "plus-1-rg"]),
     Code.UPGRADE_TOO_OFTEN, "$.entries[0].upgrades[1]", E),
    # Av 1 and Av 2 are steps of one ladder: a model has one Av.
    (medio(upgrades=["av-1", "av-2"]), Code.UPGRADE_ALTERNATIVES, "$.entries[0].upgrades[1]", E),
    # Suboles Skills available has no Fanatic.
    ({"name": "Kit", "archetype": "suboles", "quality": "green", "skills": ["fanatic"]},
     Code.SKILL_NOT_IN_ARCHETYPE, "$.entries[0].skills[0]", E),
    (medio(skills=["laser-eyes"]), Code.UNKNOWN_SKILL, "$.entries[0].skills[0]", E),
    # Medio "Battle-hardened -/15/15".
    (medio("green", skills=["battle-hardened"]),
     Code.SKILL_NOT_AT_QUALITY, "$.entries[0].skills[0]", E),
    (medio(skills=["parry", "parry"]), Code.SKILL_TWICE, "$.entries[0].skills[1]", E),
    # Veteran Medio: "Special Battle-hardened" already.
    (medio("veteran", skills=["battle-hardened"]), Code.SKILL_TWICE, "$.entries[0].skills[0]", W),
    # "Dispersed Formation (models with Av 3 or less only)".
    (medio(upgrades=["av-4"], skills=["dispersed-formation"]),
     Code.DISPERSED_FORMATION_ARMOUR, "$.entries[0].skills[0]", E),
    # Fanatic: "a model may not be both battle-hardened and fanatic".
    (medio("veteran", skills=["fanatic"]),
     Code.BATTLE_HARDENED_AND_FANATIC, "$.entries[0].skills[0]", E),
    # Heroic: "This can only be applied to personality models."
    (medio("veteran", skills=["heroic"]), Code.HEROIC_NOT_PERSONALITY, "$.entries[0].skills[0]", E),
    # Psychic Null: "may not be given to a model with the psyker ability".
    (medio(skills=["psychic-level-1", "psychic-null"]),
     Code.PSYCHIC_NULL_PSYKER, "$.entries[0].skills[1]", E),
    (medio(skills=["psychic-level-1", "psychic-level-2"]),
     Code.SEVERAL_LEVELS, "$.entries[0].skills[1]", E),
    # BEM Attacks: "a Hacker must be 'neural networked'".
    (medio(skills=["hacker-1"]), Code.NEEDS_NEURAL_NETWORKING, "$.entries[0].skills[0]", E),
    (medio(weapons=["rifle", "death-ray"]), Code.UNKNOWN_WEAPON, "$.entries[0].weapons[1]", E),
    (medio(equipment=["teleporter"]), Code.UNKNOWN_EQUIPMENT, "$.entries[0].equipment[0]", E),
    # Contego only: "any contego model may exchange 1 point of Rg for 1 point of As".
    (medio(exchange="rg-for-as"), Code.EXCHANGE_NOT_ALLOWED, "$.entries[0].exchange", E),
    # Mounts: "Another model may be 'equiped' with a bestia mount".
    (medio(mount={"archetype": "durus"}), Code.MOUNT_NOT_BESTIA, "$.entries[0].mount.archetype",
     E),
    ({"name": "Kit", "archetype": "bestia", "quality": "regular",
      "mount": {"archetype": "bestia"}}, Code.BESTIA_RIDER, "$.entries[0].mount", E),
    # Bestia "Used as mount -10" is for a ridden Bestia, not one on its own.
    ({"name": "Kit", "archetype": "bestia", "quality": "regular", "skills": ["mount"]},
     Code.MOUNT_DISCOUNT_UNRIDDEN, "$.entries[0].skills[0]", E),
]


@pytest.mark.parametrize(("entry", "code", "path", "severity"), CORE_CASES,
                         ids=[str(c[1]).rsplit(".", 1)[1] + f"-{i}"
                              for i, c in enumerate(CORE_CASES)])
def test_a_broken_rule_gets_exactly_its_violation(catalogue, warband, entry, code, path,
                                                  severity):
    verdict = check(catalogue, warband(entry))
    [violation] = [v for v in verdict.violations if v.code != Code.PRICE_NOT_GIVEN]
    assert (violation.code, violation.path, violation.severity) == (code, path, severity)
    assert "Kit" in violation.message
    assert verdict.legal is (severity is W)


SMALL_CASES = [
    # Powered Armour: "only models with neural networking may use powered armour".
    ({"equipment": ["powered-armour"]},
     Code.NEEDS_NEURAL_NETWORKING, "$.entries[0].equipment[0]", E),
    ({"equipment": ["camouflage-2"]},
     Code.NEEDS_NEURAL_NETWORKING, "$.entries[0].equipment[0]", E),
    # Refractor Field: "may not be used by models with Av 3 or higher".
    ({"upgrades": ["av-4"], "equipment": ["refractor-field-generator"]},
     Code.REFRACTOR_FIELD_ARMOUR, "$.entries[0].equipment[0]", E),
    # Riot Shield: "The model can only use pistols, grenades and melee weapons".
    ({"equipment": ["riot-shield"], "weapons": ["pistol", "heavy-bolter"]},
     Code.SHIELD_WEAPONS, "$.entries[0].weapons[1]", E),
]


@pytest.mark.parametrize(("extra", "code", "path", "severity"), SMALL_CASES)
def test_equipment_rules(small_catalogue, warband, extra, code, path, severity):
    verdict = check(small_catalogue, warband({"name": "Kit", "archetype": "trooper",
                                              "quality": "regular", **extra}))
    found = [(v.code, v.path, v.severity) for v in verdict.violations
             if v.code not in (Code.PRICE_NOT_GIVEN, Code.OVER_BURDENED)]
    assert found == [(code, path, severity)]


def test_dispersed_formation_at_av_3_is_legal(catalogue, warband):
    verdict = check(catalogue, warband(medio(upgrades=["av-3"],
                                             skills=["dispersed-formation"])))
    assert verdict.legal
    assert verdict.violations == ()
    assert verdict.points == 50 + 20 + 5


def test_heroic_on_a_personality_is_legal(catalogue, warband):
    verdict = check(catalogue, warband(medio("veteran", skills=["heroic"], personality=True)))
    assert verdict.legal
    assert verdict.points == 75 + 20


def test_a_hacker_with_neural_networking_is_legal(small_catalogue, warband):
    verdict = check(small_catalogue, warband({"archetype": "trooper", "quality": "green",
                                              "skills": ["hacker-1"],
                                              "equipment": ["neural-networking"]}))
    assert verdict.legal
    assert verdict.codes() == [Code.PRICE_NOT_GIVEN]


def test_carrying_more_than_s_is_a_warning_with_its_mv_penalty(small_catalogue, warband):
    # "The maximum weight of equipment you can carry? Equal to model's S. For each point
    # over the model's S, then -2 Mv." Heavy 5 on S 3: two over, Mv 8 - 4.
    verdict = check(small_catalogue, warband({"name": "Tank", "archetype": "trooper",
                                              "quality": "regular",
                                              "weapons": ["heavy-bolter"]}))
    [burden] = [v for v in verdict.violations if v.code == Code.OVER_BURDENED]
    assert (burden.path, burden.severity) == ("$.entries[0].weapons", W)
    assert "Tank" in burden.message
    assert "Mv -4" in burden.message
    assert verdict.breakdown["models"][0]["effective"]["profile"]["Mv"] == 4
    assert verdict.legal


def test_powered_armour_lightens_the_load(small_catalogue, warband):
    # Powered Armour "reduces any equipment's heavy rating by 1": Heavy 4 on S 3, Mv -2.
    verdict = check(small_catalogue, warband({"archetype": "trooper", "quality": "regular",
                                              "weapons": ["heavy-bolter"],
                                              "equipment": ["neural-networking",
                                                            "powered-armour"]}))
    effective = verdict.breakdown["models"][0]["effective"]
    assert effective["carried_weight"] == 4
    assert effective["profile"]["Mv"] == 8 - 2


def test_every_violation_of_a_list_is_reported_at_once(catalogue, warband):
    verdict = check(catalogue, warband(
        medio("green", upgrades=["plus-2-dc"]),
        medio(skills=["laser-eyes"]),
        medio(exchange="as-for-rg"), limit=10))
    assert verdict.codes() == [Code.UPGRADE_NOT_AT_QUALITY, Code.UNKNOWN_SKILL,
                               Code.EXCHANGE_NOT_ALLOWED, Code.OVER_POINTS_LIMIT]


@pytest.mark.parametrize("refused", [["av-2", "av-3"], ["av-2", "av-5"]])
def test_a_refused_upgrade_is_neither_priced_nor_in_the_profile(catalogue, warband, refused):
    # Profile Upgrades: Av 2 and Av 3 are alternatives and the Medio has no Av 5; the model
    # is priced for Av 2 alone, and its profile must say what it is priced for (Av 2).
    verdict = check(catalogue, warband(medio(upgrades=refused)))
    model = verdict.breakdown["models"][0]
    assert not verdict.legal
    assert [i["id"] for i in model["items"]] == ["medio", "av-2"]
    assert model["effective"]["profile"]["Av"] == 2
