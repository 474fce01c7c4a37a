"""One-target Aces attacks for a game table: a ranged combat attack, a close combat attack
and a capture attempt, each with offensive and defensive fate ("Resolving an Attack",
"Capturing", "Fate"). The target numbers are the odds queries' (``odds.modified_defense``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dice import NATURAL_SIX, capped_target
from rules_engine.cs_aces.odds import CAPTURE_DICE_PENALTY, modified_defense
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, boolean, integer, text
from rules_engine.procedures import Change, Dice, Resolution, Step

RANGED = "Ranged Combat"
CLOSE = "Close Combat"
RESOLVING = "Resolving an Attack"
CAPTURING = "Capturing"
FATE = "Fate"
HINDERING = "Hindering Terrain"
VICTORY = "Victory!"

ACE, TOKEN = "ace", "token"
KINDS = (ACE, TOKEN)


def attack_value(name: str = "attack", who: str = "the attacker") -> Param:
    return integer(
        name, 3, 0, 20, f"{who}'s attack value (with its talents and abilities): one die each"
    )


def defense_value(name: str = "defense", who: str = "the target") -> Param:
    return integer(name, 4, 0, 20, f"{who}'s defense value; above 6 it counts as 6")


def kind(role: str) -> Param:
    return text(f"{role}_kind", ACE, f"the {role}: an Ace or a character token", KINDS)


def fate_value(role: str) -> Param:
    return integer(f"{role}_fate", 0, 0, 10, f"the {role}'s fate value (an Ace's)")


def clicks_left(role: str) -> Param:
    return integer(
        f"{role}_clicks_left",
        None,
        1,
        20,
        f"clicks the {role} can still take before its KO symbols show (1 on its last click); "
        "leave out when not tracked",
    )


OFFENSIVE_FATE = boolean(
    "offensive_fate",
    "the attacker uses fate offensively, declared before the roll: its fate value in extra "
    "dice, then one click",
)
DEFENSIVE_FATE = boolean(
    "defensive_fate",
    "the target uses fate defensively, declared once the roll is seen (it never changes the "
    "dice): only natural sixes still hit, then one click",
)
HINDERING_PARAM = boolean(
    "hindering",
    "the line of fire crosses hindering terrain, the target's square included, other than the "
    "attacker's own square alone: +1 defense",
)
CAP_FIRST = boolean(
    "cap_before_modifiers",
    "cap the defense at 6 before adding hindering terrain (a defense 6 then cannot be hit)",
)

ATTACKER_PARAMS = (
    attack_value(),
    kind("attacker"),
    OFFENSIVE_FATE,
    fate_value("attacker"),
    clicks_left("attacker"),
)
TARGET_PARAMS = (
    defense_value(),
    kind("target"),
    DEFENSIVE_FATE,
    fate_value("target"),
    clicks_left("target"),
)


def faces_words(faces: Sequence[int]) -> str:
    return ", ".join(map(str, faces)) if faces else "no dice"


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def check_offensive_fate(params: Mapping[str, Any], role: str, flag: str) -> None:
    """Character tokens cannot use fate ("Fate")."""
    if params[flag] and params[f"{role}_kind"] == TOKEN:
        raise BadDocument.at(f"params.{flag}", "character tokens cannot use fate")


def check_defensive_fate(params: Mapping[str, Any]) -> None:
    """Only an Ace whose fate value is above 0 uses fate defensively ("Fate")."""
    if not params["defensive_fate"]:
        return
    if params["target_kind"] == TOKEN:
        raise BadDocument.at("params.defensive_fate", "character tokens cannot use fate")
    if params["target_fate"] == 0:
        raise BadDocument.at(
            "params.defensive_fate",
            "an Ace uses fate defensively only when its fate value is greater than 0 "
            "(target_fate is 0)",
        )


def extra_dice(
    params: Mapping[str, Any], role: str = "attacker", flag: str = "offensive_fate"
) -> int:
    """Dice offensive fate adds: the Ace's fate value ("Fate")."""
    return int(params[f"{role}_fate"]) if params[flag] else 0


def attack_dice(count: int, meaning: str) -> tuple[Dice, ...]:
    """``count`` d6, or no dice at all when there is none to roll."""
    return (Dice(count, 6, meaning),) if count > 0 else ()


def dice_step(base: int, base_words: str, fate: int, used: bool, section: str) -> Step:
    total = base + fate
    if total == 0:
        return Step(f"No dice to roll: {base_words} is 0.", FATE if used else section)
    if not used:
        return Step(f"Roll {plural(total, 'die', 'dice')}, one per point of {base_words}.", section)
    if fate == 0:
        return Step(
            f"Roll {plural(total, 'die', 'dice')} for {base_words}; fate used offensively at fate "
            "value 0 adds no dice but still costs a click.",
            FATE,
        )
    return Step(
        f"Roll {plural(total, 'die', 'dice')}: {base} for {base_words} and {fate} for the "
        "fate value, fate being used offensively.",
        FATE,
    )


@dataclass
class Tally:
    """Clicks an attack gives each figure, and the steps that say why."""

    steps: list[Step] = field(default_factory=list)
    clicks: dict[str, int] = field(default_factory=dict)

    def add(self, role: str, clicks: int) -> None:
        self.clicks[role] = self.clicks.get(role, 0) + clicks


def count_hits(faces: Sequence[int], need: int) -> tuple[int, int]:
    """(hits, natural sixes among them); a need above 6 is out of reach, sixes included."""
    if need > NATURAL_SIX:
        return 0, 0
    return sum(1 for f in faces if f >= need), sum(1 for f in faces if f == NATURAL_SIX)


def defended_hits(params: Mapping[str, Any], hits: int, sixes: int, tally: Tally) -> int:
    """Hits left after the target's defensive fate: only natural sixes ("Fate")."""
    if not params["defensive_fate"]:
        return hits
    kept = min(hits, sixes)
    tally.steps.append(
        Step(
            f"The target uses fate defensively (fate value {params['target_fate']}): every hit "
            f"but a natural six is prevented, {plural(hits - kept, 'hit')} prevented and "
            f"{plural(kept, 'hit')} left.",
            FATE,
        )
    )
    return kept


def fate_clicks(params: Mapping[str, Any], tally: Tally, users: Sequence[tuple[str, str]]) -> None:
    """One click for each Ace that used fate, at the end of the action ("Fate")."""
    for role, flag in users:
        if params[flag]:
            tally.add(role, 1)
            tally.steps.append(
                Step(
                    f"At the end of the action the {role}'s dial is clicked clockwise once for "
                    "using fate.",
                    FATE,
                )
            )


def knock_outs(
    params: Mapping[str, Any], tally: Tally, roles: Sequence[str], scorer: Mapping[str, str]
) -> dict[str, bool | None]:
    """Which figures the clicks knock out: a token at its first click, an Ace when its KO
    symbols show (None when its clicks left are not tracked) ("Resolving an Attack")."""
    out: dict[str, bool | None] = {}
    for role in roles:
        clicks = tally.clicks.get(role, 0)
        left = 1 if params[f"{role}_kind"] == TOKEN else params[f"{role}_clicks_left"]
        out[role] = None if left is None else clicks >= left
        if not out[role]:
            continue
        if params[f"{role}_kind"] == TOKEN:
            words = (
                f"The {role} is a character token and took a click of damage: it is removed "
                "from the game."
            )
        else:
            words = f"Three KO symbols show on the {role}'s dial: it is knocked out and removed."
        tally.steps.append(Step(words, RESOLVING))
        tally.steps.append(Step(f"Its point value scores for the {scorer[role]}.", VICTORY))
    return out


def click_changes(tally: Tally, why: Mapping[str, str]) -> list[Change]:
    return [
        Change(role, "clicks", delta=n, text=f"{plural(n, 'click')} clockwise ({why[role]})")
        for role, n in tally.clicks.items()
        if n
    ]


def ko_changes(knocked: Mapping[str, bool | None]) -> list[Change]:
    return [
        Change(role, "knocked_out", value=True, text="knocked out and removed from the game")
        for role, out in knocked.items()
        if out
    ]


SCORERS = {
    "target": "attacker's side",
    "attacker": "opposing player (split evenly among several)",
}

# One target ------------------------------------------------------------------------------


def _ranged_need(params: Mapping[str, Any], tally: Tally) -> int:
    need = modified_defense(params["defense"], params["hindering"], params["cap_before_modifiers"])
    defense = params["defense"]
    words = f"The target's defense is {defense}"
    if params["hindering"]:
        words += ", +1 for hindering terrain on the line of fire"
    if need > NATURAL_SIX:
        tally.steps.append(
            Step(
                words
                + ": read as capped at 6 before the +1 (engine ruling 3), 7 cannot be reached "
                "and no die hits, natural sixes included.",
                HINDERING,
            )
        )
    else:
        capped = " (above 6 it counts as 6)" if defense + params["hindering"] > NATURAL_SIX else ""
        tally.steps.append(
            Step(
                words + f"{capped}: each die showing {need} or more is a hit.",
                HINDERING if params["hindering"] else RESOLVING,
            )
        )
    return need


def _close_need(params: Mapping[str, Any], tally: Tally) -> int:
    defense = params["defense"]
    need = capped_target(defense)
    capped = " (above 6 it counts as 6)" if defense > NATURAL_SIX else ""
    tally.steps.append(
        Step(
            f"The target's defense is {defense}{capped}; close combat is not subject to the "
            f"hindering terrain modifier: each die showing {need} or more is a hit.",
            RESOLVING,
        )
    )
    return need


def _one_target_dice(params: Mapping[str, Any], penalty: int = 0) -> Sequence[Dice]:
    check_offensive_fate(params, "attacker", "offensive_fate")
    check_defensive_fate(params)
    count = max(0, params["attack"] - penalty) + extra_dice(params)
    return attack_dice(count, "attack dice")


def _opening(params: Mapping[str, Any], section: str, penalty: int, tally: Tally) -> None:
    base = max(0, params["attack"] - penalty)
    words = "the attack value"
    if penalty:
        tally.steps.append(
            Step(
                f"A capture attempt, declared before rolling, reduces the attack value by "
                f"{penalty}: {params['attack']} becomes {base}.",
                CAPTURING,
            )
        )
        words = "the reduced attack value"
    tally.steps.append(
        dice_step(base, words, extra_dice(params), params["offensive_fate"], section)
    )


def _roll(faces: Sequence[int], need: int, tally: Tally) -> tuple[int, int]:
    hits, sixes = count_hits(faces, need)
    tally.steps.append(Step(f"Rolled {faces_words(faces)}: {plural(hits, 'hit')}.", RESOLVING))
    return hits, min(hits, sixes)


def _damage(
    params: Mapping[str, Any],
    faces: Sequence[int],
    section: str,
    need_of: Callable[[Mapping[str, Any], Tally], int],
) -> Resolution:
    tally = Tally()
    _opening(params, section, 0, tally)
    need = need_of(params, tally)
    rolled, sixes = _roll(faces, need, tally)
    hits = defended_hits(params, rolled, sixes, tally)
    if hits:
        tally.add("target", hits)
        tally.steps.append(
            Step(
                f"The target's dial is clicked clockwise once per hit: {plural(hits, 'click')}.",
                RESOLVING,
            )
        )
    fate_clicks(params, tally, (("attacker", "offensive_fate"), ("target", "defensive_fate")))
    knocked = knock_outs(params, tally, ("target", "attacker"), SCORERS)
    outcome = {
        "dice": len(faces),
        "needed": need if need <= NATURAL_SIX else None,
        "hits_rolled": rolled,
        "natural_sixes": sixes,
        "hits": hits,
        "target_clicks": tally.clicks.get("target", 0),
        "attacker_clicks": tally.clicks.get("attacker", 0),
        "target_knocked_out": knocked["target"],
        "attacker_knocked_out": knocked["attacker"],
    }
    why = {"target": "damage and fate", "attacker": "fate"}
    if not params["defensive_fate"]:
        why["target"] = "damage"
    elif not hits:
        why["target"] = "fate"
    return Resolution(outcome, tally.steps, click_changes(tally, why) + ko_changes(knocked))


def ranged_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return _one_target_dice(params)


def ranged_attack(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    return _damage(params, rolls[0] if rolls else [], RESOLVING, _ranged_need)


def close_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return _one_target_dice(params)


def close_combat(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    return _damage(params, rolls[0] if rolls else [], CLOSE, _close_need)


def capture_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return _one_target_dice(params, CAPTURE_DICE_PENALTY)


def capture(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    faces = rolls[0] if rolls else []
    tally = Tally()
    _opening(params, CAPTURING, CAPTURE_DICE_PENALTY, tally)
    need = _close_need(params, tally)
    rolled, sixes = _roll(faces, need, tally)
    hits = defended_hits(params, rolled, sixes, tally)
    captured = hits > 0
    if captured:
        tally.steps.append(
            Step(
                "At least one die hit: the attacker captures the target, which takes no "
                "damage. The captive may only pass or try to escape and stays adjacent to its "
                "captor; the captor may only move or pass.",
                CAPTURING,
            )
        )
    else:
        tally.steps.append(Step("No die hit: the capture attempt fails.", CAPTURING))
    fate_clicks(params, tally, (("attacker", "offensive_fate"), ("target", "defensive_fate")))
    knocked = knock_outs(params, tally, ("target", "attacker"), SCORERS)
    changes = click_changes(tally, {"target": "fate", "attacker": "fate"})
    if captured and not any(knocked.values()):
        changes += [
            Change("target", "captured", value=True, text="captive of the attacker"),
            Change("attacker", "holding_captive", value=True, text="holds the target captive"),
        ]
    outcome = {
        "dice": len(faces),
        "needed": need,
        "hits_rolled": rolled,
        "natural_sixes": sixes,
        "hits": hits,
        "captured": captured and not any(knocked.values()),
        "target_clicks": tally.clicks.get("target", 0),
        "attacker_clicks": tally.clicks.get("attacker", 0),
        "target_knocked_out": knocked["target"],
        "attacker_knocked_out": knocked["attacker"],
    }
    return Resolution(outcome, tally.steps, changes + ko_changes(knocked))
