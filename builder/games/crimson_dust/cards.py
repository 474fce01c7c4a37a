"""Crimson Dust model cards: a warband's models as the engine priced them, and archetypes
on their own, one card per quality."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import BadDocument, Catalogue, CheckedList, Record, thaw, verdict_of
from builder.games.drawing import (
    ability_blocks,
    printed_from,
    record_at,
    rules_faces,
    sample_of,
    shown,
)
from builder.games.picks import by_name
from builder.games.prices import violation_entry
from builder.games.prints import Face

SYSTEM = "crimson-dust"
STATS = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")
BANDS = ("0-6", "6-12", "12-18", "18-24", "24-36", "36+")
# Bestia Archetype > Mounts, in the book's words, for the front of a rider's card.
MOUNT_RULE = (
    "When shot at roll a D6, on a roll of 1-3 the shot hits the mount, and on a roll of "
    "4-6 the shot hits the rider."
)


def _melee_said(weapon: Record, catalogue: Catalogue) -> str:
    """A melee weapon's bonuses as the book lists them ("Sword - +2 As, Parry")."""
    bonus = weapon.data.get("melee") or {}
    said = [f"+{bonus[s]} {s}" for s in ("As", "S") if bonus.get(s)]
    for trait in weapon.data.get("traits", ()):
        record = catalogue.get(SYSTEM, "ability", trait)
        said.append(record.name if record else trait)
    return ", ".join(said) or "no additional rules"


def _weapon_rows(
    catalogue: Catalogue, ids: Sequence[str], profile: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Each weapon's to-hit by band, S and traits; a melee weapon its bonuses, and the S
    it strikes with (the model's S plus the weapon's: "add 'x' to the model's S")."""
    rows = []
    for key in ids:
        weapon = catalogue.get(SYSTEM, "weapon", key)
        if weapon is None:
            continue
        melee = weapon.data.get("melee")
        if melee is not None:
            strength = profile.get("S")
            rows.append(
                {
                    "name": weapon.name,
                    "melee": _melee_said(weapon, catalogue),
                    "S": shown(None if strength is None else strength + (melee.get("S") or 0)),
                    "traits": "",
                    "sample": weapon.sample,
                }
            )
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


def _one_model(doc: Mapping[str, Any] | None, entry: Mapping[str, Any]) -> dict[str, Any]:
    """A one-model warband, so the engine prices ``entry`` as it would in ``doc``."""
    out: dict[str, Any] = {
        "format": "muster-list/1",
        "system": SYSTEM,
        "kind": "warband",
        "name": entry.get("name") or "Model",
        "content": copy.deepcopy((doc or {}).get("content"))
        or {"pack": "crimson-dust-core", "version": "1.0.0"},
        "entries": [thaw(entry)],
    }
    for key in ("settings", "house_rules"):
        if doc and key in doc:
            out[key] = copy.deepcopy(doc[key])
    return out


def _profile_of(
    catalogue: Catalogue, doc: Mapping[str, Any] | None, entry: Mapping[str, Any]
) -> Mapping[str, Any] | None:
    """The effective profile the engine gives ``entry`` alone (None if it cannot say)."""
    try:
        model = verdict_of(catalogue, _one_model(doc, entry)).breakdown["models"][0]
    except BadDocument:
        return None
    return (model.get("effective") or {}).get("profile")


def _priced(model: Mapping[str, Any], kind: str) -> list[str]:
    return [str(i["id"]) for i in model.get("items", ()) if i.get("kind") == kind]


def priced_profile(
    catalogue: Catalogue,
    doc: Mapping[str, Any] | None,
    entry: Mapping[str, Any],
    model: Mapping[str, Any],
) -> Mapping[str, Any] | None:
    """The profile the engine priced ``model`` for: it holds only the upgrades the rules
    accept, so a card never shows Av 5 beside a price for Av 2."""
    return (model.get("effective") or {}).get("profile")


def _mount_face(
    catalogue: Catalogue,
    doc: Mapping[str, Any] | None,
    mount: Mapping[str, Any],
    model: Mapping[str, Any],
) -> dict[str, Any]:
    """The mount's own profile (with the upgrades it was priced for) and its rule."""
    archetype = catalogue.get(SYSTEM, "archetype", str(mount.get("archetype")))
    entry = {
        "name": mount.get("name") or "Mount",
        "archetype": mount.get("archetype"),
        "quality": mount.get("quality", "regular"),
        "upgrades": _priced(model, "mount upgrade"),
    }
    profile = _profile_of(catalogue, doc, entry) if archetype is not None else None
    return {
        "name": entry["name"],
        "archetype": archetype.name if archetype else shown(mount.get("archetype")),
        "profile": [shown((profile or {}).get(s)) for s in STATS],
        "rule": MOUNT_RULE,
    }


def model_faces(
    catalogue: Catalogue,
    entry: Mapping[str, Any],
    model: Mapping[str, Any],
    greyscale: bool,
    *,
    doc: Mapping[str, Any] | None = None,
    problems: Sequence[str] = (),
    list_illegal: bool = False,
) -> list[Face]:
    """A model of a warband: profile after upgrades (and what changed), skills with their
    text, each weapon's to-hit by range band, S and traits (a melee weapon's bonuses), a
    mount's profile and rule, its points; ``problems`` are the list's errors about this
    model, and every face of an illegal list (``list_illegal``) says it is not legal."""
    archetype = catalogue.get(SYSTEM, "archetype", entry["archetype"])
    if archetype is None:
        raise ApplicationError(
            ErrorCode.UNKNOWN_RECORD, f"No archetype {entry['archetype']!r} in the catalogue."
        )
    quality = entry.get("quality", "regular")
    base_profile = thaw(archetype.data["qualities"][quality]["profile"])
    effective = model.get("effective") or {}
    profile = priced_profile(catalogue, doc, entry, model) or base_profile
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
    mount_face = _mount_face(catalogue, doc, mount, model) if mount else None
    if mount:
        bestia = catalogue.get(SYSTEM, "archetype", str(mount.get("archetype")))
        rules += [
            {"name": r["name"], "text": r["text"], "ink": None, "sample": False}
            for r in (bestia.data.get("rules", ()) if bestia else ())
        ]
    base = {
        "kind": "model",
        "id": f"{SYSTEM}/{archetype.id}",
        "footer": printed_from(catalogue, archetype),
        "title": entry.get("name") or archetype.name,
        "subtitle": f"{quality.capitalize()} {archetype.name}"
        + (f", mounted on {mount.get('name') or 'a mount'}" if mount else "")
        + (" · NOT LEGAL" if list_illegal else ""),
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
        # A band's heading may break after its hyphen, so the table fits a bridge card.
        "bands": [band.partition("-") for band in BANDS],
        "weapons": _weapon_rows(catalogue, entry.get("weapons", ()), profile),
        "mount": mount_face,
        "list_illegal": list_illegal,
        "problems": list(problems),
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
        problems = [v.message for v in checked.verdict.errors if violation_entry(v.path) == index]
        return model_faces(
            checked.catalogue,
            entry,
            model,
            greyscale,
            doc=checked.document,
            problems=problems,
            list_illegal=not checked.verdict.legal,
        )

    def printable(self, catalogue: Catalogue) -> list[Record]:
        return by_name(catalogue.records(SYSTEM, "archetype"))

    def record_faces(
        self, catalogue: Catalogue, ref: str, path: str, *, greyscale: bool
    ) -> list[Face]:
        archetype = record_at(catalogue, ref, "archetype", None, path)
        return archetype_faces(catalogue, archetype, greyscale)


CARDS = CrimsonDustCards()
