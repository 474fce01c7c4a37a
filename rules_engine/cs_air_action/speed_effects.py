"""Speed effects on gunnery ("Combat": "determine whether the active plane has any gunnery
speed effects at the current speed ... Modify your gunnery value and the target's silhouette
value if necessary")."""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.catalogue import Catalogue, Record
from rules_engine.cs_air_action.planes import SYSTEM


@dataclass(frozen=True)
class GunneryModifiers:
    dice: int = 0
    silhouette: int = 0
    effects: tuple[str, ...] = ()


def gunnery_modifiers(
    catalogue: Catalogue, plane: Record, speed: int, weapon: str
) -> GunneryModifiers:
    """Dice and silhouette modifiers of the speed effects shown at ``speed`` for a shot with
    the ``weapon`` ("front" or "rear") gunnery; effects at other dial locations do not
    apply to shots."""
    dial = catalogue.get(SYSTEM, "speed_dial", plane.data.get("speed_dial") or "")
    if dial is None:
        return GunneryModifiers()
    location = f"{weapon}_gunnery"
    dice = silhouette = 0
    names = []
    for row in dial.data["speeds"]:
        if row["speed"] != speed:
            continue
        for effect_id in row["effects"]:
            effect = catalogue.get(SYSTEM, "ability", effect_id)
            if effect is None or effect.data.get("location") != location:
                continue
            mods = effect.data.get("modifiers", {})
            dice += mods.get(location, 0) + mods.get("attack_dice", 0)
            silhouette += mods.get("target_silhouette", 0)
            names.append(effect.name)
    return GunneryModifiers(dice, silhouette, tuple(names))
