"""The squadron's navigation deck ("Navigation"): the basic twelve plus Ace cards."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine.catalogue import Catalogue, Record
from rules_engine.cs_air_action.planes import SYSTEM

BASIC_DECK_SIZE = 12  # two Cruises, two Glides, two Turns, two Tight Turns, four singles
ACE_CARDS_PER_ACE = 2  # "two additional navigation cards corresponding to each of the Aces"


def navigation_deck(
    catalogue: Catalogue, ace_planes: Iterable[Record], add_ace_cards: bool = True
) -> dict[str, Any]:
    """The deck a squadron plays with, card by card, and its size.

    The basic cards come from the catalogue when it holds them (the book's twelve otherwise);
    each Ace plane with its own cards adds them when ``add_ace_cards`` (the book says "may").
    """
    basic: list[dict[str, Any]] = [
        {"card": r.id, "name": r.name, "count": int(r.data["deck_count"])}
        for r in catalogue.records(SYSTEM, "navigation_card").values()
        if r.data.get("basic")
    ]
    basic_count = sum(c["count"] for c in basic) if basic else BASIC_DECK_SIZE
    aces = []
    if add_ace_cards:
        for plane in ace_planes:
            cards = []
            for card_id in plane.data["ace_cards"]:
                card = catalogue.get(SYSTEM, "navigation_card", card_id)
                cards.append({
                    "card": card_id,
                    "name": card.name if card else card_id,
                    "count": int(card.data["deck_count"]) if card else 1,
                })
            aces.append({"plane": plane.id, "name": plane.name, "cards": cards,
                         "count": sum(c["count"] for c in cards)})
    return {
        "basic": basic,
        "basic_count": basic_count,
        "ace_cards": aces,
        "total": basic_count + sum(a["count"] for a in aces),
    }
