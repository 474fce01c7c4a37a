"""A ranged combat attack on several targets for a game table ("Targeting Multiple Enemies",
"Resolving an Attack"): all the attack dice are rolled, then one die is assigned to each
target, and a target hit by its die takes one click at most.

The attacker chooses the assignment after the roll (Tim gives Charlie's 5 to Show-stopper);
left to the engine, each target in turn, easiest first, gets the lowest die that still hits
it, as ``multi_target.assign_dice`` does in the fights: that hits as many targets as any
assignment can.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dice import NATURAL_SIX
from rules_engine.cs_aces.odds import modified_defense
from rules_engine.cs_aces.procedures_attacks import (
    ATTACKER_PARAMS,
    CAP_FIRST,
    FATE,
    HINDERING,
    RESOLVING,
    Tally,
    attack_dice,
    check_offensive_fate,
    click_changes,
    dice_step,
    extra_dice,
    faces_words,
    fate_clicks,
    knock_outs,
    ko_changes,
    plural,
)
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, integer
from rules_engine.procedures import Change, Dice, Resolution, Step

MULTI = "Targeting Multiple Enemies"
MAX_TARGETS = 6


def _places(name: str, meaning: str) -> Param:
    return Param(
        name,
        "array",
        [],
        meaning,
        items={"type": "integer", "minimum": 1, "maximum": MAX_TARGETS},
        max_items=MAX_TARGETS,
    )


PARAMS = (
    *ATTACKER_PARAMS,
    integer(
        "pistols",
        2,
        2,
        MAX_TARGETS,
        "pistols printed by the attacker's range value: the most "
        "different targets one ranged attack may affect",
    ),
    Param(
        "defenses",
        "array",
        [4, 5],
        "each target's defense value, in the order the targets are named (target 1, 2 ...)",
        2,
        items={"type": "integer", "minimum": 0, "maximum": 20},
        max_items=MAX_TARGETS,
    ),
    _places("hindering", "targets (by number) whose line of fire crosses hindering terrain: +1"),
    CAP_FIRST,
    _places("tokens", "targets (by number) that are character tokens; the others are Aces"),
    _places(
        "defensive_fate",
        "targets (by number) whose Ace uses fate defensively once the roll is seen (its fate "
        "value must be above 0): only a natural six on its die still hits, then one click",
    ),
    Param(
        "assign",
        "array",
        [],
        "the die the attacker gives each target, by its place among the rolled dice (1 for "
        "the first), 0 for none; leave empty to hit as many targets as possible",
        items={"type": "integer", "minimum": 0, "maximum": 30},
        max_items=MAX_TARGETS,
    ),
)


def _check_places(params: Mapping[str, Any], name: str) -> set[int]:
    places = params[name]
    count = len(params["defenses"])
    for i, place in enumerate(places):
        if place > count:
            raise BadDocument.at(f"params.{name}[{i}]", f"there are {count} targets, not {place}")
    if len(set(places)) != len(places):
        raise BadDocument.at(f"params.{name}", "each target is named once")
    return set(places)


def multi_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    check_offensive_fate(params, "attacker", "offensive_fate")
    count = len(params["defenses"])
    if count > params["pistols"]:
        raise BadDocument.at(
            "params.defenses",
            f"{plural(params['pistols'], 'pistol')} allow at most {params['pistols']} "
            f"targets, not {count}",
        )
    for name in ("hindering", "tokens", "defensive_fate"):
        _check_places(params, name)
    both = set(params["tokens"]) & set(params["defensive_fate"])
    if both:
        raise BadDocument.at(
            "params.defensive_fate",
            f"target {min(both)} is a character token: tokens cannot use fate",
        )
    dice = params["attack"] + extra_dice(params)
    assign = params["assign"]
    if assign:
        if len(assign) != count:
            raise BadDocument.at("params.assign", f"one die (or 0) for each of the {count} targets")
        for i, die in enumerate(assign):
            if die > dice:
                raise BadDocument.at(
                    f"params.assign[{i}]",
                    f"the attack rolls {plural(dice, 'die', 'dice')}, not {die}",
                )
        given = [d for d in assign if d]
        if len(set(given)) != len(given):
            raise BadDocument.at("params.assign", "a die is assigned to one target only")
    return attack_dice(dice, "attack dice, one assigned to each target")


def best_assignment(faces: Sequence[int], needs: Sequence[int]) -> list[int | None]:
    """For each target, the index of its die: easiest target first, the lowest free die
    that reaches it; targets no die can hit get the lowest dice left, in order."""
    order = sorted(range(len(faces)), key=lambda i: faces[i])
    free = list(order)
    given: list[int | None] = [None] * len(needs)
    for t in sorted(range(len(needs)), key=lambda t: needs[t]):
        die = next((i for i in free if faces[i] >= needs[t]), None)
        if die is not None:
            free.remove(die)
            given[t] = die
    for t in range(len(needs)):
        if given[t] is None and free:
            given[t] = free.pop(0)
    return given


def _need_steps(params: Mapping[str, Any], needs: Sequence[int]) -> list[Step]:
    hindering = set(params["hindering"])
    steps = []
    for n, (defense, need) in enumerate(zip(params["defenses"], needs, strict=True), start=1):
        words = f"Target {n}'s defense is {defense}"
        if n in hindering:
            words += ", +1 for hindering terrain on its line of fire"
        reach = (
            "read as capped at 6 before the +1 (engine ruling 3), 7 cannot be reached"
            if need > NATURAL_SIX
            else f"its die must show {need} or more"
        )
        if need <= NATURAL_SIX and defense + (n in hindering) > NATURAL_SIX:
            reach = "above 6 it counts as 6, " + reach
        steps.append(Step(f"{words}: {reach}.", HINDERING if n in hindering else RESOLVING))
    return steps


def _fate_step(n: int, face: int | None, reached: bool) -> Step:
    if reached and face != NATURAL_SIX:
        words = "its hit, not a natural six, is prevented"
    elif reached:
        words = "a natural six cannot be prevented"
    else:
        words = "though its die did not hit"
    return Step(f"Target {n} uses fate defensively: {words}.", FATE)


def multi_target_attack(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    faces = list(rolls[0]) if rolls else []
    fated, tokens = set(params["defensive_fate"]), set(params["tokens"])
    needs = [
        modified_defense(d, n in params["hindering"], params["cap_before_modifiers"])
        for n, d in enumerate(params["defenses"], start=1)
    ]
    tally = Tally()
    tally.steps.append(
        dice_step(
            params["attack"],
            "the attack value",
            extra_dice(params),
            params["offensive_fate"],
            RESOLVING,
        )
    )
    tally.steps += _need_steps(params, needs)
    tally.steps.append(Step(f"Rolled {faces_words(faces)}.", RESOLVING))
    if params["assign"]:
        given = [d - 1 if d else None for d in params["assign"]]
        how = "The attacker assigns the dice"
    else:
        given = best_assignment(faces, needs)
        how = "Assigning the dice to hit as many targets as possible"
    assigned = [None if d is None else faces[d] for d in given]
    reached = [f is not None and f >= need for f, need in zip(assigned, needs, strict=True)]
    tally.steps.append(
        Step(
            how
            + ": "
            + "; ".join(
                f"target {n} gets no die"
                if f is None
                else f"the {f} to target {n} ({'hit' if r else 'miss'})"
                for n, (f, r) in enumerate(zip(assigned, reached, strict=True), start=1)
            )
            + ".",
            RESOLVING,
        )
    )
    tally.steps += [_fate_step(n, assigned[n - 1], reached[n - 1]) for n in sorted(fated)]
    hit = [
        r and (n not in fated or assigned[n - 1] == NATURAL_SIX)
        for n, r in enumerate(reached, start=1)
    ]
    clicks = [int(h) + (n in fated) for n, h in enumerate(hit, start=1)]
    tally.steps.append(
        Step(
            "Each target hit by its die takes 1 click of damage, never more from this attack: "
            f"{plural(sum(hit), 'target')} hit.",
            RESOLVING,
        )
    )
    tally.steps += [
        Step(f"At the end of the action target {n}'s dial is clicked once for using fate.", FATE)
        for n in sorted(fated)
    ]
    changes: list[Change] = []
    knocked_out: list[bool | None] = []
    for n, took in enumerate(clicks, start=1):
        role = f"target_{n}"
        if took:
            why = {(True, True): "damage and fate", (True, False): "damage"}.get(
                (hit[n - 1], n in fated), "fate"
            )
            changes.append(
                Change(
                    role, "clicks", delta=took, text=f"{plural(took, 'click')} clockwise ({why})"
                )
            )
        knocked_out.append(bool(took) if n in tokens else None)
        if n in tokens and took:
            tally.steps.append(
                Step(
                    f"Target {n} is a character token and took a click of damage: it is "
                    "removed from the game and scores for the attacker's side.",
                    RESOLVING,
                )
            )
            changes.append(
                Change(
                    role, "knocked_out", value=True, text="knocked out and removed from the game"
                )
            )
    fate_clicks(params, tally, (("attacker", "offensive_fate"),))
    knocked = knock_outs(
        params, tally, ("attacker",), {"attacker": "opposing player (split evenly among several)"}
    )
    changes += click_changes(tally, {"attacker": "fate"}) + ko_changes(knocked)
    outcome = {
        "dice": len(faces),
        "needed": [n if n <= NATURAL_SIX else None for n in needs],
        "assigned": assigned,
        "hit": hit,
        "targets_hit": sum(hit),
        "target_clicks": clicks,
        "target_knocked_out": knocked_out,
        "attacker_clicks": tally.clicks.get("attacker", 0),
        "attacker_knocked_out": knocked["attacker"],
    }
    return Resolution(outcome, tally.steps, changes)
