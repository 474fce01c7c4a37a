"""What the dice procedures share: clicks of damage against a plane's dial, and a pilot check.

A table knows a plane's dial; a procedure is told only how many clicks the plane can still
take before three bullet holes show (``clicks_left``, optional), so it can say when the
clicks bring the plane down without reading the dial itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_engine.cs_air_action.collisions import CRITICAL_FAILURE_TOTAL, check_fails
from rules_engine.cs_air_action.settings import CRITICAL_FAILURE_READINGS, EVERY_CHECK
from rules_engine.odds_query import Param, integer, text
from rules_engine.procedures import Change, Step

PILOT_CHECKS = "Pilot Checks"
VICTORY = "Victory!"

CLICKS_LEFT = integer(
    "clicks_left",
    None,
    1,
    20,
    "clicks the plane can take before three bullet holes show (null: not tracked)",
)
PILOTING = integer("piloting", 7, 0, 20, "the piloting value on the plane's combat dial")
CRITICAL_FAILURE = text(
    "critical_failure",
    EVERY_CHECK,
    "a total of 2 fails every pilot check (the engine's reading) or only in collisions, "
    "where the book states it",
    CRITICAL_FAILURE_READINGS,
)
CHECK_PARAMS: tuple[Param, ...] = (PILOTING, CRITICAL_FAILURE)


def faces_words(faces: Sequence[int]) -> str:
    """``4, 4, 5 and 6``."""
    shown = [str(f) for f in faces]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def clicks_word(n: int) -> str:
    return f"{n} click{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Check:
    """One pilot check as rolled: its total, whether it passed, whether it was a 2."""

    total: int
    passed: bool
    critical: bool
    step: Step


def pilot_check(
    faces: Sequence[int], piloting: int, reading: str = EVERY_CHECK, who: str = "The pilot"
) -> Check:
    """2d6 against the piloting value ("Pilot Checks"); a 2 fails as ``reading`` says
    (docs/rulings/cs-air-action-engine.md, 7 and 12)."""
    total = sum(faces)
    critical = total == CRITICAL_FAILURE_TOTAL
    passed = not check_fails(total, piloting) if reading == EVERY_CHECK else total >= piloting
    if critical and reading == EVERY_CHECK and piloting <= CRITICAL_FAILURE_TOTAL:
        verdict = "a total of 2 is a critical failure and fails even so"
    elif passed:
        verdict = "at or above it, the check succeeds"
    else:
        verdict = "below it, the check fails"
    text_ = (
        f"{who} rolls 2d6 for a pilot check: {faces_words(faces)} make {total} against "
        f"piloting {piloting}; {verdict}."
    )
    return Check(total, passed, critical, Step(text_, PILOT_CHECKS))


def damage(
    subject: str, clicks: int, clicks_left: int | None, section: str, why: str
) -> tuple[list[Step], list[Change], bool]:
    """``clicks`` of damage to ``subject`` for a reason other than a shot: the steps, the
    changes and whether they destroy the plane (removed from play, so its points score
    once for the other side, "Victory!")."""
    if clicks <= 0:
        return [], [], False
    taken = clicks if clicks_left is None else min(clicks, clicks_left)
    steps = [Step(f"Give the plane {clicks_word(taken)} of damage ({why}).", section)]
    changes = [Change(subject, "clicks", delta=taken, text=f"{clicks_word(taken)}: {why}")]
    destroyed = clicks_left is not None and clicks >= clicks_left
    if destroyed:
        steps.append(
            Step(
                "Three bullet holes show: the plane is destroyed and removed from play; "
                "removed other than by a shot, it scores its point value once for the other "
                "side.",
                VICTORY,
            )
        )
        changes.append(Change(subject, "destroyed", value=True, text="removed from play"))
    return steps, changes, destroyed
