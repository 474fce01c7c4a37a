"""Ids are kebab-case everywhere; documents written with the older snake_case spellings
(``right_wing_front``, ``drop_tank``) still load, read through ``kebab``."""

from __future__ import annotations


def kebab(value: str) -> str:
    """The kebab-case spelling of an id: ``right_wing_front`` -> ``right-wing-front``."""
    return value.replace("_", "-")
