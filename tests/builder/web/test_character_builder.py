"""The cs-hex character builder ("Создание персонажа", seed 004): a role sets the XP budget,
each characteristic is picked 0-10 at the book's total XP, add-ons and wingmen are bought,
and the live verdict says the XP spent of the budget, each error beside its field."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.lists.models import SavedList
from tests.builder.web.conftest import entry_block, example, form_data, select_html

pytestmark = pytest.mark.django_db
CHARACTER = "/build/cs-hex/character/"


def orlov() -> dict[str, Any]:
    return example("cs-hex/captain-orlov-character-legal.json")


def test_the_builder_offers_a_character_among_the_hex_map_lists(client: Client, packs: Any) -> None:
    start = client.get("/build/").content.decode()
    assert 'href="/build/cs-hex/character/"' in start
    page = client.get(CHARACTER).content.decode()
    role = select_html(page, "e0-role")
    # Создание персонажа: 700 XP a player character, 400 a wingman, 300 a turret gunner.
    assert '<option value="pilot" selected>Player character (персонаж) (700 XP)</option>' in role
    assert "Wingman (ведомый) (400 XP)" in role
    assert "Turret gunner (стрелок) (300 XP)" in role
    levels = select_html(page, "e0-characteristics-natural-touch")
    assert "Natural Touch (Естественное касание)" in page
    assert '<option value="5">5 (110 XP)</option>' in levels
    assert '<option value="10">10 (460 XP)</option>' in levels
    # A new pilot starts at Constitution 3, the least the book allows: 40 XP spent.
    constitution = select_html(page, "e0-characteristics-constitution")
    assert '<option value="3" selected>3 (40 XP)</option>' in constitution
    assert '<option value="2" disabled>2 (at least 3)</option>' in constitution
    assert 'id="points-total">40</span> / 700 XP spent' in page
    assert "660 XP left to spend" in page
    assert "Experienced parachutist (Опытный парашютист), 10 XP each, at most 4" in page
    assert "$.entries" not in page


def test_an_over_budget_character_is_told_by_how_much(client: Client, packs: Any) -> None:
    """Создание персонажа: Captain Orlov spends exactly his 700 XP; Natural Touch 7 instead of
    6 costs 220 - 160 = 60 more, and a fourth add-on 40 XP less would still be over."""
    doc = orlov()
    doc["entries"][0]["characteristics"]["natural-touch"] = 7  # +60 XP
    doc["entries"][2]["count"] = 1  # experienced parachutist stays 1 (10 XP)
    doc["entries"].pop(4)  # no Wanted: -50 XP, so 700 + 60 - 50 = 710
    doc["entries"][3]["count"] = 1
    page = client.post(CHARACTER, form_data(doc)).content.decode()
    assert 'id="points-total">710</span> / 700 XP spent' in page
    assert "Over budget by 10 XP" in page
    assert "Captain Orlov spends 710 XP, 10 over the 700 XP of a pilot" in page
    assert '<span class="badge illegal">Not legal</span>' in page


def test_over_budget_by_40_xp(client: Client, packs: Any) -> None:
    doc = orlov()
    doc["entries"][0]["characteristics"]["sixth-sense"] = 4  # 40 -> 70 XP: +30
    doc["entries"][2]["count"] = 2  # a second jump: +10
    page = client.post(CHARACTER, form_data(doc)).content.decode()
    assert "Over budget by 40 XP" in page
    assert 'id="points-total">740</span> / 700 XP spent' in page


def test_each_error_stands_beside_its_field(client: Client, packs: Any) -> None:
    """Телосложение у персонажей не может быть меньше 3-х, а у ведомых ... всегда равна 3."""
    doc = orlov()
    doc["entries"][0]["characteristics"]["constitution"] = 2
    doc["entries"][5]["characteristics"]["constitution"] = 4
    page = client.post(CHARACTER, form_data(doc)).content.decode()
    beside = page[page.index('id="e0-characteristics-constitution-errors"') :].split("</ul>")[0]
    assert "Constitution must be at least 3 for a pilot; Captain Orlov has 2" in beside
    wingman = page[page.index('id="e5-characteristics-constitution-errors"') :].split("</ul>")[0]
    assert "Constitution is always 3 for a wingman, not 4" in wingman
    # Said once: beside the field, not again at the head of the entry.
    assert "Captain Orlov has 2" not in entry_block(page, 0)
    assert 'aria-invalid="true"' in select_html(page, "e0-characteristics-constitution")


def test_a_fixed_character_saves_legal_with_its_exact_xp(client: Client, packs: Any) -> None:
    owner = get_user_model().objects.create_user("orlov", password="a-long-pass-phrase")
    client.force_login(owner)
    broken = orlov()
    broken["entries"][0]["characteristics"]["accuracy"] = 6  # 110 -> 160: 50 over
    page = client.post(CHARACTER, form_data(broken)).content.decode()
    assert "Over budget by 50 XP" in page
    fixed = copy.deepcopy(broken)
    fixed["entries"][0]["characteristics"]["accuracy"] = 5
    response = client.post(CHARACTER, form_data(fixed) | {"action": "save"})
    assert response.status_code == 302
    saved = SavedList.objects.get()
    assert (saved.system.slug, saved.kind, saved.name) == ("cs-hex", "character", "Captain Orlov")
    assert saved.legal is True
    assert saved.points == 700
    assert (
        saved.document["entries"][0]["characteristics"] == orlov()["entries"][0]["characteristics"]
    )
    page = client.get(f"/lists/{saved.uuid}/").content.decode()
    assert "Captain Orlov" in page
    assert "kind=character" in page  # its Print button opens the character sheet


def test_each_entry_shows_its_xp(client: Client, packs: Any) -> None:
    page = client.post(CHARACTER, form_data(orlov())).content.decode()
    # 160 + 110 + 70 + 70 + 40 + 40 = 490 for the pilot's levels; 2 Wingmen at 50.
    assert "490 XP" in entry_block(page, 0)
    assert "100 XP" in entry_block(page, 1)
    # Petya: 160 + 110 + 10 + 40 + 40 + 40 = 400 of his own 400.
    assert "400 of 400 XP" in entry_block(page, 5)


def test_a_wingman_is_offered_only_once_bought(client: Client, packs: Any) -> None:
    page = client.get(CHARACTER).content.decode()
    add = select_html(page, "id_add")
    assert '<option value="wingman" disabled>' in add
    assert "buy the Wingman add-on first" in add
    doc = orlov()
    page = client.post(CHARACTER, form_data(doc)).content.decode()
    assert "each Wingman bought is written out" in select_html(page, "id_add")
    data = form_data(doc) | {"action": "add", "add": "add-on:charisma"}
    page = client.post(CHARACTER, data).content.decode()
    assert "Charisma (Харизма)" in page
    assert 'id="points-total">800</span> / 700 XP spent' in page
