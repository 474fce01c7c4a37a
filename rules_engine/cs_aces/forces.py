"""Two Aces teams as the flat arrays a vectorised fight reads (team A's figures first).

A character token recruited several times becomes that many figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dial import stat_table
from rules_engine.cs_aces.characters import SYSTEM, character_from_record, playable
from rules_engine.cs_aces.team import check_team
from rules_engine.errors import BadDocument
from rules_engine.jsonpath import child


@dataclass(frozen=True)
class Team:
    """Both teams: per-figure arrays, stats indexed by clicks of damage taken."""

    names: tuple[str, ...]
    paths: tuple[str, ...]
    side: np.ndarray
    points: np.ndarray
    is_ace: np.ndarray
    range: np.ndarray
    targets: np.ndarray
    ko: np.ndarray
    attack: np.ndarray
    defense: np.ndarray
    fate: np.ndarray
    build_points: tuple[int, int]

    @property
    def count(self) -> int:
        return len(self.names)


def build_teams(catalogue: Catalogue, list_a: Mapping[str, Any],
                list_b: Mapping[str, Any]) -> Team:
    """Arrays for a fight between two teams (each entry must resolve to a character)."""
    flat = []
    for side, (root, doc) in enumerate((("list_a", list_a), ("list_b", list_b))):
        for index, entry in enumerate(doc["entries"]):
            path = child(f"{root}.entries", index)
            record = catalogue.resolve(entry["figure"], "figure", SYSTEM)
            if record is None:
                raise BadDocument.at(child(path, "figure"),
                                     f"no Aces figure {entry['figure']!r} in the catalogue")
            character = character_from_record(catalogue, record, path)
            flat += [(side, path, character, playable(character, path))] * int(
                entry.get("count", 1))
        if not any(f[0] == side for f in flat):
            raise BadDocument.at(f"{root}.entries", "a team needs at least one character")
    dials = [d for _, _, _, d in flat]
    builds = tuple(check_team(catalogue, doc).points for doc in (list_a, list_b))
    return Team(
        names=tuple(c.name for _, _, c, _ in flat),
        paths=tuple(p for _, p, _, _ in flat),
        side=np.array([s for s, _, _, _ in flat], dtype=np.int8),
        points=np.array([c.points for _, _, c, _ in flat], dtype=np.int32),
        is_ace=np.array([c.is_ace for _, _, c, _ in flat]),
        range=np.array([c.range for _, _, c, _ in flat], dtype=np.int16),
        targets=np.array([max(1, c.targets) for _, _, c, _ in flat], dtype=np.int16),
        ko=np.array([d.clicks_to_ko for d in dials], dtype=np.int16),
        attack=stat_table(dials, "attack"),
        defense=stat_table(dials, "defense"),
        fate=stat_table(dials, "fate"),
        build_points=(int(builds[0]), int(builds[1])),
    )
