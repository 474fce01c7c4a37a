"""A shot ("Combat", "Firing Arcs", "Fate", "Bailing Out"), resolved from its dice.

The dice are the gunnery (modified by speed effects), one more from the target's rear arc
and, when the shooter's Ace declares fate before the shot, its fate value. The target's Ace
declares defensive fate after seeing the roll, so that choice is a parameter and needs no
dice of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dice import NATURAL_SIX
from rules_engine.cs_air_action.odds import shot_dice, shot_target
from rules_engine.cs_air_action.procedures_damage import clicks_word, faces_words
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, boolean, integer, text
from rules_engine.procedures import Change, Dice, Resolution, Step

COMBAT, FIRING_ARCS, FATE = "Combat", "Firing Arcs", "Fate"
BAILING_OUT, GAINING_EXPERIENCE = "Bailing Out", "Gaining Experience"
SHOT_DOWN_EXPERIENCE = 100  # "Each enemy plane that is shot down by the pilot's shot earns 100"

PARAMS: tuple[Param, ...] = (
    integer(
        "gunnery",
        3,
        1,
        20,
        "the gunnery value the firing weapon shows on the shooter's combat dial (an Ace's "
        "attack value under the ace_attack reading)",
    ),
    text(
        "weapon",
        "front",
        "which weapon fires: the front guns or the rear gunner",
        ("front", "rear"),
    ),
    integer("silhouette", 4, 1, 20, "the silhouette value printed on the target's base"),
    boolean("point_blank", "the target is within one movement marker: its silhouette is 1 lower"),
    boolean(
        "rear_arc", "the shooter's whole movement marker is in the target's rear arc: one more die"
    ),
    integer("gunnery_modifier", 0, -10, 10, "what the gunnery speed effects add to the dice"),
    integer("silhouette_modifier", 0, -10, 10, "what speed effects add to the target's silhouette"),
    boolean("offensive_fate", "the shooter's Ace declared fate before the shot"),
    integer("attacker_fate", 0, 0, 10, "the fate value on the shooter's Ace's combat dial"),
    boolean("defensive_fate", "the target's Ace uses fate after seeing the roll"),
    integer("target_fate", 1, 0, 10, "the fate value on the target's Ace's combat dial"),
    integer(
        "clicks_left",
        None,
        1,
        20,
        "clicks the target can take before three bullet holes show (null: not tracked)",
    ),
    integer(
        "campaign_clicks_left",
        None,
        1,
        30,
        "in a campaign, clicks the target can take before its structural limit line "
        "appears (null: not a campaign game)",
    ),
)


def _dice_count(params: Mapping[str, Any], modifier: int) -> int:
    fate = params["attacker_fate"] if params["offensive_fate"] else 0
    return shot_dice(params["gunnery"], params["rear_arc"], modifier, fate)


def shot_dice_needed(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    """The attack dice; none when modifiers leave nothing to roll."""
    count = _dice_count(params, params["gunnery_modifier"])
    return (Dice(count, 6, "attack dice"),) if count else ()


def _hits_word(n: int) -> str:
    return f"{n} hit{'' if n == 1 else 's'}"


def _check(params: Mapping[str, Any]) -> None:
    """Situations the rules do not allow, refused before any rule is applied."""
    if params["defensive_fate"] and params["target_fate"] <= 0:
        raise BadDocument.at(
            "params.defensive_fate",
            "an Ace's fate value must be greater than 0 to use fate defensively",
        )
    left, limit = params["clicks_left"], params["campaign_clicks_left"]
    if limit is not None and (left is None or limit < left):
        raise BadDocument.at(
            "params.campaign_clicks_left",
            "needs clicks_left, and at least as many clicks: the "
            "structural limit line follows the first three-bullet-hole click",
        )


def run_shot(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    """One shot by the rules: dice, target number, hits, fate, clicks and a shot down."""
    _check(params)
    faces = list(rolls[0]) if rolls else []
    steps: list[Step] = []
    changes: list[Change] = []
    gunnery, weapon = params["gunnery"], params["weapon"]
    dice_mod = params["gunnery_modifier"]
    sil_mod = params["silhouette_modifier"]
    dice_text = f"Roll attack dice equal to the {weapon} gunnery, {gunnery}"
    if dice_mod:
        dice_text += f", {dice_mod:+d} from gunnery speed effects"
    steps.append(Step(dice_text + ".", COMBAT))
    if params["rear_arc"]:
        steps.append(
            Step(
                "The shooter attacks from behind, within the target's rear arc: add one "
                "attack die.",
                FIRING_ARCS,
            )
        )
    if params["offensive_fate"]:
        fate = params["attacker_fate"]
        none = " (a fate value of 0 adds none, but the dial still clicks)" if not fate else ""
        steps.append(
            Step(
                f"The shooter's Ace declared fate before the shot: add its fate value, {fate}, "
                f"in attack dice{none}.",
                FATE,
            )
        )
    need = shot_target(params["silhouette"], params["point_blank"], sil_mod)
    sil_text = f"The target's silhouette is {params['silhouette']}"
    if sil_mod:
        sil_text += f", {sil_mod:+d} from speed effects"
    if params["point_blank"]:
        sil_text += ", -1 at point blank (within one movement marker)"
    raw = params["silhouette"] + sil_mod - (1 if params["point_blank"] else 0)
    if raw > 6:
        sil_text += f"; a modified silhouette of {raw} is considered to be 6"
    elif raw < 1:
        sil_text += (
            f"; a modified silhouette of {raw} is read as 1 (docs/rulings/"
            "cs-air-action-engine.md, 6)"
        )
    steps.append(Step(f"{sil_text}: each die hits on {need} or more.", COMBAT))
    hits = sum(1 for f in faces if f >= need)
    if faces:
        steps.append(
            Step(
                f"{len(faces)} dice roll {faces_words(faces)}: {_hits_word(hits)}.",
                COMBAT,
            )
        )
    else:
        steps.append(Step("No attack dice are left to roll: the shot cannot hit.", COMBAT))
    sixes = sum(1 for f in faces if f == NATURAL_SIX)
    prevented = 0
    if params["defensive_fate"]:
        prevented = hits - sixes
        steps.append(
            Step(
                f"The target's Ace uses fate (fate value {params['target_fate']}) after the roll: "
                f"it prevents every hit but a natural six, {prevented} prevented, "
                f"{sixes} kept.",
                FATE,
            )
        )
    taken = hits - prevented
    outcome, more_steps, more_changes = _clicks(params, hits, taken)
    steps += more_steps
    changes += more_changes
    if params["offensive_fate"]:
        changes.append(Change("attacker", "ace_clicks", delta=1, text="Ace's dial: fate used"))
        steps.append(
            Step("After the shot, click the shooter's Ace's combat dial once for using fate.", FATE)
        )
    if params["defensive_fate"]:
        changes.append(Change("target", "ace_clicks", delta=1, text="Ace's dial: fate used"))
        steps.append(
            Step(
                "After the action, click the target's Ace's combat dial once for using fate.", FATE
            )
        )
    return Resolution(
        {
            "dice": len(faces),
            "target_number": need,
            "hits": hits,
            "natural_sixes": sixes,
            "prevented_by_fate": prevented,
            **outcome,
        },
        steps,
        changes,
    )


def _clicks(
    params: Mapping[str, Any], hits: int, taken: int
) -> tuple[dict[str, Any], list[Step], list[Change]]:
    """The target's clicks: one per hit, stopping at three bullet holes (in a campaign, at
    the structural limit line), and what a shot down means."""
    left, limit = params["clicks_left"], params["campaign_clicks_left"]
    shot_down = left is not None and taken >= left
    clicks = taken
    steps: list[Step] = []
    if shot_down and limit is None:
        clicks = left
    elif shot_down and limit is not None:
        clicks = min(taken, limit)
    changes: list[Change] = []
    if not clicks:
        steps.append(Step("No hits get through: the target's combat dial does not turn.", COMBAT))
    else:
        steps.append(
            Step(
                f"Click the target's combat dial clockwise once per hit: {clicks_word(clicks)}.",
                COMBAT,
            )
        )
        changes.append(
            Change("target", "clicks", delta=clicks, text=f"{clicks_word(clicks)} of damage")
        )
    if shot_down:
        if limit is None:
            steps.append(
                Step(
                    "Three bullet holes show: stop applying hits; the target is shot "
                    "down and removed from the game (it scores twice its point value "
                    "for the shooter's side).",
                    COMBAT,
                )
            )
        else:
            steps.append(
                Step(
                    "Three bullet holes show: in a campaign, keep assigning clicks until every "
                    f"hit is assigned or the structural limit line appears ({clicks_word(clicks)} "
                    "in all). The pilot may now bail out at the bail out value showing "
                    "(bail-out).",
                    BAILING_OUT,
                )
            )
            steps.append(
                Step(
                    f"The shooter's pilot earns {SHOT_DOWN_EXPERIENCE} experience "
                    "points for the plane shot down.",
                    GAINING_EXPERIENCE,
                )
            )
        changes.append(Change("target", "shot_down", value=True, text="shot down by a shot"))
        if limit is not None:
            changes.append(
                Change(
                    "attacker",
                    "experience",
                    delta=SHOT_DOWN_EXPERIENCE,
                    text="enemy plane shot down",
                )
            )
    return {"clicks": clicks, "shot_down": shot_down}, steps, changes
