"""Stable violation codes of a Crimson Dust warband check: other apps switch on these."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    OVER_POINTS_LIMIT = "crimson-dust.over-points-limit"
    UNKNOWN_ARCHETYPE = "crimson-dust.unknown-archetype"
    UNKNOWN_UPGRADE = "crimson-dust.unknown-upgrade"
    UPGRADE_NOT_AT_QUALITY = "crimson-dust.upgrade-not-at-quality"
    UPGRADE_TOO_OFTEN = "crimson-dust.upgrade-too-often"
    UPGRADE_ALTERNATIVES = "crimson-dust.upgrade-alternatives"
    UNKNOWN_SKILL = "crimson-dust.unknown-skill"
    SKILL_NOT_IN_ARCHETYPE = "crimson-dust.skill-not-in-archetype"
    SKILL_NOT_AT_QUALITY = "crimson-dust.skill-not-at-quality"
    SKILL_TWICE = "crimson-dust.skill-twice"
    DISPERSED_FORMATION_ARMOUR = "crimson-dust.dispersed-formation-armour"
    BATTLE_HARDENED_AND_FANATIC = "crimson-dust.battle-hardened-and-fanatic"
    HEROIC_NOT_PERSONALITY = "crimson-dust.heroic-not-personality"
    PSYCHIC_NULL_PSYKER = "crimson-dust.psychic-null-psyker"
    SEVERAL_LEVELS = "crimson-dust.several-levels"
    NEEDS_NEURAL_NETWORKING = "crimson-dust.needs-neural-networking"
    UNKNOWN_WEAPON = "crimson-dust.unknown-weapon"
    UNKNOWN_EQUIPMENT = "crimson-dust.unknown-equipment"
    REFRACTOR_FIELD_ARMOUR = "crimson-dust.refractor-field-armour"
    SHIELD_WEAPONS = "crimson-dust.shield-weapons"
    PRICE_NOT_GIVEN = "crimson-dust.price-not-given"
    OVER_BURDENED = "crimson-dust.over-burdened"
    EXCHANGE_NOT_ALLOWED = "crimson-dust.exchange-not-allowed"
    MOUNT_NOT_BESTIA = "crimson-dust.mount-not-bestia"
    BESTIA_RIDER = "crimson-dust.bestia-rider"
    MOUNT_DISCOUNT_UNRIDDEN = "crimson-dust.mount-discount-unridden"
    HACKER_EQUIPMENT = "crimson-dust.hacker-equipment"
