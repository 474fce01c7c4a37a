"""Stable violation codes of Aces team checks; other apps switch on these strings."""

from __future__ import annotations

from enum import StrEnum


class TeamCode(StrEnum):
    UNKNOWN_FIGURE = "cs-aces.unknown_figure"
    NOT_A_CHARACTER = "cs-aces.not_a_character"
    OVER_BUILD_TOTAL = "cs-aces.over_build_total"
    ACE_MORE_THAN_ONCE = "cs-aces.ace_more_than_once"
