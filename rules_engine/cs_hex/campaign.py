"""A hex-map campaign: characters who earn XP in battle and spend it ("Развитие персонажа").

"За каждое боевое столкновение персонаж будет получать опыт ... кроме того, опыт выдается
время от времени мастерским произволом": XP for each battle, by how the character did, and
the referee's awards. The tables of XP per battle and of the price of a new level are lost
from the dump, so they are settings (docs/rulings/cs-hex.md, 30-36). A new level needs the
one before it ("надо уже иметь предыдущий уровень"); add-ons bought in play cost half
("по половинной цене"), with the referee's agreement.

A member's state carries its character document with every level and add-on bought, so the
developed character checks legal (``settings.developed_xp``, ruling 36). Events a game
proposes are read from its log by ``campaign_log.proposals``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.campaign import CampaignRules, Setting
from rules_engine.catalogue import Catalogue
from rules_engine.cs_hex import campaign_log
from rules_engine.cs_hex.character import ADD_ON, CHARACTER, check_character
from rules_engine.cs_hex.character_rules import (
    ADD_ONS_SECTION,
    DEVELOPMENT,
    PILOT,
    WINGMAN,
    AddOn,
    CharacterRules,
    character_rules,
)
from rules_engine.cs_hex.rules import SYSTEM
from rules_engine.errors import BadDocument
from rules_engine.listdoc import validate_list

LEVEL_COSTS = ("difference", "full")
ADD_ON_PRICES = ("half", "full")
EARNING = ("battle", "plane-destroyed", "bail-out", "award")
KINDS = (*EARNING, "perished", "level-bought", "add-on-bought")


def _whole(low: int, high: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"must be a whole number of XP from {low} to {high}"
        return None

    return check


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if value in choices else f"must be one of {', '.join(choices)}"

    return check


SETTINGS = (
    Setting(
        "xp_per_battle",
        "XP for a battle",
        10,
        "XP every character who took part in a battle earns (the book's table is lost).",
        "docs/rulings/cs-hex.md, 30",
        _whole(0, 10000),
    ),
    Setting(
        "xp_per_plane_destroyed",
        "XP for each enemy plane destroyed",
        30,
        "XP a character earns for each enemy plane his roll destroys.",
        "docs/rulings/cs-hex.md, 31",
        _whole(0, 10000),
    ),
    Setting(
        "xp_per_bail_out",
        "XP for a successful bail out",
        0,
        "XP a character earns for bailing out successfully (the book gives none).",
        "docs/rulings/cs-hex.md, 32",
        _whole(0, 10000),
    ),
    Setting(
        "level_cost",
        "Price of a new level",
        "difference",
        "difference: a level costs what the table adds to the one before it (Accuracy 3 to "
        "4 costs 70 - 40 = 30 XP); full: it costs the table's whole price (70 XP).",
        "docs/rulings/cs-hex.md, 34",
        _one_of(LEVEL_COSTS),
    ),
    Setting(
        "add_on_in_play",
        "Price of an add-on bought in play",
        "half",
        "half: an add-on bought during the campaign costs half its price, rounded up, as "
        "the book says; full: its whole price.",
        "docs/rulings/cs-hex.md, 35",
        _one_of(ADD_ON_PRICES),
    ),
)


def slug(words: str) -> str:
    """A member key from a name: ``Captain Orlov`` is ``captain-orlov``."""
    kept = "".join(c if c.isalnum() else " " for c in words.lower())
    return "-".join(kept.split()) or "character"


def _role(doc: Mapping[str, Any]) -> str:
    return str(doc["entries"][0].get("role", PILOT))


def member_kind(role: str) -> str:
    """A member's kind from its role: the player character is a ``character``."""
    return "character" if role == PILOT else role


def members_from_list(catalogue: Catalogue, doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The character and each of his wingmen, each with a character document of his own
    (a wingman is "создается как персонаж на 400 ХР").

    Raises:
        BadDocument: the list is not a legal cs-hex character (the first error named)."""
    if not isinstance(doc, Mapping) or doc.get("system") != SYSTEM or doc.get("kind") != CHARACTER:
        raise BadDocument.at("$.kind", "a hex-map campaign starts from a character list")
    validate_list(doc)
    verdict = check_character(catalogue, doc)
    if not verdict.legal:
        first = verdict.errors[0]
        raise BadDocument.at(first.path, f"{doc['name']} is not a legal character: {first.message}")
    name = str(doc["entries"][0].get("name") or doc["name"])
    members = [_member(name, member_kind(_role(doc)), copy.deepcopy(dict(doc)), 0)]
    for n, (index, entry) in enumerate(
        (i, e) for i, e in enumerate(doc["entries"]) if e["part"] == WINGMAN
    ):
        wingman = str(entry.get("name") or "").strip() or f"{name}'s wingman {n + 1}"
        own = {
            "format": doc["format"],
            "system": SYSTEM,
            "kind": CHARACTER,
            "name": wingman,
            "entries": [
                {
                    "part": CHARACTER,
                    "role": WINGMAN,
                    "characteristics": dict(entry["characteristics"]),
                }
            ],
        }
        if "content" in doc:
            own["content"] = copy.deepcopy(doc["content"])
        members.append(_member(wingman, WINGMAN, own, index))
    seen: dict[str, int] = {}
    for member in members:
        base = member["key"]
        seen[base] = seen.get(base, 0) + 1
        if seen[base] > 1:
            member["key"] = f"{base}-{seen[base]}"
    return members


def _member(name: str, kind: str, document: dict[str, Any], entry: int) -> dict[str, Any]:
    return {
        "key": slug(name),
        "name": name,
        "kind": kind,
        "figure": None,
        "level": None,
        "document": document,
        "entry": entry,
    }


def start(
    catalogue: Catalogue, member: Mapping[str, Any], settings: Mapping[str, Any]
) -> dict[str, Any]:
    """A member before any event: his document, and the creation XP he left unspent, which
    he keeps (ruling 36)."""
    doc = member.get("document")
    if not isinstance(doc, Mapping) or doc.get("kind") != CHARACTER:
        raise BadDocument.at("document", f"{member.get('name')} has no character document")
    validate_list(doc, root="document")
    verdict = check_character(catalogue, doc)
    left = max(0, (verdict.limit or 0) - verdict.points)
    return {
        "document": copy.deepcopy(dict(doc)),
        "role": _role(doc),
        "xp_unspent": left,
        "spent": 0,
        "creation_xp_left": left,
    }


def level_price(rules: CharacterRules, level: int, settings: Mapping[str, Any]) -> int:
    """What buying ``level`` costs in play: the table's step to it, or its whole price."""
    if settings.get("level_cost", "difference") == "full":
        return rules.level_costs[level]
    return rules.level_costs[level] - rules.level_costs[level - 1]


def add_on_price(add_on: AddOn, settings: Mapping[str, Any]) -> int:
    """What an add-on bought in play costs: half its price rounded up, or all of it."""
    if settings.get("add_on_in_play", "half") == "full":
        return add_on.cost_xp
    return -(-add_on.cost_xp // 2)


def levels_of(catalogue: Catalogue, doc: Mapping[str, Any]) -> dict[str, int]:
    """Each characteristic's level in a character document (a missing one is 0)."""
    given = doc["entries"][0]["characteristics"]
    return {c: int(given.get(c, 0)) for c in character_rules(catalogue).characteristics}


def add_ons_of(doc: Mapping[str, Any]) -> dict[str, int]:
    """Each add-on the character holds and how many times."""
    found: dict[str, int] = {}
    for entry in doc["entries"]:
        if entry["part"] == ADD_ON:
            found[entry["add_on"]] = found.get(entry["add_on"], 0) + int(entry.get("count", 1))
    return found


def apply(
    catalogue: Catalogue,
    state: dict[str, Any],
    event: Mapping[str, Any],
    settings: Mapping[str, Any],
) -> dict[str, Any]:
    """The member after one event: XP earned, a level or an add-on bought (the document
    updated), or the character perished and closed to every later event."""
    kind = event.get("kind")
    if kind not in KINDS:
        raise BadDocument.at(
            "kind", f"{kind!r} is not a hex-map campaign event: one of {', '.join(KINDS)}"
        )
    if state["status"] == "perished":
        raise BadDocument.at(
            "member",
            f"{state['name']} perished: a dead character gains nothing more ({DEVELOPMENT})",
        )
    after = dict(state)
    if kind == "perished":
        after["status"] = "perished"
        after["perished_in"] = event.get("game")
        return after
    if kind in EARNING:
        return _earn(after, event)
    rules = character_rules(catalogue)
    if kind == "level-bought":
        return _buy_level(rules, after, event, settings)
    return _buy_add_on(rules, after, event, settings)


def _whole_number(event: Mapping[str, Any], key: str, default: int = 0) -> int:
    value = event.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadDocument.at(key, "must be a whole number of XP")
    return value


def _earn(after: dict[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    experience = _whole_number(event, "experience")
    if experience < 0 and event["kind"] != "award":
        raise BadDocument.at("experience", f"a {event['kind']} event earns no negative XP")
    if after["xp_unspent"] + experience < 0:
        raise BadDocument.at(
            "experience",
            f"{after['name']} has {after['xp_unspent']} XP "
            f"unspent: taking {-experience} would leave less "
            "than none",
        )
    after["experience"] += experience
    after["xp_unspent"] += experience
    return after


def _pay(after: dict[str, Any], cost: int, what: str) -> None:
    if cost > after["xp_unspent"]:
        raise BadDocument.at(
            "cost",
            f"{what} costs {cost} XP; {after['name']} has "
            f"{after['xp_unspent']} XP unspent ({DEVELOPMENT})",
        )
    after["xp_unspent"] -= cost
    after["spent"] += cost


def _developed(doc: dict[str, Any], xp: int) -> None:
    settings = dict(doc.get("settings") or {})
    settings["developed_xp"] = int(settings.get("developed_xp", 0)) + xp
    doc["settings"] = settings


def _buy_level(
    rules: CharacterRules,
    after: dict[str, Any],
    event: Mapping[str, Any],
    settings: Mapping[str, Any],
) -> dict[str, Any]:
    """One level at a time ("надо уже иметь предыдущий уровень"), to the table's top;
    Constitution of a wingman or gunner is never raised."""
    wanted = event.get("characteristic")
    c = rules.characteristics.get(str(wanted))
    if c is None:
        raise BadDocument.at(
            "characteristic",
            f"there is no characteristic {wanted!r} (the "
            f"book's are: {', '.join(rules.characteristics)})",
        )
    role = after["role"]
    if rules.fixed_level(c, role) is not None:
        raise BadDocument.at(
            "characteristic",
            f"{c.name} is always {c.minimum} for a "
            f"{rules.role_word(role)} and cannot be raised "
            "(Создание персонажа)",
        )
    doc = copy.deepcopy(after["document"])
    levels = doc["entries"][0]["characteristics"]
    have = int(levels.get(c.id, 0))
    level = _whole_number(event, "level", have + 1)
    if level > rules.max_level:
        raise BadDocument.at(
            "level", f"{c.name} {level} is off the book's table: levels run to {rules.max_level}"
        )
    if level != have + 1:
        raise BadDocument.at(
            "level",
            f"{after['name']} has {c.name} {have}: the next level "
            f"to buy is {have + 1}, not {level} (a new level needs "
            f"the one before it, {DEVELOPMENT})",
        )
    cost = _whole_number(event, "cost", level_price(rules, level, settings))
    _pay(after, cost, f"{c.name} {level}")
    levels[c.id] = level
    _developed(doc, rules.level_costs[level] - rules.level_costs[level - 1])
    after["document"] = doc
    return after


def _buy_add_on(
    rules: CharacterRules,
    after: dict[str, Any],
    event: Mapping[str, Any],
    settings: Mapping[str, Any],
) -> dict[str, Any]:
    """Half price in play ("по половинной цене"), with the referee's approval, within the
    add-on's maximum; only the player character takes add-ons; a wingman bought in play
    is a new character and is enrolled, not bought here (ruling 35)."""
    wanted = event.get("add_on")
    record = rules.add_ons.get(str(wanted))
    if record is None:
        raise BadDocument.at(
            "add_on",
            f"there is no add-on {wanted!r} (the book's are: "
            f"{', '.join(a.name for a in rules.add_ons.values())})",
        )
    approved = event.get("approved_by")
    if not isinstance(approved, str) or not approved.strip():
        raise BadDocument.at(
            "approved_by",
            "an add-on bought in play needs the referee's "
            f"approval: name who approved it ({DEVELOPMENT})",
        )
    role = after["role"]
    if role != PILOT:
        raise BadDocument.at(
            "add_on", f"a {rules.role_word(role)} takes no add-ons ({ADD_ONS_SECTION})"
        )
    if record.id == WINGMAN:
        raise BadDocument.at(
            "add_on",
            "a wingman joining in play is a new character: enrol "
            "his character list (hex-map ruling 35)",
        )
    doc = copy.deepcopy(after["document"])
    held = add_ons_of(doc).get(record.id, 0)
    if held >= record.max_count:
        times = f" {held} times" if held > 1 else ""
        raise BadDocument.at(
            "add_on",
            f"{after['name']} already has {record.name}{times}: "
            f"a character may have it at most {record.max_count} "
            f"({ADD_ONS_SECTION})",
        )
    cost = _whole_number(event, "cost", add_on_price(record, settings))
    _pay(after, cost, record.name)
    entry = next(
        (e for e in doc["entries"] if e["part"] == ADD_ON and e["add_on"] == record.id), None
    )
    if entry is None:
        doc["entries"].append({"part": ADD_ON, "add_on": record.id, "count": 1})
    else:
        entry["count"] = int(entry.get("count", 1)) + 1
    _developed(doc, record.cost_xp)
    after["document"] = doc
    return after


def summary(
    catalogue: Catalogue, state: Mapping[str, Any], settings: Mapping[str, Any]
) -> dict[str, Any]:
    """XP unspent and spent, each level and add-on, and what each next level costs (None
    at the table's top or where the level is fixed)."""
    rules = character_rules(catalogue)
    levels = levels_of(catalogue, state["document"])
    role = state["role"]
    next_costs: dict[str, int | None] = {}
    for c in rules.characteristics.values():
        level = levels[c.id] + 1
        free = rules.fixed_level(c, role) is None and level <= rules.max_level
        next_costs[c.id] = level_price(rules, level, settings) if free else None
    return {
        "xp_unspent": state["xp_unspent"],
        "spent": state["spent"],
        "levels": levels,
        "add_ons": add_ons_of(state["document"]),
        "next_level_costs": next_costs,
        "add_on_costs": {a.id: add_on_price(a, settings) for a in rules.add_ons.values()}
        if role == PILOT
        else {},
    }


def level_bought_event(
    catalogue: Catalogue,
    state: Mapping[str, Any],
    characteristic: str,
    settings: Mapping[str, Any],
    key: str,
) -> dict[str, Any]:
    """The event of ``state``'s member buying the next level of ``characteristic``, its
    cost read from the settings; refused as ``apply`` refuses it."""
    rules = character_rules(catalogue)
    c = rules.characteristics.get(characteristic)
    have = levels_of(catalogue, state["document"]).get(characteristic, 0)
    level = have + 1
    cost = level_price(rules, level, settings) if c and level <= rules.max_level else 0
    name = c.name if c else characteristic
    event = {
        "key": key,
        "member": state["key"],
        "kind": "level-bought",
        "experience": 0,
        "cost": cost,
        "game": None,
        "entry": None,
        "characteristic": characteristic,
        "level": level,
        "text": f"{name} raised to {level} for {cost} XP",
        "section": f"{DEVELOPMENT} (hex-map ruling 34)",
    }
    _refused(catalogue, state, event, settings)
    return event


def add_on_bought_event(
    catalogue: Catalogue,
    state: Mapping[str, Any],
    add_on: str,
    approved_by: str,
    settings: Mapping[str, Any],
    key: str,
) -> dict[str, Any]:
    """The event of ``state``'s member buying ``add_on`` in play, approved by the referee
    ``approved_by``; refused as ``apply`` refuses it."""
    record = character_rules(catalogue).add_ons.get(add_on)
    cost = add_on_price(record, settings) if record else 0
    name = record.name if record else add_on
    event = {
        "key": key,
        "member": state["key"],
        "kind": "add-on-bought",
        "experience": 0,
        "cost": cost,
        "game": None,
        "entry": None,
        "add_on": add_on,
        "approved_by": approved_by,
        "text": f"{name} bought in play for {cost} XP, approved by {approved_by}",
        "section": f"{DEVELOPMENT} (hex-map ruling 35)",
    }
    _refused(catalogue, state, event, settings)
    return event


def _refused(
    catalogue: Catalogue,
    state: Mapping[str, Any],
    event: Mapping[str, Any],
    settings: Mapping[str, Any],
) -> None:
    """Raise what ``apply`` would refuse the event with, before it is stored."""
    apply(catalogue, dict(state), event, settings)


RULES = CampaignRules(
    system=SYSTEM,
    settings=SETTINGS,
    members_from_list=members_from_list,
    proposals=campaign_log.proposals,
    apply=apply,
    summary=summary,
    start=start,
)
