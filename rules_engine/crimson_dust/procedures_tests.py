"""The procedures built on the skill test (Skill Test): the test itself and the tests the
book names for one purpose (most pressing target, clearing a weapon, stunned, going to
ground, leaders, regeneration), with movement, climbing, blast scatter and a mount's hit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust.content import content_of
from rules_engine.crimson_dust.procedures_common import (
    SCORES_ON,
    STATES,
    dice_word,
    faces,
    ones_beat_sixes,
    plus,
    reroll_failed,
    scoring,
)
from rules_engine.crimson_dust.procedures_harm import severity
from rules_engine.errors import BadDocument
from rules_engine.odds_query import boolean, integer, text
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step, fixed

SKILL_TEST = "Skill Test"
# Most Pressing Target: the Mr test's difficulty by the distance to the nearest target.
PRESSING_BANDS = {"0-5": 4, "5-10": 3, "10-20": 2, "20+": 1}
TERRAIN = {"open": 4, "difficult": 5, "very-difficult": 6}


def _skill_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    return (Dice(params["dice"], 6, "the characteristic tested"),)


def _test(
    faces_rolled: Sequence[int], state: str, need: int, banked: int, section: str
) -> tuple[int, int, bool, list[Step]]:
    """A skill test: (scored, total with banked scores, passed, steps)."""
    score_on = SCORES_ON[state]
    scored = scoring(faces_rolled, score_on)
    total = scored + banked
    steps = [
        Step(
            f"Roll {dice_word(len(faces_rolled))}, one per point of the characteristic;"
            f" a {state} model scores on {plus(score_on)}: {faces(faces_rolled)} gives "
            f"{scored} scoring {'die' if scored == 1 else 'dice'}.",
            SKILL_TEST,
        )
    ]
    if banked:
        steps.append(
            Step(
                f"A cumulative test adds the {banked} scoring dice saved from "
                f"earlier tries: {total} in all.",
                SKILL_TEST,
            )
        )
    passed = total >= need
    steps.append(
        Step(
            f"{total} against difficulty {need}: the test "
            f"{'succeeds' if passed else 'does not succeed'} (as many scoring dice "
            "as the difficulty, or more, succeed).",
            section,
        )
    )
    return scored, total, passed, steps


def _skill_test(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    rolled = list(rolls[0])
    heroic: list[Step] = []
    if params["heroic_die"]:
        at = params["heroic_die"] - 1
        if at >= len(rolled):
            raise BadDocument.at("params.heroic_die", f"there are only {len(rolled)} dice")
        (again,) = rolls[1]
        heroic.append(
            Step(
                f"Heroic: die {at + 1} ({rolled[at]}) is re-rolled and the second result is "
                f"binding: {again}.",
                "Extra Abilities > Heroic",
            )
        )
        rolled[at] = again
    cumulative = params["cumulative"] or params["banked"] > 0
    scored, total, passed, steps = _test(
        rolled, params["state"], params["difficulty"], params["banked"], SKILL_TEST
    )
    steps[1:1] = heroic
    saved = 0 if passed or not cumulative else total
    if not passed and cumulative:
        steps.append(
            Step(f"The test is cumulative: {total} scores are saved for the next try.", SKILL_TEST)
        )
    ones = ones_beat_sixes(rolled)
    return Resolution(
        {
            "scored": scored,
            "total": total,
            "passed": passed,
            "banked_after": saved,
            "more_ones_than_sixes": ones,
        },
        steps,
        (Change("model", "banked_scores", value=saved, text="saved scores"),),
    )


def _heroic_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    if params["heroic_die"] > params["dice"]:
        raise BadDocument.at("params.heroic_die", f"there are only {params['dice']} dice")
    heroic = (Dice(1, 6, "the Heroic re-roll"),) if params["heroic_die"] else ()
    return (*_skill_dice(_catalogue, params), *heroic)


def _state_param() -> Any:
    return text("state", "normal", "the model's state", STATES)


def _one_test(
    name: str,
    summary: str,
    section: str,
    dice_param: Any,
    difficulty: Any,
    run: Any,
    roles: tuple[str, ...] = ("model",),
) -> Procedure:
    """A procedure that is a skill test of one characteristic, with its own difficulty."""
    return Procedure(
        name,
        summary,
        section,
        (dice_param, _state_param(), *difficulty),
        _skill_dice,
        run,
        roles,
    )


def _pressing(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    need = PRESSING_BANDS[params["distance"]]
    steps = [
        Step(
            f"The nearest enemy in sight is {params['distance']} units away: an Mr "
            f"skill test of difficulty {need}, not cumulative.",
            "Most Pressing Target",
        )
    ]
    _, _, passed, more = _test(rolls[0], params["state"], need, 0, "Most Pressing Target")
    steps += more
    steps.append(
        Step(
            "It may shoot at any target in sight."
            if passed
            else "It must shoot at the nearest enemy model in sight.",
            "Most Pressing Target",
        )
    )
    return Resolution(
        {"difficulty": need, "passed": passed},
        steps,
        (
            Change(
                "attacker",
                "free_target",
                value=passed,
                text="may choose its target" if passed else "nearest target",
            ),
        ),
    )


def _clear_ammo(
    catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    weapon = content_of(catalogue).weapons.get(params["weapon"])
    if weapon is None:
        raise BadDocument.at("params.weapon", f"there is no weapon {params['weapon']!r}")
    tech = weapon.tech if weapon.tech is not None else params["tech"]
    if tech is None:
        raise BadDocument.at(
            "params.tech", f"the book's text lost the {weapon.name}'s tech rating: give it"
        )
    if weapon.tech is not None and params["tech"] is not None and params["tech"] != tech:
        raise BadDocument.at("params.tech", f"the {weapon.name} is tech {tech}")
    lost = (
        f" (the book's text lost the {weapon.name}'s tech; {tech} as the players give it)"
        if weapon.tech is None
        else ""
    )
    steps = [
        Step(
            f"The {weapon.name} is usable again after an In skill test with a "
            f"difficulty of its tech rating, {tech}{lost}.",
            "1s, 6s and Out of Ammo",
        )
    ]
    _, _, passed, more = _test(rolls[0], params["state"], tech, 0, "1s, 6s and Out of Ammo")
    steps += more
    changes = (
        (
            Change(
                "attacker",
                "ammo_cleared",
                value=weapon.id,
                text=f"the {weapon.name} may be used again",
            ),
        )
        if passed
        else ()
    )
    return Resolution({"difficulty": tech, "passed": passed}, steps, changes)


def _stunned(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    _, total, passed, steps = _test(rolls[0], params["state"], 3, params["banked"], "Stunned")
    saved = 0 if passed else total
    changes = [Change("model", "banked_scores", value=saved, text="saved scores")]
    if passed:
        changes.append(Change("model", "stunned", value=False, text="no longer stunned"))
        steps.append(Step("It is no longer stunned.", "Stunned"))
    else:
        steps.append(
            Step(f"Still stunned; the test is cumulative: {total} scores saved.", "Stunned")
        )
    return Resolution({"passed": passed, "total": total, "banked_after": saved}, steps, changes)


def _ground(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    if params["av"] > 8:
        raise BadDocument.at("params.av", "only a section with Av 8 or less can go to ground")
    _, _, passed, steps = _test(
        rolls[0], params["state"], params["difficulty"], 0, "Going to ground"
    )
    steps.append(
        Step(
            "The section has gone to ground: it moves only 1 unit an AP."
            if passed
            else "It may use another AP to try again.",
            "Going to ground",
        )
    )
    changes = (
        (Change("model", "gone_to_ground", value=True, text="gone to ground"),) if passed else ()
    )
    return Resolution({"passed": passed}, steps, changes)


def _leader(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    score_on = SCORES_ON[params["state"]]
    scored = scoring(rolls[0], score_on)
    steps = [
        Step(
            f"Roll the leader's {dice_word(params['dice'])}, scoring as a skill test on "
            f"{plus(score_on)}: {faces(rolls[0])} scores {scored}.",
            "Leaders and group actions",
        )
    ]
    if scored:
        steps.append(
            Step(
                f"{scored} other {'model' if scored == 1 else 'models'} may be "
                "activated with the leader, the first within 4 units of it and each "
                "next within 4 units of it or a model already chosen; all do the "
                "same action, with two AP each.",
                "Leaders and group actions",
            )
        )
        changes = (Change("leader", "activates", value=scored, text="models activated"),)
    else:
        steps.append(
            Step(
                "Every die fails: confusion reigns and no models are activated.",
                "Leaders and group actions",
            )
        )
        changes = (Change("leader", "confused", value=True, text="no models activated"),)
    return Resolution({"activated": scored, "confused": scored == 0}, steps, changes)


def _move_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    n = params["mv"] * (2 if params["run"] else 1)
    return (Dice(n, 6, "movement dice"),) if n else ()


def _move(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    if params["run"] and params["av"] > 2:
        raise BadDocument.at("params.run", "only models with an Av of 2 or less can run")
    rolled = rolls[0] if rolls else []
    score_on = TERRAIN[params["terrain"]]
    units = scoring(rolled, score_on)
    run = " (running: double Mv, in a straight line)" if params["run"] else ""
    steps = [
        Step(
            f"Roll {dice_word(len(rolled))}{run}; in {params['terrain']} ground "
            f"{plus(score_on)} scores: {faces(rolled)} gives {units}.",
            "Movement",
        ),
        Step(f"The model may move up to {units} units in a straight line this AP.", "Movement"),
    ]
    if params["run"]:
        steps.append(
            Step(
                "Until it is next activated, shots at it re-roll failed dice to hit; "
                "it cannot be gone to ground.",
                "Running",
            )
        )
    return Resolution({"units": units, "ran": params["run"]}, steps)


def _climb_dice(_catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    if params["rerolls"] and not (params["action"] == "jump" and (params["ran"] or params["leap"])):
        raise BadDocument.at(
            "params.rerolls",
            "only a jump after running in the same action, or by a model with Leap, re-rolls "
            "failed dice (Jumping, Leap)",
        )
    dice = [Dice(params["dice"], 6, "the S skill test")]
    if params["rerolls"]:
        dice.append(Dice(params["rerolls"], 6, "failed dice re-rolled"))
    return dice


def _climb(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    rolled = list(rolls[0])
    score_on = SCORES_ON[params["state"]]
    what = params["action"]
    section = "Climbing" if what == "climb" else "Jumping"
    if params["ran"] and what == "climb":
        raise BadDocument.at("params.ran", "a model can not run and climb in the same action")
    steps = [
        Step(
            f"An S skill test at the obstacle, scoring on {plus(score_on)}: {faces(rolled)} "
            f"scores {scoring(rolled, score_on)}.",
            section,
        )
    ]
    if len(rolls) > 1:
        why = "it ran in the same action" if params["ran"] else "Leap"
        rolled = reroll_failed(rolled, score_on, rolls[1], "rerolls", True, "")
        steps.append(
            Step(
                f"Failed dice are re-rolled ({why}): {faces(rolls[1])}, so {faces(rolled)}.",
                section if params["ran"] else "Extra Abilities > Leap",
            )
        )
    units = scoring(rolled, score_on)
    steps.append(
        Step(
            f"{units} {'unit' if units == 1 else 'units'}: the most it can {what} this action "
            "(part of the distance moved, not added to it).",
            section,
        )
    )
    falls = ones_beat_sixes(rolled)
    changes = []
    if falls:
        steps.append(
            Step(
                "More 1s than 6s: the model falls from its current height; it "
                "takes a hit for each full unit fallen at S equal to its own Av "
                "(resolve with wound).",
                "Falling",
            )
        )
        changes.append(Change("model", "fell", value=True, text="falls"))
    return Resolution({"units": units, "falls": falls}, steps, changes)


def _regenerate(
    _catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    left = params["dc_left"]
    if left >= params["dice"]:
        raise BadDocument.at("params.dc_left", "only a model that has taken damage regenerates")
    _, _, passed, steps = _test(rolls[0], params["state"], left, 0, "Regeneration")
    changes: list[Change] = []
    kept = ones_beat_sixes(rolls[0])
    if passed:
        changes.append(Change("model", "dc", delta=1, text="regenerates 1 Dc"))
        if kept:
            steps.append(
                Step(
                    "It regains 1 Dc, but with more 1s than 6s the severity of its wound remains.",
                    "Regeneration",
                )
            )
        else:
            name = severity(left + 1)
            steps.append(Step(f"It regains 1 Dc and its wound heals to {name}.", "Regeneration"))
            changes.append(Change("model", "wound", value=name, text=f"{name} wound"))
    return Resolution(
        {"passed": passed, "dc_left": left + int(passed), "severity_kept": passed and kept},
        steps,
        changes,
    )


def _scatter(
    _catalogue: Catalogue, _params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    low, high = sorted(rolls[0])
    if low == high:
        return Resolution(
            {"dud": True, "distance": 0},
            [Step(f"A double ({low}, {high}): the shot is a dud.", "Blast (x)")],
        )
    return Resolution(
        {"dud": False, "distance": low + high},
        [
            Step(
                f"The blast scatters {low + high} units, from the lower die ({low}) towards the "
                f"higher ({high}) as they lie on the table.",
                "Blast (x)",
            )
        ],
    )


def _mount(
    _catalogue: Catalogue, _params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    (face,) = rolls[0]
    hit = "mount" if face <= 3 else "rider"
    return Resolution(
        {"hits": hit},
        [
            Step(
                f"{face}: the shot hits the {hit} (1-3 the mount, "
                "4-6 the rider); wound against it.",
                "Bestia Archetype > Mounts",
            )
        ],
    )


SKILL_TEST_PROCEDURE = Procedure(
    "skill-test",
    "A skill test: as many dice as the characteristic, each 4+ scores (5+ pinned, 6 "
    "suppressed or confused); pass with as many scores as the difficulty, or more.",
    SKILL_TEST,
    (
        integer("dice", 4, 1, 20, "the characteristic tested (Mv, Rg, As, Df, S, In ...)"),
        integer("difficulty", 1, 1, 20, "scores needed (the difficulty rating)"),
        text("state", "normal", "the model's state", STATES),
        integer("banked", 0, 0, 40, "scores saved from earlier tries of a cumulative test"),
        boolean("cumulative", "the test is cumulative: a failure saves its scores"),
        integer(
            "heroic_die",
            0,
            0,
            20,
            "Heroic (a personality model's one re-roll a turn): which die is re-rolled, "
            "1 for the first; 0 for none",
        ),
    ),
    _heroic_dice,
    _skill_test,
    roles=("model",),
)

TESTS: tuple[Procedure, ...] = (
    _one_test(
        "most-pressing-target",
        "The Mr test to shoot at another target than the "
        "nearest: difficulty 4 within 5 units, 3 to 10, 2 to 20, 1 beyond.",
        "Most Pressing Target",
        integer("dice", 3, 1, 20, "the shooter's Mr"),
        (text("distance", "5-10", "units to the nearest enemy in sight", tuple(PRESSING_BANDS)),),
        _pressing,
        roles=("attacker",),
    ),
    _one_test(
        "clear-out-of-ammo",
        "The In test that makes a weapon that ran out of ammo usable "
        "again: difficulty the weapon's tech rating.",
        "1s, 6s and Out of Ammo",
        integer("dice", 3, 1, 20, "the model's In"),
        (
            text("weapon", "rifle", "the weapon that ran out", catalogue_ids="weapon"),
            integer("tech", None, 1, 6, "its tech rating, where the book lost it"),
        ),
        _clear_ammo,
        roles=("attacker",),
    ),
    _one_test(
        "stunned-recovery",
        "The cumulative Mr test of difficulty 3 that ends being stunned.",
        "Stunned",
        integer("dice", 3, 1, 20, "the model's Mr"),
        (integer("banked", 0, 0, 40, "scores saved from earlier tries"),),
        _stunned,
    ),
    _one_test(
        "go-to-ground",
        "A section's Df test to go to ground (Av 8 or less); the book "
        "prints no difficulty: 1 unless the players agree another.",
        "Going to ground",
        integer("dice", 4, 1, 20, "the section's Df"),
        (
            integer("difficulty", 1, 1, 20, "scores needed (the book gives none)"),
            integer("av", 0, 0, 20, "the section's Av"),
        ),
        _ground,
    ),
    _one_test(
        "leader-activation",
        "A leader's dice, scoring as a skill test: each score "
        "activates one more model; all failing, confusion.",
        "Leaders and group actions",
        integer("dice", 2, 1, 20, "the leader's 'x' value"),
        (),
        _leader,
        roles=("leader",),
    ),
    Procedure(
        "movement",
        "Movement: Mv dice for one AP (double running), 4+ in the open, 5+ "
        "difficult, 6 very difficult; the scores are the units moved.",
        "Movement",
        (
            integer("mv", 8, 0, 30, "the model's Mv as it stands"),
            text("terrain", "open", "the ground moved through", tuple(TERRAIN)),
            boolean("run", "the model runs (Av 2 or less): double Mv"),
            integer("av", 0, 0, 20, "the model's Av"),
        ),
        _move_dice,
        _move,
        roles=("model",),
    ),
    Procedure(
        "climb-or-jump",
        "The S test at an obstacle: the scores are the units climbed or "
        "jumped; more 1s than 6s and the model falls.",
        "Climbing",
        (
            integer("dice", 3, 1, 20, "the model's S"),
            _state_param(),
            text("action", "climb", "climbing or jumping", ("climb", "jump")),
            boolean("ran", "the model ran in the same action (a jump only)"),
            boolean("leap", "the model has Leap"),
            integer(
                "rerolls", 0, 0, 20, "failed dice of a jump re-rolled (after running, or with Leap)"
            ),
        ),
        _climb_dice,
        _climb,
        roles=("model",),
    ),
    _one_test(
        "regenerate",
        "Regeneration: a Dc test of difficulty the Dc left; success "
        "regains 1 Dc (and heals the wound unless more 1s than 6s).",
        "Regeneration",
        integer("dice", 3, 1, 20, "the model's Dc characteristic"),
        (integer("dc_left", 1, 1, 19, "the Dc it has left"),),
        _regenerate,
    ),
    Procedure(
        "blast-scatter",
        "A Blast shot that missed: 2D6 scatter the blast their total "
        "from the lower die towards the higher; a double is a dud.",
        "Blast (x)",
        (),
        fixed(Dice(2, 6, "scatter")),
        _scatter,
    ),
    Procedure(
        "mount-hit",
        "A shot at a mounted bestia: 1-3 hits the mount, 4-6 the rider.",
        "Bestia Archetype > Mounts",
        (),
        fixed(Dice(1, 6, "mount or rider")),
        _mount,
        roles=("target",),
    ),
)
