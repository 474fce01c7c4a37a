"""Stable violation codes of cs-hex lists: plane designs and characters (other apps
switch on these strings)."""

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


class CharacterCode(StrEnum):
    """Every rule a character list can break ("Создание персонажа" in the book)."""

    NO_CHARACTER = "cs-hex.no-character"
    EXTRA_CHARACTER = "cs-hex.extra-character"
    UNKNOWN_ROLE = "cs-hex.unknown-role"
    UNKNOWN_CHARACTERISTIC = "cs-hex.unknown-characteristic"
    LEVEL_NOT_IN_TABLE = "cs-hex.level-not-in-table"
    BELOW_MINIMUM = "cs-hex.characteristic-below-minimum"
    FIXED_LEVEL = "cs-hex.characteristic-fixed"
    UNKNOWN_ADD_ON = "cs-hex.unknown-add-on"
    DUPLICATE_ADD_ON = "cs-hex.duplicate-add-on"
    ADD_ON_OVER_MAXIMUM = "cs-hex.add-on-over-maximum"
    ADD_ONS_NOT_ALLOWED = "cs-hex.add-ons-not-allowed"
    WINGMEN_NOT_BOUGHT = "cs-hex.wingmen-not-bought"
    WINGMEN_NOT_WRITTEN = "cs-hex.wingmen-not-written"
    WINGMAN_UNNAMED = "cs-hex.wingman-unnamed"
    OVER_BUDGET = "cs-hex.over-budget"
