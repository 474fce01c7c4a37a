"""The dice procedures of the Aces book, resolved by the rules for a game table
(``rules_engine.resolve``).

Subjects of the changes are the roles the parameters name: ``attacker`` and ``target`` (a
ranged attack, close combat, a capture attempt), ``target_1``, ``target_2`` ... (a ranged
attack on several targets, in the order of ``defenses``), ``captive`` and ``captor`` (an
escape). Fields:

- ``clicks``: clicks the combat dial turns clockwise (``delta``), for damage and for fate.
- ``knocked_out``: ``True`` when the figure is removed (a character token's first click, an
  Ace's KO symbols, when its ``*_clicks_left`` is given).
- ``captured``: the figure is (``True``) or is no longer (``False``) a captive.
- ``holding_captive``: the figure holds (``True``) or no longer holds (``False``) a captive.

Breaking away, choosing the first player and breaking a victory tie change no figure.
"""

from __future__ import annotations

from rules_engine.cs_aces.procedures_attacks import (
    ATTACKER_PARAMS,
    CAP_FIRST,
    CAPTURING,
    CLOSE,
    HINDERING_PARAM,
    RANGED,
    TARGET_PARAMS,
    capture,
    capture_dice,
    close_combat,
    close_dice,
    ranged_attack,
    ranged_dice,
)
from rules_engine.cs_aces.procedures_multi import (
    MULTI,
    multi_dice,
    multi_target_attack,
)
from rules_engine.cs_aces.procedures_multi import (
    PARAMS as MULTI_PARAMS,
)
from rules_engine.cs_aces.procedures_other import (
    BREAKING_AWAY,
    ESCAPE_PARAMS,
    ESCAPING,
    HIT_THE_DECK,
    PLAYERS,
    TIED,
    VICTORY,
    break_away,
    escape,
    escape_dice,
    first_player,
    first_player_dice,
    victory_tie,
    victory_tie_dice,
)
from rules_engine.procedures import Dice, Procedure, fixed

PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "ranged-attack",
        "A ranged combat attack on one target: one die per point of attack (plus the fate "
        "value with offensive fate); each die at or above the defense (+1 hindering terrain, "
        "6 at most) is a hit and a click; defensive fate leaves only natural sixes.",
        RANGED,
        (*ATTACKER_PARAMS, *TARGET_PARAMS, HINDERING_PARAM, CAP_FIRST),
        ranged_dice,
        ranged_attack,
        roles=("attacker", "target"),
    ),
    Procedure(
        "multi-target-attack",
        "A ranged combat attack on several targets (up to the pistols): roll the attack dice, "
        "assign one die to each target; a target hit by its die takes one click at most.",
        MULTI,
        MULTI_PARAMS,
        multi_dice,
        multi_target_attack,
        roles=("attacker", "target_1", "target_2", "target_3", "target_4", "target_5", "target_6"),
    ),
    Procedure(
        "close-combat",
        "A close combat attack on an adjacent enemy: one die per point of attack (plus fate); "
        "each die at or above the defense (6 at most, no terrain modifier) is a click.",
        CLOSE,
        (*ATTACKER_PARAMS, *TARGET_PARAMS),
        close_dice,
        close_combat,
        roles=("attacker", "target"),
    ),
    Procedure(
        "capture",
        "A capture attempt, declared before the roll: close combat with two fewer dice; any "
        "hit captures the target instead of damaging it.",
        CAPTURING,
        (*ATTACKER_PARAMS, *TARGET_PARAMS),
        capture_dice,
        capture,
        roles=("attacker", "target"),
    ),
    Procedure(
        "escape",
        "A captive's escape action: captive and captor each roll their attack dice against "
        "the other's defense; the captive escapes with more hits (fate only offensively).",
        ESCAPING,
        ESCAPE_PARAMS,
        escape_dice,
        escape,
        roles=("captive", "captor"),
    ),
    Procedure(
        "break-away",
        "Moving away from adjacent enemies: one die, 4, 5 or 6 breaks away from all of them.",
        BREAKING_AWAY,
        (),
        fixed(Dice(1, 6, "the break away roll")),
        break_away,
    ),
    Procedure(
        "first-player",
        "Who plays first: each player rolls two dice and adds them; the highest is first, a "
        "tie for the highest rolls again.",
        HIT_THE_DECK,
        (PLAYERS,),
        first_player_dice,
        first_player,
    ),
    Procedure(
        "victory-tie",
        "Who wins when victory points and recruited points are both tied: each tied player "
        "rolls a die, the highest wins, a tie rolls again.",
        VICTORY,
        (TIED,),
        victory_tie_dice,
        victory_tie,
    ),
)
