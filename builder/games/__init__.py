"""Each game's one home on the Django side, behind one registry derived from the engine's.

A game system the engine declares (``rules_engine.systems``) has its package here, named
after its slug (``cs-air-action`` is ``builder.games.cs_air_action``), whose ``GAME`` is a
``builder.games.base.Game``.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from builder.engine import SYSTEMS
from builder.games.base import Game, Kind


def package_name(system: str) -> str:
    """The package of ``system``'s game: its slug with hyphens as underscores."""
    return f"builder.games.{system.replace('-', '_')}"


@cache
def game(system: str) -> Game:
    """The game ``system``.

    Raises:
        KeyError: the engine declares no such system.
    """
    if system not in SYSTEMS:
        raise KeyError(system)
    found: Game = import_module(package_name(system)).GAME
    return found


def games() -> tuple[Game, ...]:
    """Every game, in the order the engine declares them."""
    return tuple(game(system) for system in SYSTEMS)


__all__ = ["Game", "Kind", "game", "games", "package_name"]
