"""Clix dials a player can read in any ink: every ability in a dial cell carries its key and
the card's legend names it, the structural limit line is black and thick, knocked-out clicks
print the books' symbols and bail-out values, and a plane flown by an Ace prints the price
the squadron pays for both and only the Ace's attack and fate (Air Action, "Using Aces as
Pilots"). Each test reads the PDF back with pypdf."""

from __future__ import annotations

import io
import re
from collections import Counter
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from builder.games.clix import ability_key, figure_faces
from builder.printing.services import print_request_parse, sheet_render
from rules_engine import Catalogue, check

from .conftest import example, pdf_pages

RED_LINE = (0.718, 0.11, 0.11)  # #b71c1c, the speed dial's red line
BLACK = (0.0, 0.0, 0.0)
CELL_BORDER_MM = 0.12  # print.css: .card th, .card td


def pdf_of(catalogue: Catalogue, *, greyscale: bool = False, **what: Any) -> bytes:
    request = print_request_parse(
        kind="cards", what=what, options={"greyscale": greyscale}, share_url=None
    )
    return sheet_render(request, catalogue).pdf


def text_of(pdf: bytes) -> str:
    """Every page's text, whitespace runs as one space, and "113pts" and "113 pts" (the
    card's head puts "pts" beside or under the points) as one spelling."""
    return re.sub(r"(\d) ?pts\b", r"\1 pts", " ".join(" ".join(pdf_pages(pdf)).split()))


def strokes(pdf: bytes) -> Counter[tuple[tuple[float, ...], float]]:
    """Every stroked line of the PDF as (stroke colour, width in the PDF's own units),
    following the faces drawn as form XObjects."""
    reader = PdfReader(io.BytesIO(pdf))
    out: Counter[tuple[tuple[float, ...], float]] = Counter()

    def walk(obj: Any) -> None:
        colour: tuple[float, ...] = ()
        width = 1.0
        resources = obj.get("/Resources")
        content = obj.get_contents() if hasattr(obj, "get_contents") else obj
        for operands, op in ContentStream(content, reader).operations:
            if op in (b"RG", b"G"):
                colour = tuple(round(float(x), 3) for x in operands)
                colour = colour * 3 if len(colour) == 1 else colour
            elif op == b"w":
                width = round(float(operands[0]), 3)
            elif op == b"S":
                out[(colour, width)] += 1
            elif op == b"Do" and resources is not None and "/XObject" in resources:
                walk(resources["/XObject"][operands[0]].get_object())

    for page in reader.pages:
        walk(page)
    return out


# ---- keys in dial cells, in colour and in greyscale ----


@pytest.mark.parametrize("greyscale", [False, True])
def test_every_ability_in_a_plane_dial_prints_its_key(
    catalogue: Catalogue, greyscale: bool
) -> None:
    pdf = pdf_of(catalogue, greyscale=greyscale, records=["cs-air-action/charlie-steele-fury"])
    text = text_of(pdf)
    # Deadeye (green in the pack) on front gunnery of clicks 1-2; Shaken (no colour in the
    # book) on piloting of click 6: both named in their cells in any ink
    assert "1 7 4 De 0 6 start 2 7 4 De 0 6 3 6 4 0 7 4 6 3 0 7 5 5 3 0 8 6 4 2 0 9 Sh" in text
    assert "De = Deadeye (sample) Sh = Shaken speed" in text
    # the rules back sets each ability's text under its key
    assert "De Deadeye (sample) Sample skill: add one attack die to front gunnery shots." in text
    assert "Sh Shaken A pilot with the Shaken skill showing" in text


@pytest.mark.parametrize("greyscale", [False, True])
def test_an_aces_ability_without_a_colour_prints_its_key(
    catalogue: Catalogue, greyscale: bool
) -> None:
    pdf = pdf_of(catalogue, greyscale=greyscale, records=["cs-aces/louis-thibodeaux"])
    text = text_of(pdf)
    assert "1 5 3 OOT 4 2 start 2 5 3 OOT 4 2 3 5 3 OOT 3 1 4 4 2 3 1 5 3 2 3 0" in text
    assert "OOT = Old One-Two" in text
    assert "OOT Old One-Two Lets the character attack twice with one action" in text
    assert "old-one-two" not in text


def test_armour_plating_keeps_its_colour_and_gets_its_key(catalogue: Catalogue) -> None:
    text = text_of(pdf_of(catalogue, records=["cs-air-action/loyle-crawford-devastator"]))
    assert "1 6 3 3 6 AP start 2 6 3 3 7 AP 3 5 3 3 7" in text
    assert "7 3 2 1 10 Sh" in text
    assert "AP = Armour Plating (sample) Sh = Shaken" in text


@pytest.mark.parametrize(
    ("name", "taken", "key"),
    [
        ("Old One-Two", set(), "OOT"),
        ("Shaken", set(), "Sh"),
        ("Deadeye (sample)", set(), "De"),
        ("Armour Plating (sample)", set(), "AP"),
        ("Rear Gunner Jostled (sample)", set(), "RGJ"),
        ("Shaky", {"Sh"}, "Sa"),  # a clash takes the name's next letter
        ("Shaky Aim", {"SA"}, "Sh"),
        ("Ace", {"Ac", "Ae", "Ace"}, "A2"),  # letters run out: a digit
    ],
)
def test_a_key_comes_from_the_abilitys_name(name: str, taken: set[str], key: str) -> None:
    assert ability_key(name, taken) == key


def test_every_cards_keys_are_short_unique_and_named_in_words(catalogue: Catalogue) -> None:
    for system in ("cs-air-action", "cs-aces"):
        for ref in catalogue.records(system, "figure"):
            figure = catalogue.get(system, "figure", ref)
            assert figure is not None
            front = figure_faces(catalogue, figure, greyscale=True)[0]
            legend = {item["key"]: item["name"] for item in front["legend"]}
            assert len(legend) == len(front["legend"]), ref
            cell_keys = {c["key"] for row in front["rows"] for c in row["cells"] if c["ability"]}
            assert cell_keys == set(legend), ref
            for key, name in legend.items():
                assert 1 <= len(key) <= 3, (ref, key)
                assert name not in catalogue.records(system, "ability"), (ref, name)  # no id
                assert "_" not in name, (ref, name)


# ---- the structural limit line, KO and bail out ----


@pytest.mark.parametrize("greyscale", [False, True])
def test_the_structural_limit_line_is_black_and_thick(
    catalogue: Catalogue, greyscale: bool
) -> None:
    pdf = pdf_of(catalogue, greyscale=greyscale, records=["cs-air-action/charlie-steele-fury"])
    lines = strokes(pdf)
    cell_border = min(w for (_c, w) in lines)
    thickest = max(w for (_c, w) in lines)
    # "until the black structural limit line appears on the combat dial of the plane"
    assert {c for (c, w) in lines if w == thickest} == {BLACK}
    assert round(thickest / cell_border * CELL_BORDER_MM, 2) == 1.0  # 1 mm
    assert all(c != RED_LINE for (c, _w) in lines)  # red stays the speed dial's red line
    assert "9 ●●● shot down bail out 10 structural limit" in text_of(pdf)


def test_shot_down_clicks_print_bullet_holes_and_bail_out_values(catalogue: Catalogue) -> None:
    text = text_of(pdf_of(catalogue, records=["cs-air-action/charlie-steele-fury"]))
    # "When three bullet hole symbols appear on a plane's combat dial ... shot down";
    # "Every click of the combat dial that shows three bullet holes has a ... bail out value"
    assert "7 ●●● shot down bail out 6 8 ●●● shot down bail out 8 9 ●●● shot down" in text
    assert "KO" not in text
    assert "– – – –" not in text


def test_knocked_out_clicks_print_three_ko_symbols(catalogue: Catalogue) -> None:
    text = text_of(pdf_of(catalogue, records=["cs-aces/charlie"]))
    # "When three KO symbols appear on a character's combat dial ... knocked out"
    assert "6 3 2 2 0 7 KO KO KO knocked out 8 KO KO KO knocked out 9 KO KO KO knocked out" in text
    assert "bail" not in text


# ---- a plane flown by an Ace ----


def test_an_ace_flown_plane_prints_the_squadrons_price_and_the_aces_attack_and_fate(
    catalogue: Catalogue,
) -> None:
    doc = example("cs-air-action/aces-300.json")
    planes = check(catalogue, doc).breakdown["planes"]
    assert [(p["plane_points"], p["ace"]["points"], p["points"]) for p in planes] == [
        (64, 49, 113),
        (80, 50, 130),
    ]
    text = text_of(pdf_of(catalogue, list=doc))
    # the front, its rules back and its Ace face all carry the entry's price
    assert text.count("113 pts plane 64 + Ace 49") == 3
    assert text.count("130 pts plane 80 + Ace 50") == 3
    assert "64 pts" not in text
    assert "49 pts cs-aces" not in text
    # only the attack and fate values of the Ace's dial, click by click
    assert (
        "# Att Fate markers 1 3 2 start 2 3 2 3 3 1 4 2 1 5 2 0 6 2 0 "
        "7 KO KO KO knocked out 8 KO KO KO knocked out 9 KO KO KO knocked out "
        'Charlotte "Charlie" Steele Fury · the Ace\'s attack and fate' in text
    )
    assert "1 3 3 start 2 3 2 3 3 2 4 2 1 5 2 0 6 KO KO KO knocked out" in text
    assert (
        "In Air Action only the attack value and fate value on the Ace's combat dial are "
        "used; talents and abilities listed on it do not apply." in text
    )
    # not the whole Aces card: no range, targets, speed or defense of the Ace
    assert "Range Targets" not in text
    assert "Spd Att Def Fate" not in text
    assert "cs-aces/" not in text


def test_a_plane_without_an_ace_prints_its_own_points(catalogue: Catalogue) -> None:
    doc = example("cs-air-action/bloodhawks-200.json")
    text = text_of(pdf_of(catalogue, list=doc))
    assert "Devastator SAMPLE 80 pts" in text
    assert "flown by the Ace" not in text
    assert "attack and fate" not in text
