"""The Black Skies builder's controls: a design's weight, weapons, armour, shields and
thrusters, and a squadron fighter's element, pilot and design.

Every option says what it costs in hardpoints, so a player sees the budget before choosing.
A value the catalogue does not hold (from an imported file) stays selected and is marked,
so the check can name it and nothing changes behind the player's back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from builder.engine import Catalogue, Record
from builder.games.black_skies.designs import (
    SYSTEM,
    catalogue_designs,
    linked_uuid,
    weapon_counts,
)
from builder.games.forms import MY_DESIGN, WRITTEN_OUT, EntryField

if TYPE_CHECKING:
    from builder.games.picks import Picks

Option = tuple[str, str, str]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _keep(options: list[Option], value: str) -> list[Option]:
    """The options, plus the current value when the catalogue does not have it."""
    if value and value not in {v for v, _, _ in options}:
        return [*options, (value, value, "not in the catalogue")]
    return options


def _by(records: Mapping[str, Record], key: str) -> list[Record]:
    return sorted(records.values(), key=lambda r: (r.data.get(key, 0), r.name))


def weight_options(catalogue: Catalogue) -> list[Option]:
    """Fighters (Weight): hardpoints, hull and acceleration of each weight."""
    return [
        (
            w.id,
            w.name,
            f"{_plural(w.data['hardpoints'], 'hardpoint')}, hull {w.data['hull']}, "
            f"acceleration {w.data['acceleration']}",
        )
        for w in _by(catalogue.records(SYSTEM, "fighter_weight"), "rank")
    ]


def armour_options(catalogue: Catalogue) -> list[Option]:
    """Armour: its damage reduction and hardpoints, and the weights it is not for."""
    armours = [
        a for a in _by(catalogue.records(SYSTEM, "ability"), "level") if a.data["kind"] == "armour"
    ]
    weights = catalogue.records(SYSTEM, "fighter_weight")
    options = []
    for a in armours:
        reduction = a.data["damage_reduction"]
        label = armour_label(a)
        note = f"-{reduction} damage a hit, " if reduction else ""
        note += _plural(a.data["hardpoints"], "hardpoint")
        barred = [weights[w].name.lower() if w in weights else w for w in a.data["not_for_weights"]]
        if barred:
            note += f", not for {' or '.join(barred)} fighters"
        options.append((a.id, label, note))
    return options


def armour_label(armour: Record) -> str:
    """ "Light armour" for the book's "Light (-1)"; "No armour" for its "None (0)"."""
    if not armour.data["damage_reduction"]:
        return "No armour"
    return f"{armour.name.split(' (')[0]} armour"


def weapon_options(catalogue: Catalogue) -> list[Option]:
    """Combat (Weapons): hardpoints, damage die, rate of fire and arcs of each weapon."""
    return [
        (
            w.id,
            w.name,
            f"{_plural(w.data['hardpoints'], 'hardpoint')}, d{w.data['damage_die']}, "
            f"RoF {w.data['rate_of_fire']}, {'/'.join(w.data['arcs'])}",
        )
        for w in sorted(catalogue.records(SYSTEM, "weapon").values(), key=lambda r: r.name)
    ]


def thruster_options(catalogue: Catalogue) -> list[Option]:
    """Thrusters: the maneuvering thrusters one may fit and the maneuvers each unlocks
    (basic thrusters are always there, so they are not offered)."""
    maneuvers = catalogue.records(SYSTEM, "maneuver")
    return [
        (
            t.id,
            t.name,
            ", ".join(maneuvers[m].name if m in maneuvers else m for m in t.data["maneuvers"]),
        )
        for t in sorted(catalogue.records(SYSTEM, "ability").values(), key=lambda r: r.name)
        if t.data["kind"] == "thruster" and t.data["location"] != "basic"
    ]


def skill_options(catalogue: Catalogue) -> list[Option]:
    """Pilots: the Piloting Skill Levels, 1 (green) to 4 (hotshot)."""
    table = catalogue.get(SYSTEM, "table", "pilot-skill-levels")
    rows = table.data["rows"] if table else []
    return [(str(row[0]), f"{row[0]}: {row[1]}", "") for row in rows]


def design_fields(
    design: Mapping[str, Any], catalogue: Catalogue, prefix: str = ""
) -> list[EntryField]:
    """The controls of one design; ``prefix`` nests them in a squadron entry (``design-``)."""
    p = prefix
    weapons = [w for w in design.get("weapons") or [] if isinstance(w, Mapping)]
    offered = weapon_options(catalogue)
    lines = []
    for r, item in enumerate([*weapons, {}]):
        chosen = str(item.get("weapon", ""))
        lines.append(
            [
                EntryField(
                    f"{p}weapons-{r}-weapon",
                    f"Weapon {r + 1}" if item else "Add a weapon",
                    "select",
                    chosen,
                    _keep(offered, chosen),
                    structural=True,
                ),
                EntryField(
                    f"{p}weapons-{r}-count",
                    f"How many of weapon {r + 1}" if item else "How many",
                    "number",
                    item.get("count", ""),
                ),
            ]
        )
    lines[-1].append(EntryField(f"{p}weapons-rows", "", "hidden", len(lines)))
    weight, armour = str(design.get("weight", "")), str(design.get("armour", ""))
    thrusters = [str(t) for t in design.get("thrusters") or []]
    thruster_choices = thruster_options(catalogue)
    for t in thrusters:
        thruster_choices = _keep(thruster_choices, t)
    return [
        EntryField(f"{p}name", "Design name", "text", design.get("name", "")),
        EntryField(
            f"{p}weight", "Weight", "select", weight, _keep(weight_options(catalogue), weight)
        ),
        EntryField(
            f"{p}armour", "Armour", "select", armour, _keep(armour_options(catalogue), armour)
        ),
        EntryField(
            f"{p}shields",
            "Shield levels",
            "number",
            design.get("shields", 0),
            help="1 hardpoint a level.",
        ),
        EntryField(
            f"{p}weapons",
            "Weapons",
            "group",
            rows=lines,
            help="Pick a weapon in the last row to fit another; pick — to take one off.",
        ),
        EntryField(
            f"{p}thrusters",
            "Maneuvering thrusters",
            "checks",
            thrusters,
            thruster_choices,
            help="Basic thrusters (Straight, Left, Right) are always fitted.",
            open=True,
        ),
    ]


def describe(design: Mapping[str, Any], catalogue: Catalogue) -> str:
    """One line a player reads: "Medium, 2 × Laser Cannon, light (-1) armour, no shields"."""
    weight = catalogue.get(SYSTEM, "fighter_weight", str(design.get("weight")))
    armour = catalogue.get(SYSTEM, "ability", str(design.get("armour")))
    parts = [weight.name if weight else str(design.get("weight"))]
    for weapon, count in weapon_counts(design):
        record = catalogue.get(SYSTEM, "weapon", weapon)
        parts.append(f"{count} × {record.name if record else weapon}")
    parts.append(armour_label(armour).lower() if armour else f"armour {design.get('armour')}")
    shields = design.get("shields") or 0
    parts.append(_plural(shields, "shield level") if shields else "no shields")
    fitted = [
        r.name.lower() if (r := catalogue.get(SYSTEM, "ability", str(t))) else str(t)
        for t in design.get("thrusters") or []
    ]
    if fitted:
        parts.append(", ".join(fitted))
    return ", ".join(parts)


def carried_design(design: Mapping[str, Any], prefix: str) -> list[EntryField]:
    """A linked design's copy as hidden fields: switching the fighter to *A design written
    out here* starts from the design it flew, not from a blank one."""
    weapons = [w for w in design.get("weapons") or () if isinstance(w, Mapping)]
    carried = [
        EntryField(f"{prefix}{key}", "", "hidden", design.get(key, ""))
        for key in ("name", "weight", "armour", "shields")
    ]
    carried += [
        EntryField(f"{prefix}thrusters", "", "hidden", t) for t in design.get("thrusters") or ()
    ]
    for r, row in enumerate(weapons):
        carried.append(EntryField(f"{prefix}weapons-{r}-weapon", "", "hidden", row.get("weapon")))
        carried.append(EntryField(f"{prefix}weapons-{r}-count", "", "hidden", row.get("count", 1)))
    carried.append(EntryField(f"{prefix}weapons-rows", "", "hidden", len(weapons)))
    return carried


def _weight_name(design: Mapping[str, Any], catalogue: Catalogue) -> str:
    weight = catalogue.get(SYSTEM, "fighter_weight", str(design.get("weight")))
    return weight.name.lower() if weight else ""


def design_options(picks: Picks) -> list[Option]:
    """What a squadron fighter may fly: the catalogue's designs, the player's saved designs
    (linked: the fighter follows the design as it is saved), or a design written out here."""
    catalogue = picks.catalogue
    options = [
        (id_, design["name"], _weight_name(design, catalogue))
        for id_, design in catalogue_designs(catalogue).items()
    ]
    options += [
        (f"{MY_DESIGN}{uuid}", f"My design: {name}", _weight_name(design, catalogue))
        for uuid, name, design in picks.my_designs
    ]
    options.append((WRITTEN_OUT, "A design written out here", ""))
    return options


def squadron_fields(
    entry: Mapping[str, Any], picks: Picks, earlier: Sequence[Any] = ()
) -> list[EntryField]:
    """A fighter of a squadron: its element, its pilot and the design it flies.

    A design written out is shown open the first time it appears and folded (its summary
    says what it is) where a fighter before this one already flies the same design, as a
    wingman mostly does, so a squadron stays short enough to read.
    """
    catalogue = picks.catalogue
    raw_pilot = entry.get("pilot")
    pilot: Mapping[str, Any] = raw_pilot if isinstance(raw_pilot, Mapping) else {}
    skill = str(pilot.get("skill", ""))
    design = entry.get("design")
    linked = linked_uuid(entry)
    if linked:
        chosen = f"{MY_DESIGN}{linked}"
    else:
        chosen = WRITTEN_OUT if isinstance(design, Mapping) else str(design or "")
    fields = [
        EntryField("element", "Element", "text", entry.get("element", "")),
        EntryField("pilot-name", "Pilot", "text", pilot.get("name", "")),
        EntryField(
            "pilot-skill", "Piloting skill", "select", skill, _keep(skill_options(catalogue), skill)
        ),
        EntryField(
            "design",
            "Flies",
            "select",
            chosen,
            _keep(design_options(picks), chosen),
            structural=True,
        ),
    ]
    if linked and isinstance(design, Mapping):
        names = {uuid: name for uuid, name, _ in picks.my_designs}
        fields.append(
            EntryField(
                "design-note",
                "",
                "note",
                f"From your design {names.get(linked) or design.get('name') or 'unnamed'}: "
                f"{describe(design, catalogue)}. Edit that design to change this fighter.",
            )
        )
        fields.append(EntryField("design-from", "", "hidden", chosen))
        fields += carried_design(design, "design-")
    elif isinstance(design, Mapping):
        title = design.get("name") or "unnamed"
        repeated = any(isinstance(e, Mapping) and e.get("design") == design for e in earlier)
        fields.append(
            EntryField(
                "design-group",
                f"Design: {title}",
                "details",
                describe(design, catalogue),
                rows=[design_fields(design, catalogue, "design-")],
                open=not repeated,
            )
        )
    else:
        found = catalogue_designs(catalogue).get(chosen)
        if found:
            fields.append(EntryField("design-note", "", "note", describe(found, catalogue)))
        fields.append(EntryField("design-from", "", "hidden", chosen))
    return fields
