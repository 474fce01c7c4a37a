"""Black Skies fighter cards: a design priced alone, with its hull boxes to tick off."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import BadDocument, Catalogue, CheckedList, Record, thaw, verdict_of
from builder.games.drawing import record_at, shown
from builder.games.picks import by_name
from builder.games.prints import Face

SYSTEM = "black-skies"


def _fighter_doc(design: Mapping[str, Any], doc: Mapping[str, Any] | None) -> dict[str, Any]:
    """A one-fighter list document, so the engine prices the design as it would alone."""
    out: dict[str, Any] = {
        "format": "muster-list/1",
        "system": SYSTEM,
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
) -> list[Face]:
    """A fighter: weight, hull boxes, thrusters and the manoeuvres they unlock, weapons,
    armour, shields, pilot skill and hardpoints used."""
    fighter_doc = _fighter_doc(design, doc)
    try:
        verdict = verdict_of(catalogue, fighter_doc)
    except BadDocument as exc:
        raise ApplicationError(
            ErrorCode.BAD_DOCUMENT,
            f"The fighter design {design.get('name')!r} cannot be read.",
            [{"path": e.path, "field": "design", "message": e.message} for e in exc.errors],
        ) from exc
    stats = verdict.breakdown
    weight = catalogue.get(SYSTEM, "fighter_weight", design["weight"])
    thrusters = []
    for key in ["basic-thrusters", *design.get("thrusters", ())]:
        thruster = catalogue.get(SYSTEM, "ability", key)
        if thruster is None:
            continue
        moves = [
            m.name if (m := catalogue.get(SYSTEM, "maneuver", k)) else k
            for k in thruster.data.get("maneuvers", ())
        ]
        thrusters.append({"name": thruster.name, "maneuvers": ", ".join(moves)})
    weapons = []
    for mount in design.get("weapons", ()):
        weapon = catalogue.get(SYSTEM, "weapon", mount["weapon"])
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
    armour = catalogue.get(SYSTEM, "ability", design.get("armour") or "no-armour")
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


class BlackSkiesCards:
    def entry_faces(self, checked: CheckedList, index: int, *, greyscale: bool) -> list[Face]:
        """A squadron's entry names a design (its own or an example's) flown by a pilot; a
        fighter list's one entry is the design itself."""
        catalogue, doc = checked.catalogue, checked.document
        entry = doc["entries"][index]
        design = entry.get("design", entry)
        sample = False
        if isinstance(design, str):
            path = f"$.entries[{index}].design"
            table = record_at(catalogue, design, "table", SYSTEM, path)
            design, sample = table.data["design"], table.sample
        return fighter_faces(
            catalogue,
            design,
            pilot=entry.get("pilot"),
            element=entry.get("element"),
            doc=doc,
            sample=sample,
            ref=f"{doc.get('name') or 'list'} · fighter {index + 1}",
        )

    def printable(self, catalogue: Catalogue) -> list[Record]:
        """The book's example designs (tables of kind ``fighter_design``)."""
        return [
            r
            for r in by_name(catalogue.records(SYSTEM, "table"))
            if r.data.get("kind") == "fighter_design"
        ]

    def record_faces(
        self, catalogue: Catalogue, ref: str, path: str, *, greyscale: bool
    ) -> list[Face]:
        """An example design from the rule tables."""
        table = record_at(catalogue, ref, "table", None, path)
        if table.data.get("kind") != "fighter_design":
            raise ApplicationError(
                ErrorCode.NOT_PRINTABLE,
                f"{ref!r} is a rule table, not a fighter design.",
                [{"path": path, "field": "records", "message": "not a fighter design"}],
            )
        return fighter_faces(catalogue, table.data["design"], sample=table.sample, ref=table.ref)


CARDS = BlackSkiesCards()
