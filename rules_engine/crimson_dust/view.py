"""The whole Crimson Dust content as the engine reads it, with names as printed in the book.

Everything the pack holds is shown: profiles, weapons with their trait values, melee
bonuses, every ability by kind (psychic powers, hacker attacks, ammunition...), the tables
and the rule texts. A value the book prints as ``-`` is ``null`` and its name is listed in
the entry's ``not_available``, never shown as 0 (a null the pack marks uncertain, one the
page does not let us read, is listed in ``unknown`` instead); a cost the book does not
give prints as ``?``. Values read with doubt carry the pack's ``uncertain`` notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.catalogue import Catalogue, Record, thaw
from rules_engine.crimson_dust.content import RANGE_BANDS, SYSTEM, Cost

QUALITIES = ("green", "regular", "veteran")
# Plural section names of the ability kinds, in the book's order.
ABILITY_SECTIONS = {
    "weapon_trait": "weapon_traits",
    "melee_weapon_modifier": "melee_weapon_modifiers",
    "ammunition": "ammunition",
    "equipment": "equipment",
    "skill": "skills",
    "psychic_level": "psychic_levels",
    "psychic_power": "psychic_powers",
    "hacker_level": "hacker_levels",
    "hacker_attack": "hacker_attacks",
    "hacker_equipment": "hacker_equipment",
    "vehicle_equipment": "vehicle_equipment",
    "archetype_rule": "archetype_rules",
}


def _flags(record: Record) -> dict[str, Any]:
    """Where the value comes from, and any doubt about it."""
    out: dict[str, Any] = {"source": thaw(record.source)}
    if record.uncertain:
        out["uncertain"] = thaw(record.uncertain)
    return out


def stats(values: Mapping[str, Any]) -> dict[str, Any]:
    """Characteristics as printed: a ``-`` is null and named in ``not_available``."""
    shown = {k: v for k, v in thaw(values).items()}
    missing = [k for k, v in shown.items() if v is None]
    return {"values": shown, "not_available": missing}


def cost(data: Any) -> dict[str, Any]:
    """A printed cost (``"5"``, ``"-"`` not available, ``"?"`` not given, ``None`` none)."""
    if data is None:
        return {"printed": None, "points": None}
    c = Cost.read(data)
    return {"printed": c.printed(), "points": c.pts if c.pts is not None else None}


def _costs(costs: Mapping[str, Any]) -> str:
    return "/".join(Cost.read(costs[q]).printed() for q in QUALITIES)


def _trait_names(catalogue: Catalogue) -> dict[str, str]:
    return {r.id: r.name for r in catalogue.records(SYSTEM, "ability").values()}


def traits(ids: Any, values: Mapping[str, Any], names: Mapping[str, str]) -> list[Any]:
    """Each trait with its value as the book prints it: ``Heavy 2``, ``AT 5``, ``Hail``."""
    out = []
    for trait in ids:
        value = values.get(trait)
        name = names.get(trait, trait)
        out.append(
            {
                "id": trait,
                "name": name,
                "value": value,
                "printed": name if value is None else f"{name} {value}",
            }
        )
    return out


def archetype_entry(record: Record, names: Mapping[str, str]) -> dict[str, Any]:
    data = record.data
    return {
        "name": record.name,
        "qualities": {
            q: {
                "profile": stats(v["profile"])["values"],
                "not_available": stats(v["profile"])["not_available"],
                "points": v["points"],
                "special": [names.get(s, s) for s in v["special"]],
            }
            for q, v in data["qualities"].items()
        },
        "upgrades": {u["id"]: f"{u['name']} - {_costs(u['costs'])}" for u in data["upgrades"]},
        "upgrade_effects": {
            u["id"]: {
                "name": u["name"],
                "effect": thaw(u.get("effect", {})),
                "group": u.get("group"),
                "max": u.get("max"),
            }
            for u in data["upgrades"]
        },
        "skills": {
            s["skill"]: f"{names.get(s['skill'], s['skill'])} - {_costs(s['costs'])}"
            for s in data["skills"]
        },
        "skill_notes": {s["skill"]: s["note"] for s in data["skills"] if "note" in s},
        "rules": [{"id": r["id"], "name": r["name"], "text": r["text"]} for r in data["rules"]],
        **_flags(record),
    }


def weapon_entry(record: Record, names: Mapping[str, str]) -> dict[str, Any]:
    data = record.data
    to_hit = {b: data["to_hit"].get(b) for b in RANGE_BANDS}  # bands in range order
    doubtful = {u["path"] for u in record.uncertain}
    missing = ["S"] if data["S"] is None else []
    missing += [f"to_hit.{b}" for b, s in to_hit.items() if s is None]
    # A null the pack marks uncertain is a value the book's page does not let us read, not
    # a printed "-".
    unknown = [m for m in missing if f"$.data.{m}" in doubtful]
    not_available = [m for m in missing if m not in unknown]
    entry: dict[str, Any] = {
        "name": record.name,
        "category": data["category"],
        "tech": data["tech"],
        "points": cost(data["points"])["printed"],
        "S": data["S"],
        "to_hit": {b: (f"{s}+" if s else "-") for b, s in to_hit.items()},
        "to_hit_score": to_hit,
        "special": [t["printed"] for t in traits(data["traits"], data["trait_values"], names)],
        "traits": traits(data["traits"], data["trait_values"], names),
        "not_available": not_available,
        "unknown": unknown,
    }
    if "melee" in data:
        entry["melee"] = thaw(data["melee"])
    if "description" in data:
        entry["description"] = data["description"]
    return entry | _flags(record)


def ability_entry(record: Record, names: Mapping[str, str]) -> dict[str, Any]:
    data = thaw(record.data)
    entry: dict[str, Any] = {
        "name": record.name,
        "kind": data.pop("kind"),
        "tech": data.pop("tech", None),
        "points": cost(data.pop("cost", None))["printed"],
    }
    shot = data.pop("shot", None)
    if shot is not None:
        entry["shot"] = {
            "S": shot.get("S"),
            "traits": traits(shot.get("traits", []), shot.get("trait_values", {}), names),
            "not_available": ["S"] if shot.get("S") is None else [],
        }
    entry |= data  # rule text, difficulty, AP, levels, melee bonuses... as the pack holds them
    return entry | _flags(record)


def table_entry(record: Record) -> dict[str, Any]:
    data = thaw(record.data)
    return {
        "name": record.name,
        "kind": data.pop("kind"),
        "rows": data.pop("rows"),
        **data,
        **_flags(record),
    }


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """Every Crimson Dust record, by section, keyed by stable id.

    Args:
        catalogue: the content snapshot.

    Returns:
        Archetypes (profiles, points, upgrade and skill costs as printed ``2/4/7``, rule
        texts), weapons (to-hit by range band in range order, traits with their values,
        melee bonuses), abilities (all of them, and again by kind), tables; each with its
        source and doubts (docs/catalogue/crimson-dust.schema.json).
    """
    names = _trait_names(catalogue)
    abilities = catalogue.records(SYSTEM, "ability")
    view: dict[str, Any] = {
        "system": SYSTEM,
        "packs": catalogue.pack_versions(SYSTEM),
        "archetypes": {
            r.id: archetype_entry(r, names) for r in catalogue.records(SYSTEM, "archetype").values()
        },
        "weapons": {
            r.id: weapon_entry(r, names) for r in catalogue.records(SYSTEM, "weapon").values()
        },
        "abilities": {r.id: ability_entry(r, names) for r in abilities.values()},
    }
    for kind, section in ABILITY_SECTIONS.items():
        view[section] = {
            r.id: view["abilities"][r.id] for r in abilities.values() if r.data["kind"] == kind
        }
    view["tables"] = {r.id: table_entry(r) for r in catalogue.records(SYSTEM, "table").values()}
    return view
