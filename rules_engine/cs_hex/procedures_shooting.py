"""The hex-map procedures of shooting: to hit, hit location, damage and clearing a jam."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.catalogue import Catalogue, Record
from rules_engine.cs_hex.procedures_common import (
    D10,
    DOUBLING_DOWN,
    DROP_TANK,
    EFFECTS,
    SHOOTING,
    TO_HIT,
    d10_check,
    one_d10,
    rows,
    skill,
)
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.errors import BadDocument
from rules_engine.odds_query import boolean, integer, text
from rules_engine.procedures import Change, Dice, Procedure, Resolution, Step

Params = Mapping[str, Any]
Rolls = Sequence[Sequence[int]]

# The six areas of the damage schematic, in the book's order ("6. Обвес броней").
AREAS = ("nose", "right-wing-front", "right-wing-rear", "left-wing-front", "left-wing-rear", "tail")
COLUMNS = 10  # "кидается d10, выпавший результат означает номер колонки"
NO_DAMAGE = ("rocket-flash", "rocket-sonic", "rocket-beacon")


def _weapon(catalogue: Catalogue, weapon_id: str) -> Record:
    record = catalogue.get(SYSTEM, "weapon", weapon_id)
    if record is None or record.data["kind"] not in ("gun", "rocket"):
        raise BadDocument.at("params.weapon", f"{weapon_id!r} is not a gun or rocket id")
    return record


def _to_hit_dice(_catalogue: Catalogue, params: Params) -> Sequence[Dice]:
    if params["doubling_down"]:
        return (Dice(2, D10, "to hit, two shots doubling down"),)
    return one_d10("to hit")


def _to_hit(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    (faces,) = rolls
    gun = _weapon(catalogue, params["weapon"])
    rocket = gun.data["kind"] == "rocket"
    if rocket and not gun.data["aimed"]:
        raise BadDocument.at(
            "params.weapon",
            f"{gun.name} is placed anywhere in the firing arc: there is no roll to hit",
        )
    if rocket and gun.data.get("requires") and not params["target_marked"]:
        raise BadDocument.at(
            "params.target_marked",
            f"a {gun.name} is fired only at a target a beacon rocket has marked",
        )
    if params["doubling_down"] and rocket:
        raise BadDocument.at("params.doubling_down", "only guns can fire doubling down")
    distance, reach = params["distance"], gun.data["range"]
    if distance > reach:
        raise BadDocument.at(
            "params.distance",
            f"{distance} hexes is beyond the {gun.name}'s "
            f"range of {reach}: the attack cannot be made",
        )
    modifiers = {row[0]: row[1] for row in rows(catalogue, "range-modifier")}
    values = {
        "to_hit_number": params["target_number"],
        "range_modifier": modifiers[distance],
        "rocket": rocket,
        "shocked": params["shocked"],
        "direction_modifier": params["direction_modifier"],
        "accuracy": params["accuracy"],
    }
    checks = [
        d10_check(
            catalogue, "to-hit", values, face, f"Shot {i + 1}" if len(faces) > 1 else "To hit"
        )
        for i, face in enumerate(faces)
    ]
    steps = [
        Step(
            f"In range ({distance} of {reach} hexes) and, as declared, in the firing arc. "
            f"Range modifier at {distance} hex{'' if distance == 1 else 'es'}: "
            f"{modifiers[distance]:+d}. The direction "
            f"modifier ({params['direction_modifier']:+d}) is read on a figure that is not "
            "in the book's text. The book names no die: a d10 equal to or above it.",
            TO_HIT,
        ),
        *(c.step(TO_HIT) for c in checks),
    ]
    hits = sum(c.passed for c in checks)
    jammed = params["doubling_down"] and hits == 0
    changes: list[Change] = []
    if params["doubling_down"]:
        steps.append(
            Step(
                f"Doubling down: {hits} of 2 shots hit"
                + ("; both missed, so the gun jams." if jammed else "."),
                DOUBLING_DOWN,
            )
        )
        if jammed:
            changes.append(Change("attacker", "jammed_guns", delta=1, text=f"a {gun.name} jams"))
    if hits:
        steps.append(
            Step(
                f"{hits} hit{'s' if hits > 1 else ''}: roll the area, then the column "
                "(hit-location) for each.",
                SHOOTING,
            )
        )
        if gun.id == "rocket-beacon":
            changes.append(
                Change("target", "beacon_marked", value=True, text="marked for seeker rockets")
            )
    first = checks[0]
    return Resolution(
        {
            "target_number": first.target,
            "rolls": list(faces),
            "hits": hits,
            "hit": hits > 0,
            "jammed": jammed,
        },
        steps,
        changes,
    )


def _aiming_area(params: Params) -> bool:
    return params["aim_area"] is not None


def _location_dice(_catalogue: Catalogue, params: Params) -> Sequence[Dice]:
    column = Dice(1, D10, "column")
    return (column,) if _aiming_area(params) else (Dice(1, D10, "area"), column)


def _shift(catalogue: Catalogue, steady_hand: int) -> tuple[int, bool]:
    for low, high, cols, may_change in rows(catalogue, "steady-hand-shift"):
        if low <= steady_hand <= high:
            return cols, may_change
    return 0, False


def _hit_location(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    steady, aim, aim_area = params["steady_hand"], params["aim_column"], params["aim_area"]
    shift, may_change = _shift(catalogue, steady)
    if aim_area is not None and not may_change:
        raise BadDocument.at(
            "params.aim_area",
            f"only Steady Hand 9-10 may change the area hit (this shooter has {steady})",
        )
    if aim is not None and aim_area is not None:
        raise BadDocument.at(
            "params.aim_column",
            "Steady Hand 9-10 shifts three columns or changes the area, not both",
        )
    steps: list[Step] = []
    if aim_area is None:
        ((area_roll,), (column,)) = rolls
        steps.append(
            Step(
                f"Area: d10 rolled {area_roll}. The figure that reads the roll as "
                "an area of the schematic is not in the book's text: read it on the book's "
                "figure (hex-map ruling 13).",
                SHOOTING,
            )
        )
    else:
        area_roll = None
        ((column,),) = rolls
        steps.append(
            Step(
                f"With Steady Hand {steady} the shooter changes the area hit to the "
                f"{aim_area.replace('-', ' ')} instead of shifting columns, so no "
                "area is rolled (hex-map ruling 23).",
                SHOOTING,
            )
        )
    steps.append(Step(f"Column of the centre of the damage: d10 rolled {column}.", SHOOTING))
    final = column
    if aim is not None:
        if not shift:
            raise BadDocument.at(
                "params.aim_column", "aiming at a column needs Steady Hand 1 or more"
            )
        final = aim if abs(column - aim) <= shift else column + (shift if column < aim else -shift)
        steps.append(
            Step(
                f"Steady Hand {steady} shifts the point of impact up to {shift} "
                f"column{'s' if shift > 1 else ''} within the area, toward column "
                f"{aim}: column {final}.",
                SHOOTING,
            )
        )
    return Resolution(
        {"area_roll": area_roll, "area": aim_area, "column_roll": column, "column": final}, steps
    )


def _damage_dice(_catalogue: Catalogue, params: Params) -> Sequence[Dice]:
    return one_d10("fire duration (d10 / 2, rounded up)") if params["incendiary"] else ()


def _damage(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    gun = _weapon(catalogue, params["weapon"])
    if gun.id in NO_DAMAGE:
        raise BadDocument.at("params.weapon", f"a {gun.name} does no damage the book describes")
    if params["incendiary"] and gun.data["kind"] != "gun":
        raise BadDocument.at("params.incendiary", "incendiary ammunition is for guns")
    area, column = params["area"], params["column"]
    where = f"{area.replace('-', ' ')}, column {column}"
    steps = [
        Step(
            f"Damage starts at the first unshaded square of the column ({where}). The "
            f"squares a {gun.name} shades are drawn on a figure that is not in the book's text: "
            "the centre square is shaded here, the rest of the pattern by the book's "
            "figure (hex-map ruling 24).",
            SHOOTING,
        )
    ]
    changes = [
        Change(
            "target",
            f"shaded.{area}.{column}",
            delta=1,
            text=f"the centre square of the damage shaded ({where})",
        )
    ]
    outcome: dict[str, Any] = {
        "area": area,
        "column": column,
        "squares_shaded": 1,
        "pattern_known": False,
    }
    if params["incendiary"]:
        ((roll,),) = rolls
        lit = -(-roll // 2)
        burning = max(lit, params["burning_turns"])
        steps.append(
            Step(
                f"Incendiary: the round sets the plane alight and deals the same "
                f"damage for d10 / 2 turns, rounded up: {roll} gives {lit}. Fires do "
                f"not add up, the longest counts: the column burns {burning} turns "
                "(the fire goes out on reaching a damaged square). The plane smokes "
                "while it burns.",
                EFFECTS,
            )
        )
        changes += [
            Change(
                "target", f"burning.{area}.{column}", value=burning, text=f"burns {burning} turns"
            ),
            Change("target", "smoking", value=burning, text="smokes while it burns"),
        ]
        outcome |= {"fire_roll": roll, "fire_turns": lit, "burning_turns": burning}
        if params["drop_tank"]:
            steps.append(
                Step(
                    "The drop tank's first damage is from an incendiary round: the plane is lost.",
                    DROP_TANK,
                )
            )
            changes.append(Change("target", "destroyed", value=True, text="drop tank explodes"))
            outcome["destroyed"] = True
    return Resolution(outcome, steps, changes)


def _clear_jam_dice(_catalogue: Catalogue, params: Params) -> Sequence[Dice]:
    return (Dice(params["guns"], D10, "clearing a jam, one per jammed gun"),)


def _clear_jam(catalogue: Catalogue, params: Params, rolls: Rolls) -> Resolution:
    (faces,) = rolls
    checks = [
        d10_check(
            catalogue,
            "jam-clearing",
            {"steady_hand": params["steady_hand"]},
            f,
            f"Gun {i + 1}" if len(faces) > 1 else "Clearing the jam",
        )
        for i, f in enumerate(faces)
    ]
    cleared = sum(c.passed for c in checks)
    steps = [
        Step(
            "A character may clear any number of jammed guns in a turn, one roll each "
            "(hex-map ruling 25), but may not attack while doing so.",
            DOUBLING_DOWN,
        ),
        *(c.step(DOUBLING_DOWN) for c in checks),
    ]
    changes = [
        Change(
            "pilot", "can_attack", value=False, text="clears jams instead of attacking this turn"
        )
    ]
    if cleared:
        changes.append(
            Change(
                "plane",
                "jammed_guns",
                delta=-cleared,
                text=f"{cleared} gun{'s' if cleared > 1 else ''} cleared",
            )
        )
    return Resolution(
        {
            "target_number": checks[0].target,
            "rolls": list(faces),
            "cleared": cleared,
            "still_jammed": len(faces) - cleared,
            "passed": cleared == len(faces),
        },
        steps,
        changes,
    )


_WEAPON = text(
    "weapon", "cal-50", "the gun (cal-30 ... cal-70) or rocket id", catalogue_ids="weapon"
)


PROCEDURES: tuple[Procedure, ...] = (
    Procedure(
        "to-hit",
        "To hit: d10 >= to-hit number + range + 1 rocket + 2 shocked + direction - Accuracy; "
        "doubling down rolls two and jams when both miss.",
        TO_HIT,
        (
            _WEAPON,
            integer(
                "target_number",
                5,
                1,
                10,
                "the target's to-hit number (its size)",
                aliases=("to_hit_number",),
            ),
            integer("distance", 1, 0, 50, "hexes to the target (0: the same hex)"),
            skill("accuracy", "the shooter's Accuracy (Точность)"),
            boolean("shocked", "the shooter is shocked (+2)"),
            integer(
                "direction_modifier",
                0,
                -10,
                10,
                "the direction modifier, read on the "
                "book's figure of the planes' relative position",
            ),
            boolean("doubling_down", "the gun fires doubling down: two shots"),
            boolean("target_marked", "a beacon rocket has marked the target (for seekers)"),
        ),
        _to_hit_dice,
        _to_hit,
        roles=("attacker",),
    ),
    Procedure(
        "hit-location",
        "Hit location: d10 for the area, then d10 for the column of the centre of the damage; "
        "Steady Hand shifts it 1, 2 or 3 columns, or at 9-10 changes the area.",
        SHOOTING,
        (
            skill("steady_hand", "the shooter's Steady Hand (Твердая рука)", 0),
            integer("aim_column", None, 1, COLUMNS, "the column the shooter shifts toward"),
            text(
                "aim_area",
                None,
                "the area a Steady Hand 9-10 shooter changes the hit to, "
                "instead of shifting columns (then no area is rolled)",
                AREAS,
            ),
        ),
        _location_dice,
        _hit_location,
    ),
    Procedure(
        "damage",
        "Damage: from the first unshaded square of the column, by calibre and ammunition; "
        "incendiary rounds burn d10 / 2 turns, rounded up.",
        SHOOTING,
        (
            _WEAPON,
            boolean("incendiary", "incendiary ammunition (Зажигательные)"),
            text("area", "nose", "the area hit", AREAS),
            integer("column", 5, 1, COLUMNS, "the column of the centre of the damage"),
            integer(
                "burning_turns",
                0,
                0,
                5,
                "turns the column still burns from an earlier incendiary round",
            ),
            boolean("drop_tank", "the hit falls on a drop tank that has taken no damage yet"),
        ),
        _damage_dice,
        _damage,
        roles=("target",),
    ),
    Procedure(
        "clear-jam",
        "Clearing a jam: d10 >= 8 - Steady Hand for each jammed gun; the character does not "
        "attack that turn.",
        DOUBLING_DOWN,
        (
            skill("steady_hand", "the Steady Hand of the pilot or turret gunner clearing it", 0),
            integer("guns", 1, 1, 8, "jammed guns he works on this turn"),
        ),
        _clear_jam_dice,
        _clear_jam,
        roles=("plane", "pilot"),
    ),
)
