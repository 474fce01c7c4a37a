"""What every hex-map dice procedure shares: the book's section headings, the pilot's
parameters and the one kind of roll the book has (d10 equal to or above a target).

The targets are built from the pack's check formulas (``checks.target``), the same data the
odds queries read, so a resolution and its odds can never disagree about a number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex.checks import formula, target
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.errors import BadDocument
from rules_engine.odds_query import Param, boolean, integer
from rules_engine.procedures import Dice, Step

# The book's headings as printed in seed 004, with an English gloss. The bail-out and landing
# paragraphs print no heading: they are named by their first words, as the book itself refers
# to them ("см. прыжки с парашютом").
MOVEMENT = "Фаза движения (Movement phase)"
TAILING = "Он у меня на хвосте! (He's on my tail!)"
SHOOTING = "Стрельба (Shooting)"
TO_HIT = "Сложность попадания (To-hit difficulty)"
DOUBLING_DOWN = "Стрельба на удвоение (doubling down)"
DROP_TANK = "Создание самолета: 8. Ракеты (Plane design: rockets and drop tanks)"
EFFECTS = "Особые эффекты оружия (Special weapon effects)"
COLLISIONS = "Столкновения (Collisions)"
RAMMING = "Таран (Ramming)"
BAIL_OUT = "Прыжок с парашютом (Bail out; the paragraph has no heading)"
LANDING = "Посадка (Landing; the paragraph has no heading)"
SPIN = "Штопор (Spin)"

SKILL_MAX = 10  # characteristics cost 0-10 ("Создание персонажа")

D10 = 10


def skill(name: str, meaning: str, default: int = 5) -> Param:
    return integer(name, default, 0, SKILL_MAX, meaning)


NATURAL_TOUCH = skill("natural_touch", "the pilot's Natural Touch (Естественное касание)")
SHOCKED = boolean("shocked", "the pilot is shocked (+2 to the difficulty)")


def one_d10(meaning: str) -> tuple[Dice, ...]:
    return (Dice(1, D10, meaning),)


@dataclass(frozen=True)
class Check:
    """One d10 roll against a target built from a formula record."""

    name: str
    target: int
    sum_text: str
    roll: int

    @property
    def passed(self) -> bool:
        return self.roll >= self.target

    def step(self, section: str) -> Step:
        if self.target <= 1:
            chance = "any roll succeeds"
        elif self.target > D10:
            chance = "no d10 can reach it (the book gives no automatic success on a 10)"
        else:
            chance = f"{self.target} or more succeeds"
        verdict = "success" if self.passed else "failure"
        return Step(
            f"{self.name}: roll a d10 equal to or above {self.sum_text} ({chance}); "
            f"rolled {self.roll}: {verdict}.",
            section,
        )

    def outcome(self) -> dict[str, int | bool]:
        return {
            "target_number": self.target,
            "roll": self.roll,
            "passed": self.passed,
            "margin": self.roll - self.target,
        }


def d10_check(
    catalogue: Catalogue,
    formula_id: str,
    values: Mapping[str, int | bool],
    roll: int,
    name: str | None = None,
) -> Check:
    """The check ``formula_id`` of the pack with its terms' ``values``, against ``roll``."""
    record = formula(catalogue, formula_id)
    number, sum_text = target(record, values)
    return Check(name or record.name, number, sum_text, roll)


def rows(catalogue: Catalogue, table_id: str) -> list[list[Any]]:
    """The rows of the pack's table ``table_id``."""
    record = catalogue.get(SYSTEM, "table", table_id)
    if record is None:
        raise BadDocument.at("$.content", f"the catalogue has no cs-hex table {table_id!r}")
    return [list(row) for row in record.data["rows"]]
