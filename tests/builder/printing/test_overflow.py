"""Nothing on a card is drawn outside it: the worst cards the books allow (12 weapons, 12
skills, a 60-character name) on every card size keep every line of text inside the card's
frame and above its footer, continuing onto "(cont.)" faces, and lose nothing."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from pypdf import PdfReader

from builder.engine import checked_list
from builder.printing import render
from builder.printing.render import FRAME_MM
from builder.printing.services import print_request_parse, sheet_render
from builder.printing.sheets.cards import cards_for_list
from rules_engine import Catalogue

from .conftest import example, pdf_pages

MM = 72 / 25.4
PX_PER_MM = 96 / 25.4
FOOTER = "Crimson Dust V2.1 core rules 1.0.0"
"""Every Crimson Dust card's foot: the pack it was printed from."""
FOOTER_LINE_MM = 2.0
"""A line of card type: every other line's baseline stands at least this far above the
footer's."""
WEAPONS = [
    "rifle", "pistol", "shotgun", "sniper-rifle", "saw-or-lmg", "sword",
    "axe", "club-or-baton", "flamethrower", "blaster", "boltgun", "smg",
]  # fmt: skip
SKILLS = [
    "acrobatic", "amphibious", "battle-hardened", "body-slam", "catfall", "combat-master",
    "critical-shot", "critical-strike", "disarm", "dispersed-formation", "fearless", "heroic",
]  # fmt: skip
LONG_NAME = "Sergeant Vance of the Long Name Brigade, Third Company Rearguard"
CARDS = {"poker": (63, 88), "bridge": (57.15, 88.9), "tarot": (70, 120)}


def worst_warband() -> dict[str, Any]:
    """The Dust Devils' sergeant twice, with 60-character names: once with 12 weapons, once
    with 12 skills."""
    doc = example("crimson-dust/dust-devils-500.json")
    doc["points_limit"] = 5000
    armed = copy.deepcopy(doc["entries"][0]) | {"name": LONG_NAME, "weapons": WEAPONS}
    skilled = copy.deepcopy(doc["entries"][0]) | {"name": LONG_NAME[::-1], "skills": SKILLS}
    doc["entries"] = [armed, skilled]
    return doc


def faces_of(catalogue: Catalogue, doc: dict[str, Any], card: str) -> tuple[bytes, list[int]]:
    """The cards' faces, one PDF page each, as the sheets place them, and how many pages
    each face took."""
    request = print_request_parse(kind="cards", what={"list": doc}, options={"card": card})
    seen: dict[str, Any] = {}
    real = render._measured_faces

    def keep(*args: Any) -> tuple[bytes, list[int]]:
        seen["faces"] = real(*args)
        return seen["faces"]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(render, "_measured_faces", keep)
        sheet_render(request, catalogue)
    return seen["faces"]


def lines(page: Any) -> list[tuple[float, float, str]]:
    """Every line of text a face draws, at its baseline's start, in millimetres from the
    face's bottom-left corner."""
    found: list[tuple[float, float, str]] = []

    def seen(text: str, cm: Any, tm: Any, _font: Any, _size: Any) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((x / MM, y / MM, text.strip()))

    page.extract_text(visitor_text=seen)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("card", CARDS)
def test_the_worst_cards_draw_nothing_outside_their_frame(catalogue: Catalogue, card: str) -> None:
    pdf, pages = faces_of(catalogue, worst_warband(), card)
    width, height = CARDS[card]
    outside = []
    for n, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):
        drawn = lines(page)
        footer = [y for _, y, t in drawn if t.startswith(FOOTER)]
        assert footer, f"face {n} has no footer"
        floor = min(footer) + FOOTER_LINE_MM
        outside += [
            (n, round(x, 1), round(y, 1), round(floor, 1), t)
            for x, y, t in drawn
            if not t.startswith(FOOTER)
            and not (FRAME_MM <= x <= width - FRAME_MM and floor <= y <= height - FRAME_MM)
        ]
    assert outside == []
    words = " ".join(" ".join(p.split()) for p in pdf_pages(pdf))
    for name in ("Rifle", "Flamethrower", "Blaster", "Boltgun", "SMG", "Acrobatic", "Heroic"):
        assert name in words
    if card != "tarot":
        # The armed sergeant takes a "(cont.)" face on the smaller cards.
        assert pages[0] == 2
        assert f"{LONG_NAME} (cont.)" in words


def test_a_card_that_fits_is_one_face(catalogue: Catalogue) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    request = print_request_parse(kind="cards", what={"list": doc}, options=None)
    words = " ".join(" ".join(p.split()) for p in pdf_pages(sheet_render(request, catalogue).pdf))
    assert [e["name"] for e in doc["entries"] if f"{e['name']} (cont.)" in words] == []


def past_the_frame(page: Any) -> list[tuple[str, float]]:
    """Every line of text on a laid-out face whose right end crosses the card's frame, with
    how far past it (mm), from WeasyPrint's own layout: text clipped at the card's edge
    would be lost to a reader even though it is in the PDF."""
    card = render._card_box(page)
    right = float(card.position_x + card.margin_width()) - FRAME_MM * PX_PER_MM
    past = []
    for box in render._boxes(card):
        if getattr(box, "text", None) and hasattr(box, "position_x"):
            end = float(box.position_x + box.margin_width())
            if end > right + render.OVERFLOW_SLACK_PX:
                past.append((box.text, round((end - right) / PX_PER_MM, 1)))
    return past


@pytest.mark.slow
@pytest.mark.parametrize("card", CARDS)
def test_the_widest_tables_stay_inside_the_card(catalogue: Catalogue, card: str) -> None:
    """Twelve weapons' range bands and strength on every card size: the band headings
    break after their hyphen on a bridge card rather than push the S column off it."""
    doc = worst_warband()
    request = print_request_parse(kind="cards", what={"list": doc}, options={"card": card})
    faces = cards_for_list(checked_list(catalogue, doc))
    document = render._document(render.faces_html(faces, request.options, "worst"))
    assert [past_the_frame(page) for page in document.pages] == [[]] * len(document.pages)
