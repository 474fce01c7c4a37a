"""Rules pinned to the book's text and worked examples (Crimson Dust V2.1, seed 003).

Each test names the section it comes from. The fast exact shot (``exact``) is also checked
against the step-by-step icepool chain (``dice``), itself checked against enumerations.
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import check
from rules_engine.crimson_dust import dice, exact
from rules_engine.crimson_dust.codes import Code
from rules_engine.crimson_dust.fighters import side_from
from rules_engine.crimson_dust.odds import MORALE_OUTCOMES
from rules_engine.crimson_dust.profile import carried_weight
from rules_engine.crimson_dust.simulation import Scenario, _Fight
from rules_engine.errors import BadDocument
from rules_engine.montecarlo import rng
from tests.rules_engine.crimson_dust.conftest import make_warband
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("crimson-dust")


def value(part) -> Fraction:
    return Fraction(part["exact"])


def dist(die: icepool.Die) -> dict[int, Fraction]:
    total = die.denominator()
    return {o: Fraction(die.quantity(o), total) for o in die.outcomes() if die.quantity(o)}


def exact_dist(weights, den) -> dict[int, Fraction]:
    return {k: Fraction(w, den) for k, w in weights.items() if w}


# -- Hitting: the worked example -----------------------------------------------------------

def test_bennys_three_scores_against_dillingers_two_leave_one_hit():
    # Hitting: Benny (Rg 6, the example rifle, 13 units: 4+) rolls 2,2,3,4,5,5 - three
    # score; Dillinger (Df 4) rolls 2,3,5,6 - two score at 5+ - "Benny one gets one dice that
    # hits".
    benny = [2, 2, 3, 4, 5, 5]
    dillinger = [2, 3, 5, 6]
    scored = sum(r >= 4 for r in benny)
    avoided = sum(r >= 5 for r in dillinger)
    assert (scored, avoided) == (3, 2)
    assert dist(dice.hits(icepool.Die([scored]), icepool.Die([avoided]))) == {1: 1}
    weights, den = exact.hits(((scored, 1),), 1, 0, False)
    assert exact_dist(weights, den) == {3: 1}


def test_benny_against_dillinger_in_general():
    # The same shot over every roll: P(exactly one hit) = sum over s - a = 1 of
    # C(6,s)/64 * C(4,a) 2^(4-a)/81.
    from math import comb
    score, score_den = exact.scoring(6, 4)
    weights, den = exact.hits(tuple(score.items()), score_den, 4, False)
    one = sum(Fraction(comb(6, a + 1), 64) * Fraction(comb(4, a) * 2 ** (4 - a), 81)
              for a in range(5))
    assert Fraction(weights[1], den) == one == Fraction(197, 864)


# -- Morale: the worked example ------------------------------------------------------------

def test_the_morale_example_four_dice_two_fail_is_pinned(catalogue):
    # Morale Tests: "hit by 2 dice and wounded by one dice, then roll four dice ... Mr 3 ...
    # we roll 1,3,4,6, meaning we have failed with two dice" - two failed dice: 'Pinned'.
    failed = sum(r > 3 for r in (1, 3, 4, 6))
    assert failed == 2
    assert MORALE_OUTCOMES[failed] == "pinned"
    report = facts("morale", catalogue, dice=2 + 1 + 1, mr=3)
    assert value(report["outcomes"]["pinned"]) == Fraction(6, 16)
    assert value(report["outcomes"]["suppressed"]) == Fraction(5, 16)


def test_a_fanatics_rerolled_pass_does_not_pass_play(catalogue):
    # Fanatic: "even if they pass all their dice as a result of 'fanatic' play will not pass
    # to them". Two dice at Mr 3: 0/1/2 fails 1/4, 1/2, 1/4; two fails are re-rolled.
    out = facts("morale", catalogue, dice=2, mr=3, fanatic=True)["outcomes"]
    assert value(out["all dice score: play passes to the target"]) == Fraction(1, 4)
    assert value(out[MORALE_OUTCOMES[exact.FANATIC_PASS]]) == Fraction(1, 16)
    assert value(out["one die fails: moves to cover or returns fire"]) == Fraction(5, 8)
    assert value(out["pinned"]) == Fraction(1, 16)


@pytest.mark.parametrize(("n", "mr", "rerolls", "fanatic"),
                         [(1, 3, 0, False), (4, 2, 1, False), (5, 4, 2, False), (3, 3, 0, True),
                          (4, 3, 1, True), (0, 3, 0, False)])
def test_the_fast_morale_test_agrees_with_the_icepool_one(n, mr, rerolls, fanatic):
    weights, den = exact.morale(n, mr, rerolls, fanatic)
    failed: dict[int, Fraction] = {}
    for code, w in weights.items():
        key = 0 if code == exact.FANATIC_PASS else code
        failed[key] = failed.get(key, Fraction(0)) + Fraction(w, den)
    reference = dist(dice.morale_failures(n, mr, rerolls=rerolls, fanatic=fanatic))
    assert {k: v for k, v in failed.items() if v} == reference


# -- Wounding ------------------------------------------------------------------------------

def test_critical_shot_never_doubles_an_at_value(catalogue):
    # Critical Shot: "doubles its weapon's S value (though not AT value)".
    with_skill = facts("wound", catalogue, hits=1, S=3, at=8, av=6, critical_shot=True)
    without = facts("wound", catalogue, hits=1, S=3, at=8, av=6)
    assert with_skill["critical_shot"] is False
    assert with_skill["dc_lost"] == without["dc_lost"]
    # Against Av 5 the S is used and doubled on a natural 6: D6+3 (a 6 makes 12) against the
    # armour roll r+5. Naturals 1..5 damage when n > r+2: r=1 two, r=2 one; a 6 (12) beats
    # every armour roll 6..11, and is double only against 6 (r=1): 9 of 36 pairs damage.
    soft = facts("wound", catalogue, hits=1, S=3, at=8, av=5, critical_shot=True)
    assert soft["critical_shot"] is True
    assert value(soft["damaging_dice"]["distribution"]["1"]) == Fraction(9, 36)
    assert value(soft["dc_lost"]["distribution"]["2"]) == Fraction(1, 36)


def test_critical_shot_needs_a_basic_weapon(catalogue):
    # Critical Shot: "When rolling to hit with a basic ranged weapon". The Auto-cannon is a
    # support weapon; the Boltgun a basic one.
    support = facts("shot", catalogue, weapon="auto-cannon", band="12-18", rg=5,
                           critical_shot=True)
    basic = facts("shot", catalogue, weapon="boltgun", band="12-18", rg=5, critical_shot=True)
    assert (support["inputs"]["critical_shot"], basic["inputs"]["critical_shot"]) == (False, True)


# -- Concealment and hard cover ------------------------------------------------------------

def test_hard_cover_also_counts_as_concealment(catalogue):
    # Hard Cover: models in hard cover "not only gain a bonus for being concealed but also
    # gain an Armour (Av) bonus".
    covered = facts("hits", catalogue, rg=6, df=4, cover=1)
    concealed = facts("hits", catalogue, rg=6, df=4, concealed=True)
    assert covered["distribution"] == concealed["distribution"]
    assert covered["concealed"] is True


def test_hail_ignores_the_concealment_of_hard_cover_but_not_its_armour(catalogue):
    hail = facts("shot", catalogue, weapon="shotgun", band="0-6", rg=6, df=4, cover=2)
    open_ground = facts("shot", catalogue, weapon="shotgun", band="0-6", rg=6, df=4)
    assert hail["hits"] == open_ground["hits"]
    assert hail["dc_lost"] != open_ground["dc_lost"]


# -- RoF -------------------------------------------------------------------------------

def test_a_rof_weapon_fires_once_or_x_times(catalogue):
    # RoF 'x': "if you choose to shoot 'x' times, you roll 'x' less dice". Heavy Boltgun
    # RoF 3: one shot of Rg dice or three of Rg - 3.
    three = facts("shot", catalogue, weapon="heavy-boltgun", band="12-18", rg=7, shots=3)
    assert (three["inputs"]["shots"], three["inputs"]["dice_each"]) == (3, 4)
    with pytest.raises(BadDocument) as caught:
        facts("shot", catalogue, weapon="heavy-boltgun", band="12-18", rg=7, shots=2)
    assert caught.value.errors[0].path == "params.shots"
    assert "1 or 3" in caught.value.errors[0].message


# -- The fast shot against the icepool chain ---------------------------------------------

def _reference_shot(*, rg, score, df, av, dc, mr, S, cover=0, concealed=False, shots=1,
                    extra=1, rerolls=0, fanatic=False):
    """The shot as the step functions of ``dice`` compose it (one icepool mixture)."""
    dice_each = rg - (shots if shots > 1 else 0)
    hit_die = dice.hits(dice.to_hit(dice_each, score), dice.avoid(df, concealed=concealed))
    one = hit_die.map(lambda h: dice.wound(h, S, av, cover=cover) + dice.pack(h, 0, 0))
    joint = shots @ one

    def outcome(code):
        h, lost, damaging = dice.unpack(code)
        if lost >= dc:
            return -1
        return dice.morale_failures(h + extra + damaging, mr, rerolls=rerolls,
                                    fanatic=fanatic)

    return dist(joint.map(outcome)), dist(joint.map(lambda c: dice.unpack(c)[1]))


@pytest.mark.parametrize("params", [
    {"rg": 6, "score": 4, "df": 4, "av": 0, "dc": 2, "mr": 3, "S": 2},
    {"rg": 5, "score": 3, "df": 3, "av": 2, "dc": 1, "mr": 4, "S": 4, "cover": 1},
    {"rg": 6, "score": 3, "df": 2, "av": 1, "dc": 3, "mr": 2, "S": 2, "shots": 2},
    {"rg": 4, "score": 5, "df": 5, "av": 4, "dc": 2, "mr": 3, "S": 6, "concealed": True},
])
def test_the_fast_shot_equals_the_step_by_step_chain(catalogue, params):
    shots = params.get("shots", 1)
    in_cover = params.get("concealed", False) or params.get("cover", 0) > 0
    report = facts("shot", catalogue, **params, rof_trait=shots if shots > 1 else 0)
    # Hard cover is concealment too: the reference is told so directly.
    outcome, dc_lost = _reference_shot(**dict(params, concealed=in_cover),
                                       rerolls=int(in_cover))
    labels = {-1: "killed", **MORALE_OUTCOMES}
    got = {k: value(report["outcome"][label]) for k, label in labels.items()}
    assert {k: v for k, v in got.items() if v} == outcome
    assert {int(k): value(v) for k, v in report["dc_lost"]["distribution"].items()} == dc_lost


@settings(max_examples=15, deadline=None)
@given(rg=st.integers(0, 5), score=st.integers(2, 6), df=st.integers(0, 4),
       av=st.integers(0, 4), dc=st.integers(1, 3), mr=st.integers(1, 5), S=st.integers(1, 5),
       concealed=st.booleans())
def test_any_fast_shot_equals_the_chain(rg, score, df, av, dc, mr, S, concealed):
    from rules_engine.catalogue import build_catalogue
    params = {"rg": rg, "score": score, "df": df, "av": av, "dc": dc, "mr": mr, "S": S}
    report = facts("shot", build_catalogue([]), **params, concealed=concealed)
    outcome, _ = _reference_shot(**params, concealed=concealed, rerolls=int(concealed))
    labels = {-1: "killed", **MORALE_OUTCOMES}
    got = {k: value(report["outcome"][label]) for k, label in labels.items()}
    assert {k: v for k, v in got.items() if v} == outcome
    assert sum(got.values()) == 1


# -- Warbands: equipment ------------------------------------------------------------------

def test_bionics_lighten_heavy_weapons_once_and_powered_armour_once(small_catalogue):
    # Bionics/Cyborg: "A model with bionics ... reduces any equipment's heavy rating by 1";
    # Powered Armour: "reduces any equipment's heavy rating by 1". Heavy Bolter: Heavy 5.
    from rules_engine.crimson_dust.content import content_of
    bolter = content_of(small_catalogue).weapons["heavy-bolter"]
    assert carried_weight([bolter], []) == 5
    assert carried_weight([bolter], ["bionic-arms", "bionic-legs", "bionic-eye"]) == 4
    assert carried_weight([bolter], ["bionic-arms", "powered-armour"]) == 3


def test_hacker_equipment_is_carried_and_the_hackers_own_needs_a_hacker(catalogue):
    # Hacker equipment: "some pieces of equipment, particularly defensive items, are available
    # to all models" (Aggressive Firewall); a Trojan Virus is the hacker's.
    doc = make_warband({"archetype": "medio", "quality": "regular",
                        "equipment": ["aggressive-firewall", "trojan-virus"]})
    verdict = check(catalogue, doc)
    codes = {v.path: v.code for v in verdict.violations}
    assert codes["$.entries[0].equipment[1]"] == Code.HACKER_EQUIPMENT
    assert codes["$.entries[0].equipment[0]"] == Code.PRICE_NOT_GIVEN
    hacker = make_warband({"archetype": "medio", "quality": "regular",
                           "skills": ["hacker-1"],
                           "equipment": ["neural-networking", "trojan-virus"]})
    assert Code.HACKER_EQUIPMENT not in check(catalogue, hacker).codes()


# -- The simulation -------------------------------------------------------------------------

def _one_volley(catalogue, scenario: Scenario, runs: int = 4000):
    shooter = make_warband({"archetype": "medio", "quality": "veteran",
                            "weapons": ["boltgun"]})
    target = make_warband({"archetype": "medio", "quality": "green", "weapons": ["rifle"]})
    a, b = side_from(catalogue, shooter, scenario.band), side_from(catalogue, target,
                                                                   scenario.band)
    fight = _Fight(a, b, scenario, runs, rng(3))
    fight.shoot(0, 0, np.ones(runs, dtype=bool), morale=True)
    return fight


def test_one_failed_morale_die_returns_fire_only_from_cover(catalogue):
    # Morale Tests: "If one dice fails then the model will move with one action towards the
    # nearest cover. If in cover and it has a higher Rg than As it will return fire".
    # A Green Medio (Rg 6, As 6: equal, "you may choose") returns fire only from cover.
    in_open = _one_volley(catalogue, Scenario(band="6-12"))
    assert (in_open.dc[0] == in_open.sides[0].Dc).all()
    in_cover = _one_volley(catalogue, Scenario(band="6-12", cover=1))
    assert (in_cover.dc[0] < in_cover.sides[0].Dc).any()


def test_a_critical_wound_halves_av_in_the_simulation():
    # Wounding: "1 - critical wound: Halve all characteristics, rounding up".
    from rules_engine.crimson_dust.simulation import _wounded
    av = np.array([4, 4, 4])
    left = np.array([3, 1, 3])
    start = np.array([3, 3, 4])
    assert _wounded(av, left, start, minor=False, major=False).tolist() == [4, 2, 4]
