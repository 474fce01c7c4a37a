"""The roster an organiser reads: one total, page numbers and the list's name on every
page, problems in words beside their entries, identical entries grouped, rulings and house
prices in words, and a word under a QR code no one else can open."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from builder.printing import render, services
from builder.printing.services import print_request_parse, sheet_render
from builder.printing.sheets.roster import LOOPBACK_NOTE, loopback
from rules_engine import Catalogue

from .conftest import example, pdf_pages

TROOPER = {"name": "Trooper", "archetype": "medio", "quality": "green", "weapons": ["rifle"]}


def pages_of(catalogue: Catalogue, doc: dict[str, Any], share_url: str | None = None) -> list[str]:
    """Each page's text, whitespace runs as one space."""
    request = print_request_parse(
        kind="roster", what={"list": doc}, options=None, share_url=share_url
    )
    return [" ".join(p.split()) for p in pdf_pages(sheet_render(request, catalogue).pdf)]


def horde(distinct: int = 0) -> dict[str, Any]:
    """The Dust Devils, ``distinct`` troopers each with a name of their own, and 20 alike."""
    doc = example("crimson-dust/dust-devils-500.json")
    doc["name"] = "Dust Devils and the horde"
    doc["points_limit"] = 5000
    doc["entries"] += [{**TROOPER, "name": f"Scout {n}"} for n in range(1, distinct + 1)]
    doc["entries"] += [copy.deepcopy(TROOPER) for _ in range(20)]
    return doc


def test_a_long_roster_totals_once_and_numbers_its_pages(catalogue: Catalogue) -> None:
    pages = pages_of(catalogue, horde(distinct=30))
    assert len(pages) == 3
    text = " ".join(pages)
    # 500 for the Dust Devils, 30 a green Medio with an unpriced rifle: 30 scouts, 20 troopers
    assert re.findall(r"\bTotal\b", text) == ["Total"]
    assert "Total 2000 of 5000" in pages[1]
    assert "Total" not in pages[0] + pages[2]
    for n, page in enumerate(pages, start=1):
        assert f"Page {n} of 3" in page
    # the running head and foot (pypdf reads the page's margins last)
    assert pages[1].endswith(
        "Dust Devils and the horde · roster Crimson Dust · warband "
        "Dust Devils and the horde Page 2 of 3"
    )
    assert pages[1].count("Dust Devils and the horde") == 2


def test_identical_entries_print_as_one_row(catalogue: Catalogue) -> None:
    page = " ".join(pages_of(catalogue, horde()))
    assert (
        "20 × Trooper Mv 8 Mr 2 Rg 6 As 6 Df 4 S 2 Av 0 Dc 1 In 3 Archetype: Green Medio 30 "
        "Weapon: Rifle (not given) 0 600 30 each"
    ) in page
    assert page.count("Trooper") == 1
    assert "Points: 1100 of 5000" in page


def test_unpriced_items_are_one_note_for_the_whole_list(catalogue: Catalogue) -> None:
    (page,) = pages_of(catalogue, example("crimson-dust/dust-devils-500.json"))
    assert "0 errors, 0 warnings, 1 note" in page
    assert (
        "The whole list Note: The book prints no points for 7 items in this list (Rifle × 3, "
        "Pistol, SAW or LMG, Sniper Rifle and Shotgun): each counts 0 until your group agrees "
        "house prices."
    ) in page
    assert "gives no points cost" not in page


def test_errors_sit_beside_their_entry_in_words(catalogue: Catalogue) -> None:
    (page,) = pages_of(catalogue, example("black-skies/broken.squadron.json"))
    assert "Fighters: 6 of 4 · Not legal · 6 errors, 1 warning" in page
    assert "The whole list Error: The squadron fields 6 fighters, 2 over the game's 4" in page
    assert (
        "Kell element Red, pilot skill 5 Error: Kell has piloting skill 5: skill runs from 1 to 4"
    ) in page
    assert (
        "Error: Nyx has piloting skill 0: skill runs from 1 to 4 Warning: Nyx flies alone in "
        "element Blue: fighters fly in elements of 2 with few exceptions"
    ) in page
    assert "Where" not in page
    assert "Entry 6" not in page


@pytest.mark.parametrize(
    "name",
    [
        "crimson-dust/dust-devils-500.json",
        "cs-air-action/aces-300.json",
        "cs-aces/genghis-gang.json",
        "black-skies/broken.squadron.json",
        "black-skies/black-tiger.fighter.json",
        "cs-hex/light-fighter-broken.json",
    ],
)
def test_no_developer_words_on_paper(catalogue: Catalogue, name: str) -> None:
    text = " ".join(pages_of(catalogue, example(name)))
    assert "$." not in text
    assert not re.search(r"\w_\w", text)
    assert not re.search(r"\b(True|False|None)\b", text)
    assert "house_rules" not in text
    assert "-core" not in text


def test_rulings_and_packs_in_words(catalogue: Catalogue) -> None:
    (page,) = pages_of(catalogue, example("cs-air-action/aces-300.json"))
    assert (
        "Ace navigation cards Yes Ace shots roll The plane's gunnery Rookie bail out modifier 0 "
        "Victory points include ace No"
    ) in page
    assert (
        "Checked against Crimson Skies: Aces complete rules 1.0.0, Crimson Skies: Air Action "
        "complete rules 1.0.0."
    ) in page


def test_house_prices_by_item_name_and_sheet_name(catalogue: Catalogue) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["house_rules"] = {"prices": {"pistol": 3, "rifle": 4}}
    (page,) = pages_of(catalogue, doc)
    assert "House prices — Pistol 3 points, Rifle 4 points" in page
    doc["house_rules"]["price_sheet"] = {"name": "Club sheet 2026"}
    (page,) = pages_of(catalogue, doc)
    assert "House prices: Club sheet 2026 — Pistol 3 points, Rifle 4 points" in page


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("http://127.0.0.1:8000/lists/shared/k9/", True),
        ("http://localhost:8000/lists/shared/k9/", True),
        ("http://[::1]:8000/lists/shared/k9/", True),
        ("https://muster.example/lists/shared/k9/", False),
    ],
)
def test_a_loopback_share_link_says_so_under_its_code(
    catalogue: Catalogue, url: str, said: bool
) -> None:
    assert loopback(url) is said
    (page,) = pages_of(catalogue, example("cs-aces/genghis-gang.json"), share_url=url)
    assert url in page.replace(" ", "")
    assert (" ".join(LOOPBACK_NOTE.split()) in page) is said


def test_an_air_action_roster_carries_its_navigation_deck(catalogue: Catalogue) -> None:
    (page,) = pages_of(catalogue, example("cs-air-action/aces-300.json"))
    # The book's twelve basic cards and each Ace plane's own two ("Navigation").
    assert "Navigation deck: 16 cards" in page
    assert (
        "Basic deck (12) Cruise × 2, Glide × 2, Half Loop, Side-Slip, Snap Roll, Tight Turn × 2, "
        "Turn × 2, Wingover"
    ) in page
    assert (
        'Charlotte "Charlie" Steele (Fury) (2) Charlotte Steele Ace card 1, '
        "Charlotte Steele Ace card 2"
    ) in page
    # Each plane's silhouette and speed beside it.
    assert "Silhouette 4, Front range 3, Rear range 0; starting click: Spd 7" in page


def test_trait_rules_are_printed_once_at_the_foot(catalogue: Catalogue) -> None:
    text = " ".join(pages_of(catalogue, horde(distinct=30)))
    assert text.count("Weapon traits") == 1
    # Every trait the warband's weapons name (rifle, pistol, SAW, sniper rifle, shotgun),
    # by name in alphabetical order, each with the book's rule.
    found = re.findall(
        r"\b(Hail|Heavy|Move and fire|Pistol|RoF) (?=[A-Z])", text.split("Weapon traits")[1]
    )
    assert found == ["Hail", "Heavy", "Move and fire", "Pistol", "RoF"]
    assert (
        "RoF May be shot 'x' times within a single action point, rolling 'x' less dice to hit "
        "than normal when doing so."
    ) in text


def _box_of(box: Any, css_class: str) -> Any:
    """The first box in a laid-out tree whose element has ``css_class``."""
    for inner in render._boxes(box):
        if inner.element is not None and css_class in (inner.element.get("class") or "").split():
            return inner
    raise AssertionError(f"no .{css_class} box")


def test_the_codes_caption_stays_inside_its_box_above_the_header_rule(
    catalogue: Catalogue,
) -> None:
    """A long loopback link and its warning, measured from WeasyPrint's layout: every line of
    the caption inside the code's frame, and the frame above the rule under the header."""
    url = "http://127.0.0.1:8000/lists/shared/" + "k9" * 20 + "/"
    request = print_request_parse(
        kind="roster",
        what={"list": example("cs-aces/genghis-gang.json")},
        options=None,
        share_url=url,
    )
    html: list[str] = []
    real = render.pdf_from_html

    def keep(text: str, *args: Any) -> tuple[bytes, int]:
        html.append(text)
        return real(text, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(services, "pdf_from_html", keep)
        sheet_render(request, catalogue)
    page = render._document(html[0]).pages[0]._page_box
    qr, head = _box_of(page, "qr"), _box_of(page, "sheet-head")
    left, right = qr.position_x, qr.position_x + qr.margin_width()
    bottom = qr.position_y + qr.margin_height()
    lines = [b for b in render._boxes(qr) if getattr(b, "text", None)]
    assert "".join(b.text for b in lines).replace(" ", "").startswith(url)
    assert [
        b.text
        for b in lines
        if not (left <= b.position_x and b.position_x + b.margin_width() <= right + 0.5)
        or b.position_y + b.margin_height() > bottom + 0.5
    ] == []
    rule = head.position_y + head.margin_height() - head.margin_bottom - head.border_bottom_width
    assert bottom <= rule + 0.5
