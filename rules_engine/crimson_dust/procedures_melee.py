"""One round of a Crimson Dust melee: both models roll As dice and the one with more scoring
dice hits with the difference (Melee); the hits are then wounded by ``wound``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust.procedures_common import (
    SCORES_ON,
    STATES,
    Plan,
    dice_word,
    faces,
    ones_beat_sixes,
    plus,
    reroll_failed,
    scoring,
)
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, boolean, integer, text
from rules_engine.procedures import Dice, Procedure, Resolution, Step

MELEE, TWO, FUMBLES = "Melee", "Two or More Weapons", "1s, 6s and Fumbles"
SIDES = ("attacker", "defender")


def _other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def _score(params: Mapping[str, Any], side: str) -> int:
    """Scores as a skill test; two weapons score one worse, down to 6 (Combat Master
    excepted)."""
    score = SCORES_ON[params[f"{side}_state"]]
    if params[f"{side}_two_weapons"] and not params[f"{side}_combat_master"]:
        score = min(6, score + 1)
    return score


def _base_dice(params: Mapping[str, Any], side: str) -> int:
    """As + the weapon's As bonus + outnumbering dice (+3 Savage assault on the charge),
    and half the model's As again, rounding up, with two weapons."""
    as_ = params[f"{side}_as"]
    n = as_ + params[f"{side}_weapon_as"] + params[f"{side}_outnumber"]
    if side == "attacker" and params["savage_assault"]:
        n += 3
    if params[f"{side}_two_weapons"]:
        n += (as_ + 1) // 2
    return int(n)


def _check(params: Mapping[str, Any]) -> None:
    if params["attacker_rerolls"] and not params["rear"]:
        raise BadDocument.at(
            "params.attacker_rerolls",
            "only an attack from the rear re-rolls failed dice (Rear Attacks)",
        )
    if params["obstacle_rerolls"] and not params["obstacle"]:
        raise BadDocument.at(
            "params.obstacle_rerolls",
            "only a defender behind an obstacle forces the re-roll (Defended obstacles)",
        )
    for side in SIDES:
        if params[f"{side}_parry_dice"] and not params[f"{side}_parry"]:
            raise BadDocument.at(
                f"params.{side}_parry_dice", f"the {side} has no weapon that can parry"
            )
        if params[f"{side}_parry_dice"] and params[f"{_other(side)}_cannot_be_parried"]:
            raise BadDocument.at(
                f"params.{side}_parry_dice",
                f"the {_other(side)}'s weapon (a flail) cannot be parried",
            )
    if params["attacker_fumble_dice"] and params["defender_fumble_dice"]:
        raise BadDocument.at(
            "params.defender_fumble_dice",
            "only one side can have fumbled alone: when both fumble no one gains a benefit",
        )


def _plan(params: Mapping[str, Any]) -> Plan:
    _check(params)
    plan = Plan()
    for side in SIDES:
        plan.add(side, _base_dice(params, side), f"the {side}'s As dice")
    plan.add(
        "attacker_again",
        params["attacker_rerolls"],
        "the attacker's failed dice re-rolled (rear attack)",
    )
    plan.add(
        "obstacle",
        params["obstacle_rerolls"],
        "the attacker's scoring dice re-rolled (defended obstacle)",
    )
    for side in SIDES:
        plan.add(
            f"{side}_parried",
            params[f"{_other(side)}_parry_dice"],
            f"the {side}'s highest scoring dice re-rolled (parry)",
        )
    for side in SIDES:
        plan.add(
            f"{side}_bonus",
            2 if params[f"{side}_fumble_dice"] else 0,
            f"the {side}'s two extra dice (the opponent fumbled)",
        )
    return plan


def _dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return _plan(params).dice()


def _replace(rolled: list[int], picks: list[int], again: Sequence[int]) -> list[int]:
    out = list(rolled)
    for i, face in zip(picks, again, strict=True):
        out[i] = face
    return out


def _forced(
    rolled: list[int], score: int, again: Sequence[int], param: str, count: int, words: str
) -> list[int]:
    """``rolled`` with the dice a rule forces re-rolled: ``count`` of the highest scoring
    dice (all of them when ``count`` is every scoring die)."""
    scoring_at = sorted((i for i, f in enumerate(rolled) if f >= score), key=lambda i: -rolled[i])
    if len(again) != min(count, len(scoring_at)):
        raise BadDocument.at(
            f"params.{param}",
            f"{words} re-rolls {dice_word(min(count, len(scoring_at)))} here, not {len(again)}",
        )
    return _replace(rolled, scoring_at[: len(again)], again)


def _run(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    got = _plan(params).read(rolls)
    steps: list[Step] = []
    dice = {s: got.get(s, []) for s in SIDES}
    score = {s: _score(params, s) for s in SIDES}
    for side in SIDES:
        extra = []
        if params[f"{side}_weapon_as"]:
            extra.append(f"+{params[f'{side}_weapon_as']} for the weapon")
        if params[f"{side}_outnumber"]:
            extra.append(f"+{params[f'{side}_outnumber']} for outnumbering")
        if side == "attacker" and params["savage_assault"]:
            extra.append("+3 Savage assault")
        if params[f"{side}_two_weapons"]:
            extra.append(f"+{(params[f'{side}_as'] + 1) // 2} for a second weapon")
        more = f" ({', '.join(extra)})" if extra else ""
        steps.append(
            Step(
                f"The {side} rolls As {params[f'{side}_as']}{more}: "
                f"{dice_word(len(dice[side]))}, scoring on {plus(score[side])} "
                f"({params[f'{side}_state']}): {faces(dice[side])} scores "
                f"{dice_word(scoring(dice[side], score[side]))}.",
                MELEE,
            )
        )
        if params[f"{side}_two_weapons"]:
            steps.append(
                Step(
                    "Two hand weapons: half the As again in dice"
                    + (
                        ", scoring as normal (Combat Master)."
                        if params[f"{side}_combat_master"]
                        else ", each scoring on a result one worse, down to 6."
                    ),
                    TWO,
                )
            )
    again = got.get("attacker_again", [])
    if again:
        dice["attacker"] = reroll_failed(
            dice["attacker"], score["attacker"], again, "attacker_rerolls", True, ""
        )
        steps.append(
            Step(
                f"Attacking from the rear, the attacker re-rolls its failed dice "
                f"and the second roll stands: {faces(again)}, so "
                f"{faces(dice['attacker'])}.",
                "Rear Attacks",
            )
        )
    if params["obstacle"]:
        dice["attacker"] = _forced(
            dice["attacker"],
            score["attacker"],
            got.get("obstacle", []),
            "obstacle_rerolls",
            99,
            "The defended obstacle",
        )
        steps.append(
            Step(
                f"The defender is behind an obstacle: the attacker re-rolls all "
                f"its scoring dice: {faces(got.get('obstacle', []))}, so "
                f"{faces(dice['attacker'])}.",
                "Defended obstacles",
            )
        )
    for side in SIDES:
        parrier = _other(side)
        if params[f"{parrier}_parry_dice"]:
            dice[side] = _forced(
                dice[side],
                score[side],
                got.get(f"{side}_parried", []),
                f"{parrier}_parry_dice",
                2,
                f"The {parrier}'s parry",
            )
            steps.append(
                Step(
                    f"The {parrier} parries: the {side}'s two highest scoring dice "
                    f"are re-rolled: {faces(got.get(f'{side}_parried', []))}, so "
                    f"{faces(dice[side])}.",
                    "Parry",
                )
            )
    fumbled = {s: ones_beat_sixes(dice[s]) for s in SIDES}
    for side in SIDES:
        if fumbled[side]:
            steps.append(Step(f"The {side} rolled more 1s than 6s: it fumbles.", FUMBLES))
    if all(fumbled.values()):
        steps.append(
            Step("Both fumble: both are equally inept and no one gains a benefit.", FUMBLES)
        )
    scored = {s: scoring(dice[s], score[s]) for s in SIDES}
    for side in SIDES:
        bonus = got.get(f"{side}_bonus", [])
        if not bonus:
            if fumbled[_other(side)] and not fumbled[side]:
                steps.append(
                    Step(
                        f"The {side} may immediately roll two extra dice (the {side}'s fumble "
                        "dice), counting those that score.",
                        FUMBLES,
                    )
                )
            continue
        if not fumbled[_other(side)] or fumbled[side]:
            raise BadDocument.at(
                f"params.{side}_fumble_dice",
                f"the {_other(side)} did not fumble alone, so there are no extra dice",
            )
        add = scoring(bonus, score[side])
        scored[side] += add
        steps.append(
            Step(
                f"The {_other(side)} fumbled: the {side} rolls two extra dice, "
                f"{faces(bonus)}, adding {add} to its scores (this cannot fumble).",
                FUMBLES,
            )
        )
    reach = {s: params[f"{s}_reach"] for s in SIDES}
    if scored["attacker"] == scored["defender"] and reach["attacker"] != reach["defender"]:
        side = "attacker" if reach["attacker"] else "defender"
        scored[side] += 1
        steps.append(
            Step(
                f"Neither side hits, but the {side}'s reach counts as one more scoring die.",
                "Reach",
            )
        )
    winner = (
        max(SIDES, key=lambda s: scored[s]) if scored["attacker"] != scored["defender"] else None
    )
    outcome: dict[str, Any] = {
        side: {
            "dice": len(dice[side]),
            "target_number": score[side],
            "rolled": dice[side],
            "scored": scored[side],
            "fumbled": fumbled[side],
            "natural_sixes": dice[side].count(6),
        }
        for side in SIDES
    }
    if winner is None:
        steps.append(Step(f"Both score {scored['attacker']}: neither side hits.", MELEE))
        outcome |= {"winner": None, "hits": 0, "S": None}
        return Resolution(outcome, steps)
    loser = _other(winner)
    hits = scored[winner] - scored[loser]
    strength = params[f"{winner}_s"] + params[f"{winner}_weapon_s"]
    steps.append(
        Step(
            f"{scored[winner]} against {scored[loser]}: the {winner} hits the "
            f"{loser} with {dice_word(hits)}, wounding at S {strength} (its S and "
            "its weapon's), exactly as for ranged attacks.",
            "Wounding",
        )
    )
    steps.append(
        Step(
            f"Once wounds are worked out, the side with the most hits wins: the "
            f"{loser} moves 1 unit back and the {winner} advances (or consolidates "
            f"if no enemy remains).",
            "Winning a Melee",
        )
    )
    outcome |= {"winner": winner, "hits": hits, "S": strength}
    return Resolution(outcome, steps)


def _side_params(side: str) -> tuple[Param, ...]:
    return (
        integer(f"{side}_as", 3, 0, 30, f"the {side}'s As as it stands"),
        integer(f"{side}_s", 3, 0, 20, f"the {side}'s S as it stands"),
        text(f"{side}_state", "normal", f"the {side}'s state", STATES),
        integer(
            f"{side}_weapon_as",
            0,
            0,
            10,
            f"the As bonus of the {side}'s melee weapon (sword +2, axe and spear +1)",
        ),
        integer(
            f"{side}_weapon_s",
            0,
            0,
            10,
            f"the S bonus of the {side}'s melee weapon "
            "with its modifiers (axe, club, flail +1; double handed +2, chain +1, "
            "power +2)",
        ),
        boolean(f"{side}_two_weapons", f"the {side} fights with two hand weapons"),
        boolean(
            f"{side}_combat_master", f"the {side} is a Combat Master (two weapons without penalty)"
        ),
        integer(
            f"{side}_outnumber",
            0,
            0,
            10,
            f"the {side}'s extra dice for outnumbering (2:1 one, 3:1 two ...)",
        ),
        boolean(f"{side}_parry", f"the {side}'s weapon can parry (sword, or the Parry skill)"),
        integer(
            f"{side}_parry_dice",
            0,
            0,
            2,
            f"the opponent's highest scoring dice the "
            f"{side}'s parry re-rolls (two, fewer if fewer scored)",
        ),
        boolean(f"{side}_reach", f"the {side} has reach (spear, Knife Fighter with knives)"),
        boolean(f"{side}_cannot_be_parried", f"the {side}'s attacks cannot be parried (flail)"),
        boolean(
            f"{side}_fumble_dice", f"the {side} rolls two extra dice because the opponent fumbled"
        ),
    )


PARAMS: tuple[Param, ...] = (
    *_side_params("attacker"),
    *_side_params("defender"),
    boolean(
        "savage_assault", "the attacker has Savage assault and moved into contact this turn (+3 As)"
    ),
    boolean("rear", "the attacker entered combat from the defender's rear (first round)"),
    integer("attacker_rerolls", 0, 0, 40, "the attacker's failed dice re-rolled (rear)"),
    boolean("obstacle", "the defender was behind an obstacle when contact was made"),
    integer(
        "obstacle_rerolls",
        0,
        0,
        40,
        "the attacker's scoring dice the obstacle forces it to re-roll (all of them)",
    ),
)

MELEE_ROUND = Procedure(
    "melee",
    "One round of melee: each model rolls As dice (weapon, two weapons, outnumbering), "
    "scoring as a skill test; the one with more scoring dice hits with the difference. "
    "Rear attacks, defended obstacles, parry, fumbles and reach.",
    MELEE,
    PARAMS,
    _dice,
    _run,
    roles=("attacker", "defender"),
)
