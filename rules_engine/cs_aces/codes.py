"""Stable violation codes of Aces team checks; other apps switch on these strings."""

from __future__ import annotations

from enum import StrEnum


class TeamCode(StrEnum):
    UNKNOWN_FIGURE = "cs-aces.unknown-figure"
    NOT_A_CHARACTER = "cs-aces.not-a-character"
    OVER_BUILD_TOTAL = "cs-aces.over-build-total"
    ACE_MORE_THAN_ONCE = "cs-aces.ace-more-than-once"
