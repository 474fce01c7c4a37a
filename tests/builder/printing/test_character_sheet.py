"""The printed cs-hex character sheet ("Создание персонажа", "Развитие персонажа", seed 004):
the name, role, budget and XP spent, each characteristic at its level with its rule, the
add-ons, the wingmen and a page of boxes for the campaign's XP."""

from __future__ import annotations

import re
from typing import Any

import pytest

from builder.core.errors import ApplicationError
from builder.printing.services import print_request_parse, sheet_render
from rules_engine import Catalogue

from .conftest import example, pdf_pages

ORLOV = "cs-hex/captain-orlov-character-legal.json"


def printed(catalogue: Catalogue, kind: str, doc: dict[str, Any]) -> tuple[str, int]:
    request = print_request_parse(kind=kind, what={"list": doc}, options=None, share_url=None)
    rendered = sheet_render(request, catalogue)
    return " ".join(" ".join(pdf_pages(rendered.pdf)).split()), rendered.pages


def test_the_sheet_holds_the_name_each_level_and_the_xp_spent_of_700(
    catalogue: Catalogue,
) -> None:
    """Создание персонажа: a pilot is built with 700 XP; Captain Orlov spends all of it."""
    text, pages = printed(catalogue, "character", example(ORLOV))
    assert pages == 2  # the character, then the campaign's page
    assert "Captain OrlovPlayer character (персонаж) · Crimson Skies hex-map rules" in text
    assert "Budget XP spent Left 700 XP 700 XP Every XP of the budget spent" in text
    for name, original, level, xp in (
        ("Accuracy", "Точность", 5, 110),
        ("Constitution", "Телосложение", 3, 40),
        ("Natural Touch", "Естественное касание", 6, 160),
        ("Quick Fire", "Быстрая стрельба", 4, 70),
        ("Sixth Sense", "Шестое чувство", 3, 40),
        ("Steady Hand", "Твердая рука", 4, 70),
    ):
        assert re.search(rf"{name} {original} {level} {xp} ", text), name
    assert "Taken from skill checks: exceeding the plane's ratings" in text
    assert "Wingman Ведомый 2 100 Creates a wingman" in text
    assert "Experienced parachutist Опытный парашютист 1 10" in text
    assert "Petya · 400 of 400 XP" in text
    assert "Lyosha · 360 of 400 XP" in text
    assert "Campaign experience: Captain Orlov" in text
    assert "an add-on bought in play costs half" in text
    assert "Legal character" in text


def test_an_over_budget_character_prints_by_how_much(catalogue: Catalogue) -> None:
    doc = example(ORLOV)
    doc["entries"][0]["characteristics"]["sixth-sense"] = 4  # 40 -> 70 XP
    text, _ = printed(catalogue, "character", doc)
    assert "700 XP 730 XP Over budget by 30 XP" in text
    assert "Not a legal character" in text
    assert "Error: Captain Orlov spends 730 XP, 30 over the 700 XP of a pilot" in text


def test_the_roster_of_a_character_counts_xp(catalogue: Catalogue) -> None:
    text, _ = printed(catalogue, "roster", example(ORLOV))
    assert "XP: 700 of 700" in text
    assert "Player character" in text
    assert "490" in text


def test_a_plane_design_has_no_character_sheet(catalogue: Catalogue) -> None:
    with pytest.raises(ApplicationError) as caught:
        printed(catalogue, "character", example("cs-hex/light-fighter-legal.json"))
    assert caught.value.code == "not_printable"
    assert "only characters have a character sheet" in caught.value.message
