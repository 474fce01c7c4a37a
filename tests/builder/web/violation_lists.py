"""One list per violation code the engine has: an example list with one thing changed.

``engine_codes`` reads every code the engine's systems declare, so a new code without a
list here fails ``test_every_engine_code_has_a_list`` until one is written.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules_engine.systems import SYSTEMS

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"

Doc = dict[str, Any]


def engine_codes() -> set[str]:
    """Every violation code of every system, from each system's ``codes`` module."""
    codes: set[str] = set()
    for system in SYSTEMS:
        module = __import__(f"rules_engine.{system.replace('-', '_')}.codes", fromlist=["x"])
        for name in dir(module):
            members = getattr(getattr(module, name), "__members__", None)
            if not name.startswith("_") and members:
                codes |= {str(m) for m in members.values()}
    return codes


def example(path: str) -> Doc:
    loaded: Doc = json.loads((EXAMPLES / path).read_text(encoding="utf-8"))
    return loaded


def _entry(path: str, index: int, **changes: Any) -> Doc:
    """The example at ``path`` with ``changes`` made to entry ``index``."""
    doc = example(path)
    doc["entries"][index] = {**doc["entries"][index], **changes}
    return doc


def _entries(path: str, entries: list[Any], **envelope: Any) -> Doc:
    return {**example(path), **envelope, "entries": entries}


DUST = "crimson-dust/dust-devils-500.json"
TEAM = "cs-aces/kims-team.json"
HAWKS = "cs-air-action/bloodhawks-200.json"
ACES = "cs-air-action/aces-300.json"
FIGHTER = "black-skies/black-tiger.fighter.json"
TIGERS = "black-skies/tiger-squadron.squadron.json"
PLANE = "cs-hex/light-fighter-legal.json"
ORLOV = "cs-hex/captain-orlov-character-legal.json"


def _vance(**changes: Any) -> Doc:
    """Dust Devils with Sergeant Vance (a veteran Medio) changed."""
    return _entry(DUST, 0, **changes)


def _design(**changes: Any) -> Doc:
    doc = example(FIGHTER)
    doc["entries"][0] = {**doc["entries"][0], **changes}
    return doc


def _tiger(index: int, **changes: Any) -> Doc:
    doc = example(TIGERS)
    doc["entries"][index] = {**doc["entries"][index], **changes}
    return doc


def _plane(*parts: Doc, airframe: Doc | None = None, **envelope: Any) -> Doc:
    doc = example(PLANE)
    frame = {**doc["entries"][0], **(airframe or {})}
    return {**doc, **envelope, "entries": [frame, *parts]}


def _orlov(*, drop: tuple[int, ...] = (), add: tuple[Doc, ...] = (), **hero: Any) -> Doc:
    """Captain Orlov with entries dropped, added, or his own entry (0) changed."""
    doc = example(ORLOV)
    entries = [e for n, e in enumerate(doc["entries"]) if n not in drop]
    if hero and 0 not in drop:
        entries[0] = {**entries[0], **hero}
    return {**doc, "entries": [*entries, *add]}


def _orlov_levels(**levels: int) -> Doc:
    doc = example(ORLOV)
    doc["entries"][0]["characteristics"].update(levels)
    return doc


def _twice(path: str, index: int) -> Doc:
    doc = example(path)
    doc["entries"].append(copy.deepcopy(doc["entries"][index]))
    return doc


HEAVY = {"plane_type": "heavy", "size": 5}

LISTS: dict[str, Callable[[], Doc]] = {
    # Crimson Dust
    "crimson-dust.over-points-limit": lambda: {**example(DUST), "points_limit": 100},
    "crimson-dust.unknown-archetype": lambda: _vance(archetype="no-such-archetype"),
    "crimson-dust.unknown-upgrade": lambda: _vance(upgrades=["no-such-upgrade"]),
    "crimson-dust.upgrade-not-at-quality": lambda: _vance(
        quality="regular", upgrades=["plus-2-dc"]
    ),
    "crimson-dust.upgrade-too-often": lambda: _vance(upgrades=["plus-1-rg", "plus-1-rg"]),
    "crimson-dust.upgrade-alternatives": lambda: _vance(upgrades=["av-1", "av-2"]),
    "crimson-dust.unknown-skill": lambda: _vance(skills=["no-such-skill"]),
    "crimson-dust.skill-not-in-archetype": lambda: _vance(skills=["acrobatic"]),
    "crimson-dust.skill-not-at-quality": lambda: _vance(skills=["brain-dead"]),
    "crimson-dust.skill-twice": lambda: _vance(skills=["critical-shot", "critical-shot"]),
    "crimson-dust.dispersed-formation-armour": lambda: _vance(
        upgrades=["av-4"], skills=["dispersed-formation"]
    ),
    "crimson-dust.battle-hardened-and-fanatic": lambda: _entry(
        DUST, 5, skills=["fanatic", "battle-hardened"]
    ),
    "crimson-dust.heroic-not-personality": lambda: _vance(skills=["heroic"]),
    "crimson-dust.psychic-null-psyker": lambda: _vance(skills=["psychic-null", "psychic-level-1"]),
    "crimson-dust.several-levels": lambda: _vance(skills=["hacker-1", "hacker-2"]),
    "crimson-dust.needs-neural-networking": lambda: _vance(equipment=["bionic-eye"]),
    "crimson-dust.unknown-weapon": lambda: _vance(weapons=["no-such-weapon"]),
    "crimson-dust.unknown-equipment": lambda: _vance(equipment=["no-such-equipment"]),
    "crimson-dust.refractor-field-armour": lambda: _vance(
        upgrades=["av-3"], equipment=["refractor-field-generator"]
    ),
    "crimson-dust.shield-weapons": lambda: _vance(equipment=["riot-shield"]),
    "crimson-dust.price-not-given": lambda: example(DUST),
    "crimson-dust.over-burdened": lambda: _vance(
        weapons=["hmg", "auto-cannon", "missile-launcher", "heavy-boltgun", "plasma-gun"]
    ),
    "crimson-dust.exchange-not-allowed": lambda: _vance(exchange="rg-for-as"),
    "crimson-dust.mount-not-bestia": lambda: _entry(
        DUST, 3, mount={"name": "Old Thunder", "archetype": "medio"}
    ),
    "crimson-dust.bestia-rider": lambda: _entry(
        DUST, 3, archetype="bestia", quality="regular", weapons=[]
    ),
    "crimson-dust.mount-discount-unridden": lambda: _vance(
        archetype="bestia", quality="regular", skills=["mount"], upgrades=[], weapons=[]
    ),
    "crimson-dust.hacker-equipment": lambda: _vance(equipment=["trojan-virus"]),
    # Crimson Skies: Aces
    "cs-aces.unknown-figure": lambda: _entry(TEAM, 0, figure="no-such-figure"),
    "cs-aces.not-a-character": lambda: _entry(TEAM, 0, figure="cs-air-action/charlie-steele-fury"),
    "cs-aces.over-build-total": lambda: {**example(TEAM), "points_limit": 10},
    "cs-aces.ace-more-than-once": lambda: _twice(TEAM, 0),
    # Crimson Skies: Air Action
    "cs-air-action.unknown-figure": lambda: _entry(HAWKS, 0, figure="no-such-plane"),
    "cs-air-action.not-a-plane": lambda: _entry(HAWKS, 0, figure="cs-aces/charlie"),
    "cs-air-action.unknown-ace": lambda: _entry(ACES, 0, ace="cs-aces/no-such-ace"),
    "cs-air-action.ace-not-own-plane": lambda: _entry(HAWKS, 0, ace="cs-aces/charlie"),
    "cs-air-action.pilot-flies-two-planes": lambda: _twice(HAWKS, 0),
    "cs-air-action.over-build-total": lambda: {**example(HAWKS), "points_limit": 100},
    "cs-air-action.build-total-not-multiple-of-100": lambda: {
        **example(HAWKS),
        "points_limit": 250,
    },
    "cs-air-action.aces-below-300": lambda: {**example(ACES), "points_limit": 200},
    # Black Skies
    "black-skies.unknown-weight": lambda: _design(weight="no-such-weight"),
    "black-skies.unknown-weapon": lambda: _design(
        weapons=[{"weapon": "no-such-weapon", "count": 1}]
    ),
    "black-skies.unknown-armour": lambda: _design(armour="no-such-armour"),
    "black-skies.unknown-thruster": lambda: _design(thrusters=["no-such-thrusters"]),
    "black-skies.unknown-design": lambda: _tiger(0, design="no-such-design"),
    "black-skies.over-hardpoints": lambda: _design(shields=2),
    "black-skies.armour-too-heavy": lambda: _design(weight="light", armour="heavy-armour"),
    "black-skies.too-many-shield-levels": lambda: _design(shields=9),
    "black-skies.too-many-thruster-locations": lambda: {
        **_design(thrusters=["rear-thrusters", "side-thrusters"]),
        "settings": {"thruster_locations": "one"},
    },
    "black-skies.pilot-skill-out-of-range": lambda: _tiger(0, pilot={"name": "Kell", "skill": 9}),
    "black-skies.element-too-large": lambda: _tiger(2, element="Red"),
    "black-skies.element-single-fighter": lambda: {
        **example(TIGERS),
        "entries": example(TIGERS)["entries"][:3],
        "settings": {"single_fighter_elements": "warning"},
    },
    "black-skies.element-mixed-designs": lambda: _tiger(
        1, design=example(FIGHTER)["entries"][0] | {"name": "Other Tiger", "shields": 1}
    ),
    "black-skies.over-fighter-limit": lambda: {**example(TIGERS), "points_limit": 1},
    "black-skies.no-fighters": lambda: {**example(TIGERS), "entries": []},
    # Crimson Skies hex-map rules
    "cs-hex.no-airframe": lambda: {**example(PLANE), "entries": example(PLANE)["entries"][1:]},
    "cs-hex.extra-airframe": lambda: _twice(PLANE, 0),
    "cs-hex.unknown-plane-type": lambda: _plane(airframe={"plane_type": "no-such-type"}),
    "cs-hex.size-not-in-table": lambda: _plane(airframe={"size": 99}),
    "cs-hex.size-outside-type": lambda: _plane(airframe={"size": 2}),
    "cs-hex.rating-not-in-table": lambda: _plane(airframe={"max_speed": 99}),
    "cs-hex.over-free-mass": lambda: _plane(*[{"part": "gun", "weapon": "cal-50", "count": 8}]),
    "cs-hex.unknown-armour-area": lambda: _plane({"part": "armour", "area": "wing", "points": 10}),
    "cs-hex.duplicate-armour-area": lambda: _plane(
        {"part": "armour", "area": "tail", "points": 10},
        {"part": "armour", "area": "tail", "points": 10},
    ),
    "cs-hex.armour-over-maximum": lambda: _plane({"part": "armour", "area": "tail", "points": 81}),
    "cs-hex.armour-partial-row": lambda: _plane({"part": "armour", "area": "tail", "points": 25}),
    "cs-hex.unknown-weapon": lambda: _plane({"part": "gun", "weapon": "cal-90"}),
    "cs-hex.wrong-weapon-kind": lambda: _plane({"part": "gun", "weapon": "rocket-flash"}),
    "cs-hex.turret-not-allowed": lambda: _plane({"part": "turret", "guns": ["cal-30"]}),
    "cs-hex.turret-too-many-guns": lambda: _plane(
        {"part": "turret", "guns": ["cal-30", "cal-30", "cal-30"]}, airframe=HEAVY
    ),
    "cs-hex.turret-empty": lambda: _plane({"part": "turret", "guns": []}, airframe=HEAVY),
    "cs-hex.too-many-hardpoints": lambda: _plane(*[{"part": "drop-tank"} for _ in range(12)]),
    "cs-hex.seeker-without-beacon": lambda: _plane({"part": "rocket", "weapon": "rocket-seeker"}),
    "cs-hex.points-limit-ignored": lambda: {**example(PLANE), "points_limit": 5000},
    "cs-hex.no-character": lambda: _orlov(drop=(0,)),
    "cs-hex.extra-character": lambda: _orlov(add=(example(ORLOV)["entries"][0],)),
    "cs-hex.unknown-role": lambda: _orlov(role="navigator"),
    "cs-hex.unknown-characteristic": lambda: _orlov_levels(luck=2),
    "cs-hex.level-not-in-table": lambda: _orlov_levels(accuracy=11),
    "cs-hex.characteristic-below-minimum": lambda: _orlov_levels(constitution=2),
    "cs-hex.characteristic-fixed": lambda: _orlov(
        drop=(1, 2, 3, 4, 5, 6),
        role="wingman",
        characteristics={"natural-touch": 3, "constitution": 4},
    ),
    "cs-hex.unknown-add-on": lambda: _orlov(add=({"part": "add-on", "add_on": "luck"},)),
    "cs-hex.duplicate-add-on": lambda: _orlov(add=({"part": "add-on", "add_on": "wanted"},)),
    "cs-hex.add-on-over-maximum": lambda: _orlov(
        drop=(2,), add=({"part": "add-on", "add_on": "experienced-parachutist", "count": 5},)
    ),
    "cs-hex.add-ons-not-allowed": lambda: _orlov(drop=(1, 5, 6), role="gunner"),
    "cs-hex.wingmen-not-bought": lambda: _orlov(drop=(1,)),
    "cs-hex.wingmen-not-written": lambda: _orlov(drop=(5, 6)),
    "cs-hex.wingman-unnamed": lambda: _orlov(
        drop=(6,), add=({"part": "wingman", "name": "", "characteristics": {"constitution": 3}},)
    ),
    "cs-hex.over-budget": lambda: _orlov_levels(accuracy=9),
}
"""Code -> a list raising it (and perhaps others): each built fresh when called."""
