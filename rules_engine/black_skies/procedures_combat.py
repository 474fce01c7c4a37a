"""A volley's d12s to hit, the damage of its hits through shields and armour, and when a
fighter is crippled (Combat, Weapons, Armour, Shields), resolved for a game table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.black_skies.book import Book, read_book
from rules_engine.black_skies.dice import DIE_CHAIN, is_crippled, step_down, to_hit_modifier
from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument
from rules_engine.odds_query import boolean, integer, one_of, text, within
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step

COMBAT = "Combat"
WEAPONS = "Weapons"
ARMOUR = "Armour"
SHIELDS = "Shields"
BANDS = ("close", "medium", "long")
CRIPPLED_MEANS = "it may fire only half its weapons (round down) and pilots at double difficulty"


def _fired(params: Mapping[str, Any]) -> int:
    """Combat: "may only fire half (round down) of its weapons" when crippled."""
    weapons: int = params["weapons"]
    return weapons // 2 if params["crippled"] else weapons


def _volley_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    count = _fired(params) * params["rate_of_fire"]
    return (Dice(count, 12, "to hit: one d12 per shot"),) if count else ()


def _faces(faces: Sequence[int]) -> str:
    return ", ".join(map(str, faces)) or "none"


def _modifier_step(book: Book, params: Mapping[str, Any], modifier: int) -> Step:
    speed, penalty = params["target_speed"], params["maneuver_penalty"]
    by_speed = book.speed_modifier(speed)
    parts = [f"target speed {speed}: {by_speed:+d}"]
    if penalty:
        parts.append(f"the firer's maneuver penalty {penalty}: {-penalty:+d}")
    return Step(
        f"Modifiers ({'; '.join(parts)}) add {modifier:+d} to each d12.",
        COMBAT,
    )


def _volley(
    catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    book = read_book(catalogue)
    band = one_of("range", params["range"], book.target_numbers)
    target_number = book.target_numbers[band]
    modifier = to_hit_modifier(book, params["target_speed"], params["maneuver_penalty"])
    fired = _fired(params)
    faces = list(rolls[0]) if rolls else []
    steps = []
    if params["crippled"]:
        steps.append(
            Step(
                f"The firer is crippled: of its {params['weapons']} weapons it fires half, "
                f"rounded down: {fired}.",
                COMBAT,
            )
        )
    steps.append(
        Step(
            f"{fired} {'weapon' if fired == 1 else 'weapons'} at Rate of Fire "
            f"{params['rate_of_fire']}: {len(faces)} d12.",
            WEAPONS,
        )
    )
    steps.append(Step(f"The Target Number at {band} range is {target_number}.", COMBAT))
    steps.append(_modifier_step(book, params, modifier))
    hit = [f for f in faces if f + modifier >= target_number]
    steps.append(
        Step(
            f"Rolled {_faces(faces)}: each equal to or greater than {target_number} after "
            f"{modifier:+d} is a hit: {len(hit)} {'hit' if len(hit) == 1 else 'hits'}"
            + (f" ({_faces(hit)})." if hit else ".")
            + (" Roll damage for each hit." if hit else ""),
            COMBAT,
        )
    )
    return Resolution(
        {
            "weapons_fired": fired,
            "dice": len(faces),
            "target_number": target_number,
            "modifier": modifier,
            "hits": len(hit),
        },
        steps,
    )


def _damage_die(params: Mapping[str, Any], shield_steps: int) -> int:
    """The die each hit rolls: the weapon's, stepped down once per shield level."""
    if params["damage_die"] not in DIE_CHAIN:
        raise BadDocument.at(
            "params.damage_die",
            f"must be one of {', '.join(map(str, DIE_CHAIN))}, not {params['damage_die']}",
        )
    if params["shields"] > params["max_shield_levels"]:
        raise BadDocument.at(
            "params.shields",
            f"{params['shields']} shield levels, over the max_shield_levels setting of "
            f"{params['max_shield_levels']}",
        )
    return step_down(params["damage_die"], params["shields"] * shield_steps)


def _damage_dice(catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    sides = _damage_die(params, read_book(catalogue).shield_steps)
    return (Dice(params["hits"], sides, "damage: one die per hit"),)


def _hull_of(
    book: Book, weight_param: str, hull_param: str, params: Mapping[str, Any]
) -> tuple[int, int]:
    """A fighter's full hull (its weight die) and hull left (default full)."""
    weight = book.weights[one_of(weight_param, params[weight_param], book.weights)]
    left = params[hull_param]
    if left is None:
        return weight.hull, weight.hull
    return weight.hull, within(hull_param, left, 0 if hull_param == "hull" else 1, weight.hull)


def _damage(
    catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    book = read_book(catalogue)
    sides = _damage_die(params, book.shield_steps)
    full, before = _hull_of(book, "target_weight", "target_hull", params)
    (faces,) = rolls
    armour = params["armour"]
    steps = []
    if params["shields"]:
        steps.append(
            Step(
                f"The target's shields step the d{params['damage_die']} down to a d{sides}.",
                SHIELDS,
            )
        )
    per_hit = [max(0, f - armour) for f in faces]
    total = sum(per_hit)
    if armour:
        steps.append(
            Step(
                f"Rolled {_faces(faces)}; armour (-{armour}) comes off each hit, never below 0: "
                f"{' + '.join(map(str, per_hit))} = {total} damage.",
                ARMOUR,
            )
        )
    else:
        steps.append(Step(f"Rolled {_faces(faces)}: {total} damage.", COMBAT))
    after = max(0, before - total)
    steps.append(
        Step(
            f"Subtracted from the target's fighter weight die: hull {before} of {full} "
            f"becomes {after}.",
            COMBAT,
        )
    )
    was_crippled, crippled = is_crippled(before, full), is_crippled(after, full)
    changes = []
    if after < before:
        changes.append(Change("target", "hull", delta=after - before, text=f"hull {after}"))
    if after == 0:
        steps.append(Step("Its Hull Integrity is 0: the target is destroyed.", COMBAT))
        changes.append(Change("target", "destroyed", value=True, text="destroyed"))
    elif crippled and not was_crippled:
        steps.append(
            Step(
                f"Hull {after} is half of {full} or less: the target is crippled; "
                f"{CRIPPLED_MEANS}.",
                COMBAT,
            )
        )
        changes.append(Change("target", "crippled", value=True, text="crippled"))
    return Resolution(
        {
            "damage_die": sides,
            "damage_per_hit": per_hit,
            "damage": total,
            "hull_before": before,
            "hull_after": after,
            "crippled": crippled,
            "destroyed": after == 0,
        },
        steps,
        changes,
    )


def _crippling(
    catalogue: Catalogue, params: Mapping[str, Any], _rolls: Sequence[Sequence[int]]
) -> Resolution:
    book = read_book(catalogue)
    full, left = _hull_of(book, "weight", "hull", params)
    crippled = is_crippled(left, full)
    if left == 0:
        words = "Its Hull Integrity is 0: the fighter is destroyed."
    elif crippled:
        words = f"Hull {left} is half of {full} or less: the fighter is crippled; {CRIPPLED_MEANS}."
    else:
        words = f"Hull {left} is more than half of {full}: the fighter is not crippled."
    return Resolution(
        {"crippled": crippled, "destroyed": left == 0, "hull": left, "full_hull": full},
        [Step(words, COMBAT)],
        (
            Change(
                "fighter",
                "crippled",
                value=crippled,
                text="crippled" if crippled else "not crippled",
            ),
        ),
    )


VOLLEY = Procedure(
    "volley",
    "One fighter's volley: a d12 per weapon and Rate of Fire (half the weapons when crippled); "
    "each roll plus the modifiers that equals or beats the range's Target Number hits.",
    COMBAT,
    (
        integer("weapons", 2, 1, 20, "the firer's weapons of one kind that bear on the target"),
        integer("rate_of_fire", 1, 1, 10, "that weapon's Rate of Fire (d12s per weapon)"),
        text("range", "close", "the range band: close, medium or long", BANDS),
        integer("target_speed", 6, 0, 12, "the target's speed (its element's d12)"),
        integer("maneuver_penalty", 0, 0, 12, "the firer's Movement Penalty this turn"),
        boolean("crippled", "the firer is crippled (half its weapons fire)"),
    ),
    _volley_dice,
    _volley,
    roles=("fighter",),
)

DAMAGE = Procedure(
    "damage",
    "The damage of a volley's hits: a damage die per hit, stepped down by the target's "
    "shields, less its armour per hit, off its hull; crippled at half, destroyed at 0.",
    COMBAT,
    (
        integer("hits", 1, 1, 40, "hits scored by the volley"),
        integer("damage_die", 6, 2, 20, "the weapon's damage die sides (d6 for a Laser Cannon)"),
        integer("armour", 0, 0, 2, "the target's armour: 0 none, 1 light (-1), 2 heavy (-2)"),
        integer("shields", 0, 0, 6, "the target's shield levels (each steps the die down)"),
        integer(
            "max_shield_levels",
            1,
            0,
            6,
            "setting: shield levels a fighter may carry (a Black Skies ruling)",
        ),
        text(
            "target_weight",
            "medium",
            "the target's weight (its hull die)",
            catalogue_ids="fighter_weight",
        ),
        integer("target_hull", None, 1, 20, "the target's hull left (default full)"),
    ),
    _damage_dice,
    _damage,
    roles=("target",),
)

CRIPPLING = Procedure(
    "crippling",
    "Whether a fighter is crippled: its hull at half its weight die or less (and above 0).",
    COMBAT,
    (
        text(
            "weight",
            "medium",
            "the fighter's weight (its hull die)",
            catalogue_ids="fighter_weight",
        ),
        integer("hull", None, 0, 20, "the fighter's hull left (default full)"),
    ),
    lambda _catalogue, _params: (),
    _crippling,
    roles=("fighter",),
)
