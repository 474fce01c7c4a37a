"""Readings of the Aces book that players may choose differently
(docs/rulings/cs-aces-engine.md), read from a team's ``settings``.

The list body schema checks the values; this module only fills in the defaults, which are
the engine's standing readings, so a list without ``settings`` plays as it always did.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class TeamSettings:
    """Defaults are the readings in docs/rulings/cs-aces-engine.md."""

    # "Resolving an Attack" caps a defense above 6 at 6; "Hindering Terrain" adds 1. By
    # default the cap applies to the modified defense (a 6 always hits); true caps first,
    # so defense 6 behind hindering terrain is 7 and cannot be hit.
    cap_before_modifiers: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


FIGHT_SETTINGS = ("cap_before_modifiers",)  # also scenario parameters


def read_settings(doc: Mapping[str, Any]) -> TeamSettings:
    """The settings of a (schema-valid) team document, defaults filled in."""
    given = doc.get("settings") or {}
    fields = TeamSettings.__dataclass_fields__
    return TeamSettings(**{k: v for k, v in given.items() if k in fields})
