"""The Aces procedures that are not attacks, for a game table: a captive's escape
("Escaping"), breaking away from adjacent enemies ("Breaking Away") and choosing the first
player ("Hit the Deck!")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dice import capped_target
from rules_engine.cs_aces.odds import BREAK_AWAY_MIN
from rules_engine.cs_aces.procedures_attacks import (
    Tally,
    attack_value,
    check_offensive_fate,
    clicks_left,
    defense_value,
    dice_step,
    extra_dice,
    faces_words,
    fate_clicks,
    fate_value,
    kind,
    knock_outs,
    ko_changes,
    plural,
)
from rules_engine.odds_query import boolean, integer
from rules_engine.procedures import Change, Dice, Resolution, Step

ESCAPING = "Escaping"
BREAKING_AWAY = "Breaking Away"
HIT_THE_DECK = "Hit the Deck!"
ROLES = ("captive", "captor")


def _fate_flag(role: str) -> str:
    return f"{role}_uses_fate"


ESCAPE_PARAMS = tuple(
    p
    for role in ROLES
    for p in (
        attack_value(f"{role}_attack", f"the {role}"),
        defense_value(f"{role}_defense", f"the {role}"),
        kind(role),
        boolean(
            _fate_flag(role),
            f"the {role} uses fate (only offensively in an escape): its fate value in extra "
            "dice, then one click",
        ),
        fate_value(role),
        clicks_left(role),
    )
)


def _side_dice(params: Mapping[str, Any], role: str) -> int:
    return int(params[f"{role}_attack"]) + extra_dice(params, role, _fate_flag(role))


def escape_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    for role in ROLES:
        check_offensive_fate(params, role, _fate_flag(role))
    captive, captor = (_side_dice(params, r) for r in ROLES)
    if captive == 0:  # no hit can outnumber the captor's: nothing to roll
        return ()
    dice = [Dice(captive, 6, "the captive's attack dice")]
    if captor:
        dice.append(Dice(captor, 6, "the captor's attack dice"))
    return dice


def escape(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    groups = [list(g) for g in rolls] + [[], []]
    faces = {"captive": groups[0], "captor": groups[1]}
    other = {"captive": "captor", "captor": "captive"}
    tally = Tally()
    hits: dict[str, int] = {}
    for role in ROLES:
        base, flag = params[f"{role}_attack"], _fate_flag(role)
        step = dice_step(
            base,
            f"the {role}'s attack value",
            extra_dice(params, role, flag),
            params[flag],
            ESCAPING,
        )
        tally.steps.append(Step(f"The {role}: {step.text[0].lower()}{step.text[1:]}", step.section))
    if not faces["captive"]:
        tally.steps.append(
            Step(
                "The captive has no dice to roll, so it cannot outnumber its captor's hits.",
                ESCAPING,
            )
        )
    for role in ROLES:
        need = capped_target(params[f"{other[role]}_defense"])
        hits[role] = sum(1 for f in faces[role] if f >= need)
        if role == "captor" and not faces["captive"]:
            continue
        tally.steps.append(
            Step(
                f"The {role} rolled {faces_words(faces[role])} against the {other[role]}'s "
                f"defense {params[f'{other[role]}_defense']} (dice of {need} or more): "
                f"{plural(hits[role], 'hit')}.",
                ESCAPING,
            )
        )
    escaped = hits["captive"] > hits["captor"]
    tally.steps.append(
        Step(
            "The captive has more hits than its captor: it escapes and may be given another "
            "action this turn."
            if escaped
            else "The captive does not have more hits than its captor: it stays captive.",
            ESCAPING,
        )
    )
    fate_clicks(params, tally, [(r, _fate_flag(r)) for r in ROLES])
    knocked = knock_outs(
        params,
        tally,
        ROLES,
        {"captive": "captor's side", "captor": "captive's side"},
    )
    freed = (escaped or bool(knocked["captor"])) and not knocked["captive"]
    if knocked["captor"] and not escaped and not knocked["captive"]:
        tally.steps.append(
            Step(
                "Its captor is eliminated: the captive is no longer captured and acts normally.",
                "Capturing",
            )
        )
    changes = [
        Change(r, "clicks", delta=n, text=f"{plural(n, 'click')} clockwise (fate)")
        for r, n in tally.clicks.items()
        if n
    ]
    if freed:
        changes += [
            Change("captive", "captured", value=False, text="no longer a captive"),
            Change("captor", "holding_captive", value=False, text="holds no captive"),
        ]
    outcome = {
        "captive_dice": len(faces["captive"]),
        "captor_dice": len(faces["captor"]),
        "captive_hits": hits["captive"],
        "captor_hits": hits["captor"],
        "escaped": escaped and not knocked["captive"],
        "another_action": escaped and not knocked["captive"],
        "captive_clicks": tally.clicks.get("captive", 0),
        "captor_clicks": tally.clicks.get("captor", 0),
        "captive_knocked_out": knocked["captive"],
        "captor_knocked_out": knocked["captor"],
    }
    return Resolution(outcome, tally.steps, changes + ko_changes(knocked))


def break_away(
    _catalogue: Catalogue, _params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    ((face,),) = rolls
    broke = face >= BREAK_AWAY_MIN
    text = (
        f"Rolled {face}: on 4, 5 or 6 the character breaks away from every adjacent enemy; "
        "it may move through squares next to them (ending its move next to any new enemy) "
        "and attack after moving."
        if broke
        else f"Rolled {face}: on 1, 2 or 3 the character fails to break away and may not move, "
        "though it may still attack, if possible."
    )
    return Resolution({"roll": face, "broke_away": broke}, [Step(text, BREAKING_AWAY)])


PLAYERS = integer("players", 2, 2, 8, "players rolling for first player (player 1 rolls first)")


def first_player_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return [Dice(2, 6, f"player {n}'s two dice") for n in range(1, params["players"] + 1)]


def first_player(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    totals = [sum(g) for g in rolls]
    best = max(totals)
    top = [n for n, t in enumerate(totals, start=1) if t == best]
    steps = [
        Step(
            "Each player rolls two dice and adds them: "
            + "; ".join(
                f"player {n} {faces_words(g)} = {t}"
                for n, (g, t) in enumerate(zip(rolls, totals, strict=True), start=1)
            )
            + ".",
            HIT_THE_DECK,
        )
    ]
    if len(top) == 1:
        steps.append(
            Step(
                f"Player {top[0]} rolled highest ({best}) and is the first player: they choose "
                "the map and set up first; the next player to the left chooses a starting "
                "area.",
                HIT_THE_DECK,
            )
        )
    else:
        steps.append(
            Step(
                f"Players {', '.join(map(str, top))} tie for highest with {best}: they reroll "
                "(only a tie for the highest total matters).",
                HIT_THE_DECK,
            )
        )
    outcome = {
        "totals": totals,
        "first_player": top[0] if len(top) == 1 else None,
        "reroll": top if len(top) > 1 else [],
    }
    return Resolution(outcome, steps)


VICTORY = "Victory!"
TIED = integer("players", 2, 2, 8, "players still tied on victory points and recruited points")


def victory_tie_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return [Dice(1, 6, f"player {n}'s die") for n in range(1, params["players"] + 1)]


def victory_tie(
    _catalogue: Catalogue, _params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    faces = [g[0] for g in rolls]
    best = max(faces)
    top = [n for n, f in enumerate(faces, start=1) if f == best]
    steps = [
        Step(
            "Victory points and the points recruited are tied: each tied player rolls a die: "
            + "; ".join(f"player {n} {f}" for n, f in enumerate(faces, start=1))
            + ".",
            VICTORY,
        ),
        Step(
            f"Player {top[0]} rolled highest ({best}) and wins the game."
            if len(top) == 1
            else f"Players {', '.join(map(str, top))} tie with {best}: they roll again.",
            VICTORY,
        ),
    ]
    outcome = {
        "rolls": faces,
        "winner": top[0] if len(top) == 1 else None,
        "reroll": top if len(top) > 1 else [],
    }
    return Resolution(outcome, steps)
