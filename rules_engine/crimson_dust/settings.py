"""The readings of the book players may disagree on, as named settings with their defaults.

Each setting is accepted by the odds queries (a parameter of the same name), by a warband's
``settings`` and by a fight's scenario; docs/rulings/crimson-dust-engine.md gives the
reasons. The defaults are the readings the engine played before they became settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules_engine.crimson_dust.critical_sixes import CANCELLED, KEPT, RANDOM


@dataclass(frozen=True)
class Setting:
    name: str
    values: tuple[str, ...]
    default: str
    section: str


# Critical Shot: "When rolling to hit ... on a natural roll of 6".
CRITICAL_SHOT_SIX = Setting("critical_shot_six", ("wound", KEPT, RANDOM, CANCELLED), "wound",
                            "Extra Abilities > Critical Shot")
# Camouflage 1/2: "the model will score on results of 4+ [3+] in the open".
CAMOUFLAGE = Setting("camouflage_reading", ("open-only", "everywhere"), "open-only",
                     "Extra Equipment > Camouflage 1, Camouflage 2")
# Return fire: "If Rg and As are equal you may choose".
RETURN_FIRE_TIE = Setting("return_fire_when_equal", ("fire", "cover"), "fire",
                          "Morale Tests")
# Wounding table: "1 - critical wound: Halve all characteristics".
CRITICAL_WOUND_AV = Setting("critical_wound_av", ("halved", "kept"), "halved",
                            "Wounding")
HEAVY_ARMOUR = Setting("heavy_armour_penalty", ("all", "bought"), "all",
                       "Heavy Armour")

ALL: Mapping[str, Setting] = {s.name: s for s in (
    HEAVY_ARMOUR, CRITICAL_SHOT_SIX, CAMOUFLAGE, RETURN_FIRE_TIE, CRITICAL_WOUND_AV)}
# The settings a fight reads (the heavy armour penalty is part of each warband's profiles).
FIGHT = (CRITICAL_SHOT_SIX, CAMOUFLAGE, RETURN_FIRE_TIE, CRITICAL_WOUND_AV)
