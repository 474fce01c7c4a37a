"""A whole shot's exact distribution by integer convolution: fast enough for every request.

The icepool chain in ``dice`` spells each step out and stays the reference; this module
computes the same rules with integer weights over a power-of-six denominator, caching the
pieces a shot reuses (the n-fold wound convolutions, the morale tests by dice count), so a
typical shot takes a few milliseconds instead of tens. Tests cross-check both against
enumerations of the dice.

A distribution is ``(weights, den)``: a mapping from outcome to a whole-number weight and
the denominator the weights add up to.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import lru_cache
from math import comb, gcd
from typing import TypeAlias, TypeVar

K = TypeVar("K", bound=Hashable)
Joint = TypeVar("Joint", bound=tuple[int, ...])
Weights: TypeAlias = dict[K, int]
Dist: TypeAlias = tuple[dict[K, int], int]
# Outcomes: (Dc lost, damaging dice) and (hits, Dc lost, damaging dice).
Pair: TypeAlias = tuple[int, int]
Triple: TypeAlias = tuple[int, int, int]

# Morale outcomes as codes: failed dice 0..3 (3 = three or more), and a pass that came
# from a Fanatic's re-roll (Fanatic: "even if they pass all their dice as a result of
# 'fanatic' play will not pass to them").
FANATIC_PASS = 4


def _per_die(target: int, reroll_failed: bool) -> tuple[int, int]:
    """Weights (success, den) of one D6 scoring on ``target``+, failures re-rolled once."""
    s = max(0, min(6, 7 - target))
    if not reroll_failed:
        return s, 6
    return s * 6 + (6 - s) * s, 36


@lru_cache(maxsize=512)
def scoring(dice: int, target: int, reroll_failed: bool = False,
            rear: bool = False) -> Dist[int]:
    """Scoring dice of ``dice`` D6 at ``target``+ (Hitting; Aiming; Rear Shots).

    A rear shot re-rolls every die once when the first roll scored fewer than a fresh roll's
    mean (the same rule as ``dice.to_hit``); with ``reroll_failed`` it is not used.
    """
    if dice <= 0:
        return {0: 1}, 1
    s, d = _per_die(target, reroll_failed)
    first = {k: comb(dice, k) * s**k * (d - s) ** (dice - k) for k in range(dice + 1)}
    den = d**dice
    if not rear or reroll_failed:
        return first, den
    # Re-roll when k < mean = dice * s / d.
    low = sum(w for k, w in first.items() if k * d < dice * s)
    final = {k: (w * den if k * d >= dice * s else 0) + low * w for k, w in first.items()}
    return final, den * den


@lru_cache(maxsize=512)
def hits(score_dist: tuple[tuple[int, int], ...], score_den: int, df: int,
         concealed: bool, avoid_target: int = 5) -> Dist[int]:
    """Hits left when the target's Df dice at 5+ (Camouflage: 4+ or 3+) cancel scoring dice
    one for one."""
    avoid, avoid_den = scoring(df, avoid_target, concealed)
    out: Weights[int] = {}
    for s, ws in score_dist:
        for a, wa in avoid.items():
            h = max(0, s - a)
            out[h] = out.get(h, 0) + ws * wa
    return out, score_den * avoid_den


def _add(a: Weights[Pair], b: Weights[Pair]) -> Weights[Pair]:
    """Convolution of two distributions over (dc lost, damaging dice) pairs."""
    out: Weights[Pair] = {}
    for (dc1, n1), w1 in a.items():
        for (dc2, n2), w2 in b.items():
            key = (dc1 + dc2, n1 + n2)
            out[key] = out.get(key, 0) + w1 * w2
    return out


@lru_cache(maxsize=4096)
def _one_die(strength: int, armour_roll: int, six_strength: int) -> tuple[tuple[Pair, int], ...]:
    """One wounding die against a fixed armour roll, weights over 6 (Wounding).

    ``six_strength`` is the S a natural 6 wounds with: ``strength`` itself, or the doubled S of
    Critical Shot read on the wounding die.
    """
    out: Weights[Pair] = {}
    for natural in range(1, 7):
        total = natural + (six_strength if natural == 6 else strength)
        dc = total // armour_roll if total > armour_roll else 0
        key = (dc, 1 if dc else 0)
        out[key] = out.get(key, 0) + 1
    return tuple(out.items())


@lru_cache(maxsize=4096)
def _power(strength: int, armour_roll: int, six_strength: int,
           n: int) -> tuple[tuple[Pair, int], ...]:
    """``n`` wounding dice against one armour roll, weights over 6**n."""
    if n == 0:
        return (((0, 0), 1),)
    half = dict(_power(strength, armour_roll, six_strength, n // 2))
    out = _add(half, half)
    if n % 2:
        out = _add(out, dict(_one_die(strength, armour_roll, six_strength)))
    return tuple(out.items())


def armour_die(refractor: bool) -> tuple[tuple[tuple[int, int], ...], int]:
    """Faces of the armour roll's D6 with their weights, and the weights' total.

    Refractor Field generator: "the wearer may re-roll the armour roll dice once"; the
    wearer re-rolls a 1, 2 or 3 (below a fresh roll's mean, as for Rear Shots), so a low
    face keeps 1/2 of its chance and each high face gains 1/2 of a low face's.
    """
    if not refractor:
        return tuple((face, 1) for face in range(1, 7)), 6
    return tuple((face, 1 if face <= 3 else 3) for face in range(1, 7)), 12


@lru_cache(maxsize=2048)
def wound_split(n_plain: int, n_critical: int, strength: int, six_strength: int,
                critical_strength: int, armour: int, refractor: bool = False) -> Dist[Pair]:
    """(Dc lost, damaging dice) of plain and critical hits against one armour roll.

    Args:
        n_plain: hits wounding with ``strength`` (a natural 6 with ``six_strength``).
        n_critical: hits from a natural 6 to hit (Critical Shot read on the roll to hit),
            each wounding with ``critical_strength`` whatever the wounding die shows.
        strength: the S of a plain hit.
        six_strength: the S of a plain hit whose wounding die shows a natural 6.
        critical_strength: the S of a critical hit.
        armour: Av plus hard cover, added to the armour roll's D6.
        refractor: the target re-rolls an armour die of 1-3 (``armour_die``).
    """
    faces, armour_den = armour_die(refractor)
    out: Weights[Pair] = {}
    for face, wf in faces:
        roll = face + armour
        plain = _power(strength, roll, six_strength, n_plain)
        if n_critical:
            crit = dict(_power(critical_strength, roll, critical_strength, n_critical))
            both = tuple(_add(dict(plain), crit).items())
        else:
            both = plain
        for key, w in both:
            out[key] = out.get(key, 0) + w * wf
    return out, armour_den * 6 ** (n_plain + n_critical)


def wound(n_hits: int, strength: int, armour: int, cover: int = 0,
          critical: bool = False) -> Dist[Pair]:
    """(Dc lost, damaging dice) of ``n_hits`` hits: D6 + S each against one D6 + Av + cover."""
    if n_hits <= 0:
        return {(0, 0): 1}, 1
    six = strength * 2 if critical else strength
    return wound_split(n_hits, 0, strength, six, 0, armour + cover)


@lru_cache(maxsize=1024)
def morale(dice: int, mr: int, rerolls: int = 0, fanatic: bool = False) -> Dist[int]:
    """Outcome codes of a morale test: failed dice capped at 3, or ``FANATIC_PASS``.

    A die scores on Mr or under; ``rerolls`` failed dice are re-rolled once each; a Fanatic
    retakes the whole test when the first roll pins or suppresses (two or more fail).
    """
    if dice <= 0:
        return {0: 1}, 1
    p = max(0, min(6, mr))
    q = 6 - p
    first: Weights[int] = {}
    for f in range(dice + 1):
        w = comb(dice, f) * q**f * p ** (dice - f)
        used = min(rerolls, f)
        for back in range(used + 1):
            wb = w * comb(used, back) * p**back * q ** (used - back) * 6 ** (rerolls - used)
            key = min(3, f - back)
            first[key] = first.get(key, 0) + wb
    den = 6 ** (dice + rerolls)
    if not fanatic:
        return first, den
    retake = first.get(2, 0) + first.get(3, 0)
    out: Weights[int] = {}
    for k, w in first.items():
        if k < 2:
            out[k] = out.get(k, 0) + w * den
        code = FANATIC_PASS if k == 0 else k
        out[code] = out.get(code, 0) + retake * w
    return out, den * den


def add_up(one: Mapping[int, int], shots: int) -> Weights[int]:
    """The total of ``shots`` independent draws of a one-dimensional distribution."""
    total: Weights[int] = {0: 1}
    for _ in range(shots):
        nxt: Weights[int] = {}
        for a, w1 in total.items():
            for b, w2 in one.items():
                nxt[a + b] = nxt.get(a + b, 0) + w1 * w2
        total = nxt
    return total


def for_morale(one: Mapping[Triple, int], shots: int, dc: int) -> Weights[Pair]:
    """(Dc lost capped at ``dc``, hits + damaging dice) over ``shots`` independent shots.

    That pair is all the kill and the morale test need, so the joint stays small.
    """
    reduced: Weights[Pair] = {}
    for (h, lost, damaging), w in one.items():
        key = (min(lost, dc), h + damaging)
        reduced[key] = reduced.get(key, 0) + w
    total: Weights[Pair] = {(0, 0): 1}
    for _ in range(shots):
        nxt: Weights[Pair] = {}
        for (l1, m1), w1 in total.items():
            for (l2, m2), w2 in reduced.items():
                key = (min(l1 + l2, dc), m1 + m2)
                nxt[key] = nxt.get(key, 0) + w1 * w2
        total = nxt
    return total


def reduced(weights: Mapping[K, int], den: int) -> Dist[K]:
    """The same distribution with weights and denominator divided by their common factor."""
    g = den
    for w in weights.values():
        g = gcd(g, w)
        if g == 1:
            break
    return {k: w // g for k, w in weights.items()}, den // g


def one_shot(hit_dist: Dist[int], strength: int, armour: int, cover: int,
             critical: bool) -> Dist[Triple]:
    """Joint (hits, dc lost, damaging dice) of one shot from its hits distribution."""
    weights, den = hit_dist
    six = strength * 2 if critical else strength
    return one_shot_split(({(h, 0): w for h, w in weights.items()}, den), strength, six, 0,
                          armour + cover)


def one_shot_split(hit_dist: Dist[Pair], strength: int, six_strength: int,
                   critical_strength: int, armour: int, refractor: bool = False) -> Dist[Triple]:
    """Joint (hits, dc lost, damaging dice) of one shot from its (hits, critical hits).

    The strengths and ``refractor`` are those of ``wound_split``; ``armour`` includes cover.
    """
    weights, den = hit_dist
    top = max(h for h, _ in weights)
    common = armour_die(refractor)[1] * 6**top
    out: Weights[Triple] = {}
    for (h, k), wh in weights.items():
        if not wh:
            continue
        if h <= 0:
            out[(0, 0, 0)] = out.get((0, 0, 0), 0) + wh * common
            continue
        wd, wden = wound_split(h - k, k, strength, six_strength, critical_strength, armour,
                               refractor)
        scale = wh * (common // wden)
        for (dc, n), w in wd.items():
            key = (h, dc, n)
            out[key] = out.get(key, 0) + w * scale
    return out, den * common


def marginal(weights: Mapping[Joint, int], index: int) -> Weights[int]:
    """One coordinate's distribution out of a joint one."""
    out: Weights[int] = {}
    for key, w in weights.items():
        out[key[index]] = out.get(key[index], 0) + w
    return out
