"""The game table: start a game with one of my lists, invite the others, and play it.

Each action is a dice procedure of the game's book: the player fills in the situation and
the figures it concerns, types the dice rolled (or lets the server roll them), and the
table shows the outcome step by step, appends it to the log and changes the figures' state.
The log follows new entries every two seconds; a spectator link reads it without acting.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from builder import engine
from builder.core.errors import ApplicationError
from builder.engine.play import phase, verify
from builder.games import game as game_of
from builder.games.prices import counted
from builder.lists.selectors import saved_lists_for_owner
from builder.play.log import log_document
from builder.play.models import Game
from builder.play.selectors import (
    can_act,
    entries_latest,
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
    game_act,
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
from builder.web.play_forms import (
    param_fields,
    params_from_post,
    role_fields,
    rolls_from_post,
)
from builder.web.requests import HtmxHttpRequest, SignedInHttpRequest
from content.api_selectors import engine_catalogue

LOG_SHOWN = 50
"""Entries the table page opens on: a long log's earlier ones are one link away."""


def _my_lists(request: HttpRequest, system: str | None = None) -> list[Any]:
    lists = saved_lists_for_owner(user=request.user).order_by("system__name", "name")
    return [s for s in lists if system is None or s.system.slug == system]


@login_required
def games(request: SignedInHttpRequest) -> HttpResponse:
    """My games, and a form to start one."""
    errors: dict[str, str] = {}
    lists = _my_lists(request)
    values = {k: request.POST.get(k, "") for k in ("list", "title", "dice", "referee", "system")}
    if request.method == "POST":
        chosen = next((s for s in lists if str(s.uuid) == values["list"]), None)
        referee = values["referee"] == "on"
        system = chosen.system.slug if chosen else values["system"]
        if chosen is None and not referee:
            errors["list"] = "Pick the list you bring, or referee the game."
        elif chosen is None and system not in engine.SYSTEMS:
            errors["system"] = "Pick the game you referee."
        else:
            try:
                game = game_create(
                    owner=request.user,
                    system=system,
                    title=values["title"] or "A game",
                    dice=values["dice"] or Game.Dice.SERVER,
                    saved_list=chosen,
                    referee=referee,
                )
            except ApplicationError as exc:
                errors["form"] = exc.message
            else:
                return redirect("web:game", public_id=game.public_id)
    systems = [(s, engine.system_module(s).title) for s in engine.SYSTEMS]
    return render(
        request,
        "web/play/index.html",
        {
            "games": list(games_for_user(user=request.user)[:30]),
            "lists": lists,
            "systems": systems,
            "values": values,
            "errors": errors,
            "nav": "play",
        },
        status=400 if errors else 200,
    )


def _procedures(system: str) -> list[dict[str, Any]]:
    return engine.procedures(engine_catalogue(), system)


def _chosen(procedures: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    return next((p for p in procedures if p["procedure"] == name), None)


def _field_errors(exc: ApplicationError) -> dict[str, str]:
    """The engine's refusal beside the field it is about, in words, without its paths."""
    found: dict[str, list[str]] = {}
    for detail in exc.details or [{"path": "form", "message": exc.message}]:
        path, message = str(detail.get("path", "")), str(detail.get("message", exc.message))
        path = path.removeprefix("$.")
        if path.startswith("params."):
            name = path.removeprefix("params.").split("[")[0]
            key, words = f"p_{name}", f"{name.replace('_', ' ').capitalize()} {message}"
        elif path.startswith("rolls"):
            key, words = "rolls", f"The dice: {message}"
        elif path.startswith("roles."):
            name = path.removeprefix("roles.")
            key, words = f"role_{name}", message[:1].upper() + message[1:]
        else:
            key, words = "form", message[:1].upper() + message[1:]
        if not words.endswith("."):
            words += "."
        found.setdefault(key, []).append(words)
    return {k: " ".join(dict.fromkeys(v)) for k, v in found.items()}


def _seat_totals(view: dict[str, Any], table: Game) -> None:
    """Each seat's total in what its list counts: 200 points, 4 fighters, 5790 mass."""
    kinds = {s.side: s.document.get("kind", "") for s in table.seats.only("side", "document")}
    for seat in view["seats"]:
        kind = game_of(table.system).kind(kinds.get(seat["side"], ""))
        seat["total"] = counted(seat["points"], kind.unit if kind else "points")


def _table(request: HttpRequest, game: Game, **more: Any) -> dict[str, Any]:
    view = game_view(game, request.user)
    _seat_totals(view, game)
    procedures = _procedures(game.system)
    now = set(view["phase"]["procedures"])
    now_procedures = [p for p in procedures if p["procedure"] in now]
    asked = request.POST.get("procedure") or request.GET.get("procedure", "")
    first = now_procedures[0] if now_procedures else (procedures[0] if procedures else None)
    chosen = _chosen(procedures, asked) or first
    given = more.pop("given", {})
    errors = more.get("errors", {})
    whole = request.GET.get("log") == "all"
    entries = list(entries_since(game)) if whole else entries_latest(game, LOG_SHOWN)
    names = {f["key"]: f["name"] for f in view["figures"]}
    return {
        "game": game,
        "view": view,
        "title": engine.system_module(game.system).title,
        "procedures": procedures,
        "now_procedures": now_procedures,
        "other_procedures": [p for p in procedures if p["procedure"] not in now],
        "chosen": chosen,
        "fields": (
            param_fields(chosen, given, errors, engine_catalogue(), game.system) if chosen else []
        ),
        "dice_words": _dice_words(game.system, chosen, given) if chosen else "",
        "role_fields": role_fields(chosen, more.pop("typed_roles", {}), errors) if chosen else [],
        "entries": [_entry_view(e.record, names) for e in entries],
        "last_seq": entries[-1].seq if entries else 0,
        "earlier": entries[0].seq - 1 if entries else 0,
        "orders": orders_visible(game, request.user),
        "can_act": view["can_act"] and game.status != Game.Status.ENDED,
        "runs_game": view["runs_game"],
        "invite_url": request.build_absolute_uri(
            reverse("web:game-join", kwargs={"token": game.invite_token})
        ),
        "watch_url": request.build_absolute_uri(
            reverse("web:game-watch", kwargs={"token": game.spectator_token})
        ),
        "notices_on": _notices_on(game, request.user),
        "orders_example": game_of(game.system).orders_example,
        "my_seat": next(
            (s for s in view["seats"] if s["player"] == request.user.get_username()), None
        ),
        "nav": "play",
        **more,
    }


def _dice_words(system: str, chosen: dict[str, Any], given: dict[str, Any]) -> str:
    """``3d6 (the characteristic tested)``: the dice this situation needs, or empty when the
    situation cannot be read yet (its fields say why)."""
    try:
        dice = engine.dice_needed(engine_catalogue(), system, chosen["procedure"], given)
    except engine.BadDocument:
        return ""
    return engine.dice_words(dice) if dice else "no dice"


def _notices_on(game: Game, user: Any) -> bool:
    if not user.is_authenticated:
        return False
    if game.referee_id == user.pk:
        return game.referee_notify
    return any(s.notify for s in game.seats.all() if s.user_id == user.pk)


def _entry_view(record: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """One log entry as a player reads it: who, what, the dice, each step in words."""
    roles = [
        {"role": role.replace("_", " "), "figure": names.get(key, key)}
        for role, key in (record.get("roles") or {}).items()
    ]
    return {
        "seq": record["seq"],
        "who": record["who"],
        "procedure": record["procedure"].replace("-", " "),
        "correction": record["procedure"] == "correction",
        "reverses": record.get("reverses"),
        "reason": record.get("reason", ""),
        "rolls": record.get("rolls", []),
        "source": record.get("source", ""),
        "roles": roles,
        "steps": record.get("explanation", []),
        "changes": [
            _change_words(c, record.get("roles") or {}, names) for c in record.get("changes", [])
        ],
        "time": record["time"],
    }


def _change_words(change: dict[str, Any], roles: dict[str, str], names: dict[str, str]) -> str:
    """``Sergeant Vance: loses 1 Dc``: whose state changed and how, in the engine's words
    when it gives them (they already say by how much), else the field and its change."""
    key = roles.get(change["subject"], "")
    who = names.get(key, change["subject"].replace("_", " "))
    if change.get("text"):
        return f"{who}: {change['text']}"
    what = change["field"].replace("_", " ")
    if "delta" in change:
        how = f"{change['delta']:+d}"
    else:
        value = change.get("value")
        how = (
            {True: "yes", False: "no", None: "cleared"}.get(value, str(value))
            if isinstance(value, (bool, type(None)))
            else str(value)
        )
    return f"{who}: {what} {how}"


@login_required
def game_page(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    game = game_get_for_user(user=request.user, public_id=public_id)
    if request.htmx and request.GET.get("procedure"):
        context = _table(request, game)
        return render(request, "web/play/_situation.html", context)
    return render(request, "web/play/table.html", _table(request, game))


def game_watch(request: HttpRequest, token: str) -> HttpResponse:
    """The table read through its spectator link: the figures and the log, no acting."""
    game = game_get_for_spectator(token=token)
    context = _table(request, game)
    context.update(can_act=False, runs_game=False, spectator=True, spectator_token=token)
    return render(request, "web/play/table.html", context)


def game_log_since(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The entries after ``after``: what the open table fetches every two seconds."""
    token = request.GET.get("watch", "")
    if token:
        game = game_get_for_spectator(token=token)
        if str(game.public_id) != str(public_id):
            raise Http404("No such game.")
    else:
        game = game_get_for_user(user=request.user, public_id=public_id)
    try:
        after = max(0, int(request.GET.get("after", "0")))
    except ValueError:
        after = 0
    names = dict(game.figures.values_list("key", "name"))
    entries = list(entries_since(game, after))
    # The page says which turn and phase it shows; when the game has moved on, the phase
    # box is swapped in too, so a player who never reloads still knows where the turn is.
    moved = request.GET.get("at", f"{game.turn}-{game.phase}") != f"{game.turn}-{game.phase}"
    view = game_view(game, request.user) if entries or moved else None
    return render(
        request,
        "web/play/_entries.html",
        {
            "entries": [_entry_view(e.record, names) for e in entries],
            "game": game,
            "last_seq": entries[-1].seq if entries else after,
            "watch": token,
            # New entries change figures: their cards are swapped in beside the log.
            "figures_view": view if entries else None,
            "phase_view": view if moved else None,
            "runs_game": moved and not token and runs_game(game, request.user),
        },
    )


@login_required
@require_POST
def game_action(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    game = game_get_for_user(user=request.user, public_id=public_id)
    if not can_act(game, request.user):
        raise Http404("No such game.")
    chosen = _chosen(_procedures(game.system), request.POST.get("procedure", ""))
    if chosen is None:
        messages.error(request, "Pick what to roll for.")
        return redirect("web:game", public_id=game.public_id)
    params = params_from_post(chosen, request.POST)
    roles = {r: request.POST.get(f"role_{r}", "") for r in chosen["roles"]}
    roles = {r: k for r, k in roles.items() if k}
    rolls = rolls_from_post(request.POST) if game.dice == Game.Dice.PHYSICAL else None
    try:
        entry = game_act(
            game=game,
            user=request.user,
            procedure=chosen["procedure"],
            params=params,
            roles=roles,
            rolls=rolls,
            idempotency_key=request.POST.get("request_id", "")[:80],
        )
    except ApplicationError as exc:
        context = _table(
            request,
            game,
            given=params,
            errors=_field_errors(exc),
            typed_rolls=request.POST.get("rolls", ""),
            typed_roles=roles,
        )
        return render(request, "web/play/table.html", context, status=400)
    messages.success(request, f"Entry {entry.seq}: {_outcome_words(entry.record)}")
    return redirect(
        f"{reverse('web:game', kwargs={'public_id': game.public_id})}#entry-{entry.seq}"
    )


def _outcome_words(record: dict[str, Any]) -> str:
    steps = record.get("explanation") or []
    return steps[-1]["text"] if steps else "logged."


@login_required
@require_POST
def game_correction(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    game = game_get_for_user(user=request.user, public_id=public_id)
    if not can_act(game, request.user):
        raise Http404("No such game.")
    try:
        reverses = int(request.POST.get("reverses", ""))
        entry = game_correct(
            game=game, user=request.user, reverses=reverses, reason=request.POST.get("reason", "")
        )
    except ValueError:
        messages.error(request, "Say which entry to reverse, by its number.")
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Entry {entry.seq} reverses entry {reverses}.")
    return redirect("web:game", public_id=game.public_id)


def _said(request: SignedInHttpRequest, public_id: str, say: Any, done: str) -> HttpResponse:
    """A player's words for the table (orders, dice entropy), told back as done or why not."""
    game = game_get_for_user(user=request.user, public_id=public_id)
    try:
        say(game=game, user=request.user, text=request.POST.get("text", ""))
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done.format(turn=game.turn))
    return redirect("web:game", public_id=game.public_id)


@login_required
@require_POST
def game_orders(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    return _said(request, public_id, order_submit, "Your orders for turn {turn} are sent.")


@login_required
@require_POST
def game_entropy(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    return _said(
        request, public_id, game_entropy_add, "Your words are mixed into every roll of this game."
    )


@login_required
@require_POST
def game_notices(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    """Turn e-mail notices on or off for me at this table."""
    game = game_get_for_user(user=request.user, public_id=public_id)
    on = request.POST.get("notify") == "on"
    game_notices_set(game=game, user=request.user, on=on)
    if on:
        messages.success(
            request,
            f"You will be e-mailed at {request.user.email or 'your address'} when the table "
            "moves on.",
        )
    else:
        messages.success(request, "No more e-mails from this table.")
    return redirect("web:game", public_id=game.public_id)


@login_required
@require_POST
def game_control(request: SignedInHttpRequest, public_id: str, what: str) -> HttpResponse:
    """The referee's buttons (the owner's without one): next turn, reveal the seed, end."""
    game = game_get_for_user(user=request.user, public_id=public_id)
    if not runs_game(game, request.user):
        messages.error(request, "Only whoever runs the game may do that.")
        return redirect("web:game", public_id=game.public_id)
    done = {
        "phase": (game_phase_next, "Turn {turn}: {phase}."),
        "again": (_phase_again, "Turn {turn}: {phase} again."),
        "turn": (game_turn_next, "Turn {turn} begins; the last turn's orders are shown."),
        "reveal": (game_seed_reveal, "The seed is revealed: anyone can check every roll."),
        "end": (game_end, "The game has ended; the seed is revealed."),
    }
    if what not in done:
        raise Http404("No such control.")
    service, words = done[what]
    try:
        game = service(game=game, user=request.user)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, words.format(turn=game.turn, phase=_phase_name(game)))
    return redirect("web:game", public_id=game.public_id)


def _phase_again(*, game: Game, user: Any) -> Game:
    return game_phase_next(game=game, user=user, again=True)


def _phase_name(game: Game) -> str:
    return phase(game.system, game.phase).name


@login_required
def game_join_page(request: SignedInHttpRequest, token: str) -> HttpResponse:
    """An invitation: pick the list you bring and sit at the table."""
    game = game_get_by_invite(token=token)
    lists = _my_lists(request, game.system)
    error = ""
    if request.method == "POST":
        chosen = next((s for s in lists if str(s.uuid) == request.POST.get("list")), None)
        if chosen is None:
            error = f"Pick one of your {engine.system_module(game.system).title} lists."
        else:
            try:
                game_join(game=game, user=request.user, saved_list=chosen)
            except ApplicationError as exc:
                error = exc.message
            else:
                return redirect("web:game", public_id=game.public_id)
    return render(
        request,
        "web/play/join.html",
        {
            "game": game,
            "lists": lists,
            "error": error,
            "title": engine.system_module(game.system).title,
            "nav": "play",
        },
        status=400 if error else 200,
    )


@login_required
def game_log_file(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    """The log as a ``muster-game-log/1`` file, for ``python -m rules_engine verify``."""
    game = game_get_for_user(user=request.user, public_id=public_id)
    body = json.dumps(log_document(game), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(game.title) or "game"
    response["Content-Disposition"] = f'attachment; filename="{name}.muster-game-log.json"'
    return response


@login_required
def game_verify_page(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    """The log replayed here, as ``verify`` replays it anywhere: every roll and outcome."""
    game = game_get_for_user(user=request.user, public_id=public_id)
    report = verify(engine_catalogue(), log_document(game))
    return render(request, "web/play/verify.html", {"game": game, "report": report, "nav": "play"})
