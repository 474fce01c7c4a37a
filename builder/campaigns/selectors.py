"""Reads of campaigns, scoped like every owned object: a campaign is found only by its
organiser and its members (anyone else gets a 404), or read through its spectator link.

The roster is the engine's fold of the members and events, read in a fixed number of
queries however many pilots, games and events the campaign holds."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet
from django.http import Http404

from builder.campaigns.models import Campaign, CampaignGame, CampaignMember, Pilot
from builder.campaigns.roster import roster_of
from builder.engine.campaign import campaign_rules


def campaigns_for(*, user: User | AnonymousUser) -> QuerySet[Campaign]:
    """The campaigns ``user`` organises or plays in, newest first."""
    if not user.is_authenticated:
        return Campaign.objects.none()
    return (
        Campaign.objects.filter(Q(owner=user) | Q(members__user=user))
        .distinct()
        .order_by("-created_at", "-id")
    )


def campaign_for(
    *, user: User | AnonymousUser, public_id: UUID | str, token: str | None = None
) -> Campaign:
    """One of ``user``'s campaigns, or any campaign read by its spectator ``token``; anyone
    else's (or a wrong token) is not found."""
    try:
        if token:
            return Campaign.objects.get(public_id=public_id, spectator_token=token)
        return campaigns_for(user=user).get(public_id=public_id)
    except (Campaign.DoesNotExist, ValueError) as exc:
        raise Http404("No such campaign.") from exc


def campaign_get_by_invite(*, token: str) -> Campaign:
    try:
        return Campaign.objects.get(invite_token=token)
    except Campaign.DoesNotExist as exc:
        raise Http404("No such invitation.") from exc


def campaign_get_for_spectator(*, token: str) -> Campaign:
    try:
        return Campaign.objects.get(spectator_token=token)
    except Campaign.DoesNotExist as exc:
        raise Http404("No such campaign.") from exc


def role_in(campaign: Campaign, user: User | AnonymousUser) -> str | None:
    """``organiser``, ``player`` or None (a spectator or a stranger)."""
    if not user.is_authenticated:
        return None
    if campaign.owner_id == user.pk:
        return CampaignMember.Role.ORGANISER
    role: str | None = campaign.members.filter(user=user).values_list("role", flat=True).first()
    return role


def pilot_for(campaign: Campaign, key: str) -> Pilot:
    """The campaign's pilot of that key; another campaign's is not found."""
    try:
        return campaign.pilots.select_related("player").get(key=key)
    except Pilot.DoesNotExist as exc:
        raise Http404("No such pilot.") from exc


def campaign_game_for(campaign: Campaign, public_id: UUID | str) -> CampaignGame:
    """The campaign's game of that public id (the table's game id)."""
    try:
        return campaign.games.select_related("game").get(ref=str(public_id))
    except CampaignGame.DoesNotExist as exc:
        raise Http404("No such game in this campaign.") from exc


def _words(value: Any) -> str:
    """A setting's value as a person reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {_words(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_words(v) for v in value)
    return str(value).replace("_", " ")


def settings_view(campaign: Campaign) -> list[tuple[str, str]]:
    """Each setting as (label, value in words), in the rules' order."""
    rules = campaign_rules(campaign.system)
    if rules is None:
        return []
    return [(s.label, _words(campaign.settings.get(s.key, s.default))) for s in rules.settings]


def _games(campaign: Campaign) -> list[dict[str, Any]]:
    rows = campaign.games.select_related("game").prefetch_related("game__seats__user")
    out = []
    for g in rows.order_by("id"):
        game = g.game
        out.append(
            {
                "id": g.ref,
                "title": g.title,
                "status": game.status if game is not None else "ended",
                "ended_at": game.ended_at if game is not None else g.ended_at,
                "applied_at": g.applied_at,
                "winner_side": g.winner_side or None,
                "players": (
                    [s.user.get_username() for s in game.seats.all()] if game is not None else []
                ),
                "game": game,
            }
        )
    return out


def campaign_view(campaign: Campaign) -> dict[str, Any]:
    """What the campaign's page and API show: the roster of living members, those lost, the
    games and the settings in words."""
    pilots = list(campaign.pilots.select_related("player").order_by("id"))
    members = list(campaign.members.select_related("user").order_by("id"))
    states = roster_of(campaign, pilots=pilots)
    return {
        "campaign": campaign,
        "rules": campaign_rules(campaign.system) is not None,
        "roster": [s for s in states if s["status"] != "perished"],
        "lost": [s for s in states if s["status"] == "perished"],
        "games": _games(campaign),
        "members": [(m.user.get_username(), m.role) for m in members],
        "settings": settings_view(campaign),
    }


def pilot_view(campaign: Campaign, key: str) -> dict[str, Any]:
    """One member's state with its history and ``chart``: (label, total experience) after
    each game, and after each event outside a game (an award)."""
    states = roster_of(campaign)
    state = next((s for s in states if s["key"] == key), None)
    if state is None:
        raise Http404("No such pilot.")
    titles = dict(campaign.games.values_list("ref", "title"))
    chart: list[tuple[str, int]] = []
    last_game: object = object()
    for row in state["history"]:
        game = row.get("game")
        label = titles.get(str(game), str(game)) if game else (row.get("text") or row["kind"])
        if game and game == last_game and chart:
            chart[-1] = (label, int(row["total"]))
        else:
            chart.append((str(label), int(row["total"])))
        last_game = game
    return {**state, "chart": chart}
