"""What hits do to a Crimson Dust model: the wounding roll (Wounding) and the morale test
that follows an action point's shooting (Morale Tests)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust.dice import dc_caused
from rules_engine.crimson_dust.procedures_common import Plan, dice_word, faces
from rules_engine.crimson_dust.settings import CRITICAL_WOUND_AV, RETURN_FIRE_TIE
from rules_engine.crimson_dust.shooting_gear import deflected
from rules_engine.errors import BadDocument
from rules_engine.odds_query import boolean, integer, text
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step

WOUNDING, HARD_COVER, MORALE = "Wounding", "Hard Cover", "Morale Tests"
# Wounding: the table of the Dc left.
SEVERITY = {1: "critical", 2: "major", 3: "minor"}
EFFECTS = {
    "critical": "halve all characteristics, rounding up",
    "major": "halve Mv, Rg, As and S, rounding up",
    "minor": "-1 to Mv, Rg, As and S",
    "flesh": "no in game effect",
}


def severity(dc_left: int) -> str:
    """The Wounding table's name for a model left with ``dc_left`` Dc (1 or more)."""
    return SEVERITY.get(dc_left, "flesh")


def uses_at(at: int, av: int) -> bool:
    # AT (x): "when wounding a target with an Av higher than 5 ... use the AT value".
    return bool(at) and av > 5


def _wound_plan(params: Mapping[str, Any]) -> Plan:
    if params["critical_hits"] > params["hits"]:
        raise BadDocument.at("params.critical_hits", f"there are only {params['hits']} hits")
    if params["critical_hits"] and params["critical_shot"]:
        raise BadDocument.at(
            "params.critical_hits",
            "critical_shot reads the 6 on the "
            "wounding die, critical_hits on the roll to hit: give one",
        )
    if params["refractor_reroll"] and not params["refractor"]:
        raise BadDocument.at(
            "params.refractor_reroll", "only a refractor field re-rolls the armour roll"
        )
    plan = Plan()
    plan.add("armour", 1, "the target's armour roll")
    plan.add("armour_again", int(params["refractor_reroll"]), "the armour roll re-rolled")
    plan.add("wound", params["hits"], "wounding dice, one per hit")
    return plan


def _wound_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return _wound_plan(params).dice()


def _wound(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    got = _wound_plan(params).read(rolls)
    av, cover, dc = params["av"], params["cover"], params["dc"]
    at_used = uses_at(params["at"], av)
    strength = params["at"] if at_used else params["S"]
    steps = []
    (armour_die,) = got["armour"]
    if got.get("armour_again"):
        (armour_die,) = got["armour_again"]
        steps.append(
            Step(
                f"The refractor field re-rolls the armour die: {got['armour'][0]} "
                f"becomes {armour_die}.",
                "Extra Equipment > Refractor Field",
            )
        )
    armour = armour_die + av + cover
    cover_words = f" + {cover} hard cover" if cover else ""
    steps.append(
        Step(
            f"The armour roll: {armour_die} + Av {av}{cover_words} = {armour}.",
            HARD_COVER if cover else WOUNDING,
        )
    )
    if at_used:
        steps.append(
            Step(
                f"Av {av} is higher than 5: the AT value {strength} wounds instead of S.",
                "Weaponry > AT (x)",
            )
        )
    per_die = []
    lost = 0
    for i, natural in enumerate(got.get("wound", [])):
        s = strength
        double = (params["critical_shot"] and natural == 6) or i < params["critical_hits"]
        if double and not at_used:
            s *= 2
        if params["deflector"]:
            s = deflected(s)
        total = natural + s
        caused = dc_caused(total, armour)
        lost += caused
        per_die.append({"rolled": natural, "S": s, "total": total, "dc": caused})
    if per_die:
        words = "; ".join(
            f"{d['rolled']} + S {d['S']} = {d['total']}"
            + (f" takes {d['dc']} Dc" if d["dc"] else " does no damage")
            for d in per_die
        )
        steps.append(
            Step(
                f"Each hit rolls a die and adds S; a total above {armour} damages, "
                f"1 Dc for each whole time it holds the armour roll: {words}.",
                WOUNDING,
            )
        )
        if any(d["S"] != strength for d in per_die):
            steps.append(
                Step(
                    "Critical Shot doubles S (never an AT value) and a deflector "
                    "field takes 1 from the S of each hit, down to 1.",
                    WOUNDING,
                )
            )
    else:
        steps.append(Step("No hits: nothing to wound.", WOUNDING))
    damaging = sum(1 for d in per_die if d["dc"])
    left = max(0, dc - lost)
    changes = []
    outcome: dict[str, Any] = {
        "armour_roll": armour,
        "S": strength,
        "dice": per_die,
        "damaging_dice": damaging,
        "dc_lost": min(lost, dc),
        "dc_left": left,
        "killed": left == 0,
        "wound": None,
    }
    if lost:
        changes.append(
            Change("target", "dc", delta=-min(lost, dc), text=f"loses {min(lost, dc)} Dc")
        )
    if left == 0:
        steps.append(Step(f"{dc} Dc less {lost}: the target is killed or destroyed.", WOUNDING))
        changes.append(Change("target", "killed", value=True, text="killed"))
    elif lost:
        name = severity(left)
        outcome["wound"] = name
        effect = EFFECTS[name]
        if name == "critical" and params[CRITICAL_WOUND_AV.name] == "kept":
            effect += " (Av kept, as the setting says)"
        steps.append(Step(f"{left} Dc left: a {name} wound ({effect}).", WOUNDING))
        changes.append(Change("target", "wound", value=name, text=f"{name} wound: {effect}"))
    return Resolution(outcome, steps, changes)


WOUND = Procedure(
    "wound",
    "Wounding: the target's armour roll (D6 + Av + hard cover) against a D6 + S for each "
    "hit; each total above it takes 1 Dc, 2 at double, 3 at triple.",
    WOUNDING,
    (
        integer("hits", 1, 0, 30, "hits to wound with (a shot's or a melee's)"),
        integer(
            "S",
            3,
            0,
            20,
            "the S they wound with (the weapon's; in melee the model's S plus its weapon's)",
        ),
        integer("at", 0, 0, 20, "the weapon's AT value (used against Av above 5)"),
        integer("av", 0, 0, 20, "the target's Av as it stands"),
        integer("cover", 0, 0, 10, "the Av bonus of the target's hard cover"),
        integer("dc", 1, 1, 20, "the target's Dc left before these hits"),
        boolean(
            "critical_shot",
            "Critical Shot/Strike read on the wounding die: a natural 6 wounds with double S",
        ),
        integer(
            "critical_hits",
            0,
            0,
            30,
            "hits that rolled a natural 6 to hit (Critical "
            "Shot/Strike read on the roll to hit): the first wounding dice",
        ),
        boolean("deflector", "the target is within a deflector field: S of each hit -1"),
        boolean("refractor", "the target wears a refractor field generator"),
        boolean("refractor_reroll", "the refractor field's re-roll of the armour die is taken"),
        text(
            CRITICAL_WOUND_AV.name,
            CRITICAL_WOUND_AV.default,
            f"setting: whether a critical wound halves Av ({CRITICAL_WOUND_AV.section})",
            CRITICAL_WOUND_AV.values,
        ),
    ),
    _wound_dice,
    _wound,
    roles=("target",),
)


def morale_dice(params: Mapping[str, Any]) -> int:
    """Hits + 1 + each damaging die + Pinning 'x' + 1 pinned / 2 suppressed last turn."""
    if params["brain_dead"]:
        return 0
    return int(
        params["hits"]
        + 1
        + params["damaging"]
        + params["pinning"]
        + int(params["pinned_last"])
        + 2 * int(params["suppressed_last"])
    )


def _morale_plan(params: Mapping[str, Any]) -> Plan:
    allowed = int(params["concealed"]) + int(params["battle_hardened"])
    if params["rerolls"] > allowed:
        raise BadDocument.at(
            "params.rerolls",
            f"{allowed} failed dice may be re-rolled here "
            "(one in concealment, one more if Battle-hardened)",
        )
    if params["fanatic_reroll"] and not params["fanatic"]:
        raise BadDocument.at("params.fanatic_reroll", "only a Fanatic re-rolls all the dice")
    if params["fanatic"] and params["battle_hardened"]:
        raise BadDocument.at(
            "params.fanatic", "a model may not be both battle-hardened and fanatic"
        )
    if params["fanatic_reroll"] and params["rerolls"]:
        raise BadDocument.at(
            "params.rerolls", "the Fanatic re-rolls every die: no die is re-rolled twice (Re-rolls)"
        )
    n = morale_dice(params)
    plan = Plan()
    plan.add("morale", n, "morale dice")
    plan.add("again", params["rerolls"], "re-rolled failed morale dice")
    plan.add("fanatic", n if params["fanatic_reroll"] else 0, "the Fanatic's re-roll")
    return plan


def _morale_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return _morale_plan(params).dice()


def _morale(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    got = _morale_plan(params).read(rolls)
    mr = params["mr"]
    if params["brain_dead"]:
        return Resolution(
            {"dice": 0, "failed": 0, "result": "no test"},
            [
                Step(
                    "Brain-dead models never take a morale test, nor gain the "
                    "benefit of passing all the dice.",
                    "Extra Abilities > Brain-dead",
                )
            ],
        )
    n = morale_dice(params)
    extras = [f"{params['hits']} hits", "1 extra"]
    for count, words in (
        (params["damaging"], "damaging"),
        (params["pinning"], "Pinning"),
        (int(params["pinned_last"]), "pinned last turn"),
        (2 * int(params["suppressed_last"]), "suppressed last turn"),
    ):
        if count:
            extras.append(f"{count} {words}")
    rolled = got.get("morale", [])
    steps = [
        Step(
            f"Roll {dice_word(n)} ({' + '.join(extras)}); each result of {mr} or under "
            f"scores: {faces(rolled)}.",
            MORALE,
        )
    ]
    final = list(rolled)
    again = got.get("again", [])
    if again:
        worst = sorted(((f, i) for i, f in enumerate(final) if f > mr), reverse=True)
        if len(again) > len(worst):
            raise BadDocument.at("params.rerolls", f"only {dice_word(len(worst))} failed")
        for (_, i), face in zip(worst, again, strict=False):
            final[i] = face
        steps.append(
            Step(
                f"The worst failed {'die is' if len(again) == 1 else 'dice are'} "
                f"re-rolled (concealment, Battle-hardened) and the second result "
                f"stands: {faces(again)}, so {faces(final)}.",
                MORALE,
            )
        )
    if got.get("fanatic"):
        final = got["fanatic"]
        steps.append(
            Step(f"The Fanatic re-rolls all the dice: {faces(final)}.", "Extra Abilities > Fanatic")
        )
    failed = sum(1 for f in final if f > mr)
    reaction, changes = _reaction(params, failed, steps)
    return Resolution(
        {"dice": n, "rolled": final, "failed": failed, "result": reaction}, steps, changes
    )


def _reaction(
    params: Mapping[str, Any], failed: int, steps: list[Step]
) -> tuple[str, list[Change]]:
    """The morale result of ``failed`` dice, its step and the changes to the target."""
    open_ground = not params["in_cover"]
    if failed == 0:
        if params["fanatic_reroll"]:
            steps.append(
                Step(
                    "Every die scores, but on the Fanatic's re-roll: play does not "
                    "pass to the target.",
                    "Extra Abilities > Fanatic",
                )
            )
            return "passed", []
        steps.append(
            Step(
                "Every die scores: play passes from the attacker to the target, "
                "which may be activated as normal.",
                MORALE,
            )
        )
        return "passed", [
            Change("target", "activates_next", value=True, text="play passes to the target")
        ]
    if failed == 1:
        rg, as_ = params["rg"], params["as"]
        if params["impetus"]:
            what, words = (
                "advance",
                (
                    "Impetus: one failed die sends it towards the nearest "
                    "visible enemy instead of cover."
                ),
            )
            section = "Extra Abilities > Impetus"
        elif open_ground:
            what, words, section = (
                "move-to-cover",
                ("One die fails: the model moves one action towards the nearest cover."),
                MORALE,
            )
        elif rg > as_ or (rg == as_ and params[RETURN_FIRE_TIE.name] == "fire"):
            what, words, section = (
                "return-fire",
                (
                    "One die fails in cover with Rg "
                    f"{rg} against As {as_}: it returns "
                    "fire, shooting once at the attacker."
                ),
                MORALE,
            )
        else:
            what, words, section = (
                "move-through-cover",
                (
                    f"One die fails in cover with As {as_} against Rg {rg}: it may move through "
                    "cover, stopping before it would leave cover in the attacker's sight."
                ),
                MORALE,
            )
        steps.append(Step(words, section))
        return what, [Change("target", "reaction", value=what, text=words)]
    state = "pinned" if failed == 2 or params["fearless"] else "suppressed"
    if failed >= 3 and params["fearless"]:
        steps.append(Step("Fearless: suppressed counts as pinned.", "Extra Abilities > Fearless"))
    if state == "pinned":
        steps.append(
            Step(
                f"{failed} dice fail: pinned until the end of its next activation; "
                "it may not move towards any visible enemy and shoots only at a "
                "model that targeted it.",
                MORALE,
            )
        )
    else:
        steps.append(
            Step(
                f"{failed} dice fail: suppressed until the end of its next "
                "activation; it may not move, has one AP and shoots at the nearest "
                "target.",
                MORALE,
            )
        )
    changes = [Change("target", state, value=True, text=state)]
    if open_ground:
        steps.append(Step("In the open it goes to ground.", MORALE))
        changes.append(Change("target", "gone_to_ground", value=True, text="goes to ground"))
    return state, changes


MORALE_TEST = Procedure(
    "morale",
    "A morale test after an action point's shooting: hits + 1 + damaging dice (+ Pinning, "
    "+1 pinned, +2 suppressed last turn), each Mr or under scores; 1 fail moves or returns "
    "fire, 2 pin, 3 or more suppress.",
    MORALE,
    (
        integer("hits", 0, 0, 30, "the hits of the action point's shooting"),
        integer("damaging", 0, 0, 30, "the damaging dice among them"),
        integer("pinning", 0, 0, 10, "the weapon's Pinning 'x'"),
        boolean("pinned_last", "the model was pinned last turn"),
        boolean("suppressed_last", "the model was suppressed last turn"),
        integer("mr", 3, 0, 6, "the model's Mr"),
        boolean("concealed", "the model is in or behind concealment (re-roll a failed die)"),
        boolean("in_cover", "the model is in cover (else in the open)"),
        integer("rg", 3, 0, 30, "the model's Rg (one fail in cover: return fire if higher)"),
        integer("as", 3, 0, 30, "the model's As"),
        text(
            RETURN_FIRE_TIE.name,
            RETURN_FIRE_TIE.default,
            f"setting: one fail in cover with Rg equal to As ({RETURN_FIRE_TIE.section})",
            RETURN_FIRE_TIE.values,
        ),
        boolean("battle_hardened", "the model is Battle-hardened (re-roll the worst die)"),
        boolean("fanatic", "the model is a Fanatic (may re-roll all the dice)"),
        boolean("fearless", "the model is Fearless (suppressed counts as pinned)"),
        boolean("impetus", "the model has Impetus (one fail: towards the enemy)"),
        boolean("brain_dead", "the model is Brain-dead (no morale test)"),
        integer(
            "rerolls",
            0,
            0,
            2,
            "failed dice re-rolled: one for concealment, one for Battle-hardened, the worst first",
        ),
        boolean("fanatic_reroll", "the Fanatic's re-roll of all the dice is taken"),
    ),
    _morale_dice,
    _morale,
    roles=("target",),
)
