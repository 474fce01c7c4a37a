"""Stable violation codes of Air Action squadron checks; other apps switch on these strings."""

from __future__ import annotations

from enum import StrEnum


class SquadronCode(StrEnum):
    UNKNOWN_FIGURE = "cs-air-action.unknown-figure"
    NOT_A_PLANE = "cs-air-action.not-a-plane"
    UNKNOWN_ACE = "cs-air-action.unknown-ace"
    ACE_NOT_OWN_PLANE = "cs-air-action.ace-not-own-plane"
    PILOT_FLIES_TWO_PLANES = "cs-air-action.pilot-flies-two-planes"
    BUILD_TOTAL_NOT_MULTIPLE_OF_100 = "cs-air-action.build-total-not-multiple-of-100"
    OVER_BUILD_TOTAL = "cs-air-action.over-build-total"
    ACES_BELOW_300 = "cs-air-action.aces-below-300"
