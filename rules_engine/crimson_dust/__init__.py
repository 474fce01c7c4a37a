"""Crimson Dust: warband prices and legality, exact shot odds and warband fights.

The system package the engine's front door and CLI call (see ``rules_engine.typing``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules_engine.catalogue import Catalogue
from rules_engine.crimson_dust.content import SYSTEM, content_of
from rules_engine.crimson_dust.warband import check_warband
from rules_engine.lazy import lazy_names
from rules_engine.verdict import Verdict

if TYPE_CHECKING:
    from rules_engine.crimson_dust.odds import ODDS
    from rules_engine.crimson_dust.simulation import simulate

# Loaded when first used: checking a list needs neither numpy nor icepool.
__getattr__ = lazy_names(__name__, {"ODDS": ".odds", "simulate": ".simulation"})


__all__ = ["ODDS", "SYSTEM", "catalogue_view", "check", "simulate"]


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """The Crimson Dust content as the engine reads it, with names as printed in the book.

    Args:
        catalogue: the content snapshot.

    Returns:
        Archetypes (profiles, points, upgrade and skill costs as printed '2/4/7'), weapons
        and abilities, keyed by stable id.
    """
    content = content_of(catalogue)
    abilities = content.abilities

    def costs(c: Mapping[str, Any]) -> str:
        return "/".join(c[q].printed() for q in ("green", "regular", "veteran"))

    def name(id_: str) -> str:
        return abilities[id_].name if id_ in abilities else id_

    return {
        "system": SYSTEM,
        "packs": catalogue.pack_versions(SYSTEM),
        "archetypes": {
            a.id: {
                "name": a.name,
                "qualities": {
                    q: {
                        "profile": v.profile.to_dict(),
                        "points": v.points,
                        "special": [name(s) for s in v.special],
                    }
                    for q, v in a.qualities.items()
                },
                "upgrades": {u.id: f"{u.name} - {costs(u.costs)}" for u in a.upgrades.values()},
                "skills": {
                    s.skill: f"{name(s.skill)} - {costs(s.costs)}" for s in a.skills.values()
                },
            }
            for a in content.archetypes.values()
        },
        "weapons": {
            w.id: {
                "name": w.name,
                "tech": w.tech,
                "points": w.points.printed(),
                "S": w.S,
                "to_hit": {b: (f"{s}+" if s else "-") for b, s in w.to_hit.items()},
                "special": [name(t) for t in w.traits],
            }
            for w in content.weapons.values()
        },
        "abilities": {
            a.id: {"name": a.name, "kind": a.kind, "tech": a.tech, "points": a.points.printed()}
            for a in abilities.values()
        },
    }


def check(catalogue: Catalogue, doc: Mapping[str, Any]) -> Verdict:
    """Price a warband and list every rule it breaks (see ``warband.check_warband``)."""
    return check_warband(catalogue, doc)
