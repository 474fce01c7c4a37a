"""Campaigns: pilots and characters whose experience carries from game to game.

A campaign's page shows its roster (each pilot's level in words and what the next level
needs), the pilots lost, its games and its settings with their rulings. The organiser
invites players, who enrol their lists; a game is started from the living pilots, played at
the table, and after it ends the organiser reviews the experience it earned, event by event
in words, and applies it once. A spectator link reads the roster and the histories only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from builder import engine
from builder.campaigns import selectors, services
from builder.campaigns.models import Campaign, CampaignMember
from builder.campaigns.roster import catalogue_of
from builder.core.errors import ApplicationError
from builder.engine import Catalogue
from builder.engine.campaign import campaign_rules, campaign_systems
from builder.games import game as game_of
from builder.lists.selectors import saved_lists_for_owner
from builder.play.models import Game
from builder.printing.sheets.campaign import level_words, record_name, roster_rows
from builder.web.campaign_chart import experience_chart, level_thresholds
from builder.web.campaign_print import campaign_print_create
from builder.web.requests import SignedInHttpRequest

NO_RULES = "The {title} book gives no campaign rules, so Muster invents none."
"""Said for each game whose book has no campaign (Aces, Crimson Dust, Black Skies)."""
PLANE = "plane"
"""The kind of list a hex-map character flies in a game (a plane design): never enrolled."""
ADVANCE_PER_MULTIPLIER = 100
"""A pilot advances after gaining 100 times the level's experience multiplier ("Experience
Multiplier", Air Action's campaign rules)."""


def _title(system: str) -> str:
    return str(engine.system_module(system).title)


def no_rules_sentences() -> list[str]:
    """One sentence for each game without campaign rules, in the site's order of games."""
    with_rules = set(campaign_systems())
    return [
        NO_RULES.format(title=_title(s).removeprefix("Crimson Skies: "))
        for s in engine.SYSTEMS
        if s not in with_rules
    ]


def _role(campaign: Campaign, user: User | AnonymousUser) -> str | None:
    return selectors.role_in(campaign, user)


@login_required
def campaigns(request: SignedInHttpRequest) -> HttpResponse:
    """My campaigns, a form to start one, and why three of the games have none."""
    systems = [(s, _title(s)) for s in campaign_systems()]
    values = {k: request.POST.get(k, "") for k in ("system", "name")}
    errors: dict[str, str] = {}
    if request.method == "POST":
        if values["system"] not in dict(systems):
            errors["system"] = "Pick the game whose campaign rules you play."
        if not values["name"].strip():
            errors["name"] = "Give the campaign a name."
        if not errors:
            try:
                campaign = services.campaign_create(
                    owner=request.user, system=values["system"], name=values["name"].strip()
                )
            except ApplicationError as exc:
                errors["form"] = exc.message
            else:
                messages.success(request, f"{campaign.name} is started: enrol a list to begin.")
                return redirect("web:campaign", public_id=campaign.public_id)
    return render(
        request,
        "web/campaigns/index.html",
        {
            "campaigns": [
                {"campaign": c, "title": _title(c.system)}
                for c in selectors.campaigns_for(user=request.user)
            ],
            "systems": systems,
            "values": values,
            "errors": errors,
            "no_rules": no_rules_sentences(),
            "nav": "campaigns",
        },
        status=400 if errors else 200,
    )


def _settings_rows(campaign: Campaign, said: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
    """Each setting in words with its help and the ruling that argues it."""
    rules = campaign_rules(campaign.system)
    specs = {s.label: s for s in rules.settings} if rules else {}
    rows = []
    for label, value in said:
        spec = specs.get(str(label))
        rows.append(
            {
                "label": str(label),
                "value": str(value),
                "help": spec.help if spec else "",
                "ruling": _ruling_words(spec.ruling) if spec else "",
            }
        )
    return rows


def _ruling_words(ruling: str) -> str:
    """``docs/rulings/cs-hex.md, 30`` as a player reads it: "ruling 30 of the Crimson
    Skies hex-map rulings" (the rulings of a game are named after it)."""
    where, _, number = ruling.partition(", ")
    stem = where.rpartition("/")[2].removesuffix(".md")
    book = _title(stem) if stem in engine.SYSTEMS else stem
    return f"ruling {number} of the {book} rulings" if number else f"the {book} rulings"


def _games(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The campaign's games, oldest first, each with its table and whether its experience
    is applied."""
    found = []
    for g in view["games"]:
        game = g.get("game")
        found.append(
            {
                "id": g["id"],
                "title": g["title"],
                "game": game,
                "ended": g["status"] == Game.Status.ENDED,
                "status": game.get_status_display() if game is not None else "Ended",
                "applied": g.get("applied_at") is not None,
                "players": ", ".join(g.get("players") or []),
            }
        )
    return found


def _my_lists(user: User, system: str) -> list[Any]:
    lists = saved_lists_for_owner(user=user).order_by("name")
    return [s for s in lists if s.system.slug == system]


def _abilities(
    catalogue: Catalogue, system: str, state: Mapping[str, Any]
) -> dict[str, list[tuple[str, str]]]:
    """What a character may buy next, by name and price: each characteristic's next
    level, each add-on ("Развитие персонажа"); none for a pilot without XP to spend."""
    levels = state.get("levels") or {}
    return {
        "characteristics": [
            (
                c,
                f"{record_name(catalogue, system, 'ability', c)} "
                f"{levels.get(c, 0)} → {int(levels.get(c, 0)) + 1} ({cost} XP)",
            )
            for c, cost in (state.get("next_level_costs") or {}).items()
            if cost is not None
        ],
        "add_ons": [
            (a, f"{record_name(catalogue, system, 'ability', a)} ({cost} XP)")
            for a, cost in (state.get("add_on_costs") or {}).items()
        ],
    }


def _designs(users: Sequence[User]) -> dict[str, list[Any]]:
    """Each player's plane designs, by username: what their characters may fly."""
    found: dict[str, list[Any]] = {}
    for user in users:
        found[user.get_username()] = list(
            saved_lists_for_owner(user=user).filter(kind=PLANE).order_by("name")
        )
    return found


def _campaign_context(
    request: HttpRequest, campaign: Campaign, *, spectator: str = ""
) -> dict[str, Any]:
    catalogue = catalogue_of(campaign)
    view = selectors.campaign_view(campaign)
    rows = roster_rows(catalogue, campaign.system, view["roster"])
    lost = roster_rows(catalogue, campaign.system, view["lost"])
    user = request.user
    role = None if spectator else _role(campaign, user)
    organiser = role == CampaignMember.Role.ORGANISER
    for row in rows:
        row["mine"] = bool(role) and row["player"] == user.get_username()
    context: dict[str, Any] = {
        "campaign": campaign,
        "title": _title(campaign.system),
        "xp": any(r["xp"] for r in [*rows, *lost]),
        "enrols": " or ".join(
            k.label.lower() for k in game_of(campaign.system).kinds if k.slug != PLANE
        ),
        "rows": rows,
        "lost": lost,
        "games": _games(view),
        "settings": _settings_rows(campaign, view["settings"]),
        "organiser": organiser,
        "spectator": spectator,
        "nav": "campaigns",
    }
    if spectator or not isinstance(user, User):
        return context
    lists = _my_lists(user, campaign.system)
    players = [campaign.owner] + [
        m.user for m in campaign.members.select_related("user").order_by("id")
    ]
    context.update(
        invite_url=request.build_absolute_uri(
            reverse("web:campaign-join", kwargs={"token": campaign.invite_token})
        ),
        watch_url=request.build_absolute_uri(
            reverse(
                "web:campaign-watch",
                kwargs={"public_id": campaign.public_id, "token": campaign.spectator_token},
            )
        ),
        lists=[s for s in lists if s.kind != PLANE],
        players=list(dict.fromkeys(players)),
        # A member who flies no catalogue figure (a hex-map character) flies a design of
        # its player's.
        needs_planes=any(not r["figure"] for r in rows),
    )
    if context["needs_planes"]:
        designs = _designs(context["players"])
        for row in rows:
            row["planes"] = designs.get(row["player"], [])
    return context


@login_required
def campaign_page(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    return render(request, "web/campaigns/campaign.html", _campaign_context(request, campaign))


def campaign_watch(request: HttpRequest, public_id: str, token: str) -> HttpResponse:
    """The roster through its spectator link: read, never changed."""
    campaign = selectors.campaign_for(user=request.user, public_id=public_id, token=token)
    context = _campaign_context(request, campaign, spectator=token)
    return render(request, "web/campaigns/campaign.html", context)


@login_required
def campaign_join_page(request: SignedInHttpRequest, token: str) -> HttpResponse:
    """An invitation: join the campaign, then enrol a list on its page."""
    campaign = selectors.campaign_get_by_invite(token=token)
    if request.method == "POST":
        try:
            services.campaign_join(campaign=campaign, user=request.user)
        except ApplicationError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, f"You play in {campaign.name}: enrol a list below.")
            return redirect("web:campaign", public_id=campaign.public_id)
    return render(
        request,
        "web/campaigns/join.html",
        {"campaign": campaign, "title": _title(campaign.system), "nav": "campaigns"},
    )


def _back(campaign: Campaign, anchor: str = "") -> HttpResponse:
    url = reverse("web:campaign", kwargs={"public_id": campaign.public_id})
    return redirect(f"{url}#{anchor}" if anchor else url)


@login_required
@require_POST
def campaign_enrol(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    asked = request.POST.get("list", "")
    lists = _my_lists(request.user, campaign.system)
    chosen = next((s for s in lists if str(s.uuid) == asked and s.kind != PLANE), None)
    if chosen is None:
        messages.error(request, f"Pick one of your {_title(campaign.system)} lists to enrol.")
        return _back(campaign, "enrol")
    try:
        pilots = services.campaign_enrol(campaign=campaign, user=request.user, saved_list=chosen)
    except ApplicationError as exc:
        messages.error(request, exc.message)
        return _back(campaign, "enrol")
    names = ", ".join(p.name for p in pilots)
    messages.success(request, f"Enrolled from {chosen.name}: {names}.")
    return _back(campaign, "roster")


@login_required
@require_POST
def campaign_game_new(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    """Start a game from the chosen players' living pilots (a character flies a design)."""
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    context = _campaign_context(request, campaign)
    chosen_names = set(request.POST.getlist("players"))
    players = [u for u in context["players"] if u.get_username() in chosen_names]
    planes: dict[str, Any] | None = None
    if context["needs_planes"]:
        planes = {}
        for row in context["rows"]:
            asked = request.POST.get(f"plane_{row['key']}", "")
            design = next((d for d in row["planes"] if str(d.uuid) == asked), None)
            if design is not None:
                planes[row["key"]] = design
    if not players:
        messages.error(request, "Choose the players who fly in this game.")
        return _back(campaign, "new-game")
    try:
        game = services.campaign_game_start(
            campaign=campaign,
            user=request.user,
            title=request.POST.get("title", "").strip() or f"{campaign.name}: a game",
            dice=request.POST.get("dice") or Game.Dice.SERVER,
            players=players,
            planes=planes,
        )
    except ApplicationError as exc:
        messages.error(request, exc.message)
        return _back(campaign, "new-game")
    return redirect("web:game", public_id=game.public_id)


def _sides(game: Game) -> list[tuple[str, str]]:
    """Each side of the table by who sits there: ("a", "ann: Dust Devils")."""
    return [
        (seat.side, f"{seat.user.get_username()}: {seat.document.get('name') or 'a list'}")
        for seat in game.seats.select_related("user").order_by("side")
    ]


@login_required
def campaign_review(request: SignedInHttpRequest, public_id: str, game_id: str) -> HttpResponse:
    """An ended game's experience, proposed event by event in words: the organiser ticks
    them, says who won, and applies them once."""
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    played = selectors.campaign_game_for(campaign, game_id)
    game = played.game
    if game is None:
        raise Http404("That game's table is no longer kept; its events are in the roster.")
    organiser = _role(campaign, request.user) == CampaignMember.Role.ORGANISER
    source = request.POST if request.method == "POST" else request.GET
    sides = _sides(game)
    winner = source.get("winner", played.winner_side or "")
    winner = winner if winner in dict(sides) else ""
    error = ""
    if request.method == "POST" and organiser:
        if source.get("shown_winner", "") != winner:
            messages.info(request, "The events below are those of the winner you chose.")
        else:
            try:
                applied = services.campaign_game_apply(
                    campaign=campaign,
                    game=game,
                    user=request.user,
                    winner_side=winner,
                    keys=request.POST.getlist("keys"),
                )
            except ApplicationError as exc:
                error = exc.message
            else:
                if applied:
                    n = len(applied)
                    messages.success(
                        request,
                        f"{n} event{'s' if n != 1 else ''} of {game.title} applied to the roster.",
                    )
                else:
                    messages.info(request, "Nothing new: those events are already applied.")
                return _back(campaign, "roster")
    proposals: list[dict[str, Any]] = []
    if game.status == Game.Status.ENDED:
        try:
            proposals = services.campaign_proposals(
                campaign=campaign, game=game, winner_side=winner
            )
        except ApplicationError as exc:
            error = exc.message
    return render(
        request,
        "web/campaigns/review.html",
        {
            "campaign": campaign,
            "game": game,
            "ended": game.status == Game.Status.ENDED,
            "proposals": proposals,
            "all_applied": bool(proposals) and all(p["applied"] for p in proposals),
            "sides": sides,
            "winner": winner,
            "organiser": organiser,
            "error": error,
            "nav": "campaigns",
        },
        status=400 if error and request.method == "POST" else 200,
    )


@login_required
@require_POST
def campaign_award(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    """The organiser's own award (or penalty), with the reason the history shows."""
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    pilot = selectors.pilot_for(campaign, request.POST.get("pilot", ""))
    try:
        experience = int(request.POST.get("experience", ""))
    except ValueError:
        messages.error(request, "Say how much experience to award, as a whole number.")
        return _back(campaign, "award")
    try:
        services.campaign_award(
            campaign=campaign,
            user=request.user,
            pilot=pilot,
            experience=experience,
            reason=request.POST.get("reason", ""),
        )
    except ApplicationError as exc:
        messages.error(request, exc.message)
        return _back(campaign, "award")
    messages.success(request, f"{pilot.name}: {experience:+d} experience.")
    return _back(campaign, "roster")


@login_required
@require_POST
def campaign_pilot_act(
    request: SignedInHttpRequest, public_id: str, key: str, what: str
) -> HttpResponse:
    """A pilot's choices: the figure flown after an advance; a character's new level or
    add-on (bought from its unspent XP, an add-on with the organiser's approval)."""
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    pilot = selectors.pilot_for(campaign, key)
    value = request.POST.get("value", "")
    catalogue = catalogue_of(campaign)
    try:
        if what == "figure":
            services.campaign_figure_choose(
                campaign=campaign, user=request.user, pilot=pilot, figure=value
            )
            name = record_name(catalogue, campaign.system, "figure", value)
            done = f"{pilot.name} flies {name} from now on."
        elif what == "level":
            services.campaign_level_buy(
                campaign=campaign, user=request.user, pilot=pilot, characteristic=value
            )
            name = record_name(catalogue, campaign.system, "ability", value)
            done = f"{pilot.name} has a new level of {name}."
        elif what == "add-on":
            services.campaign_add_on_buy(
                campaign=campaign, user=request.user, pilot=pilot, add_on=value
            )
            name = record_name(catalogue, campaign.system, "ability", value)
            done = f"{pilot.name} takes {name}, approved by you."
        else:
            raise Http404("No such choice.")
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect("web:campaign-pilot", public_id=campaign.public_id, key=pilot.key)


def _thresholds(campaign: Campaign, state: Mapping[str, Any]) -> list[tuple[str, int]]:
    """Where each level begins in total experience: 100 times the multiplier of the level
    below, counted from the last advance ("Experience Multiplier"); the levels in the
    order of the pack's Experience levels table. None for members without levels."""
    settings = campaign.settings or {}
    multipliers = settings.get("experience_multipliers")
    table = catalogue_of(campaign).get(campaign.system, "table", "experience-levels")
    if not isinstance(multipliers, Mapping) or table is None:
        return []
    order = [str(row[0]) for row in sorted(table.data["rows"], key=lambda r: r[1])]
    steps = [
        (level_words(order[i + 1]), ADVANCE_PER_MULTIPLIER * int(multipliers[order[i]]))
        for i in range(len(order) - 1)
        if multipliers.get(order[i])
    ]
    if settings.get("carry_over", True):
        return level_thresholds(steps)
    if state.get("next_level") and state.get("next_needs") is not None:
        total = int(state.get("experience") or 0) + int(state["next_needs"])
        return [(level_words(str(state["next_level"])), total)]
    return []


def _history_rows(
    titles: Mapping[str, str], state: Mapping[str, Any], thresholds: Sequence[tuple[str, int]]
) -> list[dict[str, Any]]:
    """The pilot's history as its page reads it: the game by its title, the event in
    words, the experience, the running total and the level reached on that event."""
    rows = []
    before = 0
    for row in state.get("history") or []:
        total = int(row.get("total") or 0)
        game = row.get("game")
        rows.append(
            {
                "game": titles.get(str(game), "") if game else "",
                "text": row.get("text", ""),
                "section": row.get("section", ""),
                "experience": int(row.get("experience") or 0),
                "cost": int(row.get("cost") or 0),
                "total": total,
                "level_up": ", ".join(n for n, at in thresholds if before < at <= total),
            }
        )
        before = total
    return rows


def _pilot_context(
    request: HttpRequest, campaign: Campaign, key: str, *, spectator: str = ""
) -> dict[str, Any]:
    state = selectors.pilot_view(campaign, key)
    pilot = selectors.pilot_for(campaign, key)
    catalogue = catalogue_of(campaign)
    row = roster_rows(catalogue, campaign.system, [state])[0]
    thresholds = _thresholds(campaign, state)
    view_games = selectors.campaign_view(campaign)["games"]
    titles = {str(g["id"]): str(g["title"]) for g in view_games}
    user = request.user
    role = None if spectator else _role(campaign, user)
    mine = bool(role) and pilot.player_id == user.pk
    organiser = role == CampaignMember.Role.ORGANISER
    points = [("Enrolled", 0), *[(str(a), int(b)) for a, b in state.get("chart") or []]]
    return {
        "campaign": campaign,
        "title": _title(campaign.system),
        "state": state,
        "row": row,
        "history": _history_rows(titles, state, thresholds),
        "chart": experience_chart(
            state["name"], points, thresholds, unit="XP earned" if row["xp"] else "experience"
        ),
        "mine": mine,
        "organiser": organiser,
        "can_choose": (mine or organiser) and state.get("status") != "perished",
        "abilities": _abilities(catalogue, campaign.system, state),
        "spectator": spectator,
        "nav": "campaigns",
    }


@login_required
def campaign_pilot(request: SignedInHttpRequest, public_id: str, key: str) -> HttpResponse:
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    return render(request, "web/campaigns/pilot.html", _pilot_context(request, campaign, key))


def campaign_watch_pilot(
    request: HttpRequest, public_id: str, token: str, key: str
) -> HttpResponse:
    """A pilot's history through the campaign's spectator link."""
    campaign = selectors.campaign_for(user=request.user, public_id=public_id, token=token)
    context = _pilot_context(request, campaign, key, spectator=token)
    return render(request, "web/campaigns/pilot.html", context)


@login_required
def campaign_print(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    """The roster laid out for paper (the browser's print), and a PDF rendered by the
    print workers."""
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    if request.method == "POST":
        try:
            job = campaign_print_create(
                owner=request.user,
                campaign=campaign,
                options={"paper": request.POST.get("paper", "A4")},
            )
        except ApplicationError as exc:
            messages.error(request, exc.message)
        else:
            return redirect("web:print-job", job_id=job.pk)
    return render(request, "web/campaigns/print.html", _campaign_context(request, campaign))


@login_required
def campaign_file(request: SignedInHttpRequest, public_id: str) -> HttpResponse:
    """The campaign as a ``muster-campaign/1`` file: members, games and every event."""
    campaign = selectors.campaign_for(user=request.user, public_id=public_id)
    body = json.dumps(services.campaign_export(campaign), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(campaign.name) or "campaign"
    response["Content-Disposition"] = f'attachment; filename="{name}.muster-campaign.json"'
    return response
