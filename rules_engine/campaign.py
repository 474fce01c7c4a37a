"""Campaigns: pilots and characters whose experience carries from game to game.

Only two books give campaign rules: Air Action ("Playing a Crimson Skies: Air Action
Campaign") and the hex-map rules ("Развитие персонажа"). Each declares a ``CampaignRules``
in its own ``campaign`` module; the other systems have none and ``campaign_rules`` says so.

A campaign is a list of members (pilots, characters) and an append-only list of events
(a plane shot down, a bail out, a level bought). The roster is never stored: it is folded
from the events, so an exported campaign and its replay agree, and applying a game's
events again changes nothing because every event has a key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.catalogue import Catalogue
from rules_engine.errors import BadDocument, DocumentError

CORRECTION = "correction"



@dataclass(frozen=True)
class Setting:
    """One campaign setting: a value the dump lost or players choose differently."""

    key: str
    label: str
    default: Any
    help: str
    """What it decides, in words."""
    ruling: str = ""
    """Where the reading is argued (``docs/rulings/cs-hex.md, 12``)."""
    check: Callable[[Any], str | None] = field(default=lambda value: None, compare=False)
    """Returns what is wrong with a value, or None when it is good."""


@dataclass(frozen=True)
class CampaignRules:
    """What one system's campaign rules do; each function is pure and handed its data."""

    system: str
    settings: tuple[Setting, ...]
    members_from_list: Callable[[Catalogue, Mapping[str, Any]], list[dict[str, Any]]]
    """The members a saved list brings into a campaign (a squadron's pilots at Rookie)."""
    proposals: Callable[
        [Catalogue, Mapping[str, Any], Mapping[str, str], str | None, Mapping[str, Any]],
        list[dict[str, Any]],
    ]
    """(catalogue, game log, table key -> member key, winning side, settings) -> events."""
    apply: Callable[
        [Catalogue, dict[str, Any], Mapping[str, Any], Mapping[str, Any]], dict[str, Any]
    ]
    """(catalogue, member state, event, settings) -> the member state after the event."""
    summary: Callable[[Catalogue, Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]
    """The fields a roster row shows (level, what the next level needs ...)."""
    start: Callable[[Catalogue, Mapping[str, Any], Mapping[str, Any]], dict[str, Any]] = field(
        default=lambda catalogue, member, settings: {}
    )
    """The system's own fields of a member state before any event."""
    check_settings: Callable[[Catalogue, Mapping[str, Any]], list[DocumentError]] = field(
        default=lambda catalogue, settings: []
    )
    """Settings that contradict the catalogue (a value the book prints), at ``settings.<key>``."""


def campaign_rules(system: str) -> CampaignRules | None:
    """The system's campaign rules, or None where its book gives none."""
    from rules_engine.systems import SYSTEMS

    module = SYSTEMS.get(system)
    return None if module is None else module.campaign()


def campaign_systems() -> tuple[str, ...]:
    """The systems whose books give campaign rules."""
    from rules_engine.systems import SYSTEMS

    return tuple(slug for slug, module in SYSTEMS.items() if module.load_campaign is not None)


def _rules(system: str) -> CampaignRules:
    rules = campaign_rules(system)
    if rules is None:
        raise BadDocument.at("system", f"the {system} rules give no campaign rules")
    return rules


def settings_with_defaults(system: str, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every setting of the system's campaign, the given values over the defaults.

    An unknown key or a bad value is refused naming ``settings.<key>``."""
    rules = _rules(system)
    specs = {s.key: s for s in rules.settings}
    errors = [
        DocumentError(f"settings.{key}", "is not a campaign setting of this game")
        for key in (given or {})
        if key not in specs
    ]
    values = {s.key: s.default for s in rules.settings}
    for key, value in (given or {}).items():
        spec = specs.get(key)
        if spec is None:
            continue
        problem = spec.check(value)
        if problem:
            errors.append(DocumentError(f"settings.{key}", problem))
        else:
            values[key] = value
    if errors:
        raise BadDocument(errors)
    return values


def live_entries(log: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The log's rolls that still stand: entries reversed by a correction are dropped."""
    entries = log.get("entries") or []
    reversed_ = {e.get("reverses") for e in entries if e.get("procedure") == CORRECTION}
    return [
        e for e in entries if e.get("procedure") != CORRECTION and e.get("seq") not in reversed_
    ]


def event_key(game: str | None, entry: int | str | None, kind: str, member: str) -> str:
    """An event's key: the same game, entry, kind and member give the same key."""
    return f"{game}:{entry}:{kind}:{member}"


def side_of(table_key: str) -> str:
    """The side a table key belongs to: ``b2`` is side ``b``."""
    found = re.match(r"[A-Za-z]+", table_key)
    return found.group(0).lower() if found else ""


def log_event(
    game: str,
    seq: Any,
    kind: str,
    member: str,
    experience: int,
    text: str,
    section: str,
    **more: Any,
) -> dict[str, Any]:
    """An event a game's log proposes, keyed by the game, the entry, the kind and the member."""
    return {
        "key": event_key(game, seq, kind, member),
        "member": member,
        "kind": kind,
        "experience": experience,
        "cost": 0,
        "game": game,
        "entry": seq,
        "text": text,
        "section": section,
        **more,
    }


def new_events(
    existing_keys: Iterable[str], proposed: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The proposed events not yet applied (their keys are not among ``existing_keys``)."""
    seen = set(existing_keys)
    fresh: list[dict[str, Any]] = []
    for event in proposed:
        if event["key"] in seen:
            continue
        seen.add(event["key"])
        fresh.append(dict(event))
    return fresh


def _start(
    catalogue: Catalogue,
    rules: CampaignRules,
    member: Mapping[str, Any],
    settings: Mapping[str, Any],
) -> dict[str, Any]:
    state = {
        "key": member["key"],
        "name": member["name"],
        "kind": member.get("kind", "pilot"),
        "player": member.get("player"),
        "status": "active",
        "experience": 0,
        "history": [],
    }
    state.update(rules.start(catalogue, member, settings))
    return state


def roster(
    catalogue: Catalogue,
    system: str,
    members: Sequence[Mapping[str, Any]],
    events: Sequence[Mapping[str, Any]],
    settings: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Every member's state after the events, in the members' order.

    Each state carries its history: one row per event with the running total, so a
    pilot's page and chart read the same numbers the roster shows. An event for an
    unknown member, or one the rules refuse, is a ``BadDocument`` naming the event."""
    rules = _rules(system)
    chosen = settings_with_defaults(system, settings)
    problems = rules.check_settings(catalogue, chosen)
    if problems:
        raise BadDocument(problems)
    states: dict[str, dict[str, Any]] = {}
    for n, member in enumerate(members):
        try:
            states[member["key"]] = _start(catalogue, rules, member, chosen)
        except BadDocument as exc:
            raise BadDocument(
                [DocumentError(f"members[{n}].{e.path}", e.message) for e in exc.errors]
            ) from exc
    for n, event in enumerate(events):
        state = states.get(event.get("member", ""))
        if state is None:
            raise BadDocument.at(f"events[{n}].member", f"no member {event.get('member')!r}")
        try:
            after = rules.apply(catalogue, state, event, chosen)
        except BadDocument as exc:
            raise BadDocument(
                [DocumentError(f"events[{n}].{e.path}".rstrip("."), e.message) for e in exc.errors]
            ) from exc
        after["history"] = [
            *state["history"],
            {
                "key": event["key"],
                "kind": event["kind"],
                "experience": int(event.get("experience") or 0),
                "cost": int(event.get("cost") or 0),
                "total": after["experience"],
                "text": event.get("text", ""),
                "game": event.get("game"),
                "section": event.get("section", ""),
            },
        ]
        states[state["key"]] = after
    return [{**s, **rules.summary(catalogue, s, chosen)} for s in states.values()]
