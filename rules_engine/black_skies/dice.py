"""Exact Black Skies dice: to-hit on d12s, damage dice stepped down by shields, armour per hit,
and piloting checks on d6 + skill. Everything returns ``Fraction`` or ``icepool.Die``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb

import icepool

from rules_engine.black_skies.book import Book, ManeuverOption, Weapon

# Shields: "decrease the damage die type ... by one" (d6 becomes d4). The chain is the usual
# polyhedral set; below d2 a die cannot step (docs/rulings/black-skies.md).
DIE_CHAIN = (2, 4, 6, 8, 10, 12, 20)


def step_down(sides: int, steps: int) -> int:
    """The damage die after ``steps`` shield steps: ``step_down(6, 1) == 4``."""
    index = DIE_CHAIN.index(sides)
    return DIE_CHAIN[max(0, index - steps)]


def to_hit_modifier(book: Book, target_speed: int, maneuver_penalty: int) -> int:
    """Combat: Modifiers. Added to each d12: target speed row, minus the maneuver penalty."""
    return book.speed_modifier(target_speed) + book.constant("maneuver_penalty_to_hit") * (
        maneuver_penalty
    )


def hit_chance(book: Book, range_band: str, modifier: int) -> Fraction:
    """Chance one d12 plus ``modifier`` equals or beats the range's Target Number."""
    sides = book.constant("combat_die_sides")
    need = book.target_numbers[range_band] - modifier
    hits = sum(1 for roll in range(1, sides + 1) if roll >= need)
    return Fraction(hits, sides)


def armour_applied(rolls: Sequence[int], damage_reduction: int) -> int:
    """Armour: each hit's damage less the armour, never below zero, summed.

    The book's example: light armour (-1) hit for 2 and 3 takes (2-1) + (3-1) = 3.
    """
    return sum(max(0, r - damage_reduction) for r in rolls)


def hit_damage(sides: int, damage_reduction: int, shield_steps: int) -> icepool.Die:
    """Damage one hit does: the weapon's die stepped down by shields, less armour."""
    die = icepool.d(step_down(sides, shield_steps))
    return die.map(lambda r: max(0, r - damage_reduction))


def _shot_weights(hit: Fraction, sides: int, damage_reduction: int) -> list[int]:
    """Integer weights of one d12's damage (index = damage), over ``hit.denominator * sides``.

    A miss (weight ``denominator - numerator`` per damage face) does 0; a hit rolls the
    damage die less armour, never below 0.
    """
    weights = [0] * (max(0, sides - damage_reduction) + 1)
    for roll in range(1, sides + 1):
        weights[max(0, roll - damage_reduction)] += hit.numerator
    weights[0] += (hit.denominator - hit.numerator) * sides
    return weights


def _convolve(a: list[int], b: list[int]) -> list[int]:
    """Weights of the sum of two independent integer quantities."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def volley_damage(
    weapons: Sequence[Weapon], hit: Fraction, damage_reduction: int, shield_steps: int
) -> icepool.Die:
    """Total damage of one volley: every weapon's rate of fire in d12s, each hit rolled.

    Exact integer convolution of the per-die weights: the same distribution as adding the
    dice in icepool, without building an intermediate die per weapon (8 Laser Cannons in
    well under a millisecond).
    """
    dice: dict[int, int] = {}
    for weapon in weapons:
        sides = step_down(weapon.damage_die, shield_steps)
        dice[sides] = dice.get(sides, 0) + weapon.rate_of_fire
    total = [1]
    for sides, count in sorted(dice.items()):
        shot = _shot_weights(hit, sides, damage_reduction)
        for _ in range(count):
            total = _convolve(total, shot)
    return icepool.Die(dict(enumerate(total)))


def volley_hits(dice: int, hit: Fraction) -> icepool.Die:
    """Number of hits among ``dice`` d12s that each hit with chance ``hit`` (binomial)."""
    miss = hit.denominator - hit.numerator
    return icepool.Die({k: comb(dice, k) * hit.numerator**k * miss ** (dice - k)
                        for k in range(dice + 1)})


def fired_weapons(weapons: Sequence[Weapon], crippled: bool) -> list[Weapon]:
    """Combat: a crippled fighter fires half (round down) of its weapons, the best ones."""
    if not crippled:
        return list(weapons)
    return best_first(weapons)[: len(weapons) // 2]


def best_first(weapons: Sequence[Weapon]) -> list[Weapon]:
    """Weapons by expected damage per volley, most first (ties by id, for a stable order)."""
    return sorted(weapons, key=lambda w: (w.rate_of_fire * (w.damage_die + 1), w.id),
                  reverse=True)


def chance(die: icepool.Die, test: Callable[[int], bool]) -> Fraction:
    """Exact chance that a roll of ``die`` passes ``test``."""
    hits = sum(die.quantity(o) for o in die.outcomes() if test(o))
    return Fraction(hits, die.denominator())


def piloting_success(
    book: Book, skill: int, difficulty: int, crippled: bool = False, failed_before: bool = False
) -> Fraction:
    """Piloting Check: d6 + skill must equal or beat the Difficulty Rating.

    A crippled fighter doubles the difficulty; so does an earlier failure the same turn
    (both: doubled twice, see docs/rulings/black-skies.md).
    """
    need = difficulty
    if crippled:
        need *= book.constant("crippled_difficulty_multiplier")
    if failed_before:
        need *= book.constant("failed_check_difficulty_multiplier")
    sides = book.constant("piloting_die_sides")
    return Fraction(sum(1 for r in range(1, sides + 1) if r + skill >= need), sides)


def fallback_options(book: Book, option: ManeuverOption) -> tuple[ManeuverOption, ...]:
    """Piloting Check: on a failure "the easiest of the basic maneuvers in the same direction
    is substituted" (a failed Sideslip Left flies a Smooth Left).

    Easiest is the lowest Difficulty Rating (then the lowest penalty). A Snake goes either
    way, so both Smooth turns are given: the one on the side the Snake set off to applies.
    """
    directions = ("left", "right") if option.direction == "either" else (option.direction,)
    basic = [o for o in book.options.values() if o.thruster == "basic-thrusters"]
    out = []
    for direction in directions:
        same = [o for o in basic if o.direction == direction]
        if same:
            out.append(min(same, key=lambda o: (o.difficulty, o.penalty, o.id)))
    return tuple(out)


def is_crippled(hull_left: int, full_hull: int) -> bool:
    """Combat: crippled when the Fighter Weight die drops to half or less (and not 0)."""
    return hull_left > 0 and 2 * hull_left <= full_hull
