"""The Piloting Check a maneuver takes (Piloting Check) and the speed the element flies on
(Maneuvers, Basic and Additional Maneuvers), resolved for a game table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.black_skies.book import Book, ManeuverOption, read_book
from rules_engine.black_skies.design import afterburner_boost
from rules_engine.black_skies.dice import fallback_options
from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument
from rules_engine.odds_query import boolean, integer, one_of, text, within
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step

PILOTING_CHECK = "Piloting Check"
MANEUVERS = "Maneuvers"
BASIC = "Basic Maneuvers"
ADDITIONAL = "Additional Maneuvers"
MOVEMENT = "Movement"
ROLES = ("lead", "wingman")


def _option(book: Book, params: Mapping[str, Any]) -> ManeuverOption:
    return book.options[one_of("maneuver", params["maneuver"], book.options)]


def check_need(book: Book, params: Mapping[str, Any]) -> int:
    """The Difficulty Rating after the doublings of Piloting Check (crippled; failed before)."""
    need = _option(book, params).difficulty
    if params["crippled"]:
        need *= book.constant("crippled_difficulty_multiplier")
    if params["failed_before"]:
        need *= book.constant("failed_check_difficulty_multiplier")
    return need


def _rolled(book: Book, params: Mapping[str, Any]) -> bool:
    """Whether a d6 can change the result: "Most maneuvers do not require an actual roll"."""
    sides = book.constant("piloting_die_sides")
    skill: int = params["skill"]
    return skill + 1 < check_need(book, params) <= skill + sides


def _check_dice(book: Book, params: Mapping[str, Any]) -> tuple[Dice, ...]:
    if not _rolled(book, params):
        return ()
    sides = book.constant("piloting_die_sides")
    return (Dice(1, sides, "Piloting Check: d6 + Piloting Skill"),)


def _dice(catalogue: Catalogue, params: Mapping[str, Any]) -> Sequence[Dice]:
    """Whether a check is rolled at all depends on the maneuver's Difficulty Rating."""
    return _check_dice(read_book(catalogue), params)


def _difficulty_steps(book: Book, option: ManeuverOption, params: Mapping[str, Any]) -> Step:
    words = f"{option.name} has Difficulty Rating {option.difficulty}"
    need = option.difficulty
    if params["crippled"]:
        need *= book.constant("crippled_difficulty_multiplier")
        words += f", doubled for a crippled fighter to {need}"
    if params["failed_before"]:
        need *= book.constant("failed_check_difficulty_multiplier")
        words += f", doubled for a check already failed this turn to {need}"
    return Step(words + ".", PILOTING_CHECK)


def _check(
    book: Book, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> tuple[bool, int | None, Step]:
    """Pass or fail, the d6 + skill total (None without a roll), and the step saying so."""
    skill, need = params["skill"], check_need(book, params)
    level = book.skill_levels.get(skill, "pilot")
    pilot = f"{'An' if level[0] in 'aeiou' else 'A'} {level} (Piloting Skill {skill})"
    if not rolls:
        passed = need <= skill + 1
        if passed:
            low = skill + 1
            words = f"{pilot} makes at least {low} on d6 + {skill}: {need} passes without a roll."
        else:
            top = skill + book.constant("piloting_die_sides")
            words = f"{pilot} makes at most {top} on d6 + {skill}: {need} fails without a roll."
        return passed, None, Step(words, PILOTING_CHECK)
    face = rolls[0][0]
    total = face + skill
    passed = total >= need
    verdict = "equal to or greater than" if passed else "less than"
    return (
        passed,
        total,
        Step(
            f"{pilot} rolls {face} on the d6: {face} + {skill} = {total}, {verdict} {need}: "
            f"the check {'succeeds' if passed else 'fails'}.",
            PILOTING_CHECK,
        ),
    )


def _fallback(book: Book, option: ManeuverOption, side: str) -> ManeuverOption:
    """The basic maneuver flown instead after a failure (a Snake falls to its ``side``)."""
    options = fallback_options(book, option)
    if option.direction == "either":
        return next(o for o in options if o.direction == side)
    return options[0]


def _speed_moved(
    book: Book, option: ManeuverOption, params: Mapping[str, Any]
) -> tuple[int, list[Step]]:
    """The speed the fighters move at this turn: changed first by Accelerate, Decelerate and
    Afterburner ("immediately ... then move"), never over the speed limit or below 0."""
    speed, limit = params["speed"], book.constant("max_speed")
    weight = book.weights[params["weight"]]
    if option.id == "accelerate":
        by = weight.acceleration if params["accelerate_by"] is None else params["accelerate_by"]
        words = (
            f"Accelerate: speed {speed} rises by {by} (a {weight.name.lower()} fighter may add up "
            f"to its acceleration rating of {weight.acceleration}) before moving"
        )
        section = BASIC
    elif option.id == "decelerate":
        by = -book.constant("decelerate_step")
        words = f"Decelerate: speed {speed} drops by {-by} before moving"
        section = BASIC
    elif option.id == "afterburner":
        by = afterburner_boost(book, weight.acceleration)
        words = (
            f"Afterburner: speed {speed} rises by {by} (150% of a {weight.name.lower()} "
            f"fighter's acceleration rating of {weight.acceleration}, rounded down) before moving"
        )
        section = ADDITIONAL
    else:
        return speed, []
    moved = max(0, min(limit, speed + by))
    steps = [Step(f"{words}: {moved}.", section)]
    if speed + by > limit:
        steps.append(Step(f"The speed limit is {limit}: no fighter flies faster.", MOVEMENT))
    return moved, steps


def _accelerate_by(book: Book, params: Mapping[str, Any]) -> None:
    if params["accelerate_by"] is None:
        return
    if params["maneuver"] != "accelerate":
        raise BadDocument.at(
            "params.accelerate_by", "accelerate_by goes with the Accelerate maneuver only"
        )
    within("accelerate_by", params["accelerate_by"], 0, book.weights[params["weight"]].acceleration)


def _pilot_check(
    catalogue: Catalogue, params: Mapping[str, Any], rolls: Sequence[Sequence[int]]
) -> Resolution:
    book = read_book(catalogue)
    option = _option(book, params)
    one_of("weight", params["weight"], book.weights)
    _accelerate_by(book, params)
    steps = [_difficulty_steps(book, option, params)]
    passed, total, said = _check(book, params, rolls)
    steps.append(said)
    flown = option if passed else _fallback(book, option, params["snake_side"])
    lead = params["role"] == "lead"
    if not passed:
        steps.append(_failure_step(option, flown, lead))
    if option.id == "bootlegger" and passed:
        steps.append(
            Step(
                "The Bootlegger enters Retrograde Motion, whose rules are cut off in the "
                "book's text: fly it as the players agree.",
                ADDITIONAL,
            )
        )
    outcome: dict[str, Any] = {
        "passed": passed,
        "rolled": bool(rolls),
        "difficulty": check_need(book, params),
        "total": total,
        "attempted": option.id,
        "flown": flown.id if lead else None,
        "may_fire": passed,
        "speed_moved": None,
        "speed_after": None,
    }
    changes: list[Change] = []
    if not passed:
        changes.append(
            Change("fighter", "failed_check", value=True, text="failed a Piloting Check this turn")
        )
        changes.append(
            Change("fighter", "may_fire", value=False, text="out of control: may not fire")
        )
    if not lead:
        steps.append(
            Step(
                "The wingman flies the maneuver his lead's check gives the element, at its "
                "speed: this check decides only whether he may fire.",
                PILOTING_CHECK,
            )
        )
        return Resolution(outcome, steps, changes)
    moved, speed_steps = _speed_moved(book, flown, params)
    steps += speed_steps
    after = max(0, moved - option.penalty)
    steps.append(_penalty_step(option, moved, after, passed))
    outcome |= {"speed_moved": moved, "speed_after": after}
    if after != params["speed"]:
        changes.append(
            Change(
                "fighter",
                "speed",
                value=after,
                text=f"speed {after} on the element's d12 (its wingman's too)",
            )
        )
    return Resolution(outcome, steps, changes)


def _failure_step(option: ManeuverOption, flown: ManeuverOption, lead: bool) -> Step:
    after = (
        " He may not fire this turn, and any further check he takes this turn has its "
        "difficulty doubled."
    )
    if not lead:
        return Step("Fighter control has got away from the wingman." + after, PILOTING_CHECK)
    return Step(
        f"Fighter control has got away from the pilot: the {option.name} is ignored and the "
        f"easiest basic maneuver the same way, {flown.name}, is flown instead; his wingman "
        "remains with him." + after,
        PILOTING_CHECK,
    )


def _penalty_step(option: ManeuverOption, moved: int, after: int, passed: bool) -> Step:
    if not option.penalty:
        return Step(
            f"The element moves {moved} inches; the {option.name} has no Movement Penalty, "
            f"so its speed stays {after}.",
            MANEUVERS,
        )
    return Step(
        f"The element moves {moved} inches; then the {option.name}'s Movement Penalty of "
        f"{option.penalty} takes its speed to {after}"
        + (" (applied whether the maneuver succeeds or not)." if not passed else "."),
        MANEUVERS,
    )


PILOT_CHECK = Procedure(
    "pilot-check",
    "A Piloting Check for one maneuver: d6 + Piloting Skill must equal or beat the Difficulty "
    "Rating (doubled when crippled, doubled again after a failed check this turn); a failure "
    "flies the easiest basic maneuver the same way and may not fire. The Movement Penalty "
    "comes off the speed after the move either way.",
    PILOTING_CHECK,
    (
        integer("skill", 1, 1, 4, "the pilot's Piloting Skill Level (1 green to 4 hotshot)"),
        text("maneuver", "steady", "the maneuver action attempted", catalogue_ids="maneuver"),
        integer("speed", 6, 0, 12, "the element's current speed (its d12)"),
        boolean("crippled", "the fighter is crippled (difficulty doubled)"),
        boolean("failed_before", "the pilot already failed a check this turn (doubled)"),
        text(
            "role",
            "lead",
            "lead (the check decides the element's maneuver and speed) "
            "or wingman (it decides only whether he may fire)",
            ROLES,
        ),
        text(
            "weight",
            "medium",
            "the fighters' weight, for Accelerate and Afterburner",
            catalogue_ids="fighter_weight",
        ),
        integer(
            "accelerate_by",
            None,
            0,
            4,
            "Accelerate only: how much of the acceleration rating to add (default all of it)",
        ),
        text(
            "snake_side",
            "left",
            "Snake only: the side the first half of the move goes to "
            "(a failure flies the Smooth turn that way)",
            ("left", "right"),
        ),
    ),
    _dice,
    _pilot_check,
    roles=("fighter",),
)
