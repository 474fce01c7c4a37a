"""Writes to campaigns: members and their pilots, games started from the roster, and the
append-only events that carry experience from game to game.

Every rule is the engine's (``builder.engine.campaign``): Django stores the members and the
events, and replays them through ``roster`` before saving anything new, so an event the
rules refuse writes nothing. Each write locks the campaign row first (``select_for_update``)
and every event has a key unique in its campaign: applying a game twice, or twice at once,
writes each of its events once.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from builder import engine
from builder.campaigns.models import Campaign, CampaignEvent, CampaignGame, CampaignMember, Pilot
from builder.campaigns.roster import catalogue_of, events_of, members_of, roster_of
from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import BadDocument, bad_document_error
from builder.engine.campaign import (
    CampaignRules,
    campaign_rules,
    new_events,
    read_campaign,
    roster,
    settings_with_defaults,
    write_campaign,
)
from builder.engine.paths import rooted
from builder.lists.models import SavedList
from builder.lists.pinning import current_versions, versions_map
from builder.play.log import log_document
from builder.play.models import Game
from builder.play.services import Brought, game_create, game_seat
from content.api_selectors import engine_catalogue

POINTS_STEP = 100
"""Air Action, "Building a Squadron": build totals in multiples of 100."""


def _campaign_refusal(
    code: ErrorCode, message: str, path: str, words: str, status: int = 400
) -> Any:
    return ApplicationError(
        code=code,
        message=message,
        details=[{"path": path, "field": path.rpartition(".")[2], "message": words}],
        status=status,
    )


def no_rules_message(system: str) -> str:
    """``The Crimson Dust rules give no campaign rules; Muster invents none.``"""
    title = engine.system_module(system).title
    return f"The {title} rules give no campaign rules; Muster invents none."


def rules_of(campaign: Campaign) -> CampaignRules:
    """The campaign's rules (a campaign is only ever made for a system that has them)."""
    rules = campaign_rules(campaign.system)
    if rules is None:
        raise _campaign_refusal(
            ErrorCode.NO_CAMPAIGN_RULES,
            no_rules_message(campaign.system),
            "system",
            "no campaign rules",
        )
    return rules


def _locked(campaign: Campaign) -> Campaign:
    return Campaign.objects.select_for_update().get(pk=campaign.pk)


def role_of(campaign: Campaign, user: User) -> str | None:
    """``organiser``, ``player`` or None (not in the campaign)."""
    if campaign.owner_id == user.pk:
        return CampaignMember.Role.ORGANISER
    role: str | None = campaign.members.filter(user=user).values_list("role", flat=True).first()
    return role


def _member(campaign: Campaign, user: User) -> str:
    role = role_of(campaign, user)
    if role is None:
        raise ApplicationError(code=ErrorCode.NOT_FOUND, message="No such campaign.", status=404)
    return role


def _organiser(campaign: Campaign, user: User) -> None:
    if _member(campaign, user) != CampaignMember.Role.ORGANISER:
        raise ApplicationError(
            code=ErrorCode.PERMISSION_DENIED,
            message="Only the campaign's organiser may do this.",
            status=403,
        )


def _player_or_organiser(campaign: Campaign, user: User, pilot: Pilot) -> None:
    role = _member(campaign, user)
    if role != CampaignMember.Role.ORGANISER and pilot.player_id != user.pk:
        raise ApplicationError(
            code=ErrorCode.PERMISSION_DENIED,
            message=f"Only {pilot.name}'s player or the organiser may do this.",
            status=403,
        )


def _own_pilot(campaign: Campaign, pilot: Pilot) -> Pilot:
    if pilot.campaign_id != campaign.pk:
        raise _campaign_refusal(
            ErrorCode.NOT_FOUND, "No such pilot in this campaign.", "pilot", "unknown", 404
        )
    return pilot


@transaction.atomic
def campaign_create(
    *, owner: User, system: str, name: str, settings: Mapping[str, Any] | None = None
) -> Campaign:
    """A new campaign of ``system``, organised (refereed) by its owner.

    Refused in words for a game whose book gives no campaign rules; the settings are the
    engine's, each value checked, the defaults filled in."""
    if system not in engine.SYSTEMS:
        raise _campaign_refusal(
            ErrorCode.UNKNOWN_SYSTEM, f"No game system {system!r}.", "system", "unknown system"
        )
    if campaign_rules(system) is None:
        raise _campaign_refusal(
            ErrorCode.NO_CAMPAIGN_RULES, no_rules_message(system), "system", "no campaign rules"
        )
    try:
        values = settings_with_defaults(system, settings)
    except BadDocument as exc:
        raise bad_document_error(exc, "$") from exc
    versions = versions_map(current_versions(system))
    if not versions:
        raise _campaign_refusal(
            ErrorCode.NO_CONTENT,
            f"No {engine.system_module(system).title} content pack is loaded.",
            "system",
            "no content pack",
        )
    campaign = Campaign(
        owner=owner,
        system=system,
        name=name.strip() or "A campaign",
        settings=values,
        versions=versions,
    )
    campaign.full_clean()
    campaign.save()
    CampaignMember.objects.create(campaign=campaign, user=owner, role=CampaignMember.Role.ORGANISER)
    return campaign


@transaction.atomic
def campaign_join(*, campaign: Campaign, user: User) -> CampaignMember:
    """``user`` joins by the invitation; joining again changes nothing."""
    member, _ = CampaignMember.objects.get_or_create(
        campaign=campaign, user=user, defaults={"role": CampaignMember.Role.PLAYER}
    )
    return member


def _unique_key(key: str, taken: set[str]) -> str:
    """``charlie-steele``, then ``charlie-steele-2``, ``-3`` ..."""
    if key not in taken:
        return key
    n = 2
    while f"{key}-{n}" in taken:
        n += 1
    return f"{key}-{n}"


@transaction.atomic
def campaign_enrol(*, campaign: Campaign, user: User, saved_list: SavedList) -> list[Pilot]:
    """The pilots (or characters) of one of ``user``'s saved lists join the campaign, as
    the engine reads them from the list (a squadron's pilots at Rookie)."""
    campaign = _locked(campaign)
    _member(campaign, user)
    if saved_list.owner_id != user.pk or saved_list.deleted_at is not None:
        raise _campaign_refusal(
            ErrorCode.UNKNOWN_LIST, "That list is not one of yours.", "list", "not yours"
        )
    if saved_list.system.slug != campaign.system:
        title = engine.system_module(campaign.system).title
        raise _campaign_refusal(
            ErrorCode.WRONG_SYSTEM,
            f"{saved_list.name} is a {saved_list.system.name} list; this campaign is {title}.",
            "list",
            "another game system",
        )
    try:
        members = rules_of(campaign).members_from_list(catalogue_of(campaign), saved_list.document)
    except BadDocument as exc:
        raise bad_document_error(exc, "$") from exc
    taken = set(campaign.pilots.values_list("key", flat=True))
    pilots = []
    for member in members:
        key = _unique_key(str(member["key"]), taken)
        taken.add(key)
        record = {k: v for k, v in member.items() if k != "player"} | {"key": key}
        pilots.append(
            Pilot.objects.create(
                campaign=campaign,
                key=key,
                player=user,
                name=str(member["name"])[:200],
                kind=str(member.get("kind") or "pilot"),
                member=record,
            )
        )
    return pilots


def _squadron(
    campaign: Campaign, player: User, states: Sequence[Mapping[str, Any]]
) -> tuple[Brought, dict[str, str]]:
    """A player's living pilots flying their current figures, as a squadron document whose
    build total is the smallest multiple of 100 that fits ("Building a Squadron")."""
    pilots = {p.key: p for p in campaign.pilots.filter(key__in=[s["key"] for s in states])}
    entries = []
    for state in states:
        entry: dict[str, Any] = {"figure": state["figure"], "label": str(state["name"])[:200]}
        ace = pilots[state["key"]].member.get("ace")
        if ace:
            entry["ace"] = ace
        entries.append(entry)
    document: dict[str, Any] = {
        "format": "muster-list/1",
        "system": campaign.system,
        "kind": "squadron",
        "name": f"{campaign.name}: {player.get_username()}'s pilots",
        "points_limit": POINTS_STEP,
        "content": [{"pack": p, "version": v} for p, v in sorted(campaign.versions.items())],
        "entries": entries,
    }
    checked = engine.list_checked_against(document, campaign.versions)
    steps = max(1, math.ceil(checked.verdict.points / POINTS_STEP))
    document["points_limit"] = steps * POINTS_STEP
    keys = {f"$.entries[{n}]": str(s["key"]) for n, s in enumerate(states)}
    return Brought(document=document, versions=campaign.versions, name=document["name"]), keys


def _plane(
    campaign: Campaign,
    player: User,
    states: Sequence[Mapping[str, Any]],
    planes: Mapping[str, SavedList],
) -> tuple[Brought, dict[str, str]]:
    """A player's character in the plane design chosen for them (one plane a seat)."""
    chosen = [s for s in states if s["key"] in planes]
    if len(chosen) != 1:
        name = player.get_username()
        raise _campaign_refusal(
            ErrorCode.INVALID,
            f"Choose one plane design for one of {name}'s characters.",
            "planes",
            "one plane for each player",
        )
    state = chosen[0]
    plane = planes[state["key"]]
    if plane.owner_id != player.pk or plane.system.slug != campaign.system:
        raise _campaign_refusal(
            ErrorCode.UNKNOWN_LIST,
            f"{plane.name} is not one of {player.get_username()}'s "
            f"{engine.system_module(campaign.system).title} designs.",
            f"planes.{state['key']}",
            "not the player's design",
        )
    brought = Brought(
        document=plane.document,
        versions=versions_map(plane.pack_versions.all()),
        name=f"{state['name']} in {plane.name}",
    )
    return brought, {"$": str(state["key"])}


@transaction.atomic
def campaign_game_start(
    *,
    campaign: Campaign,
    user: User,
    title: str,
    dice: str,
    players: Sequence[User],
    planes: Mapping[str, SavedList] | None = None,
) -> Game:
    """A game at the table, one seat per chosen player, built from the campaign: each
    player's living pilots flying their current figures, or (hex-map) each character in
    the plane design ``planes`` names for it. The organiser referees unless playing."""
    campaign = _locked(campaign)
    _organiser(campaign, user)
    states = [s for s in roster_of(campaign) if s["status"] == "active"]
    chosen: list[User] = []
    for n, player in enumerate(players):
        if player in chosen:
            continue
        if role_of(campaign, player) is None:
            raise _campaign_refusal(
                ErrorCode.INVALID,
                f"{player.get_username()} is not in this campaign.",
                f"players[{n}]",
                "not in the campaign",
            )
        chosen.append(player)
    if not chosen:
        raise _campaign_refusal(ErrorCode.INVALID, "Choose the players.", "players", "none chosen")
    seats: list[tuple[User, Brought, dict[str, str]]] = []
    for n, player in enumerate(chosen):
        own = [s for s in states if s.get("player") == player.get_username()]
        if not own:
            raise _campaign_refusal(
                ErrorCode.INVALID,
                f"{player.get_username()} has no living pilot in {campaign.name}.",
                f"players[{n}]",
                "no living pilot",
            )
        if all(s.get("figure") for s in own) and not planes:
            seats.append((player, *_squadron(campaign, player, own)))
        else:
            seats.append((player, *_plane(campaign, player, own, planes or {})))
    first = next((s for s in seats if s[0].pk == user.pk), None)
    game = game_create(
        owner=user,
        system=campaign.system,
        title=title.strip() or f"{campaign.name}: a game",
        dice=dice,
        referee=first is None,
        brought=first[1] if first is not None else None,
    )
    for player, brought, _ in seats:
        if player.pk != user.pk:
            game_seat(game=game, user=player, brought=brought)
    figure_map = {}
    for seat in game.seats.prefetch_related("figures"):
        keys = next(k for p, _, k in seats if p.pk == seat.user_id)
        for figure in seat.figures.all():
            if figure.path in keys:
                figure_map[figure.key] = keys[figure.path]
    CampaignGame.objects.create(
        campaign=campaign,
        game=game,
        ref=str(game.public_id),
        title=game.title,
        figure_map=figure_map,
    )
    return game


def _campaign_game(campaign: Campaign, game: Game) -> CampaignGame:
    found = CampaignGame.objects.filter(campaign=campaign, game=game).first()
    if found is None:
        raise _campaign_refusal(
            ErrorCode.NOT_FOUND, "That game is not one of this campaign's.", "game", "", 404
        )
    if game.status != Game.Status.ENDED:
        raise _campaign_refusal(
            ErrorCode.GAME_NOT_ENDED,
            f"{game.title} has not ended: its experience is counted once the game ends.",
            "game",
            "not ended",
            409,
        )
    return found


def _winner(played: CampaignGame, winner_side: str | None) -> str | None:
    if winner_side is None:
        return played.winner_side or None
    sides = set(played.game.seats.values_list("side", flat=True)) if played.game else set()
    if winner_side and winner_side not in sides:
        raise _campaign_refusal(
            ErrorCode.INVALID,
            f"No side {winner_side!r} played {played.title}; the sides were "
            f"{', '.join(sorted(sides))}.",
            "winner_side",
            "not a side of the game",
        )
    return winner_side or None


def _proposed(campaign: Campaign, played: CampaignGame, winner: str | None) -> list[dict[str, Any]]:
    assert played.game is not None
    try:
        return rules_of(campaign).proposals(
            catalogue_of(campaign),
            log_document(played.game),
            played.figure_map,
            winner,
            campaign.settings,
        )
    except BadDocument as exc:
        raise bad_document_error(exc, "$") from exc


def campaign_proposals(
    *, campaign: Campaign, game: Game, winner_side: str | None = None
) -> list[dict[str, Any]]:
    """The events the game's log gives, in log order, each marked ``applied`` when the
    campaign holds it already; only for an ended game."""
    played = _campaign_game(campaign, game)
    proposed = _proposed(campaign, played, _winner(played, winner_side))
    done = set(campaign.events.values_list("key", flat=True))
    return [{**event, "applied": event["key"] in done} for event in proposed]


def _rebased(exc: BadDocument, first: int) -> ApplicationError:
    """The engine's refusal of a new event, its path said from the event itself."""
    details = []
    for e in exc.errors:
        head, dot, rest = e.path.partition("].")
        index = head.removeprefix("events[")
        if index.isdigit() and int(index) >= first:
            path = f"events[{int(index) - first}].{rest}" if dot else e.path
        else:
            path = e.path
        details.append({"path": path, "field": path.rpartition(".")[2], "message": e.message})
    words = "; ".join(d["message"] for d in details) or "The campaign's rules refuse it."
    return ApplicationError(code=ErrorCode.BAD_DOCUMENT, message=words, details=details)


def _append(
    campaign: Campaign,
    user: User | None,
    events: Sequence[Mapping[str, Any]],
    played: CampaignGame | None = None,
) -> list[CampaignEvent]:
    """Write ``events`` after the campaign's own, once the engine has replayed them all
    (the campaign row is locked by the caller)."""
    if not events:
        return []
    pilots = list(campaign.pilots.select_related("player").order_by("id"))
    existing = events_of(campaign)
    try:
        roster(
            catalogue_of(campaign),
            campaign.system,
            members_of(campaign, pilots),
            [*existing, *events],
            campaign.settings,
        )
    except BadDocument as exc:
        raise _rebased(exc, len(existing)) from exc
    by_key = {p.key: p for p in pilots}
    last = campaign.events.aggregate(last=Max("seq"))["last"] or 0
    now = timezone.now()
    rows = [
        CampaignEvent(
            campaign=campaign,
            seq=last + n,
            pilot=by_key[str(event["member"])],
            key=str(event["key"])[:200],
            kind=str(event["kind"])[:40],
            experience=int(event.get("experience") or 0),
            cost=int(event.get("cost") or 0),
            game=played,
            record=dict(event),
            by=user,
            at=now,
        )
        for n, event in enumerate(events, start=1)
    ]
    return CampaignEvent.objects.bulk_create(rows)


@transaction.atomic
def campaign_game_apply(
    *,
    campaign: Campaign,
    game: Game,
    user: User,
    winner_side: str | None = None,
    keys: Sequence[str] | None = None,
) -> list[CampaignEvent]:
    """The organiser applies the game's events (all, or those ``keys`` name) in one
    transaction; events applied already are skipped, so applying twice changes nothing."""
    campaign = _locked(campaign)
    _organiser(campaign, user)
    played = _campaign_game(campaign, game)
    winner = _winner(played, winner_side)
    proposed = _proposed(campaign, played, winner)
    if keys is not None:
        known = {e["key"] for e in proposed}
        for n, key in enumerate(keys):
            if key not in known:
                raise _campaign_refusal(
                    ErrorCode.INVALID,
                    f"The game's log proposes no event {key!r}.",
                    f"keys[{n}]",
                    "not proposed",
                )
        wanted = set(keys)
        proposed = [e for e in proposed if e["key"] in wanted]
    fresh = new_events(campaign.events.values_list("key", flat=True), proposed)
    written = _append(campaign, user, fresh, played)
    played.winner_side = winner or ""
    played.applied_at = timezone.now()
    played.ended_at = game.ended_at
    played.save(update_fields=["winner_side", "applied_at", "ended_at"])
    return written


def _one(
    campaign: Campaign, user: User, pilot: Pilot, kind: str, fields: Mapping[str, Any]
) -> CampaignEvent:
    event = {
        "key": f"{kind}:{uuid.uuid4()}",
        "member": pilot.key,
        "kind": kind,
        "experience": 0,
        "cost": 0,
        "game": None,
        "entry": None,
        "text": "",
        "section": "",
        **fields,
    }
    return _append(campaign, user, [event])[0]


@transaction.atomic
def campaign_award(
    *, campaign: Campaign, user: User, pilot: Pilot, experience: int, reason: str
) -> CampaignEvent:
    """The organiser's award (or, negative, a deduction), with the reason in words."""
    campaign = _locked(campaign)
    _organiser(campaign, user)
    _own_pilot(campaign, pilot)
    words = " ".join(reason.split())[:500]
    if not words:
        raise _campaign_refusal(ErrorCode.INVALID, "Say why.", "reason", "empty")
    return _one(
        campaign,
        user,
        pilot,
        "award",
        {"experience": int(experience), "reason": words, "text": words},
    )


@transaction.atomic
def campaign_figure_choose(
    *, campaign: Campaign, user: User, pilot: Pilot, figure: str
) -> CampaignEvent:
    """After an advance the pilot flies one of the figures the engine offers at the new
    level (Air Action, "Gaining Experience"); the engine refuses any other."""
    campaign = _locked(campaign)
    _own_pilot(campaign, pilot)
    _player_or_organiser(campaign, user, pilot)
    record = catalogue_of(campaign).get(campaign.system, "figure", figure)
    name = record.name if record is not None else figure
    return _one(
        campaign,
        user,
        pilot,
        "figure",
        {"figure": figure, "text": f"{pilot.name} flies {name} from now on."},
    )


@transaction.atomic
def campaign_level_buy(
    *, campaign: Campaign, user: User, pilot: Pilot, characteristic: str
) -> CampaignEvent:
    """A character buys the next level of one characteristic with unspent experience
    (hex-map rules, "Развитие персонажа"); the engine prices it and refuses what the
    character cannot afford."""
    campaign = _locked(campaign)
    _own_pilot(campaign, pilot)
    _player_or_organiser(campaign, user, pilot)
    state = next((s for s in roster_of(campaign) if s["key"] == pilot.key), {})
    level = int((state.get("levels") or {}).get(characteristic, 0)) + 1
    return _one(
        campaign,
        user,
        pilot,
        "level-bought",
        {
            "characteristic": characteristic,
            "level": level,
            "text": f"{pilot.name} raises {characteristic} to level {level}.",
        },
    )


@transaction.atomic
def campaign_add_on_buy(
    *, campaign: Campaign, user: User, pilot: Pilot, add_on: str
) -> CampaignEvent:
    """A character buys an add-on in play at half its cost, the organiser approving as the
    referee (hex-map rules, "Развитие персонажа"); who approved is logged."""
    campaign = _locked(campaign)
    _organiser(campaign, user)
    _own_pilot(campaign, pilot)
    return _one(
        campaign,
        user,
        pilot,
        "add-on-bought",
        {
            "add_on": add_on,
            "approved_by": user.get_username(),
            "text": f"{pilot.name} takes {add_on}, approved by {user.get_username()}.",
        },
    )


def _iso(moment: Any) -> str | None:
    return moment.isoformat() if moment is not None else None


def campaign_export(campaign: Campaign) -> dict[str, Any]:
    """The whole campaign as a ``muster-campaign/1`` file: its members, games and events,
    from which any Muster replays the same roster."""
    pilots = list(campaign.pilots.select_related("player").order_by("id"))
    events = campaign.events.select_related("by").order_by("seq")
    return write_campaign(
        system=campaign.system,
        name=campaign.name,
        settings=campaign.settings,
        content=[{"pack": p, "version": v} for p, v in sorted(campaign.versions.items())],
        members=members_of(campaign, pilots),
        games=[
            {
                "id": g.ref,
                "title": g.title,
                "ended_at": _iso(g.ended_at),
                "figure_map": dict(g.figure_map),
                "winner_side": g.winner_side or None,
            }
            for g in campaign.games.order_by("id")
        ],
        events=[
            {
                **e.record,
                "seq": e.seq,
                "by": e.by.get_username() if e.by else None,
                "at": _iso(e.at),
            }
            for e in events
        ],
    )


def _refused(problems: Sequence[tuple[str, str]]) -> ApplicationError:
    details = [
        {"path": path, "field": path.rpartition(".")[2].partition("[")[0], "message": words}
        for path, words in problems
    ]
    return ApplicationError(
        code=ErrorCode.IMPORT_REFUSED,
        message="Nothing was imported: " + "; ".join(f"{p}: {w}" for p, w in problems[:5]),
        details=details,
    )


def _pins(document: Any) -> dict[str, str]:
    """The pack versions a file names (none when its ``content`` is malformed: the reader
    then says where)."""
    content = document.get("content") if isinstance(document, dict) else None
    if not isinstance(content, list):
        return {}
    return {
        c["pack"]: c["version"]
        for c in content
        if isinstance(c, dict)
        and isinstance(c.get("pack"), str)
        and isinstance(c.get("version"), str)
    }


def _read(document: Any, pins: Mapping[str, str]) -> dict[str, Any]:
    """The file as the engine's reader validates it (schema, keys, references, the events
    replayed on the file's pack versions), each problem at its JSON path."""
    try:
        catalogue = engine_catalogue(pins)
    except BadDocument as exc:
        raise _refused([("$.content", e.message) for e in exc.errors]) from exc
    try:
        return read_campaign(document, catalogue)
    except BadDocument as exc:
        raise _refused([(rooted(e.path), e.message) for e in exc.errors]) from exc


def _moment(value: Any, path: str) -> Any:
    if value is None:
        return None
    moment = parse_datetime(str(value)) if isinstance(value, str) else None
    if moment is None:
        raise _refused([(path, "must be a date and time such as 2026-12-04T15:00:00+00:00")])
    return moment if moment.tzinfo else timezone.make_aware(moment, UTC)


@transaction.atomic
def campaign_import(*, owner: User, document: Any) -> Campaign:
    """A campaign from a ``muster-campaign/1`` file, all or nothing; the importer organises
    it, and a member's player is the user of that username when there is one.

    Every problem is refused naming its JSON path (``$.events[3].experience``) and nothing
    is written."""
    system = document.get("system") if isinstance(document, dict) else None
    if isinstance(system, str) and system in engine.SYSTEMS and campaign_rules(system) is None:
        raise _refused([("$.system", no_rules_message(system))])
    pins = _pins(document)
    doc = _read(document, pins)
    system = doc["system"]
    values = settings_with_defaults(system, doc.get("settings") or {})
    members = [dict(m) for m in doc["members"]]
    events = [dict(e) for e in doc["events"]]
    names = {str(m.get("player")) for m in members if m.get("player")} | {
        str(e.get("by")) for e in events if e.get("by")
    }
    users = {u.get_username(): u for u in User.objects.filter(username__in=names)}
    games = [
        (g, _moment(g.get("ended_at"), f"$.games[{n}].ended_at"))
        for n, g in enumerate(doc.get("games") or [])
    ]
    moments = [_moment(e.get("at"), f"$.events[{n}].at") for n, e in enumerate(events)]
    campaign = Campaign.objects.create(
        owner=owner,
        system=system,
        name=str(doc["name"])[:200] or "A campaign",
        settings=values,
        versions=pins or versions_map(current_versions(system)),
    )
    CampaignMember.objects.create(campaign=campaign, user=owner, role=CampaignMember.Role.ORGANISER)
    pilots = {}
    for m in members:
        player = users.get(str(m.get("player")))
        if player is not None and player.pk != owner.pk:
            CampaignMember.objects.get_or_create(campaign=campaign, user=player)
        pilots[m["key"]] = Pilot.objects.create(
            campaign=campaign,
            key=m["key"],
            player=player,
            name=str(m["name"])[:200],
            kind=str(m.get("kind") or "pilot"),
            member={k: v for k, v in m.items() if k != "player"},
        )
    played = {}
    now = timezone.now()
    used = {e.get("game") for e in events}
    for g, ended in games:
        played[str(g["id"])] = CampaignGame.objects.create(
            campaign=campaign,
            ref=str(g["id"]),
            title=str(g.get("title") or "A game")[:200],
            ended_at=ended,
            figure_map=dict(g.get("figure_map") or {}),
            winner_side=str(g.get("winner_side") or ""),
            applied_at=now if g["id"] in used else None,
        )
    CampaignEvent.objects.bulk_create(
        CampaignEvent(
            campaign=campaign,
            seq=n,
            pilot=pilots[e["member"]],
            key=str(e["key"]),
            kind=str(e["kind"]),
            experience=int(e.get("experience") or 0),
            cost=int(e.get("cost") or 0),
            game=played.get(str(e.get("game"))),
            record={k: v for k, v in e.items() if k not in ("seq", "by", "at")},
            by=users.get(str(e.get("by"))),
            at=moment or now,
        )
        for n, (e, moment) in enumerate(zip(events, moments, strict=True), start=1)
    )
    return campaign
