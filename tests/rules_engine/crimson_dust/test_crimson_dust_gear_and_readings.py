"""Critical Shot's two readings and the equipment that changes a shot, each exact value
checked against a plain enumeration of every die (itertools.product, Fractions)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations, product
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.catalogue import load_catalogue
from rules_engine.errors import BadDocument
from tests.rules_engine.odds_helpers import facts_of

facts = facts_of("crimson-dust")

D6 = range(1, 7)
CATALOGUE = load_catalogue()


def dist(report_part) -> dict[int, Fraction]:
    return {int(k): Fraction(v["exact"]) for k, v in report_part["distribution"].items()}


def enumerate_shot(*, n, score, df, S, av, rule="wound", critical=False, avoid_at=5,
                   concealed=False, refractor=False, deflector=False, aim=False):
    """Dc lost by one shot, every die enumerated; an independent plain implementation.

    ``rule``: "wound" (a natural 6 on the wounding die doubles S) or one of the to-hit
    readings: which scoring dice the avoidance cancels ("kept": others first;
    "cancelled": sixes first; "random": every choice as likely).
    """
    out: dict[int, Fraction] = defaultdict(Fraction)
    hit_rolls = list(product(D6, repeat=2 * n if aim else n))
    avoid_rolls = list(product(D6, repeat=2 * df if concealed else df))
    armour_rolls = list(product(D6, repeat=2 if refractor else 1))
    p_roll = Fraction(1, len(hit_rolls) * len(avoid_rolls) * len(armour_rolls))

    def hit_s(s):
        return s - 1 if deflector and s > 1 else s

    for roll in hit_rolls:
        final = [r if r >= score or not aim else roll[n + i] for i, r in enumerate(roll[:n])]
        scoring = [r for r in final if r >= score]
        for avoid in avoid_rolls:
            first = avoid[:df]
            avoided = sum(a >= avoid_at or (concealed and avoid[df + i] >= avoid_at)
                          for i, a in enumerate(first))
            h = max(0, len(scoring) - avoided)
            # Which scoring dice are left, with their chance.
            if rule == "random":
                kept = [(sub, Fraction(1, comb(len(scoring), h)))
                        for sub in combinations(scoring, h)]
            elif rule == "kept":
                kept = [(sorted(scoring, key=lambda r: r != 6)[:h], Fraction(1))]
            elif rule == "cancelled":
                kept = [(sorted(scoring, key=lambda r: r == 6)[:h], Fraction(1))]
            else:
                kept = [([0] * h, Fraction(1))]
            for armour in armour_rolls:
                # Refractor: a 1-3 is re-rolled once.
                a_die = armour[1] if refractor and armour[0] <= 3 else armour[0]
                armour_roll = a_die + av
                for survivors, p_sub in kept:
                    crit_dice = sum(r == 6 for r in survivors) if critical else 0
                    wound_rolls = list(product(D6, repeat=h))
                    for wound in wound_rolls:
                        lost = 0
                        for i, natural in enumerate(wound):
                            if rule == "wound":
                                s = 2 * S if critical and natural == 6 else S
                            else:
                                s = 2 * S if i < crit_dice else S
                            total = natural + hit_s(s)
                            if total > armour_roll:
                                lost += total // armour_roll
                        out[lost] += p_roll * p_sub / len(wound_rolls)
    return dict(out)


BASE = {"rg": 2, "score": 4, "df": 1, "S": 2, "av": 1, "dc": 20, "mr": 3}


@pytest.mark.parametrize(("reading", "rule"), [
    ("wound", "wound"), ("hit-sixes-kept", "kept"), ("hit-random", "random"),
    ("hit-sixes-cancelled", "cancelled")])
def test_critical_shot_each_reading_matches_the_dice(reading, rule):
    # Critical Shot: "When rolling to hit ... on a natural roll of 6 the model doubles its
    # weapon's S value ... when rolling to damage with that dice."
    report = facts("shot", CATALOGUE, **BASE, critical_shot=True, critical_shot_six=reading)
    expected = enumerate_shot(n=2, score=4, df=1, S=2, av=1, rule=rule, critical=True)
    assert dist(report["dc_lost"]) == expected
    assert report["inputs"]["critical_shot_six"] == reading


def test_the_default_reading_is_the_wounding_die():
    default = facts("shot", CATALOGUE, **BASE, critical_shot=True)
    wound = facts("shot", CATALOGUE, **BASE, critical_shot=True, critical_shot_six="wound")
    assert default == wound
    assert default["inputs"]["critical_shot_six"] == "wound"


def test_critical_shot_on_the_roll_to_hit_one_die_exact_value():
    # One die at 4+ against no avoidance, S 2 against Av 1: a to-hit 6 (1/6) wounds with S 4,
    # D6 + 4 against D6 + 1. By hand: a plain hit (2/6) wounds when D6 + 2 > D6 + 1,
    # 21/36; a critical hit always beats the armour roll's 2-7 unless 5 <= roll ...
    report = facts("shot", CATALOGUE, rg=1, score=4, df=0, S=2, av=1, dc=1,
                          critical_shot=True, critical_shot_six="hit-sixes-kept")
    plain = Fraction(sum(w + 2 > a + 1 for w in D6 for a in D6), 36)
    crit = Fraction(sum(w + 4 > a + 1 for w in D6 for a in D6), 36)
    assert Fraction(report["outcome"]["killed"]["exact"]) == Fraction(2, 6) * plain \
        + Fraction(1, 6) * crit
    assert (plain, crit) == (Fraction(21, 36), Fraction(30, 36))


def test_a_to_hit_six_that_was_aimed_for_still_counts():
    report = facts("shot", CATALOGUE, rg=1, score=5, df=1, S=1, av=0, dc=20, aimed=True,
                          critical_shot=True, critical_shot_six="hit-sixes-cancelled")
    expected = enumerate_shot(n=1, score=5, df=1, S=1, av=0, rule="cancelled",
                              critical=True, aim=True)
    assert dist(report["dc_lost"]) == expected


@settings(max_examples=25, deadline=None)
@given(rg=st.integers(0, 5), score=st.integers(2, 6), df=st.integers(0, 4),
       S=st.integers(1, 5), av=st.integers(0, 4), rear=st.booleans(), aimed=st.booleans())
def test_who_picks_the_cancelled_dice_orders_the_mean_damage(rg, score, df, S, av, rear,
                                                             aimed):
    # The hits are the same whichever dice are cancelled; the shooter keeping its sixes
    # does at least as much damage as a random choice, which does at least as much as the
    # target cancelling sixes first.
    means = {}
    hits = set()
    for reading in ("hit-sixes-kept", "hit-random", "hit-sixes-cancelled"):
        report = facts("shot", CATALOGUE, rg=rg, score=score, df=df, S=S, av=av, dc=20,
                              rear=rear, aimed=aimed, critical_shot=True,
                              critical_shot_six=reading)
        means[reading] = Fraction(report["dc_lost"]["mean"]["exact"])
        hits.add(tuple(sorted(dist(report["hits"]).items())))
    assert len(hits) == 1
    assert means["hit-sixes-kept"] >= means["hit-random"] >= means["hit-sixes-cancelled"]


def test_a_bad_reading_is_named():
    with pytest.raises(BadDocument) as caught:
        facts("shot", CATALOGUE, critical_shot=True, critical_shot_six="sixes")
    assert caught.value.errors[0].path == "params.critical_shot_six"


# -- the target's gear --------------------------------------------------------------------

@pytest.mark.parametrize(("camouflage", "avoid_at"), [(1, 4), (2, 3)])
def test_camouflage_scores_avoidance_on_4_or_3(camouflage, avoid_at):
    # Camouflage 1: "the model will score on results of 4+ in the open"; Camouflage 2: 3+.
    report = facts("shot", CATALOGUE, **BASE, camouflage=camouflage)
    assert dist(report["dc_lost"]) == enumerate_shot(n=2, score=4, df=1, S=2, av=1,
                                                     avoid_at=avoid_at)
    assert report["inputs"]["avoid_target_number"] == avoid_at


def test_camouflage_in_concealment_depends_on_the_reading():
    params = {**BASE, "camouflage": 2, "concealed": True}
    open_only = facts("shot", CATALOGUE, **params)
    everywhere = facts("shot", CATALOGUE, **params, camouflage_reading="everywhere")
    assert dist(open_only["dc_lost"]) == enumerate_shot(n=2, score=4, df=1, S=2, av=1,
                                                        concealed=True)
    assert dist(everywhere["dc_lost"]) == enumerate_shot(n=2, score=4, df=1, S=2, av=1,
                                                         concealed=True, avoid_at=3)
    avoid = facts("avoid", CATALOGUE, df=1, camouflage=1)
    assert dist(avoid) == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_a_refractor_field_rerolls_a_low_armour_die():
    # Refractor Field generator: "Against ranged weaponry the wearer may re-roll the armour
    # roll dice once" (re-rolled on 1-3, see the rulings).
    report = facts("shot", CATALOGUE, **BASE, refractor=True)
    assert dist(report["dc_lost"]) == enumerate_shot(n=2, score=4, df=1, S=2, av=1,
                                                     refractor=True)
    one = facts("wound", CATALOGUE, hits=1, S=3, av=0, refractor=True)
    # D6 + 3 against the armour die: 1-3 re-rolled once.
    armour = {a: Fraction(1, 12) if a <= 3 else Fraction(3, 12) for a in D6}
    expected = sum(p * Fraction(sum(w + 3 > a for w in D6), 6) for a, p in armour.items())
    assert 1 - dist(one["dc_lost"])[0] == expected


def test_a_deflector_field_takes_one_from_s_down_to_1():
    # Deflector field generator: "reduces the S value of any hits they receive by 1, down
    # to a minimum of 1".
    report = facts("shot", CATALOGUE, **{**BASE, "S": 3}, deflector=True)
    assert dist(report["dc_lost"]) == enumerate_shot(n=2, score=4, df=1, S=3, av=1,
                                                     deflector=True)
    assert report["inputs"]["S_per_hit"] == 2
    s1 = facts("wound", CATALOGUE, hits=2, S=1, av=0, deflector=True)
    assert s1 == facts("wound", CATALOGUE, hits=2, S=1, av=0)


def test_a_deflector_takes_one_from_the_doubled_s_of_a_critical_shot():
    report = facts("shot", CATALOGUE, **BASE, critical_shot=True, deflector=True)
    assert dist(report["dc_lost"]) == enumerate_shot(n=2, score=4, df=1, S=2, av=1,
                                                     critical=True, deflector=True)


# -- the shooter's gear -------------------------------------------------------------------

def test_a_telescopic_scope_scores_one_better_when_aiming_beyond_18_units():
    # Telescopic Scope: "When the model 'aims' at ranges of over 18 units ... if it normally
    # needs a 4+ to score, with a Telescopic scope it will score on a 3+."
    far = facts("to_hit", CATALOGUE, weapon="rifle", band="18-24", rg=1, aimed=True,
                         telescopic_scope=True)
    # Rifle 18-24: 5+, so 4+ with the scope, failed die re-rolled for aiming.
    assert dist(far) == {1: 1 - Fraction(1, 2) ** 2, 0: Fraction(1, 2) ** 2}
    unaimed = facts("to_hit", CATALOGUE, weapon="rifle", band="18-24", rg=1,
                             telescopic_scope=True)
    assert dist(unaimed)[1] == Fraction(1, 3)
    near = facts("to_hit", CATALOGUE, weapon="rifle", band="12-18", rg=1, aimed=True,
                          telescopic_scope=True)
    assert dist(near)[1] == 1 - Fraction(1, 2) ** 2  # 4+ as printed, aimed


def test_a_red_dot_laser_rerolls_failures_within_12_units():
    # Red Dot laser: "at ranges of 12 units or less he model may re-roll fail results to hit
    # as if it had aimed".
    near = facts("to_hit", CATALOGUE, weapon="pistol", band="6-12", rg=1, red_dot_laser=True)
    assert dist(near)[1] == 1 - Fraction(1, 2) ** 2  # pistol 6-12: 4+
    far = facts("to_hit", CATALOGUE, weapon="pistol", band="12-18", rg=1, red_dot_laser=True)
    assert dist(far)[1] == Fraction(1, 3)


def test_an_infrared_scope_takes_away_concealment():
    # Infrared Scope: "the target doesn't gain the benefit of being concealed".
    scoped = facts("shot", CATALOGUE, **BASE, concealed=True, infrared_scope=True)
    assert dist(scoped["dc_lost"]) == enumerate_shot(n=2, score=4, df=1, S=2, av=1)
    assert scoped["inputs"]["concealed"] is False


def test_a_cyber_linked_targeter_adds_a_die():
    report = facts("to_hit", CATALOGUE, rg=3, score=4, cyber_linked_targeter=True)
    assert report["dice"] == 4


def test_a_stabilising_tripod_halves_the_dice_rof_costs():
    # Stabilising Tripod: "an LMG with RoF 2, would only roll one less dice".
    report = facts("shot", CATALOGUE, weapon="saw-or-lmg", band="12-18", rg=6, shots=2,
                          tripod=True)
    assert report["inputs"]["dice_each"] == 5
    heavy = facts("shot", CATALOGUE, weapon="heavy-boltgun", band="12-18", rg=6, shots=3,
                         tripod=True)
    assert heavy["inputs"]["dice_each"] == 5  # RoF 3: 3 // 2 = 1 die fewer


@pytest.mark.parametrize(("params", "path"), [
    ({"weapon": "saw-or-lmg", "band": "12-18", "infrared_scope": True},
     "params.infrared_scope"),
    ({"weapon": "grenade-launcher", "band": "12-18", "red_dot_laser": True},
     "params.red_dot_laser"),
    ({"weapon": "flamethrower", "band": "0-6", "telescopic_scope": True},
     "params.telescopic_scope"),
    ({"telescopic_scope": True, "aimed": True}, "params.band"),
    ({"weapon": "rifle", "band": "12-18", "tripod": True}, "params.tripod"),
    ({"camouflage": 3}, "params.camouflage"),
    ({"camouflage_reading": "sometimes"}, "params.camouflage_reading"),
])
def test_gear_that_cannot_be_used_is_named(params, path):
    with pytest.raises(BadDocument) as caught:
        facts("shot", CATALOGUE, **params)
    assert caught.value.errors[0].path == path


def test_critical_hits_in_the_wound_query():
    # Two hits, one of them from a natural 6 to hit: S 2 and S 4 against D6 + 2.
    report = facts("wound", CATALOGUE, hits=2, S=2, av=2, critical_hits=1)
    out: dict[int, Fraction] = defaultdict(Fraction)
    for a, w1, w2 in product(D6, repeat=3):
        armour = a + 2
        lost = sum(t // armour for t in (w1 + 2, w2 + 4) if t > armour)
        out[lost] += Fraction(1, 216)
    assert dist(report["dc_lost"]) == dict(out)
    with pytest.raises(BadDocument) as caught:
        facts("wound", CATALOGUE, hits=1, critical_hits=2)
    assert caught.value.errors[0].path == "params.critical_hits"
