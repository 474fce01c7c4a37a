"""Air Action navigation cards at cut-out size: the basic deck and Aces' own cards.

The book describes the cards but prints neither their flight-path diagrams nor their speed
ratings; those are printed as "unknown" with a blank panel to draw in, never invented.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue, CheckedList, Record
from builder.games.drawing import printed_from, record_at, shown
from builder.games.picks import by_name
from builder.games.prints import Face, Progress

SYSTEM = "cs-air-action"


def card_face(catalogue: Catalogue, card: Record, copy_number: int, copies: int) -> Face:
    data = card.data
    owner = catalogue.get(SYSTEM, "figure", data["ace"]) if data.get("ace") else None
    doubts = {str(u.get("path")): str(u.get("note")) for u in card.uncertain}
    return {
        "template": "navigation",
        "kind": "navigation",
        "id": card.ref,
        "footer": printed_from(catalogue, card),
        "title": card.name,
        "subtitle": ("Basic deck" if data["basic"] else f"Ace card: {owner.name if owner else '?'}")
        + f" · card {copy_number} of {copies}",
        "points": None,
        "sample": card.sample,
        "speed_rating": shown(data.get("speed_rating")),
        "flight_path": data.get("flight_path"),
        "flight_path_note": doubts.get("$.data.flight_path", ""),
        "disengaging": "yes" if data.get("allowed_when_disengaging") else "no",
    }


def _faces_for(catalogue: Catalogue, card: Record, copies: int) -> list[Face]:
    return [card_face(catalogue, card, n, copies) for n in range(1, copies + 1)]


class NavigationSheet:
    """Navigation cards, laid out as cards: a squadron's deck, or cards from the catalogue."""

    @property
    def kinds(self) -> tuple[str, ...]:
        return ("squadron",)

    def refusal(self, document: Mapping[str, Any]) -> ApplicationError:
        return ApplicationError(
            ErrorCode.NOT_PRINTABLE,
            "Navigation cards belong to Air Action squadrons.",
            [{"path": "$.system", "field": "system", "message": f"not {SYSTEM}"}],
        )

    def for_list(self, checked: CheckedList, *, progress: Progress | None) -> list[Face]:
        """A squadron's whole deck, as the engine builds it: the basic cards and its Aces'."""
        catalogue = checked.catalogue
        deck = checked.verdict.breakdown.get("navigation_deck") or {}
        groups = [*deck.get("basic", ())]
        for ace in deck.get("ace_cards", ()):
            groups += ace.get("cards", ())
        faces: list[Face] = []
        for i, group in enumerate(groups):
            card = record_at(catalogue, group["card"], "navigation_card", SYSTEM, "$.entries")
            faces += _faces_for(catalogue, card, int(group["count"]))
            if progress:
                progress(i + 1, len(groups))
        return faces

    def printable(self, catalogue: Catalogue) -> list[Record]:
        return by_name(catalogue.records(SYSTEM, "navigation_card"))

    def for_records(
        self, catalogue: Catalogue, refs: list[str], *, progress: Progress | None
    ) -> list[Face]:
        """The basic deck when ``refs`` is empty; otherwise the named cards (each as many
        times as the deck holds it), and for a plane figure its Ace cards."""
        if not refs:
            return self._basic_deck(catalogue, progress)
        faces: list[Face] = []
        for i, ref in enumerate(refs):
            path = f"$.records[{i}]"
            ref = ref if "/" in ref else f"{SYSTEM}/{ref}"
            card = catalogue.resolve(ref, "navigation_card", SYSTEM)
            if card is not None:
                faces += _faces_for(catalogue, card, int(card.data["deck_count"]))
            else:
                plane = record_at(catalogue, ref, "figure", SYSTEM, path)
                for card_id in plane.data.get("ace_cards", ()):
                    ace_card = record_at(catalogue, card_id, "navigation_card", SYSTEM, path)
                    faces += _faces_for(catalogue, ace_card, int(ace_card.data["deck_count"]))
            if progress:
                progress(i + 1, len(refs))
        return faces

    def _basic_deck(self, catalogue: Catalogue, progress: Progress | None) -> list[Face]:
        cards = [
            c for c in catalogue.records(SYSTEM, "navigation_card").values() if c.data["basic"]
        ]
        if not cards:
            raise ApplicationError(
                ErrorCode.UNKNOWN_RECORD, "The catalogue has no Air Action navigation cards."
            )
        faces: list[Face] = []
        for i, card in enumerate(cards):
            faces += _faces_for(catalogue, card, int(card.data["deck_count"]))
            if progress:
                progress(i + 1, len(cards))
        return faces


NAVIGATION = NavigationSheet()
