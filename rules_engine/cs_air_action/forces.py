"""Two squadrons turned into the flat arrays a vectorised fight reads.

Figure ``f`` of the fight is plane ``f`` of squadron A, then the planes of squadron B. Stat
columns are indexed by clicks of damage taken (the last column is the shot-down click).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from rules_engine.catalogue import Catalogue
from rules_engine.clix.dial import Dial, stat_table
from rules_engine.cs_air_action.planes import (
    SYSTEM,
    Flight,
    ace_from_ref,
    plane_from_record,
    playable,
)
from rules_engine.cs_air_action.squadron import check_squadron
from rules_engine.errors import BadDocument
from rules_engine.jsonpath import child


@dataclass(frozen=True)
class Forces:
    """Both squadrons as arrays of shape (figures,) or (figures, clicks + 1)."""

    names: tuple[str, ...]
    paths: tuple[str, ...]
    side: np.ndarray  # 0 for squadron A, 1 for squadron B
    points: np.ndarray  # printed plane points (victory points are multiples of these)
    silhouette: np.ndarray
    ko: np.ndarray  # clicks of damage that shoot the plane down
    front: np.ndarray  # front gunnery after d clicks
    rear: np.ndarray
    piloting: np.ndarray
    ace_fate: np.ndarray  # Ace's fate value after e uses of fate (zeros when no Ace)
    build_points: tuple[int, int]  # each squadron's price, for the tie-breaker
    # Planes flown by their Aces figure, and the Ace's attack value after e uses of fate
    # (held at its last click before KO); None when no Ace flies.
    ace_pilot: np.ndarray | None = field(default=None)
    ace_attack: np.ndarray | None = field(default=None)

    @property
    def count(self) -> int:
        return len(self.names)


def _flights(catalogue: Catalogue, doc: Mapping[str, Any], root: str) -> list[tuple[str, Flight]]:
    flights = []
    for index, entry in enumerate(doc["entries"]):
        path = child(f"{root}.entries", index)
        record = catalogue.resolve(entry["figure"], "figure", SYSTEM)
        if record is None or record.data.get("kind") != "plane":
            raise BadDocument.at(child(path, "figure"),
                                 f"no Air Action plane {entry['figure']!r} in the catalogue")
        plane = plane_from_record(catalogue, record, path)
        ace = None
        if entry.get("ace"):
            ace = ace_from_ref(catalogue, entry["ace"], child(path, "ace"))
            if ace is None or plane.ace_ref != f"cs-aces/{ace.id}":
                raise BadDocument.at(child(path, "ace"),
                                     f"{entry['ace']} cannot fly {plane.name}")
        flights.append((path, Flight(plane, ace)))
    if not flights:
        raise BadDocument.at(f"{root}.entries", "a squadron needs at least one plane to fight")
    return flights


def _ace_attack_table(dials: list[Dial | None], width: int) -> np.ndarray:
    """Each Ace's attack value after 0, 1, ... uses of fate; an Ace stays in the cockpit, so
    past its last click before KO it keeps that click's value (0 where no Ace flies)."""
    out = np.zeros((len(dials), width), dtype=np.int16)
    for row, dial in enumerate(dials):
        if dial is not None:
            last = dial.clicks_to_ko - 1
            out[row] = [dial.value("attack", min(uses, last)) for uses in range(width)]
    return out


def build_forces(
    catalogue: Catalogue, list_a: Mapping[str, Any], list_b: Mapping[str, Any],
    ace_points_in_victory: bool = False,
) -> Forces:
    """Arrays for a fight between two squadrons (each entry must resolve to a plane)."""
    sides = [_flights(catalogue, list_a, "list_a"), _flights(catalogue, list_b, "list_b")]
    flat = [(s, path, f) for s, flights in enumerate(sides) for path, f in flights]
    dials = [playable(f.plane, path) for _, path, f in flat]
    fate = np.zeros((len(flat), 1), dtype=np.int16)
    ace_of = [f.ace.dial if f.ace else None for _, _, f in flat]
    ace_rows = [i for i, (_, _, f) in enumerate(flat) if f.ace and f.ace.dial]
    ace_dials = [d for _, _, f in flat if f.ace and (d := f.ace.dial)]
    if ace_dials:
        fate = np.zeros((len(flat), max(d.clicks_to_ko for d in ace_dials) + 1), dtype=np.int16)
        fate[ace_rows] = stat_table(ace_dials, "fate", fate.shape[1])
    points = [f.points if ace_points_in_victory else f.plane.points for _, _, f in flat]
    builds = tuple(check_squadron(catalogue, doc).points for doc in (list_a, list_b))
    return Forces(
        names=tuple(f.name for _, _, f in flat),
        paths=tuple(path for _, path, _ in flat),
        side=np.array([s for s, _, _ in flat], dtype=np.int8),
        points=np.array(points, dtype=np.int32),
        silhouette=np.array([f.plane.silhouette for _, _, f in flat], dtype=np.int16),
        ko=np.array([d.clicks_to_ko for d in dials], dtype=np.int16),
        front=stat_table(dials, "front_gunnery"),
        rear=stat_table(dials, "rear_gunnery"),
        piloting=stat_table(dials, "piloting"),
        ace_fate=fate,
        build_points=(int(builds[0]), int(builds[1])),
        ace_pilot=np.array([d is not None for d in ace_of], dtype=bool),
        ace_attack=_ace_attack_table(ace_of, fate.shape[1]),
    )
