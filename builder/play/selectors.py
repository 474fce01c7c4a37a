"""Reads of games, scoped like every owned object: a game is found only by its players, its
referee and its owner (anyone else gets a 404), or read through its spectator link."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet
from django.http import Http404

from builder.engine.play import figure_view, next_phase, phase, phases, repeat
from builder.play.models import Game, LogEntry, Order, Seat, TableFigure
from content.api_selectors import engine_catalogue


def _participant(user: User | AnonymousUser) -> Q:
    return Q(owner=user) | Q(referee=user) | Q(seats__user=user)


def games_for_user(*, user: User | AnonymousUser) -> QuerySet[Game]:
    """The games ``user`` plays, referees or made, newest first."""
    if not user.is_authenticated:
        return Game.objects.none()
    return Game.objects.filter(_participant(user)).distinct().order_by("-created_at", "-id")


def game_get_for_user(*, user: User | AnonymousUser, public_id: UUID | str) -> Game:
    """One of ``user``'s games; anyone else's is not found."""
    try:
        return games_for_user(user=user).get(public_id=public_id)
    except (Game.DoesNotExist, ValueError) as exc:
        raise Http404("No such game.") from exc


def game_get_by_invite(*, token: str) -> Game:
    try:
        return Game.objects.get(invite_token=token)
    except Game.DoesNotExist as exc:
        raise Http404("No such invitation.") from exc


def game_get_for_spectator(*, token: str) -> Game:
    try:
        return Game.objects.get(spectator_token=token)
    except Game.DoesNotExist as exc:
        raise Http404("No such game.") from exc


def can_act(game: Game, user: User | AnonymousUser) -> bool:
    """Players and the referee act; a spectator reads."""
    if not user.is_authenticated:
        return False
    return game.referee_id == user.pk or any(s.user_id == user.pk for s in game.seats.all())


def runs_game(game: Game, user: User | AnonymousUser) -> bool:
    """The referee runs the game; without one, its owner."""
    if not user.is_authenticated:
        return False
    return user.pk == (game.referee_id or game.owner_id)


def entries_since(game: Game, after: int = 0) -> QuerySet[LogEntry]:
    """The log entries after number ``after``, in order (what a table polls for); only
    their number and record are read (and the game, which the related manager sets on
    each), the rest is never shown."""
    return game.entries.filter(seq__gt=after).order_by("seq").only("game", "seq", "record")


def entries_latest(game: Game, count: int) -> list[LogEntry]:
    """The last ``count`` log entries, in order: what the table page opens on, however long
    the log has grown."""
    latest = game.entries.order_by("-seq").only("game", "seq", "record")[:count]
    return list(latest)[::-1]


def orders_visible(game: Game, user: User | AnonymousUser) -> list[Order]:
    """The orders ``user`` may read: the referee every order, a player their own, everyone
    the orders of turns already revealed."""
    orders = list(game.orders.select_related("seat__user").order_by("turn", "seat__side"))
    if runs_game(game, user) and game.referee_id is not None:
        return orders
    mine = {o.pk for o in orders if user.is_authenticated and o.seat.user_id == user.pk}
    return [o for o in orders if o.revealed_at is not None or o.pk in mine]


def _phase_view(game: Game) -> dict[str, Any]:
    """The turn's phase as the book names it, what happens in it and what comes next."""
    order = phases(game.system)
    current = phase(game.system, game.phase) if game.phase else order[0]
    block = repeat(game.system)
    turn, key = next_phase(game.system, game.turn, current.key)
    following = phase(game.system, key)
    return current.as_dict() | {
        "next": {"turn": turn, "key": key, "name": following.name},
        "again": (
            {"key": block.first, "name": phase(game.system, block.first).name, "when": block.when}
            if block is not None and block.last == current.key
            else None
        ),
        "order": [p.name for p in order],
    }


def _figure_views(game: Game, seats: list[Seat], figures: list[TableFigure]) -> dict[str, Any]:
    """What each figure shows now, read from its list's own data on its own packs."""
    by_seat = {s.pk: s for s in seats}
    catalogues: dict[tuple[tuple[str, str], ...], Any] = {}
    views = {}
    for f in figures:
        seat = by_seat[f.seat_id]
        pins = tuple(sorted(seat.versions.items()))
        if pins not in catalogues:
            catalogues[pins] = engine_catalogue(dict(pins))
        state = game.state.get(f.key, {})
        views[f.key] = figure_view(catalogues[pins], game.system, seat.document, f.path, state)
    return views


def game_view(game: Game, user: User | AnonymousUser) -> dict[str, Any]:
    """The table as the API and pages show it: seats, the phase, the figures, their live
    state and what each shows from it."""
    seats = list(game.seats.select_related("user").order_by("side"))
    figures = list(game.figures.order_by("id"))
    views = _figure_views(game, seats, figures)
    return {
        "id": str(game.public_id),
        "system": game.system,
        "title": game.title,
        "status": game.status,
        "turn": game.turn,
        "phase": _phase_view(game),
        "dice": game.dice,
        "commitment": game.commitment or None,
        "seed": game.seed if game.seed_revealed else None,
        "owner": game.owner.get_username(),
        "referee": game.referee.get_username() if game.referee else None,
        "seats": [
            {
                "player": s.user.get_username(),
                "side": s.side,
                "list": s.list_name,
                "points": s.points,
                "legal": s.legal,
                "versions": s.versions,
                "entropy": s.entropy or None,
            }
            for s in seats
        ],
        "figures": [
            {
                "key": f.key,
                "name": f.name,
                "side": f.key[0],
                "path": f.path,
                "state": game.state.get(f.key, {}),
                "view": views[f.key],
            }
            for f in figures
        ],
        "entries": game.entries.count(),
        "can_act": can_act(game, user),
        "runs_game": runs_game(game, user),
    }
