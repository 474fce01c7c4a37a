"""What each entry of the builder offers to pick, from the engine's catalogue snapshot.

Options carry their price at the entry's quality where the book gives one, so a player sees
what a choice costs before making it. Building from a collection (``Owned``) leaves only
what the player owns in the figure, archetype, weapon and gear pickers.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.web import fighter_fields
from builder.web.listform import HEX_AREAS, EntryField
from rules_engine.catalogue import Catalogue, Record

QUALITIES = (("green", "Green"), ("regular", "Regular"), ("veteran", "Veteran"))
ALWAYS_LIMITED = ("figure", "archetype", "weapon")
"""Record types a collection is read as complete for (the collection page lists them and the
list's fielding counts them); gear is limited only once the player records some."""


@dataclass(frozen=True)
class Owned:
    """What a player owns, as ``system/id`` refs by record type."""

    refs: Mapping[str, frozenset[str]]

    def allows(self, record: Record, keep: Collection[str] = ()) -> bool:
        """Whether a picker built from the collection offers ``record``; ids in ``keep``
        (what the entry already holds) stay, so nothing changes behind the player's back."""
        if record.id in keep:
            return True
        refs = self.refs.get(record.type, frozenset())
        if record.type not in ALWAYS_LIMITED and not any(
            r.startswith(f"{record.system}/") for r in refs
        ):
            return True
        return record.ref in refs


@dataclass(frozen=True)
class Picks:
    """What the pickers draw from: the catalogue, the collection when building from it, and
    the player's own saved fighter designs (uuid, name, design)."""

    catalogue: Catalogue
    owned: Owned | None = None
    my_designs: tuple[tuple[str, str, Mapping[str, Any]], ...] = field(default_factory=tuple)

    def allows(self, record: Record, keep: Collection[str] = ()) -> bool:
        return self.owned is None or self.owned.allows(record, keep)


def cost_note(costs: Mapping[str, Any] | None, quality: str) -> str:
    cost = (costs or {}).get(quality)
    if cost is None or cost.get("not_available"):
        return "-"
    if cost.get("not_given"):
        return "not given"
    return f"{cost.get('pts')} pts"


def _sorted(records: Mapping[str, Record]) -> list[Record]:
    return sorted(records.values(), key=lambda r: r.name.lower())


def add_options(system: str, kind: str, picks: Picks) -> list[tuple[str, str]]:
    """What the "add" picker offers: archetypes, figures, cs-hex parts or fighter designs."""
    catalogue = picks.catalogue
    if system == "crimson-dust":
        return [
            (r.id, f"{r.name} ({r.data['qualities']['regular']['points']} pts regular)")
            for r in _sorted(catalogue.records(system, "archetype"))
            if picks.allows(r)
        ]
    if system in ("cs-air-action", "cs-aces"):
        wanted = ("plane",) if system == "cs-air-action" else ("ace", "character_token")
        return [
            (r.id, f"{r.name} ({r.data.get('point_value')} pts){' · sample' if r.sample else ''}")
            for r in _sorted(catalogue.records(system, "figure"))
            if r.data.get("kind") in wanted and picks.allows(r)
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
    if (system, kind) == ("black-skies", "squadron"):
        return [
            (v, f"{label} ({note})" if note else label)
            for v, label, note in fighter_fields.design_options(picks)
        ]
    return []


def entry_fields(
    system: str, kind: str, entry: Any, picks: Picks, earlier: Sequence[Any] = ()
) -> list[EntryField]:
    """The controls of one entry; ``earlier`` are the entries before it in the list."""
    if not isinstance(entry, Mapping):
        entry = {}
    catalogue = picks.catalogue
    if system == "crimson-dust":
        fields = _warband_fields(entry, picks)
        for f in fields:
            if f.kind == "checks":
                f.chosen = [label for value, label, _ in f.options if value in f.value]
        return fields
    if system == "cs-air-action":
        return _squadron_fields(entry, picks)
    if system == "cs-aces":
        return _team_fields(entry, picks)
    if system == "cs-hex":
        return _hex_fields(entry, catalogue)
    if kind == "fighter":
        return fighter_fields.design_fields(entry, catalogue)
    return fighter_fields.squadron_fields(entry, picks, earlier)


def _warband_fields(entry: Mapping[str, Any], picks: Picks) -> list[EntryField]:
    system = "crimson-dust"
    catalogue = picks.catalogue
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
            [
                (r.id, r.name, "")
                for r in _sorted(archetypes)
                if picks.allows(r, [str(entry.get("archetype", ""))])
            ],
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
    mount = entry.get("mount") if isinstance(entry.get("mount"), Mapping) else None
    if archetype is not None:
        fields.append(_upgrade_checks("upgrades", archetype, entry, quality))
        fields.append(_skill_checks("skills", archetype, entry, quality, abilities))
    weapons = catalogue.records(system, "weapon")
    chosen_weapons = [str(w) for w in entry.get("weapons", [])]
    fields.append(
        EntryField(
            "weapons",
            "Weapons",
            "checks",
            chosen_weapons,
            [
                (
                    w.id,
                    w.name,
                    "not given"
                    if (w.data.get("points") or {}).get("not_given")
                    else f"{(w.data.get('points') or {}).get('pts', '')} pts",
                )
                for w in _sorted(weapons)
                if picks.allows(w, chosen_weapons)
            ],
        )
    )
    chosen_gear = [str(a) for a in entry.get("equipment", [])]
    fields.append(
        EntryField(
            "equipment",
            "Equipment",
            "checks",
            chosen_gear,
            [
                (a.id, a.name, _ability_cost(a, quality))
                for a in _sorted(abilities)
                if a.data.get("kind") == "equipment" and picks.allows(a, chosen_gear)
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
    if mount:
        fields.append(_mount_group(mount, picks))
    elif archetype is None or not _is_mount(archetype):
        fields.append(EntryField("mount", "", "line", rows=[[_mount_select(None, picks)]]))
    return fields


def _is_mount(archetype: Record) -> bool:
    """Bestia Archetype > Mounts: an archetype with the ``mount`` special rule."""
    return "mount" in (archetype.data.get("special") or ()) or archetype.id == "bestia"


def _upgrade_checks(
    name: str, archetype: Record, entry: Mapping[str, Any], quality: str
) -> EntryField:
    return EntryField(
        name,
        "Profile upgrades",
        "checks",
        list(entry.get("upgrades", [])),
        [
            (u["id"], u.get("name", u["id"]), cost_note(u.get("costs"), quality))
            for u in archetype.data.get("upgrades", [])
        ],
    )


def _skill_checks(
    name: str,
    archetype: Record,
    entry: Mapping[str, Any],
    quality: str,
    abilities: Mapping[str, Record],
) -> EntryField:
    # "Used as mount" is never picked: the check gives it to every ridden Bestia.
    return EntryField(
        name,
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


def _mount_select(mount: Mapping[str, Any] | None, picks: Picks) -> EntryField:
    """Bestia Archetype > Mounts: the model may be "equipped" with a Bestia it rides."""
    current = str((mount or {}).get("archetype", ""))
    archetypes = picks.catalogue.records("crimson-dust", "archetype")
    options = [
        (r.id, r.name, _mount_note(r))
        for r in _sorted(archetypes)
        if (_is_mount(r) and picks.allows(r, [current])) or r.id == current
    ]
    if current and current not in archetypes:
        options.append((current, current, "not in the catalogue"))
    return EntryField(
        "mount-archetype",
        "Mount",
        "select",
        current,
        options,
        structural=True,
    )


def _mount_note(archetype: Record) -> str:
    """A mount's price as ridden: its points and its "Used as mount" discount."""
    points = (archetype.data["qualities"].get("regular") or {}).get("points", "?")
    used = next(
        (s.get("costs") for s in archetype.data.get("skills", []) if s.get("skill") == "mount"),
        None,
    )
    if not _is_mount(archetype):
        return f"{points} pts"
    return f"{points} pts, {cost_note(used, 'regular')} used as mount"


def _mount_group(mount: Mapping[str, Any], picks: Picks) -> EntryField:
    """The mount picked, its own name, upgrades and skills, priced at its quality."""
    catalogue = picks.catalogue
    archetype = catalogue.get("crimson-dust", "archetype", str(mount.get("archetype", "")))
    quality = str(mount.get("quality", "regular"))
    first = [
        _mount_select(mount, picks),
        EntryField("mount-name", "Mount's name", "text", mount.get("name", "")),
    ]
    if archetype is not None and not archetype.data.get("single_quality"):
        first.append(
            EntryField(
                "mount-quality",
                "Mount's quality",
                "select",
                quality,
                [(q, label, "") for q, label in QUALITIES],
            )
        )
    rows = [first]
    if archetype is not None:
        abilities = catalogue.records("crimson-dust", "ability")
        upgrades = _upgrade_checks("mount-upgrades", archetype, mount, quality)
        upgrades.label, upgrades.open = "Mount's profile upgrades", True
        skills = _skill_checks("mount-skills", archetype, mount, quality, abilities)
        skills.label = "Mount's skills"
        rows.append([upgrades, skills])
    title = mount.get("name") or (archetype.name if archetype else "mount")
    return EntryField("mount", f"Mount: {title}", "group", rows=rows)


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


def _squadron_fields(entry: Mapping[str, Any], picks: Picks) -> list[EntryField]:
    catalogue = picks.catalogue
    planes = [
        r
        for r in _sorted(catalogue.records("cs-air-action", "figure"))
        if r.data.get("kind") == "plane" and picks.allows(r, [str(entry.get("figure", ""))])
    ]
    ace = str(entry.get("ace", ""))
    aces = [
        r
        for r in _sorted(catalogue.records("cs-aces", "figure"))
        if r.data.get("kind") == "ace" and (picks.allows(r) or ace in (r.ref, r.id))
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


def _team_fields(entry: Mapping[str, Any], picks: Picks) -> list[EntryField]:
    figures = [
        r
        for r in _sorted(picks.catalogue.records("cs-aces", "figure"))
        if picks.allows(r, [str(entry.get("figure", ""))])
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
    part = str(entry.get("part", ""))
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
                str(entry.get("area", "")),
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
