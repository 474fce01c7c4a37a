"""Pieces every Crimson Dust procedure shares: dice planned from the situation, scoring
dice, re-rolls and the words a step uses.

A procedure's dice are planned once from its parameters (``Plan``): each group has a key
the rules look it up by and the ``Dice`` the table rolls, so ``dice`` and ``run`` can never
disagree about which roll is which. Re-rolls the book allows (Aiming, Concealment, Rear
Shots...) are groups of their own, as many dice as the situation declares; the rules check
the declared number against the first roll and refuse one that could not have been rolled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules_engine.errors import BadDocument
from rules_engine.procedures import Dice

STATES = ("normal", "pinned", "suppressed", "confused")
# Skill Test: "results of 4+ score, if pinned results of 5+, if suppressed or confused
# results of 6".
SCORES_ON = {"normal": 4, "pinned": 5, "suppressed": 6, "confused": 6}


@dataclass
class Plan:
    """The dice groups of one situation, in the order their rolls are given."""

    groups: list[tuple[str, Dice]] = field(default_factory=list)

    def add(self, key: str, count: int, meaning: str) -> None:
        """A group of ``count`` d6; none is added for no dice."""
        if count > 0:
            self.groups.append((key, Dice(count, 6, meaning)))

    def dice(self) -> list[Dice]:
        return [d for _, d in self.groups]

    def read(self, rolls: Sequence[Sequence[int]]) -> dict[str, list[int]]:
        """The rolls by group key (a group the situation did not need reads as empty)."""
        return {key: list(g) for (key, _), g in zip(self.groups, rolls, strict=True)}


def faces(rolled: Sequence[int]) -> str:
    """``2, 3, 5``; ``none`` for no dice."""
    return ", ".join(map(str, rolled)) or "none"


def plus(score: int) -> str:
    """``4+``; a 6 is just ``6`` (the book's own way of writing it)."""
    return f"{score}+" if score < 6 else "6"


def dice_word(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def scoring(rolled: Sequence[int], score: int) -> int:
    return sum(1 for f in rolled if f >= score)


def ones_beat_sixes(rolled: Sequence[int]) -> bool:
    """1s, 6s and Out of Ammo / Fumbles: "rolls more 1s than it does 6s"."""
    return rolled.count(1) > rolled.count(6)


def reroll_failed(
    rolled: Sequence[int], score: int, again: Sequence[int], param: str, allowed: bool, why: str
) -> list[int]:
    """The dice after ``again`` replaced that many failed dice, the lowest first.

    Raises:
        BadDocument: at ``params.<param>``, a re-roll the situation does not allow or more
            re-rolled dice than failed.
    """
    if not again:
        return list(rolled)
    if not allowed:
        raise BadDocument.at(f"params.{param}", f"no re-roll of failed dice here: {why}")
    failed = sorted((f, i) for i, f in enumerate(rolled) if f < score)
    if len(again) > len(failed):
        raise BadDocument.at(
            f"params.{param}",
            f"only {dice_word(len(failed))} failed, so {len(again)} cannot be re-rolled",
        )
    out = list(rolled)
    for (_, i), face in zip(failed, again, strict=False):
        out[i] = face
    return out


def state_score(params: Mapping[str, object], key: str = "state") -> int:
    return SCORES_ON[str(params[key])]
