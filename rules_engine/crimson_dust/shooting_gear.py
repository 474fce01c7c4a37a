"""Equipment that changes a shot's odds: scopes, the tripod, camouflage and force fields.

Shared by the odds queries and the fights so both play each item the same way. Sections are
those of Extra Equipment in the book; the readings are in docs/rulings/crimson-dust-engine.md.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

# Query parameter names of the four scopes, and their pack ids.
SCOPES = ("telescopic_scope", "infrared_scope", "red_dot_laser", "cyber_linked_targeter")
SCOPE_IDS = {name: name.replace("_", "-") for name in SCOPES}
# Scopes: "they may not be used on weapons with the following rules: RoF, Blast,
# Flamethrower".
SCOPE_BARRED_TRAITS = ("rof", "blast", "flame-thrower")
# Telescopic Scope: "at ranges of over 18 units"; Red Dot laser: "at ranges of 12 units or
# less". Bands are the weapon profiles' columns.
FAR_BANDS = frozenset({"18-24", "24-36", "36+"})
NEAR_BANDS = frozenset({"0-6", "6-12"})
TRIPOD = "stabilising-tripod"
CAMOUFLAGE_IDS = {"camouflage-1": 1, "camouflage-2": 2}
REFRACTOR = "refractor-field-generator"
DEFLECTOR = "deflector-field-generator"


@dataclass(frozen=True)
class ScopeEffects:
    """What the fitted scopes do to one shot."""

    score_bonus: int = 0
    reroll_failed: bool = False
    ignore_concealment: bool = False
    extra_dice: int = 0


def scope_effects(scopes: Collection[str], band: str | None, aimed: bool) -> ScopeEffects:
    """The effect of ``scopes`` (names from ``SCOPES``) on a shot at ``band``.

    Args:
        scopes: the scopes fitted to the weapon ("on rare pieces of equipment they can be
            combined").
        band: the range band shot at.
        aimed: the shooter spent an action point aiming.

    Returns:
        Telescopic: one better score when aiming at over 18 units; Red Dot: failed dice
        re-rolled "as if it had aimed" at 12 units or less; Infrared: the target "doesn't
        gain the benefit of being concealed"; Cyber-linked targeter: +1 Rg (for a model with
        neural networking, which the targeter's text asks for).
    """
    return ScopeEffects(
        score_bonus=int("telescopic_scope" in scopes and aimed and band in FAR_BANDS),
        reroll_failed="red_dot_laser" in scopes and band in NEAR_BANDS,
        ignore_concealment="infrared_scope" in scopes,
        extra_dice=int("cyber_linked_targeter" in scopes),
    )


def avoid_score(camouflage: int, in_concealment: bool, reading: str) -> int:
    """The avoidance roll's score: 5+, or 4+ / 3+ for a stationary camouflaged model.

    Camouflage 1 and 2: "If the model was stationary in its last activation, then when it is
    shot at and it rolls its avoidance roll the model will score on results of 4+ [3+] in
    the open." Reading ``open-only``: not in concealing terrain; ``everywhere``: also there.
    """
    if not camouflage or (in_concealment and reading == "open-only"):
        return 5
    return 5 - camouflage


def deflected(strength: int) -> int:
    """Deflector field generator: "reduces the S value of any hits ... by 1, down to a
    minimum of 1" (an S already below 1 is left as it is)."""
    return strength - 1 if strength > 1 else strength


def tripod_dice_lost(shots: int, tripod: bool) -> int:
    """Dice a RoF shot loses: "x less dice", halved rounding down with a Stabilising Tripod
    ("an LMG with RoF 2, would only roll one less dice")."""
    if shots <= 1:
        return 0
    return shots // 2 if tripod else shots
