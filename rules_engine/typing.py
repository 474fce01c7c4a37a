"""The one interface a game system offers the engine: its rules, prices, odds queries and
fight simulation, declared once in its package as a ``SystemModule`` (and listed in
``rules_engine.systems``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rules_engine.catalogue import Catalogue
from rules_engine.odds_query import Query
from rules_engine.procedures import Procedure
from rules_engine.tally import Tally
from rules_engine.verdict import Verdict

if TYPE_CHECKING:
    from rules_engine.campaign import CampaignRules


class FightSimulation(Protocol):
    """A system's fights, played in blocks (``rules_engine.simulation``): ``prepare`` reads
    the lists and scenario (or raises ``BadDocument``), ``play`` adds a block's runs to a
    ``Tally``, ``report`` builds the shared report of docs/simulation.md from the totals."""

    def prepare(
        self,
        catalogue: Catalogue,
        list_a: Mapping[str, Any],
        list_b: Mapping[str, Any],
        scenario: Mapping[str, Any],
    ) -> Any: ...

    def play(self, match: Any, runs: int, gen: Any, tally: Tally) -> None: ...

    def report(self, match: Any, tally: Tally, seed: int) -> dict[str, Any]: ...


class TableView(Protocol):
    """A system's figures at a game table (``rules_engine.table_views``): the state a figure
    starts a game with, and what a player reads off it in a given state (its dial's current
    click, hull, Dc, the schematic's shaded squares), from the figure's own data."""

    def initial_state(
        self, catalogue: Catalogue, doc: Mapping[str, Any], path: str
    ) -> dict[str, Any]: ...

    def figure_view(
        self, catalogue: Catalogue, doc: Mapping[str, Any], path: str, state: Mapping[str, Any]
    ) -> dict[str, Any]: ...


@dataclass(frozen=True)
class SystemModule:
    """Everything the engine knows how to do for one game system.

    The odds queries and the fight simulation are named by loaders, so that checking a list
    imports neither numpy nor icepool, which only they need.
    """

    system: str
    check: Callable[[Catalogue, Mapping[str, Any]], Verdict]
    """Price and check a list document whose envelope and body schema are valid."""
    catalogue_view: Callable[[Catalogue], dict[str, Any]]
    """The system's content as the engine reads it, with names as printed in the books."""
    load_queries: Callable[[], Sequence[Query]]
    """The system's odds queries (each computing function takes resolved, typed values)."""
    load_simulation: Callable[[], FightSimulation] | None = None
    """The system's fights, or None when it has none."""
    title: str = ""
    """The game's name as its book prints it."""
    source: str = ""
    """The seed file of the book its rules come from (``../shared/seeds``)."""
    related: tuple[str, ...] = ()
    """Other systems whose records its lists may name (an Air Action squadron's Aces)."""
    unpriced: Callable[[Catalogue], dict[str, str]] | None = None
    """The items its book prints no points for (id to name), which ``house_rules.prices``
    may price; None when the book prices everything."""
    load_procedures: Callable[[], Sequence[Procedure]] | None = None
    """The dice procedures of its book that a game table resolves (``rules_engine.resolve``),
    or None before any is written."""
    load_table_view: Callable[[], TableView] | None = None
    """How its figures read at a game table, or None when the table shows only their names."""
    load_campaign: Callable[[], CampaignRules] | None = None
    """Its book's campaign rules (``rules_engine.campaign``), or None where it gives none."""

    @property
    def has_fights(self) -> bool:
        return self.load_simulation is not None

    def queries(self) -> dict[str, Query]:
        """The odds queries by name."""
        return {q.name: q for q in self.load_queries()}

    def unpriced_items(self, catalogue: Catalogue) -> dict[str, str]:
        """What a house price sheet of this game prices: id to name, by name."""
        return {} if self.unpriced is None else self.unpriced(catalogue)

    def simulation(self) -> FightSimulation | None:
        """The fight simulation, or None when the system has none."""
        return None if self.load_simulation is None else self.load_simulation()

    def table_view(self) -> TableView | None:
        """The figures' table view, or None when the system has none."""
        return None if self.load_table_view is None else self.load_table_view()

    def campaign(self) -> CampaignRules | None:
        """The campaign rules, or None where the book gives none (Muster invents none)."""
        return None if self.load_campaign is None else self.load_campaign()

    def procedures(self) -> dict[str, Procedure]:
        """The dice procedures by name."""
        return {} if self.load_procedures is None else {p.name: p for p in self.load_procedures()}
