"""Stable violation codes of Air Action squadron checks; other apps switch on these strings."""

from __future__ import annotations

from enum import StrEnum


class SquadronCode(StrEnum):
    UNKNOWN_FIGURE = "cs-air-action.unknown_figure"
    NOT_A_PLANE = "cs-air-action.not_a_plane"
    UNKNOWN_ACE = "cs-air-action.unknown_ace"
    ACE_NOT_OWN_PLANE = "cs-air-action.ace_not_own_plane"
    PILOT_FLIES_TWO_PLANES = "cs-air-action.pilot_flies_two_planes"
    BUILD_TOTAL_NOT_MULTIPLE_OF_100 = "cs-air-action.build_total_not_multiple_of_100"
    OVER_BUILD_TOTAL = "cs-air-action.over_build_total"
    ACES_BELOW_300 = "cs-air-action.aces_below_300"
