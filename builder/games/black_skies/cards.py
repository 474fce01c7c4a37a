"""Black Skies fighter cards: a design priced alone, with its hull boxes to tick off."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import BadDocument, Catalogue, CheckedList, Record, thaw, verdict_of
from builder.games.drawing import UNKNOWN, printed_from, record_at, shown
from builder.games.picks import by_name
from builder.games.prints import Face

SYSTEM = "black-skies"
NOT_AVAILABLE = "—"
_LEVEL = re.compile(r"\s*\([^)]*\)$")


def _armour_said(name: str | None, level: Any) -> str:
    """The armour's name and what it takes off each hit, once ("Light (−1)"): the pack's
    names already carry the book's "(-1)"."""
    base = _LEVEL.sub("", name) if name else "None"
    return f"{base} (−{level})" if level else base


def _maneuver_rows(catalogue: Catalogue, keys: Any) -> list[dict[str, Any]]:
    """Each option of each maneuver card: the card number, the option, its difficulty (and
    doubled when crippled, Piloting Check) and its speed penalty."""
    rows = []
    for key in keys:
        maneuver = catalogue.get(SYSTEM, "maneuver", key)
        if maneuver is None:
            continue
        options = maneuver.data.get("options") or ()
        for i, option in enumerate(options):
            difficulty = option.get("difficulty")
            rows.append(
                {
                    "card": shown(maneuver.data.get("card")) if i == 0 else "",
                    "span": len(options) if i == 0 else 0,
                    "name": option.get("name") or maneuver.name,
                    "difficulty": shown(difficulty),
                    "crippled": NOT_AVAILABLE if difficulty is None else str(2 * difficulty),
                    "penalty": shown(option.get("penalty")),
                }
            )
    return rows


def _to_hit(catalogue: Catalogue) -> dict[str, str]:
    """The book's target numbers by range and the target-speed modifiers, in words."""
    numbers = catalogue.get(SYSTEM, "table", "target-numbers")
    modifiers = catalogue.get(SYSTEM, "table", "target-speed-modifiers")
    bands = ", ".join(
        f"{band} {number}+" for band, number in (numbers.data["rows"] if numbers else ())
    )
    rows = modifiers.data["rows"] if modifiers else ()
    mods = ", ".join(
        f"{row[0] if i == 0 else row[0].removeprefix('target speed ')} {row[3]:+d}"
        for i, row in enumerate(rows)
    ).replace("-", "−")
    return {"bands": bands or UNKNOWN, "modifiers": mods}


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
    list_illegal: bool = False,
) -> list[Face]:
    """A fighter: weight, hull boxes marked where it is crippled, the maneuvers its
    thrusters unlock with their difficulty and speed penalty, weapons and target numbers,
    armour, shields, pilot skill and hardpoints used; ``list_illegal`` when the list it
    belongs to breaks a rule, so the card says so even if the design alone is legal."""
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
    maneuvers = []
    for key in ["basic-thrusters", *design.get("thrusters", ())]:
        thruster = catalogue.get(SYSTEM, "ability", key)
        if thruster is None:
            continue
        moves = [
            m.name if (m := catalogue.get(SYSTEM, "maneuver", k)) else k
            for k in thruster.data.get("maneuvers", ())
        ]
        rows = _maneuver_rows(catalogue, thruster.data.get("maneuvers", ()))
        cards = [r["card"] for r in rows if r["card"]]
        thrusters.append(
            {
                "name": thruster.name,
                "maneuvers": ", ".join(moves),
                "cards": "–".join(dict.fromkeys([cards[0], cards[-1]])) if cards else "",
            }
        )
        maneuvers += rows
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
    hull = int(stats.get("hull") or 0)
    boost = stats.get("afterburner_boost")
    face = {
        "kind": "fighter",
        "template": "fighter",
        "id": ref,
        "footer": printed_from(catalogue, weight),
        "title": design.get("name") or "Fighter",
        "subtitle": (weight.name if weight else design["weight"]) + " fighter",
        # The book prints no points: a fighter's verdict counts hardpoints, not points.
        "points": None,
        "hardpoints_used": shown(hardpoints.get("used")),
        "sample": sample,
        "pilot": (pilot or {}).get("name"),
        "pilot_skill": shown((pilot or {}).get("skill")) if pilot else None,
        "element": element,
        "hull": hull,
        "hull_boxes": [{"crippled": n == hull - hull // 2} for n in range(1, hull + 1)],
        "crippled_at": hull // 2,
        "crippled_after": hull - hull // 2,
        "values": [
            ("Acceleration", shown(stats.get("acceleration"))),
            ("Armour", _armour_said(armour.name if armour else None, stats.get("armour"))),
            ("Shields", shown(stats.get("shields"))),
            ("Hardpoints", f"{hardpoints.get('used', 0)} of {hardpoints.get('available', 0)}"),
            ("Dice a volley", shown(stats.get("dice_per_volley"))),
            ("Afterburner", NOT_AVAILABLE if boost is None else f"+{boost}"),
        ],
        "thrusters": thrusters,
        "maneuvers": maneuvers,
        "to_hit": _to_hit(catalogue),
        "weapons": weapons,
        "errors": [v.message for v in verdict.errors],
        "list_illegal": list_illegal,
    }
    # The maneuver table takes a face of its own: with every thruster it has 18 rows.
    maneuver_face = {
        **{
            k: face[k]
            for k in ("kind", "id", "footer", "title", "points", "sample", "list_illegal")
        },
        "template": "maneuvers",
        "subtitle": f"{face['subtitle']} · maneuvers",
        "hardpoints_used": face["hardpoints_used"],
        "maneuvers": face.pop("maneuvers"),
        "thrusters": face.pop("thrusters"),
        "crippled_at": face["crippled_at"],
    }
    return [face, maneuver_face]


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
            table = record_at(
                catalogue,
                design,
                "table",
                SYSTEM,
                path,
                noun="fighter design",
                hint="Pick one of the book's designs for that fighter, or write its design out.",
            )
            design, sample = table.data["design"], table.sample
        return fighter_faces(
            catalogue,
            design,
            pilot=entry.get("pilot"),
            element=entry.get("element"),
            doc=doc,
            sample=sample,
            ref=f"{doc.get('name') or 'list'} · fighter {index + 1}",
            list_illegal=not checked.verdict.legal,
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
