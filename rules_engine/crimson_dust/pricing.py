"""Turning printed costs into points: book prices, house prices and costs the book omits.

Warbands > Archetypes: "After each option will be listed three values such as '2/4/7', these
are the points values to be added to the total cost of the model ... Where a value is
replaced by a '-' it means that this upgrade is not available to that quality of troop."
The V2.1 book prints '? pts' for hacker and psychic levels and leaves weapon points blank:
those are priced 0 with a warning unless the list's ``house_rules.prices`` agrees a price.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.crimson_dust.codes import Code
from rules_engine.crimson_dust.content import Cost
from rules_engine.verdict import Severity, Violation


@dataclass(frozen=True)
class Item:
    """One priced line of a model: what was bought, for how much, and whose price it is."""

    kind: str
    id: str
    name: str
    points: int
    price: str  # "book", "house" or "not given"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "name": self.name, "points": self.points,
                "price": self.price}


@dataclass
class Pricer:
    """Prices costs for one list, collecting a warning for every cost the book leaves out."""

    house_prices: Mapping[str, int]
    violations: list[Violation] = field(default_factory=list)
    house_used: dict[str, int] = field(default_factory=dict)

    def price(self, cost: Cost, *, kind: str, id_: str, name: str, owner: str,
              path: str) -> Item:
        """An ``Item`` for ``cost``; call only for costs that are available."""
        if cost.pts is not None:
            return Item(kind, id_, name, cost.pts, "book")
        if id_ in self.house_prices:
            self.house_used[id_] = self.house_prices[id_]
            return Item(kind, id_, name, self.house_prices[id_], "house")
        self.violations.append(Violation(
            Code.PRICE_NOT_GIVEN,
            f"{owner}: the book gives no points cost for {name}; priced 0",
            path, Severity.WARNING, unpriced=id_))
        return Item(kind, id_, name, 0, "not given")
