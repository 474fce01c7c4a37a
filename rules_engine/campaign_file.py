"""The ``muster-campaign/1`` file: a campaign exported, and read back with every problem named.

The file holds what a campaign is made of, never its roster: the members as they joined,
the games played, and the events in the order they were applied. Reading it checks the
schema (rules_engine/schemas/campaign.json), the limits (docs/limits.md), that keys are
unique and that each event names a member and a game of the file, and then replays the
events through the system's campaign rules, so a file the rules would refuse (an event for
a pilot who perished, experience the book does not give) is refused at that event's path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rules_engine.campaign import roster, settings_with_defaults
from rules_engine.catalogue import Catalogue, load_catalogue
from rules_engine.errors import BadDocument, DocumentError
from rules_engine.limits import depth_errors
from rules_engine.listdoc import validate_list
from rules_engine.schema import compiled, schema_errors

FORMAT = "muster-campaign/1"
SCHEMA = Path(__file__).resolve().parent / "schemas" / "campaign.json"

MAX_CAMPAIGN_MEMBERS = 500
"""Members (pilots, characters) of one campaign: a club's whole roster over years."""
MAX_CAMPAIGN_GAMES = 2_000
"""Games of one campaign."""
MAX_CAMPAIGN_EVENTS = 20_000
"""Events of one campaign: a few dozen a game over hundreds of games."""

_LIMITS = (
    ("members", MAX_CAMPAIGN_MEMBERS),
    ("games", MAX_CAMPAIGN_GAMES),
    ("events", MAX_CAMPAIGN_EVENTS),
)


def _limit_errors(doc: Mapping[str, Any]) -> list[DocumentError]:
    errors = []
    for key, limit in _LIMITS:
        items = doc.get(key)
        if isinstance(items, list) and len(items) > limit:
            errors.append(
                DocumentError(
                    f"$.{key}",
                    f"{len(items):,} {key}, {len(items) - limit:,} over the limit of {limit:,}",
                )
            )
    return errors


def _duplicates(items: Sequence[Any], field: str, where: str) -> list[DocumentError]:
    seen: dict[Any, int] = {}
    errors = []
    for n, item in enumerate(items):
        value = item.get(field)
        if value in seen:
            errors.append(
                DocumentError(
                    f"$.{where}[{n}].{field}",
                    f"{value!r} is already {where}[{seen[value]}]'s {field}",
                )
            )
        else:
            seen[value] = n
    return errors


def _reference_errors(doc: Mapping[str, Any]) -> list[DocumentError]:
    members = {m["key"] for m in doc["members"]}
    games = {g["id"] for g in doc["games"]}
    errors = (
        _duplicates(doc["members"], "key", "members")
        + _duplicates(doc["games"], "id", "games")
        + _duplicates(doc["events"], "key", "events")
    )
    for n, game in enumerate(doc["games"]):
        for table_key, member in (game.get("figure_map") or {}).items():
            if member not in members:
                errors.append(
                    DocumentError(f"$.games[{n}].figure_map.{table_key}", f"no member {member!r}")
                )
    last = 0
    for n, event in enumerate(doc["events"]):
        if event["member"] not in members:
            errors.append(DocumentError(f"$.events[{n}].member", f"no member {event['member']!r}"))
        if event.get("game") is not None and event["game"] not in games:
            errors.append(DocumentError(f"$.events[{n}].game", f"no game {event['game']!r}"))
        seq = event.get("seq")
        if seq is not None:
            if seq <= last:
                errors.append(
                    DocumentError(
                        f"$.events[{n}].seq",
                        f"{seq} comes after {last}: events are in the order they were applied",
                    )
                )
            last = max(last, seq)
    return errors


def _document_errors(doc: Mapping[str, Any]) -> list[DocumentError]:
    errors: list[DocumentError] = []
    for n, member in enumerate(doc["members"]):
        document = member.get("document")
        if document is None:
            continue
        try:
            validate_list(document, root=f"$.members[{n}].document")
        except BadDocument as exc:
            errors += exc.errors
    return errors


def _rooted(exc: BadDocument) -> BadDocument:
    return BadDocument(
        [
            DocumentError(e.path if e.path.startswith("$") else f"$.{e.path}", e.message)
            for e in exc.errors
        ]
    )


def read_campaign(doc: Any, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """The campaign file ``doc`` once every check passes: schema, limits, unique keys,
    references, and the events replayed by the rules.

    Raises:
        BadDocument: every problem found, each at its JSON path (``$.events[3].experience``).
    """
    errors = depth_errors(doc)
    if errors:
        raise BadDocument(errors)
    if not isinstance(doc, dict):
        raise BadDocument.at("$", "a campaign file is a JSON object")
    errors = _limit_errors(doc)
    if errors:
        raise BadDocument(errors)
    errors = schema_errors(compiled(SCHEMA), doc)
    if errors:
        raise BadDocument(errors)
    errors = _reference_errors(doc) + _document_errors(doc)
    try:
        settings_with_defaults(doc["system"], doc["settings"])
    except BadDocument as exc:
        errors += _rooted(exc).errors
    if errors:
        raise BadDocument(errors)
    try:
        roster(
            catalogue if catalogue is not None else load_catalogue(),
            doc["system"],
            doc["members"],
            doc["events"],
            doc["settings"],
        )
    except BadDocument as exc:
        raise _rooted(exc) from exc
    return doc


_EVENT_DEFAULTS: dict[str, Any] = {
    "experience": 0,
    "cost": 0,
    "game": None,
    "entry": None,
    "text": "",
    "section": "",
    "by": None,
    "at": None,
}


def write_campaign(
    *,
    system: str,
    name: str,
    settings: Mapping[str, Any] | None = None,
    content: Sequence[Mapping[str, Any]] = (),
    members: Sequence[Mapping[str, Any]] = (),
    games: Sequence[Mapping[str, Any]] = (),
    events: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """A ``muster-campaign/1`` document: the members with their player (null when none),
    games with an empty figure map when none is given, and events numbered in order with
    every common field present (``read_campaign`` checks it)."""
    return {
        "format": FORMAT,
        "system": system,
        "name": name,
        "settings": dict(settings or {}),
        "content": [dict(c) for c in content],
        "members": [{"player": None, **m} for m in members],
        "games": [
            {"title": "", "ended_at": None, "figure_map": {}, "winner_side": None, **g}
            for g in games
        ],
        "events": [{**_EVENT_DEFAULTS, "seq": n, **e} for n, e in enumerate(events, start=1)],
    }
