"""The game table over the API: games, seats, dice entropy, the log, actions, orders.

A game is found only by those at its table (its players, referee and owner); anyone else's
is a 404, as is no game at all. The spectator link reads a game and its log without
signing in, and acts on nothing. Players and the referee act; the referee (or, without
one, the owner) turns the turn, reveals the seed and ends the game.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from builder.api import fields as strict
from builder.api.base import OwnedApi, PublicApi, SignedInRequest, page_of
from builder.api.pagination import PAGE_PARAMS, PagePagination
from builder.api.params import int_param, int_parameter
from builder.api.schema import example
from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.models import SavedList
from builder.lists.selectors import saved_list_get_for_owner
from builder.play.log import log_document
from builder.play.models import Game, Order, Seat
from builder.play.selectors import (
    can_act,
    entries_since,
    game_get_by_invite,
    game_get_for_spectator,
    game_get_for_user,
    game_view,
    games_for_user,
    orders_visible,
    runs_game,
)
from builder.play.services import (
    game_act_once,
    game_correct,
    game_create,
    game_end,
    game_entropy_add,
    game_join,
    game_notices_set,
    game_phase_next,
    game_seed_reveal,
    game_turn_next,
    order_submit,
)

TAG = ["play"]
MAX_KEY = 80
"""Characters of an ``Idempotency-Key``: what the log stores of it."""
LOG_PAGE = 500
"""Entries in one answer of the log; a client polls again from the last one."""

# Answers


class GameSeatSerializer(serializers.Serializer[Any]):
    player = serializers.CharField()
    side = serializers.CharField(help_text="a, b, c ...: the prefix of its figures' keys.")
    list = serializers.CharField(help_text="The name of the list brought (a frozen copy).")
    points = serializers.IntegerField()
    legal = serializers.BooleanField()
    versions = serializers.DictField(
        child=serializers.CharField(), help_text="The pack versions it is played on."
    )
    entropy = serializers.CharField(allow_null=True, help_text="The player's dice entropy.")


class GameFigureSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="a1, b3 ...: how an action names it in `roles`.")
    name = serializers.CharField()
    side = serializers.CharField()
    path = serializers.CharField(help_text="The list entry it comes from.")
    state = serializers.DictField(help_text="Its live state: what the log's changes made it.")
    view = serializers.DictField(help_text="What it shows now, read from its own data.")


class GameSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    system = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField(help_text="setup, playing or ended.")
    turn = serializers.IntegerField()
    phase = serializers.DictField(
        help_text="The turn's phase as the book names it, and what comes next."
    )
    dice = serializers.CharField(help_text="server or physical.")
    commitment = serializers.CharField(
        allow_null=True, help_text="SHA-256 of the server dice's seed, published before play."
    )
    seed = serializers.CharField(allow_null=True, help_text="The seed, once revealed.")
    owner = serializers.CharField()
    referee = serializers.CharField(allow_null=True)
    seats = GameSeatSerializer(many=True)
    figures = GameFigureSerializer(many=True)
    entries = serializers.IntegerField(help_text="How many entries the log holds.")
    can_act = serializers.BooleanField()
    runs_game = serializers.BooleanField()
    url = serializers.URLField()
    log_url = serializers.URLField()
    actions_url = serializers.URLField()
    invite_url = serializers.URLField(
        allow_null=True, help_text="For who runs the game: the link players join by."
    )
    spectator_url = serializers.URLField(
        allow_null=True, help_text="For who runs the game: the read-only link."
    )


class GameSummarySerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    url = serializers.URLField()
    system = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField(help_text="setup, playing or ended.")
    turn = serializers.IntegerField()
    dice = serializers.CharField(help_text="server or physical.")
    owner = serializers.CharField()
    referee = serializers.CharField(allow_null=True)
    players = serializers.ListField(child=serializers.CharField())
    created_at = serializers.DateTimeField()


class GameSeatJoinedSerializer(GameSeatSerializer):
    game = serializers.UUIDField()
    url = serializers.URLField(help_text="The game.")


class GameLogEntrySerializer(serializers.Serializer[Any]):
    """A log entry as the ``muster-game-log/1`` file holds it: a resolved procedure, or a
    correction (``reverses``, ``reason``) of an earlier one."""

    seq = serializers.IntegerField()
    who = serializers.CharField()
    procedure = serializers.CharField()
    params = serializers.DictField(required=False)
    roles = serializers.DictField(child=serializers.CharField(), required=False)
    rolls = serializers.ListField(child=serializers.IntegerField(), required=False)
    # The file's key is ``source``; a field of that name shadows ``Field.source`` for mypy only.
    source = serializers.CharField(  # type: ignore[assignment]
        required=False, help_text="server or physical."
    )
    outcome = serializers.DictField(required=False)
    changes = serializers.ListField(child=serializers.DictField(), required=False)
    explanation = serializers.ListField(child=serializers.DictField(), required=False)
    reverses = serializers.IntegerField(required=False)
    reason = serializers.CharField(required=False)
    time = serializers.CharField()
    chain = serializers.CharField(help_text="SHA-256 chaining it to the entry before.")


class GameLogSerializer(serializers.Serializer[Any]):
    after = serializers.IntegerField()
    entries = GameLogEntrySerializer(many=True)
    last = serializers.IntegerField(help_text="The number to poll after next.")
    more = serializers.BooleanField(help_text="More entries wait: ask again after `last`.")


class GameSpectatorSerializer(serializers.Serializer[Any]):
    game = GameSerializer()
    log = GameLogSerializer()


class GameOrderSerializer(serializers.Serializer[Any]):
    turn = serializers.IntegerField()
    side = serializers.CharField()
    player = serializers.CharField()
    text = serializers.CharField()
    submitted_at = serializers.DateTimeField()
    revealed_at = serializers.DateTimeField(allow_null=True)


class GameOrdersSerializer(serializers.Serializer[Any]):
    turn = serializers.IntegerField(help_text="The current turn: new orders are for it.")
    orders = GameOrderSerializer(many=True)


# Bodies


def _url(name: str, request: Request, **kwargs: Any) -> str:
    return reverse(f"api:{name}", kwargs=kwargs, request=request)


def game_body(game: Game, request: Request, *, spectator: bool = False) -> dict[str, Any]:
    """The table as ``game_view`` shows it to the caller, with its addresses; the invite and
    spectator links only for who runs the game (and never through the spectator link)."""
    user = AnonymousUser() if spectator else request.user
    view = game_view(game, user)
    runs = view["runs_game"]
    at = {"public_id": game.public_id}
    return {
        **view,
        "url": _url("game-detail", request, **at),
        "log_url": _url("game-log", request, **at),
        "actions_url": _url("game-actions", request, **at),
        "invite_url": _url("game-join", request, token=game.invite_token) if runs else None,
        "spectator_url": (
            _url("game-spectate", request, token=game.spectator_token) if runs else None
        ),
    }


def seat_body(seat: Seat) -> dict[str, Any]:
    return {
        "player": seat.user.get_username(),
        "side": seat.side,
        "list": seat.list_name,
        "points": seat.points,
        "legal": seat.legal,
        "versions": seat.versions,
        "entropy": seat.entropy or None,
    }


def summary_body(game: Game, request: Request) -> dict[str, Any]:
    """A row of ``games_list``, from a game with its owner, referee and seats loaded."""
    return {
        "id": str(game.public_id),
        "url": _url("game-detail", request, public_id=game.public_id),
        "system": game.system,
        "title": game.title,
        "status": game.status,
        "turn": game.turn,
        "dice": game.dice,
        "owner": game.owner.get_username(),
        "referee": game.referee.get_username() if game.referee else None,
        "players": [s.user.get_username() for s in game.seats.all()],
        "created_at": game.created_at.isoformat(),
    }


def order_body(order: Order) -> dict[str, Any]:
    return {
        "turn": order.turn,
        "side": order.seat.side,
        "player": order.seat.user.get_username(),
        "text": order.text,
        "submitted_at": order.submitted_at.isoformat(),
        "revealed_at": order.revealed_at.isoformat() if order.revealed_at else None,
    }


def log_body(game: Game, after: int) -> dict[str, Any]:
    rows = list(entries_since(game, after).values_list("seq", "record")[: LOG_PAGE + 1])
    shown = rows[:LOG_PAGE]
    return {
        "after": after,
        "entries": [record for _, record in shown],
        "last": shown[-1][0] if shown else after,
        "more": len(rows) > LOG_PAGE,
    }


# Who may do what


def _refused(message: str) -> ApplicationError:
    return ApplicationError(code=ErrorCode.PERMISSION_DENIED, message=message, status=403)


def _acting(game: Game, request: Request) -> None:
    if not can_act(game, request.user):
        raise _refused("Only the players and the referee act at this table.")


def _seated(game: Game, request: SignedInRequest) -> None:
    if not game.seats.filter(user=request.user).exists():
        raise _refused("Only a player seated at this table may do this.")


def _running(game: Game, request: Request) -> None:
    if not runs_game(game, request.user):
        raise _refused("Only the referee (or, without one, the game's owner) may do this.")


def _own_list(request: SignedInRequest, list_uuid: Any) -> SavedList:
    try:
        return saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
    except Http404 as exc:
        raise ApplicationError(
            code=ErrorCode.UNKNOWN_LIST,
            message=f"You have no saved list {list_uuid}.",
            details=[{"path": "list", "field": "list", "message": "not one of your lists"}],
        ) from exc


def _idempotency_key(request: Request) -> str:
    key = request.headers.get("Idempotency-Key", "")
    if len(key) > MAX_KEY:
        raise ApplicationError(
            code=ErrorCode.INVALID,
            message=f"Idempotency-Key is {len(key)} characters long; the limit is {MAX_KEY}.",
            details=[
                {
                    "path": "Idempotency-Key",
                    "field": "Idempotency-Key",
                    "message": f"at most {MAX_KEY} characters",
                }
            ],
        )
    return key


# Examples

_ID = "0c8f6a3e-5b1d-4e2a-9f7c-1d2e3f4a5b6c"
_BASE = f"http://127.0.0.1:8000/api/v1/games/{_ID}/"
_SEAT = {
    "player": "ann",
    "side": "a",
    "list": "Dust Devils",
    "points": 500,
    "legal": True,
    "versions": {"crimson-dust-core": "1.0.0"},
    "entropy": "kestrel",
}
_GAME = {
    "id": _ID,
    "system": "crimson-dust",
    "title": "Dust at dawn",
    "status": "playing",
    "turn": 1,
    "phase": {
        "key": "activation",
        "name": "Activation",
        "section": "Turn Sequence",
        "text": "The player activates one model, or a group ...",
        "procedures": ["leader-activation", "stunned-recovery", "regenerate"],
        "next": {"turn": 1, "key": "action", "name": "Action Points"},
        "again": None,
        "order": ["Activation", "Action Points", "Morale Tests"],
    },
    "dice": "server",
    "commitment": "3f1e0f6b8c2d4a5e9b7c1d0e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a",
    "seed": None,
    "owner": "rita",
    "referee": "rita",
    "seats": [_SEAT],
    "figures": [
        {
            "key": "a1",
            "name": "Sergeant Vance",
            "side": "a",
            "path": "$.entries[0]",
            "state": {"banked_scores": 1},
            "view": {
                "name": "Sergeant Vance",
                "status": "in play",
                "lines": [{"label": "Mv", "value": 8}, {"label": "Dc left", "value": 2}],
                "track": {"label": "Dc lost", "filled": 0, "total": 2},
            },
        }
    ],
    "entries": 1,
    "can_act": True,
    "runs_game": True,
    "url": _BASE,
    "log_url": f"{_BASE}log/",
    "actions_url": f"{_BASE}actions/",
    "invite_url": "http://127.0.0.1:8000/api/v1/games/join/Vb3kq0Zr8XwP2mN5tLc9aQ1e/",
    "spectator_url": "http://127.0.0.1:8000/api/v1/spectate/Hn4LvK2sTc6mYwpAxJr9d0R3/",
}
_SUMMARY = {
    k: _GAME[k] for k in ("id", "url", "system", "title", "status", "turn", "dice", "owner")
} | {"referee": "rita", "players": ["ann", "bob"], "created_at": "2026-12-03T15:00:00+00:00"}
_ENTRY = {
    "seq": 1,
    "who": "ann",
    "procedure": "skill-test",
    "params": {"dice": 3, "difficulty": 2, "state": "normal", "banked": 0, "cumulative": True},
    "roles": {"model": "a1"},
    "rolls": [4, 1, 2],
    "source": "server",
    "outcome": {"scored": 1, "total": 1, "passed": False, "banked_after": 1},
    "changes": [{"subject": "model", "field": "banked_scores", "value": 1, "text": "..."}],
    "explanation": [{"text": "...", "section": "Skill Test"}],
    "time": "2026-12-03T15:04:05.000000Z",
    "chain": "9d5ed678fe57bcca610140957afab571b1fe3b0b24f6a5e9c7b1a0c3d8e2f4a1",
}
_CORRECTION = {
    "seq": 2,
    "who": "rita",
    "procedure": "correction",
    "reverses": 1,
    "reason": "wrong model",
    "time": "2026-12-03T15:05:00.000000Z",
    "chain": "1b4f0e9855a7f4c2d3e1b0a9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9",
}
_LOG = {"after": 0, "entries": [_ENTRY], "last": 1, "more": False}
_ORDER = {
    "turn": 1,
    "side": "a",
    "player": "ann",
    "text": "advance to the ridge",
    "submitted_at": "2026-12-03T15:02:00+00:00",
    "revealed_at": None,
}
_GAME_ID = OpenApiParameter("public_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
_TOKEN = OpenApiParameter("token", str, OpenApiParameter.PATH)
_AFTER = int_parameter("after", "Only the entries numbered after this one (0: from the start).")
_IDEMPOTENCY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "maxLength": MAX_KEY},
    OpenApiParameter.HEADER,
    description=(
        "Any text of yours naming this request: sent again (a retry after a dropped "
        "connection), it answers 200 with the entry written the first time."
    ),
)


# Views


class GameListCreateApi(OwnedApi):
    """Your games (played, refereed or made), newest first; post to start one."""

    @extend_schema_serializer(component_name="GameCreateInput")
    class InputSerializer(serializers.Serializer[Any]):
        system = strict.CharField(max_length=40)
        title = strict.CharField(max_length=200, required=False, allow_blank=True, default="")
        dice = strict.ChoiceField(choices=Game.Dice.choices, default=Game.Dice.SERVER)
        list = serializers.UUIDField(
            required=False, allow_null=True, default=None, help_text="One of your saved lists."
        )
        referee = serializers.BooleanField(default=False)

    @extend_schema(
        operation_id="games_list",
        tags=TAG,
        parameters=PAGE_PARAMS,
        responses={200: page_of(GameSummarySerializer, "GamePage")},
        examples=[
            example(
                "Your games", {"count": 1, "next": None, "previous": None, "results": [_SUMMARY]}
            )
        ],
    )
    def get(self, request: SignedInRequest) -> Response:
        games = (
            games_for_user(user=request.user)
            .select_related("owner", "referee")
            .prefetch_related("seats__user")
        )
        paginator = PagePagination()
        page = paginator.paginate_queryset(games, request, self)
        return paginator.get_paginated_response([summary_body(g, request) for g in page or []])

    @extend_schema(
        operation_id="games_create",
        tags=TAG,
        request=InputSerializer,
        responses={201: GameSerializer},
        examples=[
            example(
                "A refereed game on server dice",
                {
                    "system": "crimson-dust",
                    "title": "Dust at dawn",
                    "dice": "server",
                    "list": None,
                    "referee": True,
                },
                request=True,
            ),
            example(
                "The new table",
                {
                    **_GAME,
                    "status": "setup",
                    "seats": [],
                    "figures": [],
                    "entries": 0,
                    "can_act": True,
                },
                status=201,
            ),
        ],
        description=(
            "Bring one of your saved lists (`list`, a frozen copy is seated), referee "
            "(`referee: true`), or both. Server dice publish their `commitment` at once. "
            "Send `invite_url` to the players and `spectator_url` to anyone who should watch."
        ),
    )
    def post(self, request: SignedInRequest) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        saved = _own_list(request, values["list"]) if values["list"] is not None else None
        game = game_create(
            owner=request.user,
            system=values["system"],
            title=values["title"],
            dice=values["dice"],
            saved_list=saved,
            referee=values["referee"],
        )
        body = game_body(game, request)
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": body["url"]})


class GameDetailApi(OwnedApi):
    @extend_schema(
        operation_id="games_retrieve",
        tags=TAG,
        parameters=[_GAME_ID],
        responses={200: GameSerializer},
        examples=[example("The table", _GAME)],
        description="Seats, figures and each figure's live state; another user's game is a 404.",
    )
    def get(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        return Response(game_body(game, request))


class GameJoinApi(OwnedApi):
    @extend_schema_serializer(component_name="GameJoinInput")
    class InputSerializer(serializers.Serializer[Any]):
        list = serializers.UUIDField(help_text="The saved list you bring.")

    @extend_schema(
        operation_id="games_join",
        tags=TAG,
        parameters=[_TOKEN],
        request=InputSerializer,
        responses={201: GameSeatJoinedSerializer},
        examples=[
            example("Bring a list", {"list": "6f1c2d3e-0a4b-4c5d-8e9f-0123456789ab"}, request=True),
            example(
                "Seated",
                {**_SEAT, "player": "bob", "side": "b", "entropy": None, "game": _ID, "url": _BASE},
                status=201,
            ),
        ],
        description=(
            "Sit at the table of the invitation with a frozen copy of one of your lists, "
            "until the first roll (`409 game_not_open` after)."
        ),
    )
    def post(self, request: SignedInRequest, token: str) -> Response:
        game = game_get_by_invite(token=token)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seat = game_join(
            game=game, user=request.user, saved_list=_own_list(request, data.validated_data["list"])
        )
        body = seat_body(seat) | {
            "game": str(game.public_id),
            "url": _url("game-detail", request, public_id=game.public_id),
        }
        return Response(body, status=status.HTTP_201_CREATED)


class GameEntropyApi(OwnedApi):
    @extend_schema_serializer(component_name="GameEntropyInput")
    class InputSerializer(serializers.Serializer[Any]):
        text = strict.CharField(max_length=200, allow_blank=True)

    @extend_schema(
        operation_id="games_entropy",
        tags=TAG,
        parameters=[_GAME_ID],
        request=InputSerializer,
        responses={200: GameSeatSerializer},
        examples=[
            example("Your entropy", {"text": "kestrel"}, request=True),
            example("Published", _SEAT),
        ],
        description=(
            "Your own text mixed into every server roll, published at once; only before the "
            "first roll (`409 game_not_open` after)."
        ),
    )
    def post(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        _seated(game, request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seat = game_entropy_add(game=game, user=request.user, text=data.validated_data["text"])
        return Response(seat_body(seat))


class GameLogApi(OwnedApi):
    @extend_schema(
        operation_id="games_log",
        tags=TAG,
        parameters=[_GAME_ID, _AFTER],
        responses={200: GameLogSerializer},
        examples=[example("The first entry", _LOG)],
        description=(
            f"The entries after number `after`, in order, as stored (at most {LOG_PAGE}; "
            "`more` says whether to ask again after `last`). Poll it to see new entries."
        ),
    )
    def get(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        after = int_param(request, "after", default=0) or 0
        return Response(log_body(game, after))


class GameLogFileApi(OwnedApi):
    @extend_schema(
        operation_id="games_log_file",
        tags=TAG,
        parameters=[_GAME_ID],
        responses={200: OpenApiTypes.OBJECT},
        examples=[
            example(
                "muster-game-log/1",
                {
                    "format": "muster-game-log/1",
                    "game": {"id": _ID, "system": "crimson-dust", "title": "Dust at dawn"},
                    "dice": {
                        "mode": "server",
                        "scheme": "muster-dice/1",
                        "commitment": _GAME["commitment"],
                        "entropy": {"ann": "kestrel"},
                        "seed": None,
                    },
                    "entries": [_ENTRY],
                },
            )
        ],
        description=(
            "The whole log as a file (`python -m rules_engine verify` replays it); the seed "
            "is in it once revealed."
        ),
    )
    def get(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        name = slugify(game.title) or "game"
        return Response(
            log_document(game),
            headers={"Content-Disposition": f'attachment; filename="{name}.muster-game-log.json"'},
        )


class GameActionApi(OwnedApi):
    @extend_schema_serializer(component_name="GameActionInput")
    class InputSerializer(serializers.Serializer[Any]):
        procedure = strict.CharField(max_length=80)
        params = serializers.DictField(required=False, default=dict)
        roles = serializers.DictField(
            child=strict.CharField(max_length=12),
            required=False,
            default=dict,
            help_text='The figure playing each role of the situation: {"target": "b2"}.',
        )
        rolls = serializers.ListField(
            child=serializers.IntegerField(),
            required=False,
            allow_null=True,
            default=None,
            max_length=200,
            help_text="The faces rolled, physical dice only (server dice roll themselves).",
        )

    @extend_schema(
        operation_id="games_act",
        tags=TAG,
        parameters=[_GAME_ID, _IDEMPOTENCY],
        request=InputSerializer,
        responses={201: GameLogEntrySerializer, 200: GameLogEntrySerializer},
        examples=[
            example(
                "A skill test",
                {
                    "procedure": "skill-test",
                    "params": {"dice": 3, "difficulty": 2, "cumulative": True},
                    "roles": {"model": "a1"},
                },
                request=True,
            ),
            example("Resolved and logged", _ENTRY, status=201),
            example("A repeated request: the entry written the first time", _ENTRY),
        ],
        description=(
            "Resolve one procedure by the rules (see `/engine/{system}/resolve/`) and append "
            "it to the log, changing the figures' state. Anything wrong (the procedure, a "
            "parameter, the dice, a role) is a 400 naming it, and nothing is appended."
        ),
    )
    def post(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        _acting(game, request)
        key = _idempotency_key(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry, new = game_act_once(
            game=game, user=request.user, idempotency_key=key, **data.validated_data
        )
        return Response(entry.record, status=status.HTTP_201_CREATED if new else status.HTTP_200_OK)


class GameCorrectionApi(OwnedApi):
    @extend_schema_serializer(component_name="GameCorrectionInput")
    class InputSerializer(serializers.Serializer[Any]):
        reverses = serializers.IntegerField(min_value=1, max_value=2_000_000_000)
        reason = strict.CharField(max_length=500, allow_blank=True, required=False, default="")

    @extend_schema(
        operation_id="games_correct",
        tags=TAG,
        parameters=[_GAME_ID],
        request=InputSerializer,
        responses={201: GameLogEntrySerializer},
        examples=[
            example("Take entry 1 back", {"reverses": 1, "reason": "wrong model"}, request=True),
            example("The correction", _CORRECTION, status=201),
        ],
        description=(
            "A new entry reversing an earlier roll: its changes are taken back. An entry "
            "that is not a roll, or is reversed already, is a `409 nothing_to_undo`."
        ),
    )
    def post(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        _acting(game, request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = game_correct(game=game, user=request.user, **data.validated_data)
        return Response(entry.record, status=status.HTTP_201_CREATED)


class GameOrdersApi(OwnedApi):
    @extend_schema_serializer(component_name="GameOrderInput")
    class InputSerializer(serializers.Serializer[Any]):
        text = strict.CharField(max_length=500)

    @extend_schema(
        operation_id="games_orders",
        tags=TAG,
        parameters=[_GAME_ID],
        responses={200: GameOrdersSerializer},
        examples=[example("Your orders", {"turn": 1, "orders": [_ORDER]})],
        description=(
            "The orders you may read: the referee every order; a player their own, and "
            "everyone's for turns already revealed."
        ),
    )
    def get(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        orders = orders_visible(game, request.user)
        return Response({"turn": game.turn, "orders": [order_body(o) for o in orders]})

    @extend_schema(
        operation_id="games_orders_submit",
        tags=TAG,
        parameters=[_GAME_ID],
        request=InputSerializer,
        responses={201: GameOrderSerializer},
        examples=[
            example("A hex-map manoeuvre", {"text": "4L2F"}, request=True),
            example("Submitted", {**_ORDER, "text": "4L2F"}, status=201),
        ],
        description=(
            "Your orders for the current turn, private until the turn is revealed; sent "
            "again, they replace the earlier ones."
        ),
    )
    def post(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        _seated(game, request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        order = order_submit(game=game, user=request.user, text=data.validated_data["text"])
        order = Order.objects.select_related("seat__user").get(pk=order.pk)
        return Response(order_body(order), status=status.HTTP_201_CREATED)


def _run_api(operation: str, summary: str, change: Any, after: dict[str, Any]) -> type[OwnedApi]:
    """A view for one thing only who runs the game does (``POST`` with no body)."""

    @extend_schema(
        operation_id=operation,
        tags=TAG,
        parameters=[_GAME_ID],
        request=None,
        responses={200: GameSerializer},
        examples=[example("The table", {**_GAME, **after})],
        description=f"{summary} Only the referee (or, without one, the owner): others 403.",
    )
    def post(self: OwnedApi, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        _running(game, request)
        return Response(game_body(change(game=game, user=request.user), request))

    return type(f"{operation.title().replace('_', '')}Api", (OwnedApi,), {"post": post})


GameTurnApi = _run_api(
    "games_turn_next",
    "The turn is over: its orders are revealed to everyone and the next turn begins.",
    game_turn_next,
    {"turn": 2},
)
GameRevealApi = _run_api(
    "games_seed_reveal",
    "Reveal the server dice's seed now: every roll so far can be checked.",
    game_seed_reveal,
    {"seed": "5be0c3b2a1f09e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d"},
)
GameEndApi = _run_api(
    "games_end",
    "End the game: the log closes and the seed is revealed.",
    game_end,
    {"status": "ended", "seed": "5be0c3b2a1f09e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d"},
)


class GamePhaseApi(OwnedApi):
    @extend_schema_serializer(component_name="GamePhaseInput")
    class InputSerializer(serializers.Serializer[Any]):
        again = serializers.BooleanField(
            default=False,
            help_text="Back to the first of the phases the book repeats within a turn.",
        )

    @extend_schema(
        operation_id="games_phase_next",
        tags=TAG,
        parameters=[_GAME_ID],
        request=InputSerializer,
        responses={200: GameSerializer},
        examples=[
            example("The next phase", {"again": False}, request=True),
            example("The table", _GAME),
        ],
        description=(
            "The next phase as the book orders them; after the last, the next turn (its "
            "orders revealed). `again: true` starts the phases the book repeats within a "
            "turn over (the next announced speed, the next action point); a game whose book "
            "repeats none is a 400. Only the referee (or, without one, the owner): others 403."
        ),
    )
    def post(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        _running(game, request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_phase_next(game=game, user=request.user, again=data.validated_data["again"])
        return Response(game_body(game, request))


class GameNoticesApi(OwnedApi):
    @extend_schema_serializer(component_name="GameNoticesInput")
    class InputSerializer(serializers.Serializer[Any]):
        on = serializers.BooleanField(help_text="E-mail me when the table moves on.")

    @extend_schema(
        operation_id="games_notices",
        tags=TAG,
        parameters=[_GAME_ID],
        request=InputSerializer,
        responses={200: GameSerializer},
        examples=[example("Notices on", {"on": True}, request=True), example("The table", _GAME)],
        description=(
            "Whether you (a player, or the referee) are e-mailed a notice of each roll, "
            "correction, new turn and the end; the referee also of each player's orders."
        ),
    )
    def post(self, request: SignedInRequest, public_id: UUID) -> Response:
        game = game_get_for_user(user=request.user, public_id=public_id)
        _acting(game, request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_notices_set(game=game, user=request.user, on=data.validated_data["on"])
        return Response(game_body(game, request))


class SpectateApi(PublicApi):
    """A game and its log through its spectator link (public: no sign-in; reads only)."""

    @extend_schema(
        operation_id="games_spectate",
        tags=TAG,
        parameters=[_TOKEN, _AFTER],
        responses={200: GameSpectatorSerializer},
        examples=[
            example(
                "Watching",
                {
                    "game": {
                        **_GAME,
                        "can_act": False,
                        "runs_game": False,
                        "invite_url": None,
                        "spectator_url": None,
                    },
                    "log": _LOG,
                },
            )
        ],
    )
    def get(self, request: Request, token: str) -> Response:
        game = game_get_for_spectator(token=token)
        after = int_param(request, "after", default=0) or 0
        return Response(
            {"game": game_body(game, request, spectator=True), "log": log_body(game, after)}
        )
