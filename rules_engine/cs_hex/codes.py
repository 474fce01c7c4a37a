"""Stable violation codes of a cs-hex plane design (other apps switch on these strings)."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Every rule a plane design can break ("Создание самолета" in the book)."""

    NO_AIRFRAME = "cs-hex.no-airframe"
    EXTRA_AIRFRAME = "cs-hex.extra-airframe"
    UNKNOWN_PLANE_TYPE = "cs-hex.unknown-plane-type"
    SIZE_NOT_IN_TABLE = "cs-hex.size-not-in-table"
    SIZE_OUTSIDE_TYPE = "cs-hex.size-outside-type"
    RATING_NOT_IN_TABLE = "cs-hex.rating-not-in-table"
    OVER_FREE_MASS = "cs-hex.over-free-mass"
    UNKNOWN_ARMOUR_AREA = "cs-hex.unknown-armour-area"
    DUPLICATE_ARMOUR_AREA = "cs-hex.duplicate-armour-area"
    ARMOUR_OVER_MAXIMUM = "cs-hex.armour-over-maximum"
    ARMOUR_PARTIAL_ROW = "cs-hex.armour-partial-row"
    UNKNOWN_WEAPON = "cs-hex.unknown-weapon"
    WRONG_WEAPON_KIND = "cs-hex.wrong-weapon-kind"
    TURRET_NOT_ALLOWED = "cs-hex.turret-not-allowed"
    TURRET_TOO_MANY_GUNS = "cs-hex.turret-too-many-guns"
    TURRET_EMPTY = "cs-hex.turret-empty"
    TOO_MANY_HARDPOINTS = "cs-hex.too-many-hardpoints"
    SEEKER_WITHOUT_BEACON = "cs-hex.seeker-without-beacon"
    POINTS_LIMIT_IGNORED = "cs-hex.points-limit-ignored"
