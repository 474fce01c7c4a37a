"""A model's effective profile: the printed profile after everything bought and carried.

Players read the effective profile off the roster, so every adjustment is listed with the
book section it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.crimson_dust.content import Archetype, Profile, Weapon

NEURAL_NETWORKING = "neural-networking"
POWERED_ARMOUR = "powered-armour"
# Extra Equipment: "Bionic Arm(s) - gives +1 S", "Bionic Internal Organs - ... +1 Dc",
# "Neural Networking - ... +1 to Df and In".
EQUIPMENT_EFFECTS: Mapping[str, Mapping[str, int]] = {
    NEURAL_NETWORKING: {"Df": 1, "In": 1},
    "bionic-arm": {"S": 1},
    "bionic-arms": {"S": 1},
    "bionic-internal-organs": {"Dc": 1},
}
# Bionics/Cyborg: "A model with bionics or that is cyborg ... reduces any equipment's heavy
# rating by 1" - once, however many bionic parts it has; Powered Armour "reduces any
# equipment's heavy rating by 1" too.
BIONICS_PREFIX = "bionic"
CYBORG = "cyborg"
JUMP_PACKS = "jump-packs"


@dataclass(frozen=True)
class Effective:
    """The effective profile and what a player needs to know about it."""

    profile: Profile
    adjustments: tuple[str, ...] = ()
    carried_weight: int = 0
    over_burden: int = 0
    large_target: int = 0
    mounted: bool = False
    notes: Mapping[str, Any] = field(default_factory=dict)

    @property
    def can_run(self) -> bool:
        """Running: 'Models with an Av of 2 or less can run'."""
        return self.profile.Av <= 2

    @property
    def can_go_to_ground(self) -> bool:
        """Going to ground: the section must 'have an Av of 8 or less'."""
        return self.profile.Av <= 8

    def to_dict(self) -> dict[str, Any]:
        return {
            "profile": self.profile.to_dict(),
            "adjustments": list(self.adjustments),
            "carried_weight": self.carried_weight,
            "can_run": self.can_run,
            "can_go_to_ground": self.can_go_to_ground,
            "large_target": self.large_target,
            "mounted": self.mounted,
        }


def upgraded_profile(archetype: Archetype, quality: str, upgrades: Sequence[str]) -> Profile:
    """The printed profile plus the profile upgrades bought (unknown ids are skipped)."""
    profile = archetype.qualities[quality].profile
    for uid in upgrades:
        upgrade = archetype.upgrades.get(uid)
        if upgrade is not None:
            profile = profile.plus(upgrade.effect)
    return profile


def carried_weight(weapons: Sequence[Weapon], equipment: Sequence[str]) -> int:
    """Sum of the weapons' Heavy 'x' ratings, less 1 for bionics and 1 for powered armour."""
    bionic = any(e.startswith(BIONICS_PREFIX) or e == CYBORG for e in equipment)
    reduction = int(bionic) + int(POWERED_ARMOUR in equipment)
    return sum(max(0, (w.trait("heavy") or 0) - reduction) for w in weapons if w.trait("heavy"))


def effective_profile(
    archetype: Archetype,
    quality: str,
    upgrades: Sequence[str] = (),
    *,
    exchange: str | None = None,
    equipment: Sequence[str] = (),
    weapons: Sequence[Weapon] = (),
    mount: Effective | None = None,
    heavy_armour_penalty: str = "all",
) -> Effective:
    """The model's profile as it plays.

    Args:
        archetype: the model's archetype.
        quality: ``green``, ``regular`` or ``veteran``.
        upgrades: profile upgrade ids bought.
        exchange: Contego's ``rg-for-as`` or ``as-for-rg`` (ignored for other archetypes).
        equipment: equipment ids carried.
        weapons: weapons carried (their Heavy ratings count towards the load).
        mount: the effective profile of a Bestia mount the model rides.
        heavy_armour_penalty: ``all`` counts any Av over 3; ``bought`` only Av bought above
            the printed profile (see docs/rulings/crimson-dust-engine.md).

    Returns:
        The effective profile with each adjustment described.
    """
    printed = archetype.qualities[quality].profile
    profile = upgraded_profile(archetype, quality, upgrades)
    notes: list[str] = []
    if profile != printed:
        notes.append("profile upgrades added (Warbands > Archetypes)")
    if exchange and archetype.exchanges_rg_as:
        delta = {"Rg": -1, "As": 1} if exchange == "rg-for-as" else {"Rg": 1, "As": -1}
        profile = profile.plus(delta)
        notes.append(f"Contego exchange {exchange}: Rg {delta['Rg']:+d}, As {delta['As']:+d}")
    for item in equipment:
        if item in EQUIPMENT_EFFECTS:
            profile = profile.plus(EQUIPMENT_EFFECTS[item])
            notes.append(f"{item}: " + ", ".join(f"{k} {v:+d}"
                                                 for k, v in EQUIPMENT_EFFECTS[item].items()))
    if JUMP_PACKS in equipment:
        profile = profile.plus({"Mv": 12 - profile.Mv})
        notes.append("jump-packs: counts as having Mv 12")
    # Heavy Armour: "any model with an Av of more than 3 suffers -1 Mv, As, and Df for each
    # point over 3, unless the model has 'powered armour'".
    threshold = 3 if heavy_armour_penalty == "all" else max(3, printed.Av)
    over = max(0, profile.Av - threshold)
    if over and POWERED_ARMOUR not in equipment:
        profile = profile.plus({"Mv": -over, "As": -over, "Df": -over})
        notes.append(f"heavy armour: Av {profile.Av} is {over} over 3, Mv/As/Df -{over}")
    # Uncompleted parts: "The maximum weight of equipment you can carry? Equal to model's S.
    # For each point over the model's S, then -2 Mv."
    weight = carried_weight(weapons, equipment)
    burden = max(0, weight - profile.S)
    if burden:
        profile = profile.plus({"Mv": -2 * burden})
        notes.append(f"carrying weight {weight} over S {profile.S}: Mv -{2 * burden}")
    large = 0
    if mount is not None:
        # Mounts: "Treat the two as a single for the purposes of movement and shooting, using
        # the bestia's Mv and Df ... any mounted bestia counts as being a 'large target'";
        # Large Targets: "Horse, mounted man" +1 Rg to the shooter.
        profile = profile.plus({"Mv": mount.profile.Mv - profile.Mv,
                                "Df": mount.profile.Df - profile.Df})
        large = 1
        notes.append("mounted: uses the mount's Mv and Df; a large target (+1 Rg to shooters)")
    return Effective(profile, tuple(notes), weight, burden, large, mount is not None)
