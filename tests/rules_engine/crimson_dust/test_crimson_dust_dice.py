"""Each step of a shot's exact distribution, against an independent enumeration of the dice
(itertools.product) or a seeded Monte Carlo run within its 95% interval."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from rules_engine.crimson_dust import dice
from rules_engine.crimson_dust.odds import shot_odds
from rules_engine.montecarlo import proportion

D6 = range(1, 7)


def exact(die) -> dict[int, Fraction]:
    total = die.denominator()
    return {o: Fraction(die.quantity(o), total) for o in die.outcomes() if die.quantity(o)}


def enumerate_dist(outcomes) -> dict[int, Fraction]:
    counts = Counter(outcomes)
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(("n", "score"), [(1, 4), (3, 4), (4, 5), (2, 2)])
def test_to_hit_counts_dice_at_the_score(n, score):
    # Hitting: "Roll a number of dice equal to the model's Rg ... dice that roll the
    # required result score."
    expected = enumerate_dist(sum(r >= score for r in roll) for roll in product(D6, repeat=n))
    assert exact(dice.to_hit(n, score)) == expected


def test_aiming_rerolls_each_failed_die_once():
    # Aiming: "they may re-roll any failed rolls to hit".
    def scored(first, second):
        return first >= 4 or second >= 4
    expected = enumerate_dist(
        sum(scored(f, s) for f, s in zip(roll[:2], roll[2:], strict=True))
        for roll in product(D6, repeat=4))
    assert exact(dice.to_hit(2, 4, reroll_failed=True)) == expected


def test_a_rear_shot_rerolls_every_die_when_below_the_mean():
    # Rear Shots: "re-roll all of your dice ... you must re-roll all the dice and must abide
    # by the second rolls". Two dice at 5+: mean 2/3, so a first roll of 0 is re-rolled.
    outcomes = []
    for roll in product(D6, repeat=4):
        first = sum(r >= 5 for r in roll[:2])
        outcomes.append(first if first >= 1 else sum(r >= 5 for r in roll[2:]))
    assert exact(dice.to_hit(2, 5, rear=True)) == enumerate_dist(outcomes)


def test_a_concealed_target_rerolls_failed_avoidance_dice():
    # Concealment: "any concealed model may reroll any failed dice when rolling to avoid".
    expected = enumerate_dist(
        sum(f >= 5 or s >= 5 for f, s in zip(roll[:2], roll[2:], strict=True))
        for roll in product(D6, repeat=4))
    assert exact(dice.avoid(2, concealed=True)) == expected
    assert exact(dice.avoid(1)) == {0: Fraction(2, 3), 1: Fraction(1, 3)}


def test_avoiding_dice_cancel_scoring_dice():
    expected = enumerate_dist(
        max(0, sum(r >= 4 for r in roll[:3]) - sum(r >= 5 for r in roll[3:]))
        for roll in product(D6, repeat=5))
    assert exact(dice.hits(dice.to_hit(3, 4), dice.avoid(2))) == expected


def test_the_books_example_of_benny_and_dillinger():
    # Benny (Rg 6) shoots Dillinger (Df 4) at 13 units with the example rifle (4+): each
    # scoring die beyond Dillinger's 5+ dice hits. Independently: the chance of at least one
    # hit is the sum over the joint binomial counts.
    die = dice.hits(dice.to_hit(6, 4), dice.avoid(4))

    def binom(n, k, p):
        from math import comb
        return comb(n, k) * p**k * (1 - p) ** (n - k)

    at_least_one = sum(binom(6, s, Fraction(1, 2)) * binom(4, a, Fraction(1, 3))
                       for s in range(7) for a in range(5) if s > a)
    assert 1 - exact(die)[0] == at_least_one
    assert exact(die)[6] == Fraction(1, 64) * Fraction(2, 3) ** 4


@pytest.mark.parametrize(("hits", "strength", "av", "cover", "critical"),
                         [(1, 3, 0, 0, False), (2, 3, 2, 0, False), (2, 1, 0, 2, True),
                          (3, 5, 1, 0, False)])
def test_wounding_against_one_armour_roll(hits, strength, av, cover, critical):
    # Wounding: armour roll D6 + Av + cover; each hit D6 + S; beating it takes 1 Dc, at
    # double 2 Dc, at triple 3 Dc. Critical Shot: a natural 6 doubles S.
    outcomes = []
    for roll in product(D6, repeat=hits + 1):
        armour = roll[0] + av + cover
        lost = damaging = 0
        for natural in roll[1:]:
            total = natural + (2 * strength if critical and natural == 6 else strength)
            if total > armour:
                lost += total // armour
                damaging += 1
        outcomes.append(dice.pack(0, lost, damaging))
    assert exact(dice.wound(hits, strength, av, cover=cover,
                            critical_shot=critical)) == enumerate_dist(outcomes)


def test_double_the_armour_roll_takes_two_dc():
    assert [dice.dc_caused(t, 4) for t in (4, 5, 7, 8, 11, 12)] == [0, 1, 1, 2, 2, 3]


@pytest.mark.parametrize(("n", "mr", "rerolls"), [(3, 3, 0), (3, 3, 1), (4, 2, 2), (2, 5, 1)])
def test_morale_failures_with_single_die_rerolls(n, mr, rerolls):
    # Morale Tests: a die scores on a result "equal to or under the model's Mr";
    # Battle-hardened re-rolls "the single worst dice".
    outcomes = []
    for roll in product(D6, repeat=n + rerolls):
        failed = sum(r > mr for r in roll[:n])
        redo = roll[n:n + min(rerolls, failed)]
        outcomes.append(min(3, failed - sum(r <= mr for r in redo)))
    assert exact(dice.morale_failures(n, mr, rerolls=rerolls)) == enumerate_dist(outcomes)


def test_a_fanatic_retakes_a_test_that_pins_or_suppresses():
    outcomes = []
    for roll in product(D6, repeat=6):
        first = min(3, sum(r > 3 for r in roll[:3]))
        outcomes.append(first if first < 2 else min(3, sum(r > 3 for r in roll[3:])))
    assert exact(dice.morale_failures(3, 3, fanatic=True)) == enumerate_dist(outcomes)


def _monte_carlo_shot(gen, runs, *, rg, score, df, S, av, dc, mr, shots=1):
    """An independent, plain implementation of one action point's shooting and morale."""
    killed = pinned = suppressed = 0
    for _ in range(runs):
        lost = hits_total = damaging_total = 0
        for _ in range(shots):
            n = rg - (shots if shots > 1 else 0)
            scored = int((gen.integers(1, 7, n) >= score).sum())
            avoided = int((gen.integers(1, 7, df) >= 5).sum())
            hits = max(0, scored - avoided)
            armour = gen.integers(1, 7) + av
            for natural in gen.integers(1, 7, hits):
                total = natural + S
                if total > armour:
                    lost += total // armour
                    damaging_total += 1
            hits_total += hits
        if lost >= dc:
            killed += 1
            continue
        failed = int((gen.integers(1, 7, hits_total + 1 + damaging_total) > mr).sum())
        pinned += failed == 2
        suppressed += failed >= 3
    return killed, pinned, suppressed


@pytest.mark.parametrize("shots", [1, 2])
def test_the_whole_shot_agrees_with_a_monte_carlo_run(catalogue, shots):
    params = {"rg": 7, "score": 4, "df": 4, "S": 2, "av": 1, "dc": 2, "mr": 3}
    report = shot_odds(catalogue, **params, shots=shots, rof_trait=2)
    runs = 4000
    killed, pinned, suppressed = _monte_carlo_shot(np.random.default_rng(7), runs, **params,
                                                   shots=shots)
    for label, count in (("killed", killed), ("pinned", pinned), ("suppressed", suppressed)):
        estimate = proportion(count, runs)
        assert estimate.low <= report["outcome"][label]["value"] <= estimate.high, label
