"""A hex-map campaign ("Развитие персонажа", seed 004): XP per battle and per enemy plane
destroyed (settings, the book's table lost), one level at a time at the table's step,
add-ons in play at half price with the referee's approval, a game applied once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine import check
from rules_engine.campaign import campaign_rules, new_events, roster, settings_with_defaults
from rules_engine.catalogue import Catalogue, build_catalogue, read_pack_file
from rules_engine.cs_hex.campaign import add_on_bought_event, level_bought_event
from rules_engine.errors import BadDocument

ROOT = Path(__file__).resolve().parents[3]
PACK = ROOT / "content" / "packs" / "cs-hex" / "cs-hex-core.json"
ORLOV = json.loads(
    (ROOT / "docs/examples/cs-hex/captain-orlov-character-legal.json").read_text(encoding="utf-8")
)
SYSTEM = "cs-hex"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return build_catalogue([read_pack_file(PACK)])


def members(catalogue: Catalogue) -> list[dict[str, Any]]:
    rules = campaign_rules(SYSTEM)
    assert rules is not None
    return rules.members_from_list(catalogue, ORLOV)


def fold(catalogue: Catalogue, events: list[dict[str, Any]], **settings: Any) -> dict[str, Any]:
    states = roster(catalogue, SYSTEM, members(catalogue), events, settings)
    return {s["key"]: s for s in states}


def award(member: str, xp: int, n: int = 1) -> dict[str, Any]:
    return {
        "key": f"award:{n}",
        "member": member,
        "kind": "award",
        "experience": xp,
        "text": "good idea",
        "section": "Развитие персонажа",
    }


def entry(
    seq: int,
    procedure: str,
    roles: dict[str, str],
    outcome: dict[str, Any],
    changes: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "seq": seq,
        "procedure": procedure,
        "roles": roles,
        "outcome": outcome,
        "changes": changes or [],
    }


DESTROYED = {"subject": "target", "field": "destroyed", "value": True, "text": "destroyed"}
LOG = {
    "format": "muster-game-log/1",
    "game": {"id": "g1", "system": SYSTEM},
    "dice": {"mode": "physical"},
    "entries": [
        entry(1, "to-hit", {"attacker": "a1"}, {"hit": True}),
        entry(2, "damage", {"target": "b1"}, {"destroyed": True}, [DESTROYED]),
        entry(
            3,
            "ramming",
            {"attacker": "a2", "target": "b2"},
            {"passed": True},
            [{**DESTROYED, "subject": "attacker"}, DESTROYED],
        ),
        entry(4, "bail-out", {"pilot": "a2", "plane": "a2"}, {"bailed_out": True}),
        entry(5, "spin-facing", {"plane": "a3"}, {}, [{**DESTROYED, "subject": "plane"}]),
        entry(6, "ramming", {"attacker": "a1", "target": "b3"}, {}, [DESTROYED]),
        {"seq": 7, "procedure": "correction", "reverses": 6},
    ],
}
FIGURES = {"a1": "captain-orlov", "a2": "petya", "a3": "lyosha"}


def test_members_are_the_character_and_each_wingman_with_his_own_document(catalogue):
    found = members(catalogue)
    assert [(m["key"], m["kind"], m["entry"]) for m in found] == [
        ("captain-orlov", "character", 0),
        ("petya", "wingman", 5),
        ("lyosha", "wingman", 6),
    ]
    assert check(catalogue, found[1]["document"]).limit == 400


def test_the_settings_default_to_the_rulings_development():
    assert settings_with_defaults(SYSTEM, {}) == {
        "xp_per_battle": 10,
        "xp_per_plane_destroyed": 30,
        "xp_per_bail_out": 0,
        "level_cost": "difference",
        "add_on_in_play": "half",
    }
    with pytest.raises(BadDocument) as caught:
        settings_with_defaults(SYSTEM, {"level_cost": "cheap"})
    assert caught.value.errors[0].path == "settings.level_cost"


def test_a_log_proposes_battle_xp_kills_bail_out_and_a_spin_death_development(catalogue):
    rules = campaign_rules(SYSTEM)
    assert rules is not None
    settings = settings_with_defaults(SYSTEM, {})
    proposed = rules.proposals(catalogue, LOG, FIGURES, "a", settings)
    assert [(e["key"], e["experience"]) for e in proposed] == [
        ("g1:2:plane-destroyed:captain-orlov", 30),  # the last to-hit that hit was a1's
        ("g1:3:plane-destroyed:petya", 30),  # the rammer; his own plane earns nothing
        ("g1:4:bail-out:petya", 0),
        ("g1:5:perished:lyosha", 0),  # "самолет разбивается, пилот погибает"
        ("g1:end:battle:captain-orlov", 10),
        ("g1:end:battle:petya", 10),
    ]  # entry 6 was reversed by the correction: no kill for it
    states = fold(catalogue, proposed)
    assert states["captain-orlov"]["xp_unspent"] == 40
    assert states["lyosha"]["status"] == "perished"
    # Applying the same game again brings nothing new.
    assert new_events({e["key"] for e in proposed}, proposed) == []


def test_levels_are_bought_one_at_a_time_at_the_tables_step_development(catalogue):
    base = fold(catalogue, [award("captain-orlov", 100)])["captain-orlov"]
    # Accuracy 5 -> 6: 160 - 110 = 50 ("difference"); Natural Touch 6 -> 7: 220 - 160 = 60.
    assert base["next_level_costs"]["accuracy"] == 50
    assert base["next_level_costs"]["constitution"] == 30  # a pilot's 3 -> 4: 70 - 40
    bought = level_bought_event(
        catalogue, base, "accuracy", settings_with_defaults(SYSTEM, {}), "buy:1"
    )
    assert (bought["level"], bought["cost"]) == (6, 50)
    after = fold(catalogue, [award("captain-orlov", 100), bought])["captain-orlov"]
    assert (after["xp_unspent"], after["spent"], after["levels"]["accuracy"]) == (50, 50, 6)
    verdict = check(catalogue, after["document"])
    assert (verdict.points, verdict.limit, verdict.legal) == (750, 750, True)
    full = fold(catalogue, [award("captain-orlov", 200)], level_cost="full")["captain-orlov"]
    assert full["next_level_costs"]["accuracy"] == 160


@pytest.mark.parametrize(
    ("event", "path", "words"),
    [
        (
            {"characteristic": "accuracy", "cost": 50},
            "cost",
            "Accuracy 6 costs 50 XP; Captain Orlov has 0 XP unspent (Развитие персонажа)",
        ),
        (
            {"characteristic": "accuracy", "level": 7},
            "level",
            "Captain Orlov has Accuracy 5: the next level to buy is 6, not 7 (a new level needs "
            "the one before it, Развитие персонажа)",
        ),
        ({"characteristic": "luck"}, "characteristic", None),
    ],
)
def test_a_level_refused_names_the_field_development(catalogue, event, path, words):
    bad = {"key": "buy:1", "member": "captain-orlov", "kind": "level-bought", **event}
    with pytest.raises(BadDocument) as caught:
        fold(catalogue, [bad])
    assert caught.value.errors[0].path == f"events[0].{path}"
    if words:
        assert caught.value.errors[0].message == words


def test_a_wingmans_constitution_is_never_raised_and_levels_stop_at_ten_development(catalogue):
    bad = {
        "key": "buy:1",
        "member": "petya",
        "kind": "level-bought",
        "characteristic": "constitution",
    }
    with pytest.raises(BadDocument) as caught:
        fold(catalogue, [award("petya", 100), bad])
    assert (caught.value.errors[0].path, caught.value.errors[0].message) == (
        "events[1].characteristic",
        "Constitution is always 3 for a wingman and cannot be raised (Создание персонажа)",
    )
    top = {
        "key": "buy:2",
        "member": "captain-orlov",
        "kind": "level-bought",
        "characteristic": "accuracy",
        "level": 11,
    }
    with pytest.raises(BadDocument) as caught:
        fold(catalogue, [top])
    assert caught.value.errors[0].path == "events[0].level"


def test_add_ons_in_play_cost_half_rounded_up_with_approval_development(catalogue):
    settings = settings_with_defaults(SYSTEM, {})
    base = fold(catalogue, [award("captain-orlov", 100)])["captain-orlov"]
    assert base["add_on_costs"]["charisma"] == 50
    assert base["add_on_costs"]["experienced-parachutist"] == 5
    bought = add_on_bought_event(catalogue, base, "charisma", "referee", settings, "buy:1")
    after = fold(catalogue, [award("captain-orlov", 100), bought])["captain-orlov"]
    assert (after["xp_unspent"], after["add_ons"]["charisma"]) == (50, 1)
    verdict = check(catalogue, after["document"])
    assert (verdict.points, verdict.limit, verdict.legal) == (800, 800, True)
    with pytest.raises(BadDocument) as caught:
        add_on_bought_event(catalogue, base, "charisma", "", settings, "buy:2")
    assert caught.value.errors[0].path == "approved_by"
    with pytest.raises(BadDocument) as caught:
        add_on_bought_event(catalogue, base, "crowd-favourite", "referee", settings, "b")
    assert (caught.value.errors[0].path, caught.value.errors[0].message) == (
        "add_on",
        "Captain Orlov already has Crowd favourite: a character may have it at "
        "most 1 (Создание персонажа: Дополнения)",
    )
    wingman = {
        "key": "w",
        "member": "captain-orlov",
        "kind": "add-on-bought",
        "add_on": "wingman",
        "approved_by": "referee",
    }
    with pytest.raises(BadDocument) as caught:
        fold(catalogue, [award("captain-orlov", 100), wingman])
    assert caught.value.errors[0].path == "events[1].add_on"


def test_a_perished_character_gains_nothing_more_development(catalogue):
    dead = {"key": "g1:5:perished:lyosha", "member": "lyosha", "kind": "perished"}
    with pytest.raises(BadDocument) as caught:
        fold(catalogue, [dead, award("lyosha", 10)])
    assert caught.value.errors[0].path == "events[1].member"
