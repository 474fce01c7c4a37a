"""Crimson Dust model cards: a warband's models as the engine priced them, and archetypes
on their own, one card per quality."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue, CheckedList, Record, thaw
from builder.games.drawing import ability_blocks, record_at, rules_faces, sample_of, shown
from builder.games.picks import by_name
from builder.games.prints import Face

SYSTEM = "crimson-dust"
STATS = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")
BANDS = ("0-6", "6-12", "12-18", "18-24", "24-36", "36+")


def _weapon_rows(catalogue: Catalogue, ids: Sequence[str]) -> list[dict[str, Any]]:
    rows = []
    for key in ids:
        weapon = catalogue.get(SYSTEM, "weapon", key)
        if weapon is None:
            continue
        to_hit = weapon.data.get("to_hit") or {}
        traits = []
        for trait in weapon.data.get("traits", ()):
            value = (weapon.data.get("trait_values") or {}).get(trait)
            record = catalogue.get(SYSTEM, "ability", trait)
            name = record.name if record else trait
            traits.append(f"{name} {value}" if value is not None else name)
        rows.append(
            {
                "name": weapon.name,
                "bands": ["–" if to_hit.get(b) is None else f"{to_hit[b]}+" for b in BANDS],
                "S": shown(weapon.data.get("S")),
                "traits": ", ".join(traits),
                "sample": weapon.sample,
            }
        )
    return rows


def _profile_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    return [
        f"{s} {shown(before.get(s))}→{shown(after.get(s))}"
        for s in STATS
        if before.get(s) != after.get(s)
    ]


def model_faces(
    catalogue: Catalogue, entry: Mapping[str, Any], model: Mapping[str, Any], greyscale: bool
) -> list[Face]:
    """A model of a warband: profile after upgrades (and what changed), skills with their
    text, each weapon's to-hit by range band, S and traits, its points."""
    archetype = catalogue.get(SYSTEM, "archetype", entry["archetype"])
    if archetype is None:
        raise ApplicationError(
            ErrorCode.UNKNOWN_RECORD, f"No archetype {entry['archetype']!r} in the catalogue."
        )
    quality = entry.get("quality", "regular")
    base_profile = thaw(archetype.data["qualities"][quality]["profile"])
    effective = model.get("effective") or {}
    profile = effective.get("profile") or base_profile
    special = list(archetype.data["qualities"][quality].get("special", ()))
    skill_ids = list(
        dict.fromkeys([*special, *entry.get("skills", ()), *entry.get("equipment", ())])
    )
    blocks = ability_blocks(catalogue, SYSTEM, skill_ids, greyscale)
    rules = [
        {"name": r["name"], "text": r["text"], "ink": None, "sample": False}
        for r in archetype.data.get("rules", ())
    ]
    mount = entry.get("mount")
    base = {
        "kind": "model",
        "id": f"{SYSTEM}/{archetype.id}",
        "title": entry.get("name") or archetype.name,
        "subtitle": f"{quality.capitalize()} {archetype.name}"
        + (f", mounted on {mount.get('name') or 'a mount'}" if mount else ""),
        "points": shown(model.get("points")),
        "sample": sample_of(archetype),
    }
    front = {
        **base,
        "template": "model",
        "stats": STATS,
        "profile": [shown(profile.get(s)) for s in STATS],
        "changed": [s for s in STATS if profile.get(s) != base_profile.get(s)],
        "changes": _profile_changes(base_profile, profile),
        "adjustments": list(effective.get("adjustments", ())),
        "skills": [b["name"] for b in blocks],
        "bands": BANDS,
        "weapons": _weapon_rows(catalogue, entry.get("weapons", ())),
    }
    return [front, *rules_faces(base, blocks + rules)]


def archetype_faces(catalogue: Catalogue, archetype: Record, greyscale: bool) -> list[Face]:
    """An archetype on its own: one card per quality, profile as printed in the book."""
    faces: list[Face] = []
    for quality, values in archetype.data["qualities"].items():
        entry = {"name": archetype.name, "archetype": archetype.id, "quality": quality}
        model = {"points": values.get("points"), "effective": {"profile": values["profile"]}}
        faces += model_faces(catalogue, entry, model, greyscale)
    return faces


class CrimsonDustCards:
    def entry_faces(self, checked: CheckedList, index: int, *, greyscale: bool) -> list[Face]:
        entry = checked.document["entries"][index]
        model = checked.verdict.breakdown["models"][index]
        return model_faces(checked.catalogue, entry, model, greyscale)

    def printable(self, catalogue: Catalogue) -> list[Record]:
        return by_name(catalogue.records(SYSTEM, "archetype"))

    def record_faces(
        self, catalogue: Catalogue, ref: str, path: str, *, greyscale: bool
    ) -> list[Face]:
        archetype = record_at(catalogue, ref, "archetype", None, path)
        return archetype_faces(catalogue, archetype, greyscale)


CARDS = CrimsonDustCards()
