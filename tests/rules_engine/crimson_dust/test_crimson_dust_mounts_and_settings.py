"""Rider and mount in the fights, gear and the reading settings in fights and list documents.

Bestia Archetype > Mounts: "When shot at roll a D6, on a roll of 1-3 the shot hits the
mount, work out damage against the mount, and on a roll of 4-6 the shot hits the rider".
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from rules_engine.crimson_dust.fighters import side_from
from rules_engine.crimson_dust.simulation import Scenario, _Fight
from rules_engine.errors import BadDocument
from rules_engine.listdoc import validate_list
from rules_engine.montecarlo import proportion, rng
from rules_engine.simulation import simulate
from tests.rules_engine.crimson_dust.conftest import make_warband
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("crimson-dust")

SNIPER = {"archetype": "suboles", "quality": "veteran", "weapons": ["rifle"]}
# Green Medio (Df 4, Av 0, Dc 1 as printed) on a Bestia with Av 1 (Df 4, Dc 1).
RIDER = {"name": "Jax", "archetype": "medio", "quality": "green", "weapons": ["rifle"],
         "mount": {"archetype": "bestia", "upgrades": ["av-1"]}}


def one_action(catalogue, shooter, target, runs=20_000, seed=3):
    """Every run: the shooter's model 0 spends one action point shooting, no morale."""
    a = side_from(catalogue, make_warband(shooter, limit=None), "12-18")
    b = side_from(catalogue, make_warband(target, limit=None), "12-18")
    fight = _Fight(a, b, Scenario(), runs, rng(seed))
    fight.shoot(0, 0, np.ones(runs, dtype=bool), morale=False)
    return fight, a, b


def damage_chance(catalogue, *, rg, df, av, large):
    report = facts("shot", catalogue, weapon="rifle", band="12-18", rg=rg, df=df, av=av,
                          large=large, dc=20)
    return 1 - Fraction(report["dc_lost"]["distribution"]["0"]["exact"])


def test_a_shot_at_a_rider_hits_the_mount_on_1_to_3(catalogue):
    fight, a, b = one_action(catalogue, SNIPER, RIDER)
    assert (b.Dc[0], b.mount_Dc[0], b.mount_Av[0], b.Av[0]) == (1, 1, 1, 0)
    assert (b.Df[0], b.mount_Df[0], b.large[0]) == (4, 4, 1)
    runs = fight.runs
    mount_hit = int((fight.mount_dc[1][:, 0] == 0).sum())
    rider_hit = int((fight.dc[1][:, 0] == 0).sum())
    # Exact expectations: half the shots go to each, against its own Av, with the mount's
    # Df and the large target's +1 Rg for both.
    rg = int(a.Rg[0])
    to_mount = Fraction(1, 2) * damage_chance(catalogue, rg=rg, df=4, av=1, large=1)
    to_rider = Fraction(1, 2) * damage_chance(catalogue, rg=rg, df=4, av=0, large=1)
    assert to_rider > to_mount
    for count, exact in ((mount_hit, to_mount), (rider_hit, to_rider)):
        estimate = proportion(count, runs)
        assert estimate.low <= exact <= estimate.high
    # One shot hits one of the two, never both.
    assert not ((fight.mount_dc[1][:, 0] == 0) & (fight.dc[1][:, 0] == 0)).any()


def test_a_rider_whose_mount_dies_frees_itself_and_fights_on_foot(catalogue):
    fight, _, b = one_action(catalogue, SNIPER, RIDER, runs=4000)
    unhorsed = (fight.mount_dc[1][:, 0] == 0) & (fight.dc[1][:, 0] > 0)
    assert unhorsed.any()
    # "it will take the model 1 AP to free itself of the mount".
    assert (fight.freeing[1][:, 0] == unhorsed).all()
    # On foot: the rider's own Df and no large-target bonus.
    rows = np.flatnonzero(unhorsed)
    targets = np.zeros(rows.size, dtype=np.int64)
    df, av = fight.rider_df_av(1, rows, targets)
    assert (df == b.foot_Df[0]).all()
    assert (av == 0).all()
    fight.activate(1, 0, unhorsed)
    assert not fight.freeing[1][:, 0].any()


def test_the_riderless_mount_stays_on_the_table_unless_its_test_fails(catalogue):
    # "If the rider is killed, the mount should take a morale test, if it is pinned or
    # suppressed it will leave the table immediately". An unarmed rider, so only side A
    # shoots.
    unarmed = {**RIDER, "weapons": [], "mount": {"archetype": "bestia", "upgrades": ["av-4"]}}
    shooters = make_warband(SNIPER, limit=None)
    quiet = simulate(catalogue, shooters, make_warband(unarmed, limit=None),
        runs=3000, seed=4, scenario={"max_turns": 1, "morale": False})
    riders_lost = quiet["sides"]["b"]["casualties"]["distribution"]["1"]
    # Without morale tests the mount always stays: killing the rider does not win.
    assert quiet["outcome"]["a_wins"]["high"] < riders_lost
    tested = simulate(catalogue, shooters, make_warband(unarmed, limit=None),
        runs=3000, seed=4, scenario={"max_turns": 1})
    assert tested["outcome"]["a_wins"]["low"] > quiet["outcome"]["a_wins"]["high"]
    assert tested["figures"][1]["name"] == "Jax"


def test_camouflage_and_fields_save_lives_in_a_fight(catalogue):
    plain = {"archetype": "medio", "quality": "regular", "weapons": ["rifle"]}
    camo = {**plain, "equipment": ["neural-networking", "camouflage-2"]}
    nn = {**plain, "equipment": ["neural-networking"]}
    shooters = make_warband(*[SNIPER] * 3, limit=None)
    hidden = simulate(catalogue, shooters, make_warband(*[camo] * 3, limit=None),
        runs=3000, seed=2, scenario={"max_turns": 1, "morale": False})
    seen = simulate(catalogue, shooters, make_warband(*[nn] * 3, limit=None),
        runs=3000, seed=2, scenario={"max_turns": 1, "morale": False})
    assert (hidden["sides"]["b"]["casualties"]["mean"]["high"]
            < seen["sides"]["b"]["casualties"]["mean"]["low"])


def test_the_gear_reaches_the_fighters(catalogue):
    doc = make_warband(
        {"archetype": "medio", "quality": "regular", "weapons": ["rifle"],
         "equipment": ["neural-networking", "cyber-linked-targeter", "infrared-scope",
                       "refractor-field-generator", "deflector-field-generator"]},
        {"archetype": "medio", "quality": "regular", "weapons": ["saw-or-lmg"],
         "equipment": ["stabilising-tripod", "infrared-scope", "camouflage-1"]},
        limit=None)
    side = side_from(catalogue, doc, "12-18")
    plain = side_from(catalogue, make_warband({"archetype": "medio", "quality": "regular",
                                               "equipment": ["neural-networking"]},
                                              limit=None), "12-18")
    assert side.Rg[0] == plain.Rg[0] + 1  # Cyber-linked targeter with neural networking
    assert side.infrared.tolist() == [True, False]  # no scope on a RoF weapon
    assert side.tripod.tolist() == [False, True]
    assert side.camouflage.tolist() == [0, 1]
    assert (side.refractor.tolist(), side.deflector.tolist()) == ([True, False],
                                                                  [True, False])


@pytest.mark.parametrize("reading", ["hit-sixes-kept", "hit-random", "hit-sixes-cancelled"])
def test_critical_shot_on_the_roll_to_hit_in_a_fight(catalogue, reading):
    # S 2 rifle against Av 2 Dc 1: a critical hit (S 4) kills more often. Exact chance of a
    # kill in one action from the odds query, against the fight's share.
    vance = {"archetype": "medio", "quality": "veteran", "skills": ["critical-shot"],
             "weapons": ["rifle"]}
    target = {"archetype": "medio", "quality": "green", "upgrades": ["av-2"]}
    a = side_from(catalogue, make_warband(vance, limit=None), "12-18")
    b = side_from(catalogue, make_warband(target, limit=None), "12-18")
    runs = 20_000
    fight = _Fight(a, b, Scenario(critical_shot_six=reading), runs, rng(8))
    fight.shoot(0, 0, np.ones(runs, dtype=bool), morale=False)
    report = facts("shot", catalogue, weapon="rifle", band="12-18", rg=int(a.Rg[0]),
                          df=int(b.Df[0]), av=int(b.Av[0]), dc=int(b.Dc[0]),
                          critical_shot=True, critical_shot_six=reading)
    exact = Fraction(report["outcome"]["killed"]["exact"])
    estimate = proportion(int((fight.dc[1][:, 0] == 0).sum()), runs)
    assert estimate.low <= exact <= estimate.high


def test_a_warband_setting_applies_unless_the_scenario_overrides_it(catalogue):
    doc = make_warband(SNIPER, limit=None, settings={"critical_shot_six": "hit-random"})
    validate_list(doc)
    side = side_from(catalogue, doc, "12-18")
    assert side.settings["critical_shot_six"] == "hit-random"
    assert side.settings["camouflage_reading"] == "open-only"
    fight = _Fight(side, side, Scenario(critical_shot_six="wound"), 1, rng(1))
    assert fight.settings[0]["critical_shot_six"] == "wound"
    fight = _Fight(side, side, Scenario(), 1, rng(1))
    assert fight.settings[0]["critical_shot_six"] == "hit-random"


def test_a_bad_setting_is_named(catalogue):
    with pytest.raises(BadDocument) as caught:
        validate_list(make_warband(SNIPER, settings={"critical_shot_six": "always"}))
    assert caught.value.errors[0].path == "$.settings.critical_shot_six"
    with pytest.raises(BadDocument) as caught:
        simulate(catalogue, make_warband(SNIPER), make_warband(SNIPER),
            runs=10, seed=1, scenario={"critical_wound_av": "doubled"})
    assert caught.value.errors[0].path == "scenario.critical_wound_av"


def test_return_fire_on_equal_rg_and_as_follows_the_setting(catalogue):
    # Morale Tests: "If Rg and As are equal you may choose". A regular Medio has Rg 7 and
    # As 7 (equal); in cover, one failed die: 'fire' returns fire, 'cover' does not.
    medio = {"archetype": "medio", "quality": "regular", "weapons": ["rifle"]}
    a = side_from(catalogue, make_warband(medio, limit=None), "12-18")
    assert a.Rg[0] == a.As[0]
    shots_back = {}
    for choice in ("fire", "cover"):
        fight = _Fight(a, a, Scenario(concealed=True, return_fire_when_equal=choice), 3000,
                       rng(6))
        fight.shoot(0, 0, np.ones(3000, dtype=bool), morale=True)
        shots_back[choice] = int((fight.dc[0][:, 0] < a.Dc[0]).sum())
    assert shots_back["cover"] == 0 < shots_back["fire"]
