"""Aces and character tokens: the cs-aces system's own figures (read by ``clix.characters``)."""

from __future__ import annotations

from rules_engine.clix.characters import (
    CHARACTER_KINDS,
    Character,
    character_from_record,
    playable,
)

SYSTEM = "cs-aces"

__all__ = ["CHARACTER_KINDS", "SYSTEM", "Character", "character_from_record", "playable"]
