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

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust import ids
from rules_engine.crimson_dust.codes import Code
from rules_engine.crimson_dust.content import Cost, content_of
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


def unpriced_items(catalogue: Catalogue) -> dict[str, str]:
    """Every item the ``Pricer`` would price 0 for want of a printed cost, id to name,
    sorted by name: weapons and carried equipment with no points, and skills and levels
    some archetype prints '?' for. A house price sheet offers one price for each.

    Args:
        catalogue: The catalogue snapshot whose Crimson Dust content is read.

    Returns:
        Item id to its printed name.
    """
    content = content_of(catalogue)
    found: dict[str, str] = {}
    for weapon in content.weapons.values():
        if weapon.points.not_given:
            found[weapon.id] = weapon.name
    for item in content.abilities.values():
        if item.kind in ids.CARRIED_KINDS and item.points.not_given:
            found[item.id] = item.name
    for arch in content.archetypes.values():
        for sid, option in arch.skills.items():
            if any(cost.not_given for cost in option.costs.values()):
                ability = content.abilities.get(sid)
                found[sid] = ability.name if ability else sid
        for uid, upgrade in arch.upgrades.items():
            if any(cost.not_given for cost in upgrade.costs.values()):
                found[uid] = upgrade.name
    return dict(sorted(found.items(), key=lambda kv: (kv[1].lower(), kv[0])))
