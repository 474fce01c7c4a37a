"""What a list needs on the table: the collectable records it names, and how many of each.

Each game says what its lists field (``builder.games``: a game's ``collection``); here the
records are merged, so a figure taken twice is one need for two.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from builder.games import game


@dataclass
class Need:
    system: str
    record_type: str
    stable_id: str
    quantity: int = 0
    paths: list[str] = field(default_factory=list)


def collectable(system: str) -> bool:
    """Whether lists of ``system`` field things a player owns (no unknown system's do)."""
    try:
        return game(system).collection.collectable
    except KeyError:
        return False


def list_needs(document: Mapping[str, Any]) -> list[Need]:
    """The records ``document`` needs, merged by record, in the order first named."""
    needs: dict[tuple[str, str, str], Need] = {}
    if not collectable(document["system"]):
        return []
    for named in game(document["system"]).collection.needs(document):
        key = (named.system, named.record_type, named.stable_id)
        need = needs.setdefault(key, Need(*key))
        need.quantity += named.quantity
        need.paths.append(named.path)
    return list(needs.values())
