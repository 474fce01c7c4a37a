"""Air Action's dice procedures, resolved by the rules for a game table
(``rules_engine.resolve``; players' words in docs/play-procedures/cs-air-action.md).

Parameters are what a player reads off the figures: gunnery, silhouette and piloting from
the dials and bases, the bail out value of the click showing. Changes name these subjects
and fields:

- ``attacker``, ``target`` (a shot), ``plane`` (a check that costs its own plane), and
  ``plane_1`` .. ``plane_4`` (a collision, in the order of the parameters);
  ``pilot`` (a bail out).
- ``clicks`` (delta): clicks of damage turned on the plane's combat dial;
  ``speed`` (value): the current speed the speed dial is turned to;
  ``ace_clicks`` (delta): clicks on the flying Ace's own combat dial for using fate;
  ``shot_down`` (value true): shot down by a shot, scoring twice its points ("Victory!");
  ``destroyed`` (value true): removed from play another way, scoring its points once;
  ``experience`` (delta): a campaign pilot's experience points;
  ``bailed_out`` / ``perished`` (value true): the pilot of a shot-down plane.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_air_action import procedures_campaign as campaign
from rules_engine.cs_air_action import procedures_collision as collision
from rules_engine.cs_air_action import procedures_flying as flying
from rules_engine.cs_air_action import procedures_shot as shot
from rules_engine.cs_air_action.procedures_damage import (
    CLICKS_LEFT,
    CRITICAL_FAILURE,
    PILOTING,
    faces_words,
)
from rules_engine.odds_query import integer
from rules_engine.procedures import Dice, Procedure, Resolution, Step, fixed

INITIATIVE, ETIQUETTE, VICTORY = "Determine Initiative", "Crimson Skies Etiquette", "Victory!"
ETIQUETTE_ALLOWED = 4  # "on a 4, 5, or 6, the order is allowed"


def _initiative_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return tuple(Dice(2, 6, f"player {i + 1}'s roll") for i in range(params["players"]))


def _initiative(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    """Each player rolls 2d6; the highest total wins initiative; ties roll again."""
    totals = [sum(r) for r in rolls]
    best = max(totals)
    top = [i + 1 for i, t in enumerate(totals) if t == best]
    steps = [
        Step(
            "Each player rolls 2d6 and adds them: "
            + "; ".join(f"player {i + 1} {faces_words(r)} = {sum(r)}" for i, r in enumerate(rolls))
            + ".",
            INITIATIVE,
        )
    ]
    if len(top) == 1:
        steps.append(
            Step(
                f"Player {top[0]} has the highest total and wins initiative: the aggressor sets "
                "speeds first, places navigation cards first and shoots first.",
                INITIATIVE,
            )
        )
    else:
        steps.append(
            Step(
                f"Players {faces_words(top)} tie for the highest total: reroll the tie "
                "(resolve initiative again for them).",
                INITIATIVE,
            )
        )
    return Resolution(
        {
            "totals": totals,
            "aggressor": top[0] if len(top) == 1 else None,
            "tied": top if len(top) > 1 else [],
        },
        steps,
    )


def _tie_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return tuple(Dice(1, 6, f"player {i + 1}'s die") for i in range(params["players"]))


def _victory_tie(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    """The last tie-breaker: one die each, the highest wins; equal dice roll again."""
    faces = [r[0] for r in rolls]
    top = [i + 1 for i, f in enumerate(faces) if f == max(faces)]
    steps = [
        Step(
            "Victory points, planes shot down and build points are all tied: each player "
            "rolls a six-sided die: "
            + "; ".join(f"player {i + 1} {f}" for i, f in enumerate(faces))
            + ".",
            VICTORY,
        ),
        Step(
            f"Player {top[0]} rolls highest and wins the game."
            if len(top) == 1
            else f"Players {faces_words(top)} roll the same: they roll again "
            "(the book says only that the highest wins).",
            VICTORY,
        ),
    ]
    return Resolution(
        {
            "faces": faces,
            "winner": top[0] if len(top) == 1 else None,
            "tied": top if len(top) > 1 else [],
        },
        steps,
    )


def _etiquette(
    _catalogue: Catalogue, _params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    (face,) = rolls[0]
    allowed = face >= ETIQUETTE_ALLOWED
    step = Step(
        f"An ambiguous situation: roll one die, {face}: "
        + (
            "on a 4, 5 or 6 the order is allowed."
            if allowed
            else "on a 1, 2 or 3 the order is not allowed."
        ),
        ETIQUETTE,
    )
    return Resolution({"face": face, "allowed": allowed}, [step])


PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "shot",
        "A shot: gunnery dice (speed effects, +1 from the rear arc, + offensive fate) each "
        "hit on the target's silhouette or more (-1 at point blank, at most 6); defensive "
        "fate keeps only natural sixes; one click per hit.",
        shot.COMBAT,
        shot.PARAMS,
        shot.shot_dice_needed,
        shot.run_shot,
        roles=("attacker", "target"),
    ),
    Procedure(
        "pilot-check",
        "A pilot check: 2d6 at or above the piloting value succeeds (a 2 fails, as the "
        "reading says).",
        "Pilot Checks",
        (PILOTING, CRITICAL_FAILURE),
        flying.check_dice,
        flying.run_pilot_check,
    ),
    Procedure(
        "redline",
        "Redlining the engine: a current speed above the combat dial's maximum speed takes a "
        "pilot check; failing costs 1 click and drops the speed to the maximum.",
        flying.MOVEMENT,
        (*flying.REDLINE_PARAMS[:2], PILOTING, CRITICAL_FAILURE, flying.REDLINE_PARAMS[2]),
        flying.redline_dice,
        flying.run_redline,
        roles=("plane",),
    ),
    Procedure(
        "speed-effect",
        "A speed effect in the maximum speed location, before moving: its clicks of damage "
        "and change of speed (no dice).",
        flying.MOVEMENT,
        flying.SPEED_EFFECT_PARAMS,
        fixed(),
        flying.run_speed_effect,
        roles=("plane",),
    ),
    Procedure(
        "throttle",
        "Throttling up or down: one click is free, two take a pilot check (failing: no "
        "change this turn and 1 click of damage); never past the red line.",
        flying.SET_THROTTLE,
        (*flying.THROTTLE_PARAMS[:4], PILOTING, CRITICAL_FAILURE, flying.THROTTLE_PARAMS[4]),
        flying.throttle_dice,
        flying.run_throttle,
        roles=("plane",),
    ),
    Procedure(
        "obstacle",
        "Hitting an obstacle: a pilot check; 1 click if it succeeds, clicks equal to the "
        "current speed if not; a plane still flying loses 1 speed.",
        flying.OBSTACLES,
        (flying.SPEED, PILOTING, CRITICAL_FAILURE, CLICKS_LEFT),
        fixed(flying.TWO_D6),
        flying.run_obstacle,
        roles=("plane",),
    ),
    Procedure(
        "collision",
        "Two or more opposing planes' final markers overlap: each pilot checks, a failure "
        "costs 1 click, a 2 makes a serious collision (clicks to all until one is left); an "
        "Ace's fate avoids a serious collision.",
        collision.COLLISIONS,
        collision.PARAMS,
        collision.collision_dice,
        collision.run_collision,
        roles=("plane_1", "plane_2", "plane_3", "plane_4"),
    ),
    Procedure(
        "bail-out",
        "A campaign pilot bails out of a shot-down plane: 2d6 + the level's modifier at or "
        "above the bail out value + the heroic act's; experience if it succeeds.",
        campaign.BAILING_OUT,
        campaign.BAIL_OUT_PARAMS,
        fixed(Dice(2, 6, "bail out roll")),
        campaign.run_bail_out,
        roles=("pilot",),
    ),
    Procedure(
        "daring-feat",
        "An Ace's daring feat: 2d6 + attack value (the Daring Feat table that reads it is "
        "lost from the book's text).",
        campaign.DARING_FEAT,
        campaign.DARING_FEAT_PARAMS,
        fixed(Dice(2, 6, "daring feat roll")),
        campaign.run_daring_feat,
        roles=("ace", "target"),
    ),
    Procedure(
        "initiative",
        "Each player rolls 2d6; the highest total is the aggressor; ties roll again (the "
        "first player before setting up is found the same way).",
        INITIATIVE,
        (integer("players", 2, 2, 6, "how many players roll"),),
        _initiative_dice,
        _initiative,
    ),
    Procedure(
        "victory-tie",
        "The last tie-breaker of victory: each tied player rolls a die; the highest wins.",
        VICTORY,
        (integer("players", 2, 2, 6, "how many players are still tied"),),
        _tie_dice,
        _victory_tie,
    ),
    Procedure(
        "etiquette",
        "An ambiguous situation: one die, 4 or more allows the order.",
        ETIQUETTE,
        (),
        fixed(Dice(1, 6, "etiquette roll")),
        _etiquette,
    ),
)
