"""What each entry of the builder offers to pick, from the engine's catalogue snapshot.

Options carry their price at the entry's quality where the book gives one, so a player sees
what a choice costs before making it. ``owned`` (figure ids) limits figure pickers to a
collection.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any

from builder.web.listform import HEX_AREAS, EntryField
from rules_engine.catalogue import Catalogue, Record
from rules_engine.ids import kebab

QUALITIES = (("green", "Green"), ("regular", "Regular"), ("veteran", "Veteran"))


def cost_note(costs: Mapping[str, Any] | None, quality: str) -> str:
    cost = (costs or {}).get(quality)
    if cost is None or cost.get("not_available"):
        return "-"
    if cost.get("not_given"):
        return "not given"
    return f"{cost.get('pts')} pts"


def _sorted(records: Mapping[str, Record]) -> list[Record]:
    return sorted(records.values(), key=lambda r: r.name.lower())


def add_options(
    system: str, kind: str, catalogue: Catalogue, owned: Collection[str] | None = None
) -> list[tuple[str, str]]:
    """What the "add" picker offers: archetypes, figures or cs-hex parts."""
    if system == "crimson-dust":
        return [
            (r.id, f"{r.name} ({r.data['qualities']['regular']['points']} pts regular)")
            for r in _sorted(catalogue.records(system, "archetype"))
        ]
    if system in ("cs-air-action", "cs-aces"):
        wanted = ("plane",) if system == "cs-air-action" else ("ace", "character_token")
        return [
            (r.id, f"{r.name} ({r.data.get('point_value')} pts){' · sample' if r.sample else ''}")
            for r in _sorted(catalogue.records(system, "figure"))
            if r.data.get("kind") in wanted and (owned is None or r.ref in owned)
        ]
    if system == "cs-hex":
        return [
            ("airframe", "Airframe"),
            ("armour", "Armour on an area"),
            ("gun", "Fixed guns"),
            ("turret", "Turret"),
            ("rocket", "Rockets"),
            ("drop-tank", "Drop tanks"),
        ]
    return []


def entry_fields(
    system: str,
    kind: str,
    entry: Any,
    catalogue: Catalogue,
    owned: Collection[str] | None = None,
) -> list[EntryField]:
    if not isinstance(entry, Mapping):
        entry = {}
    if system == "crimson-dust":
        fields = _warband_fields(entry, catalogue)
        for f in fields:
            if f.kind == "checks":
                f.chosen = [label for value, label, _ in f.options if value in f.value]
        return fields
    if system == "cs-air-action":
        return _squadron_fields(entry, catalogue, owned)
    if system == "cs-aces":
        return _team_fields(entry, catalogue, owned)
    if system == "cs-hex":
        return _hex_fields(entry, catalogue)
    return [
        EntryField(
            "json",
            "Design (JSON)" if kind == "fighter" else "Fighter (JSON)",
            "json",
            json.dumps(entry, indent=1),
            help="Keys as in docs/lists/black-skies.md.",
        )
    ]


def _warband_fields(entry: Mapping[str, Any], catalogue: Catalogue) -> list[EntryField]:
    system = "crimson-dust"
    archetypes = catalogue.records(system, "archetype")
    archetype = archetypes.get(str(entry.get("archetype", "")))
    quality = str(entry.get("quality", "regular"))
    abilities = catalogue.records(system, "ability")
    fields = [
        EntryField("name", "Model name", "text", entry.get("name", "")),
        EntryField(
            "archetype",
            "Archetype",
            "select",
            entry.get("archetype", ""),
            [(r.id, r.name, "") for r in _sorted(archetypes)],
            structural=True,
        ),
        EntryField(
            "quality",
            "Quality",
            "select",
            quality,
            [
                (
                    q,
                    label,
                    f"{archetype.data['qualities'][q]['points']} pts"
                    if archetype and archetype.data.get("qualities", {}).get(q)
                    else "",
                )
                for q, label in QUALITIES
            ],
            structural=True,
        ),
        EntryField("personality", "Personality model", "bool", bool(entry.get("personality"))),
    ]
    if archetype is not None:
        fields.append(
            EntryField(
                "upgrades",
                "Profile upgrades",
                "checks",
                list(entry.get("upgrades", [])),
                [
                    (u["id"], u.get("name", u["id"]), cost_note(u.get("costs"), quality))
                    for u in archetype.data.get("upgrades", [])
                ],
            )
        )
        fields.append(
            EntryField(
                "skills",
                "Skills",
                "checks",
                list(entry.get("skills", [])),
                [
                    (
                        s["skill"],
                        abilities[s["skill"]].name if s["skill"] in abilities else s["skill"],
                        cost_note(s.get("costs"), quality),
                    )
                    for s in archetype.data.get("skills", [])
                    if s.get("skill") != "mount"
                ],
            )
        )
    weapons = catalogue.records(system, "weapon")
    fields.append(
        EntryField(
            "weapons",
            "Weapons",
            "checks",
            list(entry.get("weapons", [])),
            [
                (
                    w.id,
                    w.name,
                    "not given"
                    if (w.data.get("points") or {}).get("not_given")
                    else f"{(w.data.get('points') or {}).get('pts', '')} pts",
                )
                for w in _sorted(weapons)
            ],
        )
    )
    fields.append(
        EntryField(
            "equipment",
            "Equipment",
            "checks",
            list(entry.get("equipment", [])),
            [
                (a.id, a.name, _ability_cost(a, quality))
                for a in _sorted(abilities)
                if a.data.get("kind") == "equipment"
            ],
        )
    )
    if entry.get("archetype") == "contego" or entry.get("exchange"):
        fields.append(
            EntryField(
                "exchange",
                "Rg/As exchange",
                "select",
                entry.get("exchange", ""),
                [("rg-for-as", "1 Rg for 1 As", ""), ("as-for-rg", "1 As for 1 Rg", "")],
            )
        )
    if entry.get("mount"):
        fields.append(
            EntryField(
                "mount",
                "Mount (JSON)",
                "json",
                json.dumps(entry["mount"]),
                help="A Bestia the model rides.",
            )
        )
    return fields


def _ability_cost(record: Record, quality: str) -> str:
    cost = record.data.get("cost") or record.data.get("costs")
    if not isinstance(cost, Mapping):
        return ""
    if cost.get("not_given"):
        return "not given"
    if quality in cost:
        return cost_note(cost, quality)
    if "pts" in cost:
        return f"{cost['pts']} pts"
    return ""


def _squadron_fields(
    entry: Mapping[str, Any], catalogue: Catalogue, owned: Collection[str] | None
) -> list[EntryField]:
    planes = [
        r
        for r in _sorted(catalogue.records("cs-air-action", "figure"))
        if r.data.get("kind") == "plane"
        and (owned is None or r.ref in owned or r.id == entry.get("figure"))
    ]
    aces = [
        r for r in _sorted(catalogue.records("cs-aces", "figure")) if r.data.get("kind") == "ace"
    ]
    return [
        EntryField(
            "figure",
            "Plane",
            "select",
            entry.get("figure", ""),
            [(r.id, r.name, f"{r.data.get('point_value')} pts") for r in planes],
        ),
        EntryField(
            "ace",
            "Aces pilot flying it",
            "select",
            entry.get("ace", ""),
            [(r.ref, r.name, f"{r.data.get('point_value')} pts") for r in aces],
            help="Leave empty for the printed pilot alone.",
        ),
        EntryField("label", "Label", "text", entry.get("label", "")),
    ]


def _team_fields(
    entry: Mapping[str, Any], catalogue: Catalogue, owned: Collection[str] | None
) -> list[EntryField]:
    figures = [
        r
        for r in _sorted(catalogue.records("cs-aces", "figure"))
        if owned is None or r.ref in owned or r.id == entry.get("figure")
    ]
    return [
        EntryField(
            "figure",
            "Figure",
            "select",
            entry.get("figure", ""),
            [(r.id, r.name, f"{r.data.get('point_value')} pts") for r in figures],
        ),
        EntryField("count", "How many", "number", entry.get("count", 1)),
        EntryField("label", "Label", "text", entry.get("label", "")),
    ]


def _hex_fields(entry: Mapping[str, Any], catalogue: Catalogue) -> list[EntryField]:
    part = kebab(str(entry.get("part", "")))
    weapons = _sorted(catalogue.records("cs-hex", "weapon"))
    guns = [
        (w.id, w.name, f"mass {w.data.get('mass')}") for w in weapons if w.data.get("kind") == "gun"
    ]
    if part == "airframe":
        return [
            EntryField("model", "Model name", "text", entry.get("model", "")),
            EntryField(
                "plane_type",
                "Type",
                "select",
                entry.get("plane_type", ""),
                [("light", "Light (sizes 10-5)", ""), ("heavy", "Heavy (sizes 6-1)", "")],
            ),
            EntryField("size", "Size (10 smallest - 1)", "number", entry.get("size")),
            EntryField("max_speed", "Max speed", "number", entry.get("max_speed")),
            EntryField("g_rating", "G-rating", "number", entry.get("g_rating")),
            EntryField("acceleration", "Acceleration", "number", entry.get("acceleration")),
        ]
    if part == "armour":
        return [
            EntryField(
                "area",
                "Area",
                "select",
                kebab(str(entry.get("area", ""))),
                [(k, label, "") for k, label in HEX_AREAS],
            ),
            EntryField(
                "points",
                "Armour points",
                "number",
                entry.get("points"),
                help="3 mass a point; 80 at most.",
            ),
        ]
    if part == "gun":
        return [
            EntryField("weapon", "Gun", "select", entry.get("weapon", ""), guns),
            EntryField("count", "How many", "number", entry.get("count", 1)),
        ]
    if part == "turret":
        chosen = list(entry.get("guns", []))
        return [
            EntryField("guns", f"Gun {n + 1}", "select", chosen[n] if n < len(chosen) else "", guns)
            for n in range(max(2, len(chosen)))
        ]
    if part in ("rocket",):
        return [
            EntryField(
                "weapon",
                "Rocket",
                "select",
                entry.get("weapon", ""),
                [(w.id, w.name, "") for w in weapons if w.data.get("kind") == "rocket"],
            ),
            EntryField("count", "How many", "number", entry.get("count", 1)),
        ]
    if part == "drop-tank":
        return [EntryField("count", "How many", "number", entry.get("count", 1))]
    return []
