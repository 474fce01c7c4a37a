"""The interface every game-system package offers the engine's front door and CLI."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from rules_engine.catalogue import Catalogue
from rules_engine.verdict import Verdict

OddsFunction = Callable[..., dict[str, Any]]
"""``f(catalogue, **params) -> JSON-ready dict``; params come from the CLI or the API."""


class SystemModule(Protocol):
    SYSTEM: str
    ODDS: Mapping[str, OddsFunction]

    def catalogue_view(self, catalogue: Catalogue) -> dict[str, Any]:
        """The system's content as the engine reads it, with names as printed in the books."""

    def check(self, catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
        """Price and check a list document whose envelope and body schema are valid."""

    def simulate(
        self,
        catalogue: Catalogue,
        list_a: Mapping[str, Any],
        list_b: Mapping[str, Any],
        scenario: Mapping[str, Any],
        runs: int,
        seed: int,
    ) -> dict[str, Any]:
        """Play two lists against each other ``runs`` times, reproducibly from ``seed``."""
