"""The roster of a campaign, as the engine folds it from the stored members and events;
read by the services (before each write) and the selectors alike."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from builder import engine
from builder.campaigns.models import Campaign, Pilot
from builder.engine import BadDocument, bad_document_error
from builder.engine.campaign import roster
from content.api_selectors import engine_catalogue


def catalogue_of(campaign: Campaign) -> engine.Catalogue:
    """The catalogue of the pack versions the campaign is played on."""
    try:
        return engine_catalogue(campaign.versions)
    except BadDocument as exc:
        raise bad_document_error(exc, "$") from exc


def members_of(campaign: Campaign, pilots: Sequence[Pilot] | None = None) -> list[dict[str, Any]]:
    """The engine's members in enrolment order, each naming its player (or None)."""
    rows = (
        pilots
        if pilots is not None
        else list(campaign.pilots.select_related("player").order_by("id"))
    )
    return [
        {**p.member, "key": p.key, "player": p.player.get_username() if p.player else None}
        for p in rows
    ]


def events_of(campaign: Campaign) -> list[dict[str, Any]]:
    """The engine's events in their order."""
    return list(campaign.events.order_by("seq").values_list("record", flat=True))


def roster_of(
    campaign: Campaign,
    *,
    pilots: Sequence[Pilot] | None = None,
    events: Sequence[Mapping[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Every member's state now, folded by the engine from the members and the events."""
    try:
        return roster(
            catalogue_of(campaign),
            campaign.system,
            members_of(campaign, pilots),
            list(events) if events is not None else events_of(campaign),
            campaign.settings,
        )
    except BadDocument as exc:
        raise bad_document_error(exc, "$") from exc
