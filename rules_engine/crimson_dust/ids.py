"""Stable pack ids of the skills and equipment whose rules the warband check enforces."""

from __future__ import annotations

DISPERSED_FORMATION = "dispersed-formation"
BATTLE_HARDENED = "battle-hardened"
FANATIC = "fanatic"
HEROIC = "heroic"
PSYCHIC_NULL = "psychic-null"
USED_AS_MOUNT = "mount"  # Bestia "Skills available: ... Used as mount -10"
NEURAL_NETWORKING = "neural-networking"
POWERED_ARMOUR = "powered-armour"
SHIELDS = frozenset({"riot-shield", "combat-shield"})
# Bionics, Camouflage 2, Enhanced Senses and Powered Armour "can only be used by models with
# 'neural networking'"; BEM Attacks: "a Hacker must be 'neural networked'".
NEEDS_NEURAL_NETWORKING_PREFIXES = ("bionic", "camouflage-2", "enhanced-senses",
                                    POWERED_ARMOUR, "hacker-")
REFRACTOR_FIELD_PREFIX = "refractor-field"
# Record kinds a model may carry: Extra Equipment, Hacker equipment ("some pieces of
# equipment, particularly defensive items, are available to all models") and Extra
# Ammunition ("Some weapons can be given extra types of ammunition").
CARRIED_KINDS = frozenset({"", "equipment", "hacker_equipment", "ammunition"})
# Hacker equipment whose text has a hacker use it (Trojan Virus: "If the hacker
# successfully disables"; Signal Booster: "The hacker may make direct attacks up to 15
# units away"). A relay is deployed by any model for "a friendly hacker".
HACKER_ONLY = frozenset({"trojan-virus", "signal-booster"})


def is_hacker_level(skill: str) -> bool:
    return skill.startswith("hacker-")


def is_psychic_level(skill: str) -> bool:
    return skill.startswith("psychic-level-")


def needs_neural_networking(item: str) -> bool:
    return item.startswith(NEEDS_NEURAL_NETWORKING_PREFIXES)
