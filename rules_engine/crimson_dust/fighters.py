"""Warband models as a fight needs them: effective profile, chosen weapon and morale skills.

Built from the same verdict a list check gives, so a fight plays exactly the models the
roster shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust import ids
from rules_engine.crimson_dust.content import Weapon, content_of
from rules_engine.crimson_dust.settings import FIGHT
from rules_engine.crimson_dust.shooting_gear import (
    CAMOUFLAGE_IDS,
    DEFLECTOR,
    REFRACTOR,
    SCOPE_BARRED_TRAITS,
    TRIPOD,
)
from rules_engine.crimson_dust.warband import check_with_mounts


@dataclass(frozen=True)
class Side:
    """One warband as parallel arrays, one column per model that can take part."""

    names: tuple[str, ...]
    paths: tuple[str, ...]
    points: int
    legal: bool
    Rg: NDArray[np.int64]
    Df: NDArray[np.int64]
    Av: NDArray[np.int64]
    Dc: NDArray[np.int64]
    Mr: NDArray[np.int64]
    As: NDArray[np.int64]
    large: NDArray[np.int64]
    score: NDArray[np.int64]  # 7 when the model has no weapon that reaches the band
    S: NDArray[np.int64]
    at: NDArray[np.int64]
    rof: NDArray[np.int64]
    pinning: NDArray[np.int64]
    hail: NDArray[np.bool_]
    critical_shot: NDArray[np.bool_]
    battle_hardened: NDArray[np.bool_]
    fanatic: NDArray[np.bool_]
    brain_dead: NDArray[np.bool_]
    weapons: tuple[str | None, ...]
    # The shooter's gear on the weapon it fires (Scopes, Stabilising Tripod).
    infrared: NDArray[np.bool_]
    red_dot: NDArray[np.bool_]
    tripod: NDArray[np.bool_]
    # The target's gear (Camouflage 1/2: 1 or 2; Refractor and Deflector field generators).
    camouflage: NDArray[np.int64]
    refractor: NDArray[np.bool_]
    deflector: NDArray[np.bool_]
    # Mounts: the rider's Df on foot, and the mount's Df, Av, Dc and Mr (Dc 0: no mount).
    foot_Df: NDArray[np.int64]
    mount_Df: NDArray[np.int64]
    mount_Av: NDArray[np.int64]
    mount_Dc: NDArray[np.int64]
    mount_Mr: NDArray[np.int64]
    # The list's settings a fight reads (settings.FIGHT), defaults filled in.
    settings: Mapping[str, str]

    @property
    def size(self) -> int:
        return len(self.names)


def best_weapon(weapons: Sequence[Weapon], band: str) -> Weapon | None:
    """The weapon a model fires at ``band``: the lowest score needed, then the higher S."""
    usable = [w for w in weapons if w.to_hit.get(band) is not None and w.S is not None]
    if not usable:
        return None
    return min(usable, key=lambda w: (w.to_hit[band], -(w.S or 0)))


BOOLEANS = ("hail", "critical_shot", "battle_hardened", "fanatic", "brain_dead", "infrared",
            "red_dot", "tripod", "refractor", "deflector")


def side_from(catalogue: Catalogue, doc: Mapping[str, Any], band: str) -> Side:
    """The fighters of one warband; models whose archetype is unknown are left out."""
    content = content_of(catalogue)
    verdict, mounted = check_with_mounts(catalogue, doc)
    cols: dict[str, list[Any]] = {k: [] for k in (
        "Rg", "Df", "Av", "Dc", "Mr", "As", "large", "score", "S", "at", "rof", "pinning", "hail",
        "critical_shot", "battle_hardened", "fanatic", "brain_dead", "infrared", "red_dot",
        "tripod", "camouflage", "refractor", "deflector", "foot_Df", "mount_Df", "mount_Av",
        "mount_Dc", "mount_Mr")}
    names, paths, weapons_used = [], [], []
    for entry, model in zip(doc["entries"], verdict.breakdown["models"], strict=True):
        if model["effective"] is None:
            continue
        profile = model["effective"]["profile"]
        arch = content.archetypes[entry["archetype"]]
        has = (set(entry.get("skills", ())) | set(arch.special)
               | set(arch.qualities[entry["quality"]].special))
        weapons = [content.weapons[w] for w in entry.get("weapons", ())
                   if w in content.weapons]
        weapon = best_weapon(weapons, band)
        names.append(model["name"])
        paths.append(model["path"])
        weapons_used.append(weapon.name if weapon else None)
        for stat in ("Rg", "Df", "Av", "Dc", "Mr", "As"):
            cols[stat].append(profile[stat])
        cols["large"].append(model["effective"]["large_target"])
        cols["score"].append(weapon.to_hit[band] if weapon else 7)
        cols["S"].append(weapon.S if weapon else 0)
        cols["at"].append((weapon.trait("at") or 0) if weapon else 0)
        cols["rof"].append((weapon.trait("rof") or 0) if weapon else 0)
        cols["pinning"].append((weapon.trait("pinning") or 0) if weapon else 0)
        cols["hail"].append(bool(weapon and "hail" in weapon.traits))
        # Critical Shot: "When rolling to hit with a basic ranged weapon".
        cols["critical_shot"].append("critical-shot" in has and weapon is not None
                                     and weapon.is_basic)
        cols["battle_hardened"].append(ids.BATTLE_HARDENED in has)
        cols["fanatic"].append(ids.FANATIC in has)
        cols["brain_dead"].append("brain-dead" in has)
        gear = set(entry.get("equipment", ()))
        # Scopes "may not be used on weapons with the following rules: RoF, Blast,
        # Flamethrower"; a telescopic scope needs aiming, which the fights do not play.
        scoped = weapon is not None and not any(t in weapon.traits
                                                for t in SCOPE_BARRED_TRAITS)
        cols["infrared"].append(scoped and "infrared-scope" in gear)
        cols["red_dot"].append(scoped and "red-dot-laser" in gear)
        if scoped and "cyber-linked-targeter" in gear and ids.NEURAL_NETWORKING in gear:
            cols["Rg"][-1] += 1  # "a model with neural networking may add 1 to its Rg"
        cols["tripod"].append(bool(weapon and weapon.trait("rof")) and TRIPOD in gear)
        cols["camouflage"].append(max((CAMOUFLAGE_IDS.get(g, 0) for g in gear), default=0))
        cols["refractor"].append(REFRACTOR in gear)
        cols["deflector"].append(DEFLECTOR in gear)
        foot, mount = mounted.get(model["path"], (None, None))
        cols["foot_Df"].append(foot.profile.Df if foot else profile["Df"])
        for stat in ("Df", "Av", "Dc", "Mr"):
            cols[f"mount_{stat}"].append(getattr(mount.profile, stat) if mount else 0)
    arrays = {k: np.array(v, dtype=bool if k in BOOLEANS else np.int64)
              for k, v in cols.items()}
    chosen = doc.get("settings") or {}
    return Side(tuple(names), tuple(paths), verdict.points, verdict.legal,
                weapons=tuple(weapons_used),
                settings={s.name: str(chosen.get(s.name, s.default)) for s in FIGHT},
                **arrays)
