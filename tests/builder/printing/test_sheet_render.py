"""Sheets rendered to PDF and read back: what is printed is what the engine says."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from builder.core.errors import ApplicationError
from builder.games.clix import ability_key
from builder.printing.render import card_grid
from builder.printing.services import print_request_parse, sheet_render
from rules_engine import Catalogue, check

from .conftest import example, page_size_mm, pdf_pages


def render(
    catalogue: Catalogue,
    kind: str,
    options: dict[str, Any] | None = None,
    share_url: str | None = None,
    **what: Any,
) -> tuple[bytes, int]:
    request = print_request_parse(kind=kind, what=what, options=options, share_url=share_url)
    rendered = sheet_render(request, catalogue)
    return rendered.pdf, rendered.pages


def dial_lines(catalogue: Catalogue, dial_id: str, system: str) -> list[str]:
    """The lines a dial table prints, computed from the catalogue record: each value with
    its ability's key, and the book's symbols across a knocked-out click."""
    dial = catalogue.get(system, "combat_dial", dial_id)
    assert dial is not None
    out = "●●● shot down" if system == "cs-air-action" else "KO KO KO knocked out"
    keys = {
        a: ability_key(catalogue.get(system, "ability", a).name, set())
        for click in dial.data["clicks"]
        for a in (click.get("colours") or {}).values()
    }
    lines = []
    for n, click in enumerate(dial.data["clicks"], start=1):
        if "ko" in click.get("markers", ()):
            lines.append(f"{n} {out}")
            continue
        values = []
        for s in dial.data["stats"]:
            value = "–" if click["values"][s] is None else str(click["values"][s])
            key = keys.get((click.get("colours") or {}).get(s, ""))
            values.append(f"{value} {key}" if key else value)
        lines.append(" ".join([str(n), *values]))
    return lines


@pytest.mark.parametrize(
    ("ref", "system"),
    [
        ("cs-air-action/charlie-steele-fury", "cs-air-action"),
        ("cs-air-action/loyle-crawford-devastator", "cs-air-action"),
        ("cs-aces/charlie", "cs-aces"),
        ("cs-aces/sergeant", "cs-aces"),
    ],
)
def test_a_card_prints_its_dial_click_by_click(catalogue: Catalogue, ref: str, system: str) -> None:
    figure = catalogue.get(system, "figure", ref.split("/")[1])
    assert figure is not None
    pdf, _pages = render(catalogue, "cards", records=[ref])
    text = pdf_pages(pdf)[0]
    expected = dial_lines(catalogue, figure.data["combat_dial"], system)
    flat = " ".join(text.split())
    assert all(line in flat for line in expected), [x for x in expected if x not in flat]
    assert f"{figure.data['point_value']}pts" in text
    assert "SAMPLE" in text  # the sample figures say so on the card


def test_air_action_markers_and_speed_dial(catalogue: Catalogue) -> None:
    pdf, _ = render(catalogue, "cards", records=["cs-air-action/charlie-steele-fury"])
    text = pdf_pages(pdf)[0]
    text = " ".join(text.split())
    assert "1 7 4 De 0 6 start" in text
    assert "7 ●●● shot down bail out 6" in text
    assert "9 ●●● shot down bail out 10 structural limit" in text
    assert "speed 1 2 3 4 5 6 7 8 9" in text
    assert "9 (red line): Hard Target (sample) Airframe Strain (sample)" in text


def test_card_pages_hold_nine_poker_cards_on_a4(catalogue: Catalogue) -> None:
    refs = [f"cs-aces/{k}" for k in catalogue.records("cs-aces", "figure")]
    pdf, pages = render(catalogue, "cards", records=refs)
    assert len(refs) == 11
    assert pages == math.ceil(11 / 9) == len(pdf_pages(pdf))
    assert page_size_mm(pdf) == (210.0, 297.0)


def test_letter_paper_and_tarot_cards(catalogue: Catalogue) -> None:
    request = print_request_parse(
        kind="cards",
        what={"records": ["cs-aces/charlie"]},
        options={"paper": "Letter", "card": "tarot"},
    )
    assert card_grid(request.options).per_page == 4
    pdf = sheet_render(request, catalogue).pdf
    assert page_size_mm(pdf) == (215.9, 279.4)


def test_crimson_dust_model_cards_match_the_engine(catalogue: Catalogue) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    verdict = check(catalogue, doc)
    pdf, _ = render(catalogue, "cards", list=doc)
    text = "\n".join(pdf_pages(pdf))
    for model in verdict.breakdown["models"]:
        profile = model["effective"]["profile"]
        assert (
            " ".join(str(profile[s]) for s in ("Mv", "Mr", "Rg", "As", "Df", "S", "Av", "Dc", "In"))
            in text
        )
        assert f"{model['name']}" in text
        assert f"{model['points']}pts" in text
    # Brick's heavy armour and exchange show what changed from the Contego's profile.
    assert "Changed: Mv 6→4, Rg 7→6, As 7→6, Df 5→3, Av 4→5" in text
    # the Rifle's to-hit by range band, as the pack prints it
    assert "Rifle 6+ 4+ 4+ 5+ 6+ – 2" in text
    assert "Battle-hardened" in text  # a veteran's own skill, with its text


def test_black_skies_fighter_card_has_hull_boxes(catalogue: Catalogue) -> None:
    doc = example("black-skies/tiger-squadron.squadron.json")
    pdf, _ = render(catalogue, "cards", list=doc)
    text = pdf_pages(pdf)[0]
    hull = check(catalogue, doc).breakdown["designs"]["Black Tiger"]["hull"]
    # the boxes break where the fighter is crippled (half its hull or less)
    assert f"Hull ({hull}): " + "☐" * (hull // 2) + " " + "☐" * (hull // 2) in text
    assert "Pilot: Kell (skill 4) · Element: Red" in text
    assert "Hardpoints 3 of 3" in text
    assert "Thrusters: Basic thrusters (cards 1–3), Rear thrusters (cards 4–6)" in " ".join(
        text.split()
    )


def test_roster_prints_points_and_every_violation(catalogue: Catalogue) -> None:
    doc = example("cs-hex/light-fighter-broken.json")
    verdict = check(catalogue, doc)
    pdf, _pages = render(catalogue, "roster", list=doc)
    text = " ".join(" ".join(pdf_pages(pdf)).split())
    assert f"Mass: {verdict.points} of {verdict.limit}" in text
    assert "Not legal" in text
    assert f"{len(verdict.errors)} errors, {len(verdict.warnings)} warnings" in text
    for violation in verdict.violations:
        assert " ".join(violation.message.split()) in text
        assert violation.code not in text
    assert "$.entries" not in text


def test_roster_itemises_a_warband_and_links_its_share_url(catalogue: Catalogue) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    verdict = check(catalogue, doc)
    pdf, pages = render(catalogue, "roster", list=doc, share_url="https://muster.example/s/k9")
    text = " ".join(" ".join(pdf_pages(pdf)).split())
    assert pages == 2  # the weapon traits' rules, then the house rules
    assert "Points: 500 of 500" in text
    for model in verdict.breakdown["models"]:
        for item in model["items"]:
            assert item["name"] in text
    assert "Heavy armour penalty Any Av over 3" in text
    assert "Weapons are unpriced in V2.1: played at 0 points." in text
    assert "Checked against Crimson Dust V2.1 core rules 1.0.0." in text
    assert "https://muster.example/s/k9" in text


def test_schematic_box_count_per_area(catalogue: Catalogue) -> None:
    doc = example("full-armour.plane.json")
    armour = check(catalogue, doc).breakdown["armour"]
    pdf, pages = render(catalogue, "schematic", list=doc)
    assert pages == 1
    text = pdf_pages(pdf)[0]
    names = [a["name"] for a in armour.values()]
    positions = sorted((text.index(f"{name} "), name) for name in names)
    counted = {}
    for (start, name), (end, _) in zip(positions, [*positions[1:], (len(text), "")], strict=True):
        counted[name] = text[start:end].count("☐")
    assert counted == {a["name"]: a["rows"] * 10 for a in armour.values()}
    assert counted["Nose"] == 60
    # two rockets, two hardpoints each, and once in the rocket list with its range
    assert text.count("piercing") == 4 + 1
    assert "2 × .50 calibre gun" in text


def test_navigation_basic_deck_marks_unknown_values(catalogue: Catalogue) -> None:
    basic = [
        c for c in catalogue.records("cs-air-action", "navigation_card").values() if c.data["basic"]
    ]
    copies = sum(c.data["deck_count"] for c in basic)
    pdf, pages = render(catalogue, "navigation")
    text = "\n".join(pdf_pages(pdf))
    assert copies == 12
    assert pages == math.ceil(copies / 9)
    assert text.count("Speed rating unknown") == copies
    assert text.count("Flight path: unknown") == copies


def test_an_aces_own_navigation_cards(catalogue: Catalogue) -> None:
    pdf, _pages = render(catalogue, "navigation", records=["cs-air-action/charlie-steele-fury"])
    text = pdf_pages(pdf)[0]
    assert "Charlotte Steele Ace card 1" in text
    assert "Charlotte Steele Ace card 2" in text
    assert 'Ace card: Charlotte "Charlie" Steele (Fury)' in text


@pytest.mark.parametrize(
    ("kind", "what", "code"),
    [
        ("cards", {"records": ["cs-air-action/no-such-plane"]}, "unknown_record"),
        ("schematic", {"list": example("crimson-dust/dust-devils-500.json")}, "not_a_plane"),
        ("roster", {"list": {"format": "muster-list/1", "system": "cs-hex"}}, "bad_document"),
        ("roster", {}, "invalid"),
        ("posters", {"records": ["cs-aces/charlie"]}, "invalid"),
        ("cards", {"records": ["cs-hex/cal-30"]}, "not_printable"),
    ],
)
def test_bad_input_is_a_clear_error(
    catalogue: Catalogue, kind: str, what: dict[str, Any], code: str
) -> None:
    def attempt() -> None:
        sheet_render(print_request_parse(kind=kind, what=what, options=None), catalogue)

    with pytest.raises(ApplicationError) as caught:
        attempt()
    assert caught.value.code == code
    assert caught.value.details
    assert all(d["path"].startswith("$") for d in caught.value.details)


def test_bad_options_name_each_field() -> None:
    with pytest.raises(ApplicationError) as caught:
        print_request_parse(
            kind="cards",
            what={"records": ["cs-aces/charlie"]},
            options={"paper": "A3", "greyscale": "yes", "spread": 3, "bleed": 9},
        )
    assert [d["path"] for d in caught.value.details] == [
        "$.options.spread",
        "$.options.paper",
        "$.options.greyscale",
        "$.options.bleed",
    ]


def placements(pdf: bytes) -> list[tuple[int, int]]:
    """Per page: the card faces placed and the cut-mark lines drawn."""
    import io

    from pypdf import PdfReader

    out = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        ops = page.get_contents().get_data().decode()
        out.append((len(re.findall(r" Do Q", ops)), len(re.findall(r" l S", ops))))
    return out


def test_cards_sit_nine_to_a_page_with_cut_marks(catalogue: Catalogue) -> None:
    pdf, _ = render(catalogue, "navigation")
    # 12 cards; 4 column lines and 4 row lines, each marked at both ends
    assert placements(pdf) == [(9, 16), (3, 16)]
    pdf, _ = render(catalogue, "navigation", options={"cut_marks": False})
    assert placements(pdf) == [(9, 0), (3, 0)]


def test_each_distinct_face_is_laid_out_once(catalogue: Catalogue, monkeypatch: Any) -> None:
    from builder.printing import render as render_module

    seen: list[int] = []
    real = render_module.faces_html

    def counting(faces: Any, *args: Any) -> str:
        seen.append(len(faces))
        return real(faces, *args)

    monkeypatch.setattr(render_module, "faces_html", counting)
    pdf, pages = render(catalogue, "cards", records=["cs-aces/sergeant"] * 10)
    assert seen == [1]
    assert pages == 2
    assert placements(pdf) == [(9, 16), (1, 16)]
    assert pdf_pages(pdf)[1].count("Sergeant") == 1
