"""The hex-map procedures of flying: skill check, spin, collisions and ramming."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.procedures_common import (
    COLLISIONS,
    D10,
    MOVEMENT,
    NATURAL_TOUCH,
    RAMMING,
    SHOCKED,
    SPIN,
    d10_check,
    one_d10,
    rows,
    skill,
)
from rules_engine.odds_query import boolean, integer, text
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step, fixed

Params = Mapping[str, Any]
Rolls = Sequence[Sequence[int]]

# "Фаза движения": what a failed check costs depends on what it was for.
EXCEEDED = ("none", "g-rating", "max-speed", "acceleration", "deceleration", "repeated-steep")


def _skill_check(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    exceeded, difficulty = params["exceeded"], params["difficulty"]
    pilot = {"natural_touch": params["natural_touch"], "shocked": params["shocked"]}
    if exceeded == "repeated-steep":
        # "необходимо на d10 выкинуть ... [8 + G-рейтинг маневра - Естественное касание + 2]"
        check = d10_check(
            catalogue,
            "steep-maneuver-check",
            {"g_rating": difficulty, **pilot},
            roll,
            "Another steep maneuver in a row",
        )
    else:
        check = d10_check(catalogue, "skill-check", {"difficulty": difficulty, **pilot}, roll)
    steps = [check.step(MOVEMENT)]
    changes: list[Change] = []
    if not check.passed:
        steps_, changes = failure(exceeded, difficulty, params["random_last_turn"])
        steps += steps_
    return Resolution(check.outcome() | {"exceeded": exceeded}, steps, changes)


def failure(exceeded: str, excess: int, random_last_turn: bool) -> tuple[list[Step], list[Change]]:
    """What a failed check of the movement phase does to the plane ("Фаза движения")."""
    if exceeded == "none":
        return [
            Step(
                "The consequences of a failure depend on the kind of check (the "
                "situation names none).",
                MOVEMENT,
            )
        ], []
    if exceeded in ("g-rating", "repeated-steep"):
        steps = [
            Step("A maneuver beyond the G-rating failed: the plane moves at random.", MOVEMENT)
        ]
        if exceeded == "repeated-steep":
            steps.append(
                Step(
                    "The book gives no consequence for failing this check; it is "
                    "read as a failed G-rating maneuver (hex-map ruling 9).",
                    MOVEMENT,
                )
            )
        changes = [Change("plane", "random_movement", value=True, text="moves at random")]
        if random_last_turn:
            steps.append(
                Step(
                    "Random movement two turns in a row: the plane falls into a "
                    "spin, for 10 - current speed turns to the doom point.",
                    SPIN,
                )
            )
            changes.append(Change("plane", "spinning", value=True, text="falls into a spin"))
        return steps, changes
    if exceeded in ("max-speed", "acceleration"):
        cracks = "crack" if excess == 1 else "cracks"
        return (
            [
                Step(
                    f"Exceeding the maximum speed or acceleration failed: the engine flares, the "
                    f"speed drops to 1 at once, the nose takes {excess} {cracks} (the excess) and "
                    "the plane smokes this turn and the next; the engine recovers next turn.",
                    MOVEMENT,
                )
            ],
            [
                Change("plane", "speed", value=1, text="speed drops to 1"),
                Change("plane", "cracks.nose", delta=excess, text=f"{excess} {cracks} on the nose"),
                Change("plane", "smoking", value=2, text="smokes this turn and the next"),
            ],
        )
    return (
        [
            Step(
                "Slowing down faster than the plane can failed: the front of each wing takes a "
                "crack; the speed still drops.",
                MOVEMENT,
            )
        ],
        [
            Change("plane", "cracks.right-wing-front", delta=1, text="a crack on the right wing"),
            Change("plane", "cracks.left-wing-front", delta=1, text="a crack on the left wing"),
        ],
    )


def _spin_recovery(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    check = d10_check(
        catalogue,
        "spin-recovery",
        {
            "turns_in_spin": params["turns_in_spin"],
            "natural_touch": params["natural_touch"],
            "shocked": params["shocked"],
        },
        roll,
    )
    left = params["turns_to_doom"]
    steps = [check.step(SPIN)]
    if check.passed:
        steps.append(
            Step(
                "The plane comes out of the spin: instead of spinning it flies "
                "straight at its current speed.",
                SPIN,
            )
        )
        changes = [
            Change("plane", "spinning", value=False, text="out of the spin"),
            Change("plane", "spin_turns", value=0, text="no longer spinning"),
        ]
        after = None
    else:
        after = left - 1
        steps.append(
            Step(
                f"The doom point rises by one: the plane now reaches it in {after} "
                f"turn{'s' if after != 1 else ''} instead of {left} (hex-map ruling 20)."
                + (" It has reached it: the plane is lost." if after <= 0 else ""),
                SPIN,
            )
        )
        changes = [Change("plane", "turns_to_doom", delta=-1, text="the doom point one closer")]
        if after <= 0:
            changes.append(Change("plane", "destroyed", value=True, text="falls to the doom point"))
    return Resolution(
        check.outcome() | {"recovered": check.passed, "turns_to_doom": after}, steps, changes
    )


def _spin_facing(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    facing = dict((r, f) for r, f in rows(catalogue, "spin-facing"))[roll]
    left = params["turns_to_doom"] - 1
    steps = [
        Step(
            f"The spinning plane stays in its hex; its facing this turn is rolled on a d6 "
            f"(1 A, 2 B, 3 C, 4 D, 5 E, 6 F): {roll} gives {facing}.",
            SPIN,
        ),
        Step(
            f"A turn of falling: {left} turn{'s' if left != 1 else ''} left to the doom point"
            + ("; the plane reaches it and is lost." if left <= 0 else "."),
            SPIN,
        ),
    ]
    changes = [
        Change("plane", "facing", value=facing, text=f"faces {facing}"),
        Change("plane", "spin_turns", delta=1, text="one more turn in the spin"),
        Change("plane", "turns_to_doom", delta=-1, text="one turn nearer the doom point"),
    ]
    if left <= 0:
        changes.append(Change("plane", "destroyed", value=True, text="falls to the doom point"))
    return Resolution({"roll": roll, "facing": facing, "turns_to_doom": left}, steps, changes)


def _collision_dice(_catalogue: Catalogue, params: Params) -> Sequence[Dice]:
    return (Dice(params["planes"], D10, "one per plane in the hex, in the planes' order"),)


def _collision(_catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    (faces,) = rolls
    collided = [i + 1 for i, face in enumerate(faces) if faces.count(face) > 1]
    steps = [
        Step(
            f"Every plane ending its move in the hex rolls a d10: "
            f"{', '.join(f'plane {i + 1} {f}' for i, f in enumerate(faces))}; those "
            "whose numbers match collide.",
            COLLISIONS,
        )
    ]
    if collided:
        steps.append(
            Step(
                f"Planes {', '.join(map(str, collided))} collide: each is destroyed; "
                "its pilot may try to bail out (collision, difficulty 18).",
                COLLISIONS,
            )
        )
    else:
        steps.append(Step("No two numbers match: nobody collides.", COLLISIONS))
    changes = [
        Change(f"plane-{i}", "destroyed", value=True, text="destroyed in a collision")
        for i in collided
    ]
    return Resolution({"rolls": list(faces), "collided": collided}, steps, changes)


def _object_collision(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    check = d10_check(
        catalogue,
        "fixed-object-collision",
        {"size_modifier": params["size_modifier"]},
        roll,
        "Avoiding an uncontrolled object in the hex",
    )
    steps = [check.step(COLLISIONS)]
    if check.passed:
        steps.append(Step("The plane misses the object (hex-map ruling 21).", COLLISIONS))
        changes = []
    else:
        steps.append(
            Step(
                "The plane hits the object and is destroyed; the pilot may try to bail out.",
                COLLISIONS,
            )
        )
        changes = [Change("plane", "destroyed", value=True, text="hits the object")]
    return Resolution(check.outcome() | {"collided": not check.passed}, steps, changes)


def _ramming(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    ((roll,),) = rolls
    check = d10_check(
        catalogue,
        "ramming",
        {
            "target_to_hit_number": params["target_number"],
            "target_sixth_sense": params["target_sixth_sense"],
            "sixth_sense": params["sixth_sense"],
        },
        roll,
    )
    steps = [
        Step(
            "The rammer ended his move in the target's hex; the book names no die: a "
            "d10 equal to or above, as every check (hex-map ruling 8).",
            RAMMING,
        ),
        check.step(RAMMING),
    ]
    if check.passed:
        steps.append(
            Step(
                "The ram succeeds: a collision in the air, both planes are destroyed "
                "and both pilots may try to bail out (collision, difficulty 18).",
                RAMMING,
            )
        )
        changes = [
            Change("attacker", "destroyed", value=True, text="destroyed by the ram"),
            Change("target", "destroyed", value=True, text="destroyed by the ram"),
        ]
    else:
        steps.append(Step("The ram fails; the book says nothing more.", RAMMING))
        changes = []
    return Resolution(check.outcome() | {"rammed": check.passed}, steps, changes)


PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "skill-check",
        "Skill check: d10 >= 8 + difficulty - Natural Touch + 2 if shocked; a failure costs "
        "what the exceeded rating says.",
        MOVEMENT,
        (
            integer(
                "difficulty",
                1,
                0,
                20,
                "the action's difficulty: by how much the maneuver "
                "exceeds the plane's rating (for a repeated steep maneuver, its G-rating)",
            ),
            NATURAL_TOUCH,
            SHOCKED,
            text(
                "exceeded",
                "none",
                "what the check is for: the rating exceeded (its failure "
                "differs), a second steep maneuver in a row, or none",
                EXCEEDED,
            ),
            boolean(
                "random_last_turn",
                "the plane moved at random last turn too (a second random movement is a spin)",
            ),
        ),
        fixed(*one_d10("skill check")),
        _skill_check,
        roles=("plane",),
    ),
    Procedure(
        "spin-recovery",
        "Pulling out of a spin: d10 >= 8 + turns in the spin - Natural Touch + 2 if shocked; "
        "a failure brings the doom point one turn closer.",
        SPIN,
        (
            integer(
                "turns_in_spin",
                1,
                1,
                30,
                "turns the plane has spent in the spin, this one included (its spin_turns + 1)",
            ),
            NATURAL_TOUCH,
            SHOCKED,
            integer(
                "turns_to_doom",
                5,
                1,
                30,
                "turns left before the plane reaches the doom "
                "point (10 - its speed when it fell into the spin, less earlier failures)",
            ),
        ),
        fixed(*one_d10("spin recovery")),
        _spin_recovery,
        roles=("plane",),
    ),
    Procedure(
        "spin-facing",
        "A turn of a spinning plane's fall: its facing on a d6, 1 A to 6 F, and one turn "
        "nearer the doom point.",
        SPIN,
        (
            integer(
                "turns_to_doom",
                5,
                1,
                30,
                "turns of falling left before the doom point, this one included",
            ),
        ),
        fixed(Dice(1, 6, "facing of the spinning plane")),
        _spin_facing,
        roles=("plane",),
    ),
    Procedure(
        "collision",
        "Planes ending their move in one hex each roll a d10; matching numbers collide.",
        COLLISIONS,
        (integer("planes", 2, 2, 12, "planes in the hex"),),
        _collision_dice,
        _collision,
        roles=(
            "plane-1",
            "plane-2",
            "plane-3",
            "plane-4",
            "plane-5",
            "plane-6",
            "plane-7",
            "plane-8",
            "plane-9",
            "plane-10",
            "plane-11",
            "plane-12",
        ),
    ),
    Procedure(
        "object-collision",
        "A plane in the hex of an uncontrolled object (zeppelin, building): d10 >= 10 - the "
        "object's size modifier, or it hits it.",
        COLLISIONS,
        (
            integer(
                "size_modifier",
                1,
                0,
                10,
                "the object's size modifier (a zeppelin's engine 7, a large building 1)",
            ),
        ),
        fixed(*one_d10("avoiding the object")),
        _object_collision,
        roles=("plane",),
    ),
    Procedure(
        "ramming",
        "Ramming: d10 >= target's to-hit number + target's Sixth Sense - rammer's Sixth Sense.",
        RAMMING,
        (
            integer(
                "target_number",
                5,
                1,
                10,
                "the target's to-hit number (its size)",
                aliases=("to_hit_number",),
            ),
            skill("target_sixth_sense", "the target pilot's Sixth Sense"),
            skill("sixth_sense", "the rammer's Sixth Sense"),
        ),
        fixed(*one_d10("ram")),
        _ramming,
        roles=("attacker", "target"),
    ),
)
