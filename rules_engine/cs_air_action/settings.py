"""Readings of the Air Action book that players may choose differently
(docs/rulings/cs-air-action-engine.md), read from a squadron's ``settings``.

The list body schema checks the values; this module only fills in the defaults, which are
the engine's standing readings, so a list without ``settings`` plays as it always did.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

# "Using Crimson Skies: Aces Characters...": "only the attack value and fate value on the
# combat dial of the Ace is used", and "Fate": "His attack value is 3 ... so he rolls six
# dice". An Ace pilot's front shots roll the plane's gunnery (default) or the Ace's attack.
ACE_SHOTS_ROLL = ("plane_gunnery", "ace_attack")

# "Collisions with Other Planes": "If any pilot check is a critical failure (a roll with a
# total of 2)". The book states the critical failure there only; the engine's reading
# (docs/rulings/cs-air-action-engine.md, 12) is that a 2 fails every pilot check.
EVERY_CHECK = "every-check"
CRITICAL_FAILURE_READINGS = (EVERY_CHECK, "collisions-only")


@dataclass(frozen=True)
class SquadronSettings:
    """Defaults are the readings in docs/rulings/cs-air-action-engine.md."""

    # "Navigation": an Ace's two cards "may" be added to the deck.
    ace_navigation_cards: bool = True
    # "Fate" / "Using Crimson Skies: Aces Characters...": see ``ACE_SHOTS_ROLL``.
    ace_shots_roll: str = "plane_gunnery"
    # "Victory!": whether a shot-down plane's points include its Ace's points.
    victory_points_include_ace: bool = False
    # "Bail Out": the book lists modifiers from Veteran up; a Rookie's is read as 0
    # (``None`` keeps the experience-levels table's value, itself 0 and flagged uncertain).
    rookie_bail_out_modifier: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


FIGHT_SETTINGS = ("ace_shots_roll", "victory_points_include_ace")  # also scenario parameters


def read_settings(doc: Mapping[str, Any]) -> SquadronSettings:
    """The settings of a (schema-valid) squadron document, defaults filled in."""
    given = doc.get("settings") or {}
    fields = SquadronSettings.__dataclass_fields__
    return SquadronSettings(**{k: v for k, v in given.items() if k in fields})
