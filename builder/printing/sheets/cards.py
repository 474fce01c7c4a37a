"""Stat cards: one or more card faces per figure, model or design, for every system.

A face is a dict naming its template (``print/faces/<name>.html``) and the values it shows.
Long rule text continues on extra faces instead of overflowing the card.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from builder.core.errors import ApplicationError
from builder.engine import BadDocument, Catalogue, CheckedList, Record, thaw, verdict_of
from builder.printing.sheets.common import (
    Progress,
    chunks,
    ink,
    record_at,
    sample_of,
    shown,
)

CLIX_LABELS = {
    "max_speed": "Spd",
    "front_gunnery": "Fr",
    "rear_gunnery": "Rr",
    "piloting": "Pil",
    "speed": "Spd",
    "attack": "Att",
    "defense": "Def",
    "fate": "Fate",
}
MARKERS = {"start": "start", "ko": "KO", "structural_limit": "limit", "bail_out": "bail"}
CD_STATS = ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In")
CD_BANDS = ("0-6", "6-12", "12-18", "18-24", "24-36", "36+")
# Characters of rule text a poker-size face holds beside its heading (DejaVu Condensed 6pt).
TEXT_BUDGET = 1050


def _rules_faces(
    base: Mapping[str, Any], blocks: list[dict[str, Any]], budget: int = TEXT_BUDGET
) -> list[dict[str, Any]]:
    """Faces carrying rule text, each repeating the card's identity."""
    groups = chunks(blocks, budget)
    return [
        {**base, "template": "rules", "blocks": group, "part": i + 1, "parts": len(groups)}
        for i, group in enumerate(groups)
    ]


def _dial_rows(
    catalogue: Catalogue, system: str, dial: Record, greyscale: bool
) -> tuple[list[str], list[dict[str, Any]], set[str]]:
    stats = list(dial.data.get("stats") or ())
    rows, used = [], set()
    for number, click in enumerate(dial.data["clicks"], start=1):
        cells = []
        for stat in stats:
            key = (click.get("colours") or {}).get(stat)
            ability = catalogue.get(system, "ability", key) if key else None
            if key:
                used.add(key)
            colour = ability.data.get("colour") if ability else None
            cells.append(
                {
                    "stat": stat,
                    "value": "–" if click["values"].get(stat) is None else click["values"][stat],
                    "ink": ink(colour, greyscale=greyscale),
                    "ability": ability.name if ability else (key or ""),
                }
            )
        markers = [MARKERS.get(m, m) for m in click.get("markers", ())]
        if click.get("bail_out_value") is not None:
            markers = [f"bail {click['bail_out_value']}" if m == "bail" else m for m in markers]
        rows.append({"number": number, "cells": cells, "markers": " ".join(markers)})
    return [CLIX_LABELS.get(s, s) for s in stats], rows, used


def _ability_blocks(
    catalogue: Catalogue, system: str, ids: Sequence[str], greyscale: bool
) -> list[dict[str, Any]]:
    blocks = []
    for key in ids:
        ability = catalogue.get(system, "ability", key)
        if ability is None:
            continue
        blocks.append(
            {
                "name": ability.name,
                "text": ability.data.get("rule_text") or "",
                "ink": ink(ability.data.get("colour"), greyscale=greyscale),
                "sample": ability.sample,
            }
        )
    return blocks


def plane_faces(catalogue: Catalogue, figure: Record, greyscale: bool) -> list[dict[str, Any]]:
    """An Air Action plane: base values, combat dial, speed dial; abilities' text after."""
    system = figure.system
    data = figure.data
    dial = catalogue.get(system, "combat_dial", data.get("combat_dial") or "")
    speed = catalogue.get(system, "speed_dial", data.get("speed_dial") or "")
    headers, rows, used = (
        _dial_rows(catalogue, system, dial, greyscale) if dial else ([], [], set())
    )
    speeds = []
    for entry in speed.data["speeds"] if speed else ():
        effects = []
        for key in entry.get("effects", ()):
            used.add(key)
            ability = catalogue.get(system, "ability", key)
            effects.append(
                {
                    "name": ability.name if ability else key,
                    "ink": ink(
                        ability.data.get("colour") if ability else None, greyscale=greyscale
                    ),
                }
            )
        speeds.append({"speed": entry["speed"], "red_line": entry["red_line"], "effects": effects})
    base = {
        "kind": "plane",
        "id": figure.ref,
        "title": data.get("pilot") or figure.name,
        "subtitle": data.get("plane_model") or "",
        "points": shown(data.get("point_value")),
        "sample": sample_of(figure, dial, speed),
    }
    front = {
        **base,
        "template": "clix",
        "values": [
            ("Silhouette", shown(data["base"].get("silhouette"))),
            ("Front range", shown(data["base"].get("front_range"))),
            ("Rear range", shown(data["base"].get("rear_range"))),
        ],
        "headers": headers,
        "rows": rows,
        "speeds": speeds,
        "no_dial": dial is None,
    }
    blocks = _ability_blocks(catalogue, system, sorted(used), greyscale)
    return [front, *_rules_faces(base, blocks)]


def character_faces(catalogue: Catalogue, figure: Record, greyscale: bool) -> list[dict[str, Any]]:
    """An Aces character or character token: range, targets, points and its dial."""
    system = figure.system
    data = figure.data
    dial = catalogue.get(system, "combat_dial", data.get("combat_dial") or "")
    headers, rows, used = (
        _dial_rows(catalogue, system, dial, greyscale) if dial else ([], [], set())
    )
    kind = "Ace" if data["kind"] == "ace" else "Character token"
    base = {
        "kind": data["kind"],
        "id": figure.ref,
        "title": figure.name,
        "subtitle": kind,
        "points": shown(data.get("point_value")),
        "sample": sample_of(figure, dial),
    }
    front = {
        **base,
        "template": "clix",
        "values": [
            ("Range", shown(data["base"].get("range"))),
            ("Targets", shown(data["base"].get("targets"))),
        ],
        "headers": headers,
        "rows": rows,
        "speeds": [],
        "no_dial": dial is None,
    }
    return [front, *_rules_faces(base, _ability_blocks(catalogue, system, sorted(used), greyscale))]


def figure_faces(catalogue: Catalogue, figure: Record, greyscale: bool) -> list[dict[str, Any]]:
    if figure.data["kind"] == "plane":
        return plane_faces(catalogue, figure, greyscale)
    return character_faces(catalogue, figure, greyscale)


# --- Crimson Dust -------------------------------------------------------------------------


def _weapon_rows(catalogue: Catalogue, ids: Sequence[str]) -> list[dict[str, Any]]:
    rows = []
    for key in ids:
        weapon = catalogue.get("crimson-dust", "weapon", key)
        if weapon is None:
            continue
        to_hit = weapon.data.get("to_hit") or {}
        traits = []
        for trait in weapon.data.get("traits", ()):
            value = (weapon.data.get("trait_values") or {}).get(trait)
            record = catalogue.get("crimson-dust", "ability", trait)
            name = record.name if record else trait
            traits.append(f"{name} {value}" if value is not None else name)
        rows.append(
            {
                "name": weapon.name,
                "bands": ["–" if to_hit.get(b) is None else f"{to_hit[b]}+" for b in CD_BANDS],
                "S": shown(weapon.data.get("S")),
                "traits": ", ".join(traits),
                "sample": weapon.sample,
            }
        )
    return rows


def _profile_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    return [
        f"{s} {shown(before.get(s))}→{shown(after.get(s))}"
        for s in CD_STATS
        if before.get(s) != after.get(s)
    ]


def model_faces(
    catalogue: Catalogue, entry: Mapping[str, Any], model: Mapping[str, Any], greyscale: bool
) -> list[dict[str, Any]]:
    """A Crimson Dust model of a warband: profile after upgrades (and what changed), skills
    with their text, each weapon's to-hit by range band, S and traits, its points."""
    archetype = catalogue.get("crimson-dust", "archetype", entry["archetype"])
    if archetype is None:
        raise ApplicationError(
            "print.unknown-record", f"No archetype {entry['archetype']!r} in the catalogue."
        )
    quality = entry.get("quality", "regular")
    base_profile = thaw(archetype.data["qualities"][quality]["profile"])
    effective = model.get("effective") or {}
    profile = effective.get("profile") or base_profile
    special = list(archetype.data["qualities"][quality].get("special", ()))
    skill_ids = list(
        dict.fromkeys([*special, *entry.get("skills", ()), *entry.get("equipment", ())])
    )
    blocks = _ability_blocks(catalogue, "crimson-dust", skill_ids, greyscale)
    rules = [
        {"name": r["name"], "text": r["text"], "ink": None, "sample": False}
        for r in archetype.data.get("rules", ())
    ]
    mount = entry.get("mount")
    base = {
        "kind": "model",
        "id": f"crimson-dust/{archetype.id}",
        "title": entry.get("name") or archetype.name,
        "subtitle": f"{quality.capitalize()} {archetype.name}"
        + (f", mounted on {mount.get('name') or 'a mount'}" if mount else ""),
        "points": shown(model.get("points")),
        "sample": sample_of(archetype),
    }
    front = {
        **base,
        "template": "model",
        "stats": CD_STATS,
        "profile": [shown(profile.get(s)) for s in CD_STATS],
        "changed": [s for s in CD_STATS if profile.get(s) != base_profile.get(s)],
        "changes": _profile_changes(base_profile, profile),
        "adjustments": list(effective.get("adjustments", ())),
        "skills": [b["name"] for b in blocks],
        "bands": CD_BANDS,
        "weapons": _weapon_rows(catalogue, entry.get("weapons", ())),
    }
    return [front, *_rules_faces(base, blocks + rules)]


def archetype_faces(
    catalogue: Catalogue, archetype: Record, greyscale: bool
) -> list[dict[str, Any]]:
    """An archetype on its own: one card per quality, profile as printed in the book."""
    faces: list[dict[str, Any]] = []
    for quality, values in archetype.data["qualities"].items():
        entry = {"name": archetype.name, "archetype": archetype.id, "quality": quality}
        model = {"points": values.get("points"), "effective": {"profile": values["profile"]}}
        faces += model_faces(catalogue, entry, model, greyscale)
    return faces


# --- Black Skies ---------------------------------------------------------------------------


def _fighter_doc(design: Mapping[str, Any], doc: Mapping[str, Any] | None) -> dict[str, Any]:
    """A one-fighter list document, so the engine prices the design as it would alone."""
    out: dict[str, Any] = {
        "format": "muster-list/1",
        "system": "black-skies",
        "kind": "fighter",
        "name": design.get("name") or "Fighter",
        "content": copy.deepcopy((doc or {}).get("content"))
        or {"pack": "black-skies-core", "version": "1.0.0"},
        "entries": [thaw(design)],
    }
    for key in ("settings", "house_rules"):
        if doc and key in doc:
            out[key] = copy.deepcopy(doc[key])
    return out


def fighter_faces(
    catalogue: Catalogue,
    design: Mapping[str, Any],
    *,
    pilot: Mapping[str, Any] | None = None,
    element: str | None = None,
    doc: Mapping[str, Any] | None = None,
    sample: bool = False,
    ref: str = "",
) -> list[dict[str, Any]]:
    """A Black Skies fighter: weight, hull boxes, thrusters and the manoeuvres they unlock,
    weapons, armour, shields, pilot skill and hardpoints used."""
    fighter_doc = _fighter_doc(design, doc)
    try:
        verdict = verdict_of(catalogue, fighter_doc)
    except BadDocument as exc:
        raise ApplicationError(
            "print.bad-list",
            f"The fighter design {design.get('name')!r} cannot be read.",
            [{"path": e.path, "field": "design", "message": e.message} for e in exc.errors],
        ) from exc
    stats = verdict.breakdown
    weight = catalogue.get("black-skies", "fighter_weight", design["weight"])
    thrusters = []
    for key in ["basic-thrusters", *design.get("thrusters", ())]:
        thruster = catalogue.get("black-skies", "ability", key)
        if thruster is None:
            continue
        moves = [
            m.name if (m := catalogue.get("black-skies", "maneuver", k)) else k
            for k in thruster.data.get("maneuvers", ())
        ]
        thrusters.append({"name": thruster.name, "maneuvers": ", ".join(moves)})
    weapons = []
    for mount in design.get("weapons", ()):
        weapon = catalogue.get("black-skies", "weapon", mount["weapon"])
        if weapon is None:
            continue
        ranges = weapon.data.get("ranges") or {}
        weapons.append(
            {
                "count": mount.get("count", 1),
                "name": weapon.name,
                "arcs": ", ".join(weapon.data.get("arcs", ())),
                "ranges": "/".join(shown(ranges.get(k)) for k in ("close", "medium", "long")),
                "rof": shown(weapon.data.get("rate_of_fire")),
                "damage": f"d{weapon.data['damage_die']}",
            }
        )
    armour = catalogue.get("black-skies", "ability", design.get("armour") or "no-armour")
    hardpoints = stats.get("hardpoints", {})
    face = {
        "kind": "fighter",
        "template": "fighter",
        "id": ref,
        "title": design.get("name") or "Fighter",
        "subtitle": (weight.name if weight else design["weight"]) + " fighter",
        "points": shown(verdict.points),
        "sample": sample,
        "pilot": (pilot or {}).get("name"),
        "pilot_skill": shown((pilot or {}).get("skill")) if pilot else None,
        "element": element,
        "hull": int(stats.get("hull") or 0),
        "hull_boxes": list(range(int(stats.get("hull") or 0))),
        "values": [
            ("Acceleration", shown(stats.get("acceleration"))),
            ("Armour", f"{armour.name if armour else '–'} (−{stats.get('armour', 0)})"),
            ("Shields", shown(stats.get("shields"))),
            ("Hardpoints", f"{hardpoints.get('used', 0)} of {hardpoints.get('available', 0)}"),
            ("Dice a volley", shown(stats.get("dice_per_volley"))),
            ("Afterburner", f"+{shown(stats.get('afterburner_boost'))}"),
        ],
        "thrusters": thrusters,
        "weapons": weapons,
        "errors": [v.message for v in verdict.errors],
    }
    return [face]


# --- Entry points ----------------------------------------------------------------------------


def cards_for_records(
    catalogue: Catalogue,
    refs: Sequence[str],
    *,
    greyscale: bool = False,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Faces for catalogue records named ``<system>/<id>``: figures, archetypes and Black
    Skies example designs."""
    faces: list[dict[str, Any]] = []
    for i, ref in enumerate(refs):
        path = f"$.records[{i}]"
        system, _, _ = ref.rpartition("/")
        if system == "crimson-dust":
            faces += archetype_faces(
                catalogue, record_at(catalogue, ref, "archetype", None, path), greyscale
            )
        elif system == "black-skies":
            table = record_at(catalogue, ref, "table", None, path)
            if table.data.get("kind") != "fighter_design":
                raise ApplicationError(
                    "print.not-printable",
                    f"{ref!r} is a rule table, not a fighter design.",
                    [{"path": path, "field": "records", "message": "not a fighter design"}],
                )
            faces += fighter_faces(
                catalogue, table.data["design"], sample=table.sample, ref=table.ref
            )
        elif system in ("cs-air-action", "cs-aces"):
            faces += figure_faces(
                catalogue, record_at(catalogue, ref, "figure", None, path), greyscale
            )
        else:
            raise ApplicationError(
                "print.not-printable",
                f"{ref!r}: {system or 'records without a system'} has no stat cards "
                "(cs-hex designs print as schematics).",
                [{"path": path, "field": "records", "message": "no stat card for this system"}],
            )
        if progress:
            progress(i + 1, len(refs))
    return faces


def cards_for_list(
    checked: CheckedList,
    *,
    greyscale: bool = False,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Faces for every entry of a checked list, as the engine priced it."""
    catalogue, doc, verdict = checked.catalogue, checked.document, checked.verdict
    system, entries = doc["system"], doc["entries"]
    faces: list[dict[str, Any]] = []
    for i, entry in enumerate(entries):
        if system == "cs-air-action":
            path = f"$.entries[{i}].figure"
            faces += figure_faces(
                catalogue, record_at(catalogue, entry["figure"], "figure", system, path), greyscale
            )
            if entry.get("ace"):
                ace = catalogue.resolve(entry["ace"], "figure", "cs-aces")
                if ace is not None:
                    faces += figure_faces(catalogue, ace, greyscale)
        elif system == "cs-aces":
            record = record_at(catalogue, entry["figure"], "figure", system, f"$.entries[{i}]")
            faces += figure_faces(catalogue, record, greyscale) * int(entry.get("count", 1))
        elif system == "crimson-dust":
            model = verdict.breakdown["models"][i]
            faces += model_faces(catalogue, entry, model, greyscale)
        elif system == "black-skies":
            design = entry.get("design", entry)
            sample = False
            if isinstance(design, str):
                table = record_at(catalogue, design, "table", system, f"$.entries[{i}].design")
                design, sample = table.data["design"], table.sample
            faces += fighter_faces(
                catalogue,
                design,
                pilot=entry.get("pilot"),
                element=entry.get("element"),
                doc=doc,
                sample=sample,
                ref=f"{doc.get('name') or 'list'} · fighter {i + 1}",
            )
        else:
            raise ApplicationError(
                "print.not-printable",
                "A cs-hex design prints as a schematic, not as cards.",
                [{"path": "$.system", "field": "system", "message": "use the schematic sheet"}],
            )
        if progress:
            progress(i + 1, len(entries))
    return faces
