"""Crimson Dust in the builder: a warband of models, each an archetype bought at a quality
with its upgrades, skills, weapons and gear, and perhaps a Bestia it rides.

Options carry their price at the model's quality where the book gives one, so a player sees
what a choice costs before making it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from builder.games.forms import BOOL, LIST, TEXT, EntryField, Group
from builder.games.pages import Page
from builder.games.picks import by_name

if TYPE_CHECKING:
    from builder.engine import Catalogue, Record
    from builder.games.picks import Picks

SYSTEM = "crimson-dust"
QUALITIES = (("green", "Green"), ("regular", "Regular"), ("veteran", "Veteran"))
MOUNT = Group(
    {"name": TEXT, "archetype": TEXT, "quality": TEXT, "upgrades": LIST, "skills": LIST},
    needs="archetype",
)
MODEL = Group(
    {
        "name": TEXT,
        "archetype": TEXT,
        "quality": TEXT,
        "personality": BOOL,
        "upgrades": LIST,
        "skills": LIST,
        "weapons": LIST,
        "equipment": LIST,
        "exchange": TEXT,
        "mount": MOUNT,
    }
)


class CrimsonDustPage(Page):
    collected_types = ("archetype", "weapon")

    def entry_spec(self, kind: str, part: str = "") -> Group:
        return MODEL

    def entry_fields(
        self, kind: str, entry: Mapping[str, Any], picks: Picks, earlier: Sequence[Any]
    ) -> list[EntryField]:
        fields = _warband_fields(entry, picks)
        for f in fields:
            if f.kind == "checks":
                f.chosen = [label for value, label, _ in f.options if value in f.value]
        return fields

    def add_options(self, kind: str, picks: Picks) -> list[tuple[str, str]]:
        return [
            (r.id, f"{r.name} ({r.data['qualities']['regular']['points']} pts regular)")
            for r in by_name(picks.catalogue.records(SYSTEM, "archetype"))
            if picks.allows(r)
        ]

    def add_unavailable(self, kind: str, picks: Picks) -> dict[str, str]:
        """Building from a collection: archetypes whose owned models are all in the list."""
        return {
            r.id: reason
            for r in picks.catalogue.records(SYSTEM, "archetype").values()
            if (reason := picks.used_up(r))
        }

    def new_entry(self, kind: str, value: str, catalogue: Catalogue, entries: Sequence[Any]) -> Any:
        return {"archetype": value, "quality": "regular"}

    def collection_points(self, record: Record) -> int | None:
        points: int | None = (record.data.get("qualities", {}).get("regular") or {}).get("points")
        return points


def cost_note(costs: Mapping[str, Any] | None, quality: str) -> str:
    cost = (costs or {}).get(quality)
    if cost is None or cost.get("not_available"):
        return "-"
    if cost.get("not_given"):
        return "not given"
    return f"{cost.get('pts')} pts"


def _warband_fields(entry: Mapping[str, Any], picks: Picks) -> list[EntryField]:
    catalogue = picks.catalogue
    archetypes = catalogue.records(SYSTEM, "archetype")
    archetype = archetypes.get(str(entry.get("archetype", "")))
    quality = str(entry.get("quality", "regular"))
    abilities = catalogue.records(SYSTEM, "ability")
    fields = [
        EntryField("name", "Model name", "text", entry.get("name", "")),
        EntryField(
            "archetype",
            "Archetype",
            "select",
            entry.get("archetype", ""),
            [
                (r.id, r.name, picks.used_up(r, [str(entry.get("archetype", ""))]))
                for r in by_name(archetypes)
                if picks.allows(r, [str(entry.get("archetype", ""))])
            ],
            structural=True,
            disabled=[
                r.id
                for r in archetypes.values()
                if picks.used_up(r, [str(entry.get("archetype", ""))])
            ],
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
    weapons = catalogue.records(SYSTEM, "weapon")
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
                for w in by_name(weapons)
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
                for a in by_name(abilities)
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
    archetypes = picks.catalogue.records(SYSTEM, "archetype")
    options = [
        (r.id, r.name, _mount_note(r))
        for r in by_name(archetypes)
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
    archetype = catalogue.get(SYSTEM, "archetype", str(mount.get("archetype", "")))
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
        abilities = catalogue.records(SYSTEM, "ability")
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


PAGE = CrimsonDustPage()
