"""Critical Shot read on the roll to hit: following each natural 6 from the roll to its hit.

Critical Shot: "When rolling to hit with a basic ranged weapon then on a natural roll of 6
the model doubles its weapon's S value (though not AT value) when rolling to damage with
that dice." Read this way a shot needs to know, of its scoring dice, how many are natural
6s, and which of them the target's avoidance roll cancels. The book only says each avoiding
die "will cancel out one of the attacking model's scores", so the rule is a setting
(``settings.CRITICAL_SHOT_SIX``):

- ``hit-sixes-kept``: the avoidance cancels the other scoring dice first (the shooter keeps
  its sixes while it can);
- ``hit-sixes-cancelled``: the avoidance cancels the sixes first (the target's best);
- ``hit-random``: the cancelled dice are a random choice among the scoring dice.

Distributions are ``(weights, den)`` with whole-number weights, as in ``exact``.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb, factorial, lcm

from rules_engine.crimson_dust.exact import Dist, Pair, Weights, scoring

KEPT, CANCELLED, RANDOM = "hit-sixes-kept", "hit-sixes-cancelled", "hit-random"


def _faces(target: int, reroll_failed: bool) -> tuple[int, int, int, int]:
    """Weights of one die's (natural 6, other score, fail) and their total.

    A failed die re-rolled once (Aiming) is a natural 6 if the re-roll shows 6.
    """
    target = max(1, min(6, target))
    six, other, fail = 1, 6 - target, target - 1
    if not reroll_failed:
        return six, other, fail, 6
    return six * 6 + fail * six, other * 6 + fail * other, fail * fail, 36


@lru_cache(maxsize=512)
def scoring_sixes(dice: int, target: int, reroll_failed: bool = False,
                  rear: bool = False) -> Dist[Pair]:
    """(Scoring dice, natural 6s among them) of ``dice`` D6 needing ``target``+.

    Aiming and Rear Shots as in ``exact.scoring``: a rear shot re-rolls every die when the
    first roll scored fewer than a fresh roll's mean, and the second roll's sixes count.
    """
    if dice <= 0:
        return {(0, 0): 1}, 1
    six, other, fail, d = _faces(target, reroll_failed)
    first: Weights[Pair] = {}
    for c in range(dice + 1):
        for m in range(dice - c + 1):
            f = dice - c - m
            ways = factorial(dice) // (factorial(c) * factorial(m) * factorial(f))
            first[(c + m, c)] = ways * six**c * other**m * fail**f
    den = d**dice
    if not rear or reroll_failed:
        return first, den
    mean_num = dice * (six + other)  # the mean of a fresh roll is mean_num / d
    low = sum(w for (s, _), w in first.items() if s * d < mean_num)
    final = {key: (w * den if key[0] * d >= mean_num else 0) + low * w
             for key, w in first.items()}
    return final, den * den


def _lcm_of_choices(top: int) -> int:
    """A common denominator for every hypergeometric choice C(s, h) with s up to ``top``."""
    out = 1
    for s in range(top + 1):
        for h in range(s + 1):
            out = lcm(out, comb(s, h))
    return out


@lru_cache(maxsize=512)
def hits_sixes(score_joint: tuple[tuple[Pair, int], ...], score_den: int, df: int,
               concealed: bool, avoid_target: int, rule: str) -> Dist[Pair]:
    """(Hits, critical hits) once the avoidance roll has cancelled scoring dice.

    Args:
        score_joint: ``scoring_sixes`` weights as a tuple of items.
        score_den: their denominator.
        df: the target's avoidance dice.
        concealed: failed avoidance dice are re-rolled once.
        avoid_target: the avoidance score (5+; Camouflage 4+ or 3+).
        rule: which scoring dice are cancelled first: ``KEPT``, ``CANCELLED`` or ``RANDOM``.
    """
    if rule not in (KEPT, CANCELLED, RANDOM):
        raise ValueError(f"unknown cancelling rule {rule!r}")
    avoid, avoid_den = scoring(df, avoid_target, concealed)
    top = max((s for (s, _), _ in score_joint), default=0)
    spread = _lcm_of_choices(top) if rule == RANDOM else 1
    out: Weights[Pair] = {}
    for (s, c), ws in score_joint:
        for a, wa in avoid.items():
            h = max(0, s - a)
            w = ws * wa
            if rule == RANDOM:
                # The h dice left are any h of the s scoring dice, each choice as likely.
                per_choice = spread // comb(s, h)
                for k in range(max(0, h - (s - c)), min(c, h) + 1):
                    key = (h, k)
                    out[key] = out.get(key, 0) + w * comb(c, k) * comb(s - c, h - k) * per_choice
                continue
            k = min(c, h) if rule == KEPT else max(0, h - (s - c))
            out[(h, k)] = out.get((h, k), 0) + w * spread
    return out, score_den * avoid_den * spread
