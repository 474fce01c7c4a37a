"""The odds queries as the CLI and API call them: parameters, weapons and clear errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_engine.errors import BadDocument
from rules_engine.systems import system_module
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("crimson-dust")


def value(report_part) -> Fraction:
    return Fraction(report_part["exact"])


def test_every_query_documents_itself():
    queries = system_module("crimson-dust").queries()
    assert set(queries) == {"shot", "to_hit", "avoid", "hits", "wound", "morale"}
    assert all((q.run.__doc__ or "").strip() for q in queries.values())


def test_a_weapon_at_a_band_gives_its_printed_score(catalogue):
    # Sniper Rifle: 18-24 scores on 2+.
    report = facts("to_hit", catalogue, weapon="sniper-rifle", band="18-24", rg=1)
    assert value(report["distribution"]["1"]) == Fraction(5, 6)


def test_the_outcomes_of_a_shot_add_up_to_one(catalogue):
    report = facts("shot", catalogue, weapon="boltgun", band="6-12", rg=8, df=5, av=2, dc=3,
                          mr=3)
    assert sum(value(p) for p in report["outcome"].values()) == 1
    assert report["inputs"]["target_number"] == 4
    assert report["inputs"]["S"] == 3


def test_concealment_and_a_rear_shot_cancel_out(catalogue):
    # Concealment: "If the target is both concealed and attacked from its rear then the
    # effects of each cancel each other out".
    both = facts("hits", catalogue, rg=5, df=4, concealed=True, rear=True)
    neither = facts("hits", catalogue, rg=5, df=4)
    assert both["distribution"] == neither["distribution"]
    assert (both["concealed"], both["rear"]) == (False, False)


def test_hail_ignores_concealment(catalogue):
    # Hail: "ignore the effects for the target being concealed".
    shotgun = facts("shot", catalogue, weapon="shotgun", band="0-6", rg=6, df=4, concealed=True)
    assert shotgun["inputs"]["hail"] is True
    open_ground = facts("shot", catalogue, weapon="shotgun", band="0-6", rg=6, df=4)
    assert shotgun["hits"] == open_ground["hits"]


def test_pinning_adds_morale_dice(catalogue):
    # Bolt pistol: Pinning 1. "A model targeted by these weapons must roll 'x' extra dice".
    pinning = facts("shot", catalogue, weapon="bolt-pistol", band="0-6", rg=0, df=0, mr=3)
    # No dice to hit: the morale test is 1 + 1 dice at Mr 3; both fail 1/4 of the time.
    assert value(pinning["outcome"]["pinned"]) == Fraction(1, 4)


def test_an_anti_tank_value_replaces_s_against_heavy_armour(catalogue):
    report = facts("wound", catalogue, hits=1, S=3, at=8, av=6)
    assert report["S"] == 8
    assert facts("wound", catalogue, hits=1, S=3, at=8, av=5)["S"] == 3


def test_a_rof_weapon_fires_twice_with_two_dice_fewer(catalogue):
    # RoF: "if you choose to shoot 'x' times, you roll 'x' less dice".
    report = facts("shot", catalogue, weapon="saw-or-lmg", band="12-18", rg=6, shots=2)
    assert report["inputs"]["dice_each"] == 4
    assert report["inputs"]["shots"] == 2


@pytest.mark.parametrize(("params", "path"), [
    ({"dice": -1}, "params.dice"),
    ({"dice": "six"}, "params.dice"),
    ({"weapon": "phaser", "band": "0-6"}, "params.weapon"),
    ({"weapon": "rifle", "band": "7-8"}, "params.band"),
    ({"weapon": "sniper-rifle", "band": "0-6"}, "params.band"),
    ({"weapon": "saw-or-lmg", "band": "12-18", "aimed": True}, "params.aimed"),
    ({"weapon": "rifle", "band": "12-18", "shots": 2}, "params.shots"),
    ({"concealed": "yes"}, "params.concealed"),
    ({"colour": "red"}, "params.colour"),
])
def test_a_bad_parameter_is_named(catalogue, params, path):
    with pytest.raises(BadDocument) as caught:
        facts("shot", catalogue, **params)
    assert caught.value.errors[0].path == path


def test_a_raw_value_beside_a_weapon_is_refused_by_name(catalogue):
    # The weapon sets its own score, S, AT, Pinning, Hail and RoF: a raw one is not ignored.
    with pytest.raises(BadDocument) as caught:
        facts("shot", catalogue, weapon="rifle", band="12-18", S=5, target_number=3)
    assert [e.path for e in caught.value.errors] == ["params.S", "params.target_number"]
    assert caught.value.errors[0].message == (
        "the Rifle sets this value: give it only without a weapon")
    raw = facts("shot", catalogue, S=5, target_number=3)
    assert (raw["inputs"]["S"], raw["inputs"]["target_number"]) == (5, 3)
