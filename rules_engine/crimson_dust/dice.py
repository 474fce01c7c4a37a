"""Exact dice of a Crimson Dust shot, step by step, as icepool dice.

Each function is one step of Shooting > Hitting, Concealment, Aiming, Rear Shots, RoF,
Wounding and Morale Tests, so a step can be checked on its own and the whole chain is their
composition. Joint results are packed into one integer (see ``pack``) so icepool can carry
them through mixtures exactly.
"""

from __future__ import annotations

from fractions import Fraction

import icepool

# A shot's joint result packed as hits * HITS + Dc lost * DC + damaging dice.
HITS, DC = 10_000, 100


def pack(hits: int, dc_lost: int, damaging: int) -> int:
    return hits * HITS + dc_lost * DC + damaging


def unpack(code: int) -> tuple[int, int, int]:
    return code // HITS, (code % HITS) // DC, code % DC


def _score(target: int, reroll_failed: bool) -> icepool.Die:
    """One die that scores (1) on ``target``+, re-rolled once if it fails."""
    first = icepool.d6.map(lambda x: 1 if x >= target else 0)
    if not reroll_failed:
        return first
    return icepool.d6.map(lambda x: 1 if x >= target else first)


def _mean(die: icepool.Die) -> Fraction:
    total = int(die.denominator())
    return sum((Fraction(o) * die.quantity(o) for o in die.outcomes()), Fraction(0)) / total


def to_hit(dice: int, score: int | None, *, reroll_failed: bool = False,
           rear: bool = False) -> icepool.Die:
    """Scoring dice of ``dice`` D6 needing ``score``+ (Hitting).

    Args:
        dice: dice rolled (Rg, plus a large target's bonus, less RoF).
        score: the weapon's score at the range band; None ('-') cannot score.
        reroll_failed: aiming, or shooting a model that ran: re-roll failed dice once.
        rear: Rear Shots: re-roll all the dice once if not to the shooter's liking. The
            shooter re-rolls when the first roll scored fewer than a fresh roll's mean;
            ignored with ``reroll_failed`` (re-rolling only failures is always better, and a
            die is re-rolled only once).
    """
    if dice <= 0 or score is None:
        return icepool.Die([0])
    scores = dice @ _score(score, reroll_failed)
    if rear and not reroll_failed:
        mean = _mean(scores)
        fresh = scores
        scores = scores.map(lambda x: fresh if x < mean else x)
    return scores


def avoid(df: int, *, concealed: bool = False, score: int = 5) -> icepool.Die:
    """Avoidance roll: Df dice scoring on 5+ (Camouflage: 4+ or 3+); a concealed target
    re-rolls failed dice."""
    if df <= 0:
        return icepool.Die([0])
    return df @ _score(score, concealed)


def hits(scores: icepool.Die, avoided: icepool.Die) -> icepool.Die:
    """Each avoiding die cancels one scoring die; what remains are hits."""
    return icepool.map(lambda s, a: max(0, s - a), scores, avoided)


def dc_caused(total: int, armour_roll: int) -> int:
    """Wounding: a die beating the armour roll takes 1 Dc, 2 at double, 3 at triple..."""
    return total // armour_roll if total > armour_roll else 0


def wound(n_hits: int, strength: int, armour: int, *, cover: int = 0,
          critical_shot: bool = False) -> icepool.Die:
    """Dc lost and damaging dice of ``n_hits`` hits, packed with ``pack`` (Wounding).

    The target rolls one D6 + Av + hard cover (the armour roll); each hit rolls D6 + S.
    Critical Shot: a natural 6 doubles the weapon's S for that die.
    """
    if n_hits <= 0:
        return icepool.Die([0])

    def for_armour(armour_roll: int) -> icepool.Die:
        def one(natural: int) -> int:
            s = strength * 2 if critical_shot and natural == 6 else strength
            dc = dc_caused(natural + s, armour_roll)
            return dc * DC + (1 if dc else 0)
        return n_hits @ icepool.d6.map(one)

    return (icepool.d6 + armour + cover).map(for_armour)


def morale_failures(dice: int, mr: int, *, rerolls: int = 0,
                    fanatic: bool = False) -> icepool.Die:
    """Failed dice of a morale test, capped at 3 (three or more fail: suppressed).

    A die scores on a result equal to or under Mr. ``rerolls`` failed dice are re-rolled
    once each (Battle-hardened; concealment, see the rulings). Fanatic re-rolls the whole
    test when the first roll pins or suppresses.
    """
    if dice <= 0:
        return icepool.Die([0])
    fail = icepool.d6.map(lambda x: 0 if x <= mr else 1)
    passes_reroll = icepool.d6.map(lambda x: 1 if x <= mr else 0)
    first = dice @ fail
    if rerolls:
        first = first.map(lambda f: f - (min(rerolls, f) @ passes_reroll) if f else 0)
    capped = first.map(lambda f: min(f, 3))
    if fanatic:
        again = capped
        capped = capped.map(lambda f: again if f >= 2 else f)
    return capped
