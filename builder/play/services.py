"""Writes to games: seating players with frozen lists, dice, and the append-only log.

Every action locks its game row first (``select_for_update``), so actions arriving at once
are numbered one after another and none is lost or doubled; a repeated request with the
same idempotency key answers the entry it wrote the first time.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from builder import engine
from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import BadDocument, bad_document_error
from builder.engine.play import (
    CORRECTION,
    applied,
    check_roles,
    commitment,
    correction_at,
    new_seed,
    next_phase,
    phases,
    table_figures,
    undone,
)
from builder.lists.models import SavedList
from builder.lists.pinning import versions_map
from builder.play.log import entry_for, place_of_next
from builder.play.models import Game, LogEntry, Order, Seat, TableFigure
from builder.play.notices import notify

SIDES = "abcdefgh"


def _now_text() -> str:
    return timezone.now().astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _locked(game: Game) -> Game:
    return Game.objects.select_for_update().get(pk=game.pk)


@dataclass(frozen=True)
class Brought:
    """A list as it is brought to the table: its document, pack versions and name (a saved
    list's frozen copy, or a document a campaign builds from its pilots)."""

    document: Mapping[str, Any]
    versions: Mapping[str, str]
    name: str


def _brought(game: Game, user: User, saved_list: SavedList) -> Brought:
    if saved_list.owner_id != user.pk:
        raise ApplicationError(
            code=ErrorCode.UNKNOWN_LIST,
            message="That list is not one of yours.",
            details=[{"path": "list", "field": "list", "message": "not your list"}],
        )
    if saved_list.system.slug != game.system:
        system = engine.system_module(game.system).title
        raise ApplicationError(
            code=ErrorCode.WRONG_SYSTEM,
            message=f"{saved_list.name} is a {saved_list.system.name} list; this game is {system}.",
            details=[{"path": "list", "field": "list", "message": "another game system"}],
        )
    return Brought(
        document=saved_list.document,
        versions=versions_map(saved_list.pack_versions.all()),
        name=saved_list.name,
    )


def _seat(game: Game, user: User, brought: Brought) -> Seat:
    document = copy.deepcopy(dict(brought.document))
    versions = dict(brought.versions)
    checked = engine.list_checked_against(document, versions)
    taken = set(game.seats.values_list("side", flat=True))
    side = next(s for s in SIDES if s not in taken)
    seat = Seat(
        game=game,
        user=user,
        side=side,
        list_name=brought.name,
        document=document,
        versions=versions,
        points=checked.verdict.points,
        legal=checked.verdict.legal,
    )
    seat.full_clean(exclude=["game", "user"])
    seat.save()
    entries = checked.verdict_json()["entries"]
    TableFigure.objects.bulk_create(
        TableFigure(game=game, seat=seat, key=f"{side}{n}", name=name[:200], path=path)
        for n, (path, name) in enumerate(table_figures(document, entries), start=1)
    )
    return seat


def _seat_list(game: Game, user: User, saved_list: SavedList) -> Seat:
    return _seat(game, user, _brought(game, user, saved_list))


@transaction.atomic
def game_create(
    *,
    owner: User,
    system: str,
    title: str,
    dice: str = Game.Dice.SERVER,
    saved_list: SavedList | None = None,
    referee: bool = False,
    brought: Brought | None = None,
) -> Game:
    """A new game at the table: the owner brings a list (a saved one, or ``brought``),
    referees, or both.

    Server dice get their secret seed now and publish its SHA-256 at once, before anyone
    can roll."""
    if system not in engine.SYSTEMS:
        raise ApplicationError(
            code=ErrorCode.UNKNOWN_SYSTEM,
            message=f"No game system {system!r}.",
            details=[{"path": "system", "field": "system", "message": "unknown game system"}],
        )
    if saved_list is None and brought is None and not referee:
        raise ApplicationError(
            code=ErrorCode.INVALID,
            message="Bring a list, or referee the game.",
            details=[{"path": "list", "field": "list", "message": "a list or referee"}],
        )
    seed = new_seed() if dice == Game.Dice.SERVER else ""
    game = Game(
        owner=owner,
        referee=owner if referee else None,
        system=system,
        title=title.strip() or "A game",
        dice=dice,
        seed=seed,
        commitment=commitment(seed) if seed else "",
        phase=phases(system)[0].key,
    )
    game.full_clean()
    game.save()
    if saved_list is not None:
        _seat_list(game, owner, saved_list)
    elif brought is not None:
        _seat(game, owner, brought)
    return game


def _seat_of(game: Game, user: User) -> Seat:
    """``user``'s seat at the table; a referee or spectator has none to act from."""
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise ApplicationError(
            code=ErrorCode.PERMISSION_DENIED,
            message="Only the players at the table may do that.",
            status=403,
        )
    return seat


def _open(game: Game) -> None:
    if game.entries.exists():
        raise ApplicationError(
            code=ErrorCode.GAME_NOT_OPEN,
            message="The first roll has been made: the table is closed to newcomers.",
            status=409,
        )


@transaction.atomic
def game_join(*, game: Game, user: User, saved_list: SavedList) -> Seat:
    """``user`` sits at the table with a frozen copy of ``saved_list``."""
    game = _locked(game)
    _joinable(game, user)
    return _seat_list(game, user, saved_list)


@transaction.atomic
def game_seat(*, game: Game, user: User, brought: Brought) -> Seat:
    """``user`` sits at the table with a list that is not a saved one (a campaign's pilots
    as the campaign fields them), checked and frozen like a saved list's copy."""
    game = _locked(game)
    _joinable(game, user)
    return _seat(game, user, brought)


def _joinable(game: Game, user: User) -> None:
    _open(game)
    if game.seats.filter(user=user).exists() or game.referee_id == user.pk:
        raise ApplicationError(
            code=ErrorCode.ALREADY_SEATED, message="You are already at this table.", status=409
        )
    if game.seats.count() >= len(SIDES):
        raise ApplicationError(
            code=ErrorCode.GAME_NOT_OPEN, message="The table is full.", status=409
        )


@transaction.atomic
def game_entropy_add(*, game: Game, user: User, text: str) -> Seat:
    """A player's own entropy for the server dice, published at once, before the first roll."""
    game = _locked(game)
    _open(game)
    seat = _seat_of(game, user)
    seat.entropy = text.strip()[:200]
    seat.save(update_fields=["entropy"])
    return seat


def _playing(game: Game) -> None:
    if game.status == Game.Status.ENDED:
        raise ApplicationError(
            code=ErrorCode.GAME_NOT_PLAYING,
            message="This game has ended: its log is closed.",
            status=409,
        )


def game_act(
    *,
    game: Game,
    user: User,
    procedure: str,
    params: Mapping[str, Any],
    roles: Mapping[str, str],
    rolls: Sequence[Any] | None = None,
    idempotency_key: str = "",
) -> LogEntry:
    """Resolve one procedure and append it to the log, changing the figures' state.

    With server dice the rolls come from the game's seed (``rolls`` must be None); with
    physical dice they are what the player typed. Nothing is appended when anything is
    wrong: the procedure, its parameters, the dice, or a role with no figure.
    """
    entry, _ = game_act_once(
        game=game,
        user=user,
        procedure=procedure,
        params=params,
        roles=roles,
        rolls=rolls,
        idempotency_key=idempotency_key,
    )
    return entry


@transaction.atomic
def game_act_once(
    *,
    game: Game,
    user: User,
    procedure: str,
    params: Mapping[str, Any],
    roles: Mapping[str, str],
    rolls: Sequence[Any] | None = None,
    idempotency_key: str = "",
) -> tuple[LogEntry, bool]:
    """``game_act``, and whether this call wrote the entry (False: a repeat of a request
    with the same idempotency key, answered with the entry written the first time)."""
    game = _locked(game)
    _playing(game)
    if idempotency_key:
        done = game.entries.filter(idempotency_key=idempotency_key).first()
        if done is not None:
            return done, False
    if not isinstance(roles, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in roles.items()
    ):
        raise BadDocument.at("roles", "must be an object naming a figure for each role")
    try:
        record = entry_for(game, user, procedure, dict(params), dict(roles), rolls, _now_text())
    except BadDocument as exc:
        raise bad_document_error(exc, "$") from exc
    figures = {f.key: f for f in game.figures.all()}
    try:
        check_roles(record["changes"], record["roles"], figures)
    except BadDocument as exc:
        raise bad_document_error(exc, "$") from exc
    game.state, undo = applied(game.state, record["changes"], record["roles"])
    if game.status == Game.Status.SETUP:
        game.status = Game.Status.PLAYING
        game.started_at = timezone.now()
    game.save(update_fields=["state", "status", "started_at"])
    try:
        with transaction.atomic():
            entry = LogEntry.objects.create(
                game=game,
                seq=record["seq"],
                user=user,
                record=record,
                undo=undo,
                idempotency_key=idempotency_key[:80],
            )
    except IntegrityError:
        # Only a repeat of the same request can race past the lock's check.
        return game.entries.get(idempotency_key=idempotency_key), False
    notify(game, _entry_words(record), besides=user.pk)
    return entry, True


def _entry_words(record: Mapping[str, Any]) -> str:
    """``Entry 4: ann rolled for a shot. The target takes 2 clicks.``"""
    steps = record.get("explanation") or []
    outcome = f" {steps[-1]['text']}" if steps else ""
    what = str(record["procedure"]).replace("-", " ")
    return f"Entry {record['seq']}: {record['who']} rolled for {what}.{outcome}"


@transaction.atomic
def game_correct(*, game: Game, user: User, reverses: int, reason: str) -> LogEntry:
    """A new entry reversing entry ``reverses``: its changes are taken back."""
    game = _locked(game)
    _playing(game)
    target = game.entries.filter(seq=reverses).first()
    if target is None or target.record["procedure"] == CORRECTION:
        raise ApplicationError(
            code=ErrorCode.NOTHING_TO_UNDO,
            message=f"Entry {reverses} is not a roll.",
            details=[{"path": "reverses", "field": "reverses", "message": "not a roll"}],
            status=409,
        )
    earlier = game.entries.filter(record__procedure=CORRECTION, record__reverses=reverses).first()
    if earlier is not None:
        raise ApplicationError(
            code=ErrorCode.NOTHING_TO_UNDO,
            message=f"Entry {reverses} was reversed by entry {earlier.seq} already.",
            status=409,
        )
    seq, previous = place_of_next(game)
    record = correction_at(
        seq,
        previous,
        who=user.get_username(),
        reverses=reverses,
        reason=reason.strip()[:500],
        time=_now_text(),
    )
    game.state = undone(game.state, target.undo)
    game.save(update_fields=["state"])
    entry = LogEntry.objects.create(game=game, seq=record["seq"], user=user, record=record)
    notify(game, f"Entry {entry.seq}: {record['who']} reversed entry {reverses}.", besides=user.pk)
    return entry


@transaction.atomic
def game_end(*, game: Game, user: User) -> Game:
    """The game ends: the log closes and the server dice's seed is revealed."""
    game = _locked(game)
    game.status = Game.Status.ENDED
    game.ended_at = timezone.now()
    game.seed_revealed = bool(game.seed)
    game.save(update_fields=["status", "ended_at", "seed_revealed"])
    notify(game, "The game has ended: its log is closed.", besides=user.pk)
    return game


@transaction.atomic
def game_seed_reveal(*, game: Game, user: User) -> Game:
    """The referee reveals the seed before the end: every roll so far can be checked."""
    game = _locked(game)
    game.seed_revealed = bool(game.seed)
    game.save(update_fields=["seed_revealed"])
    return game


def _turn_over(game: Game) -> None:
    game.orders.filter(turn=game.turn, revealed_at__isnull=True).update(revealed_at=timezone.now())
    notify(game, f"Turn {game.turn + 1} begins: the orders of turn {game.turn} are revealed.")


@transaction.atomic
def game_turn_next(*, game: Game, user: User) -> Game:
    """The turn is over: its orders are revealed to everyone and the next turn begins at
    its first phase."""
    game = _locked(game)
    _playing(game)
    _turn_over(game)
    game.turn += 1
    game.phase = phases(game.system)[0].key
    game.save(update_fields=["turn", "phase"])
    return game


@transaction.atomic
def game_phase_next(*, game: Game, user: User, again: bool = False) -> Game:
    """The next phase as the book orders them; after the last, the next turn (its orders
    revealed). ``again`` goes back to the start of the phases the book repeats within a
    turn (the next announced speed, the next action point)."""
    game = _locked(game)
    _playing(game)
    current = game.phase or phases(game.system)[0].key
    try:
        turn, key = next_phase(game.system, game.turn, current, again=again)
    except BadDocument as exc:
        raise bad_document_error(exc, "$") from exc
    if turn != game.turn:
        _turn_over(game)
    game.turn, game.phase = turn, key
    game.save(update_fields=["turn", "phase"])
    return game


@transaction.atomic
def order_submit(*, game: Game, user: User, text: str) -> Order:
    """A player's orders for the current turn; resubmitting replaces them until the reveal."""
    game = _locked(game)
    _playing(game)
    seat = _seat_of(game, user)
    words = " ".join(text.split())
    if not words:
        raise ApplicationError(
            code=ErrorCode.INVALID,
            message="Write your orders.",
            details=[{"path": "text", "field": "text", "message": "empty"}],
        )
    order, _ = Order.objects.update_or_create(
        game=game, seat=seat, turn=game.turn, defaults={"text": words[:500]}
    )
    notify(
        game,
        f"{user.get_username()} sent orders for turn {game.turn}.",
        besides=user.pk,
        referee_only=True,
    )
    return order


@transaction.atomic
def game_notices_set(*, game: Game, user: User, on: bool) -> Game:
    """Whether ``user`` (a player, or the referee) is e-mailed when the table moves on."""
    game = _locked(game)
    seat = game.seats.filter(user=user).first()
    if seat is not None:
        seat.notify = on
        seat.save(update_fields=["notify"])
    if game.referee_id == user.pk:
        game.referee_notify = on
        game.save(update_fields=["referee_notify"])
    return game
