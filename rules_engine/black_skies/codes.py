"""Stable violation codes for Black Skies lists: other apps switch on these, never rename."""

from enum import StrEnum


class Code(StrEnum):
    UNKNOWN_WEIGHT = "black-skies.unknown-weight"
    UNKNOWN_WEAPON = "black-skies.unknown-weapon"
    UNKNOWN_ARMOUR = "black-skies.unknown-armour"
    UNKNOWN_THRUSTER = "black-skies.unknown-thruster"
    UNKNOWN_DESIGN = "black-skies.unknown-design"
    OVER_HARDPOINTS = "black-skies.over-hardpoints"
    ARMOUR_TOO_HEAVY = "black-skies.armour-too-heavy"
    TOO_MANY_SHIELD_LEVELS = "black-skies.too-many-shield-levels"
    TOO_MANY_THRUSTER_LOCATIONS = "black-skies.too-many-thruster-locations"
    PILOT_SKILL_OUT_OF_RANGE = "black-skies.pilot-skill-out-of-range"
    ELEMENT_TOO_LARGE = "black-skies.element-too-large"
    ELEMENT_SINGLE_FIGHTER = "black-skies.element-single-fighter"
    ELEMENT_MIXED_DESIGNS = "black-skies.element-mixed-designs"
    OVER_FIGHTER_LIMIT = "black-skies.over-fighter-limit"
    NO_FIGHTERS = "black-skies.no-fighters"
