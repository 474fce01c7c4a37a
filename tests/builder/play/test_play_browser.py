"""The table in Debian's Chromium: a player starts a game, a second joins by the invitation
on a phone, and each sees the other's rolls appear within two seconds without reloading."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.services import saved_list_create
from builder.play.models import Game
from content.services.packs import pack_load
from tests.browser import browser, signed_in_pages  # noqa: F401  (fixture)
from tests.builder.api_fixtures import example_list
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")
LOG_IN = ("/accounts/login/", "button:text-is('Log in')")


def shot(page: Any, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), full_page=True)


def choose(page: Any, procedure: str) -> None:
    """Pick what to roll for and wait until that situation's fields are swapped in, so
    nothing typed next lands in the fields being replaced."""
    if page.locator("#procedure").input_value() != procedure:
        page.select_option("#procedure", procedure)
    expect(page.locator(f"#situation[data-procedure='{procedure}']")).to_be_attached()
    expect(page.locator("#situation.htmx-settling, #situation.htmx-swapping")).to_have_count(0)


def bob_card(page: Any, name: str) -> Any:
    """The card of Bob's model ``name`` (the table's second row)."""
    row = page.locator("#figures ul.figures").nth(1)
    return row.locator("li.figure").filter(has=page.get_by_role("heading", name=name, exact=True))


def card_value(card: Any, label: str) -> str:
    term = card.page.locator("dt", has_text=label)
    return str(card.locator("dl.stats > div").filter(has=term).first.locator("dd").inner_text())


@pytest.fixture
def players(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    for name in ("ann", "bob"):
        user = get_user_model().objects.create_user(name, password=PASSWORD)
        saved_list_create(owner=user, document=example_list("crimson-dust/dust-devils-500.json"))
    with signed_in_pages(browser, live_server.url, PASSWORD) as open_page:
        yield open_page


def test_a_crimson_dust_skirmish_on_physical_dice(players: Any, live_server: Any) -> None:
    ann = players("ann", *LOG_IN)
    ann.goto(f"{live_server.url}/play/")
    ann.fill("#title", "Dust at dawn")
    ann.select_option("#list", label="Dust Devils (Crimson Dust)")
    ann.check("input[name=dice][value=physical]")
    ann.click("button:text-is('Start the game')")
    expect(ann.get_by_role("heading", name="Dust at dawn")).to_be_visible()
    game = Game.objects.get()

    bob = players("bob", *LOG_IN, viewport=PHONE, phone=True)
    bob.goto(f"{live_server.url}/play/join/{game.invite_token}/")
    bob.click("button:text-is('Sit at the table')")
    expect(bob.get_by_role("heading", name="bob: Dust Devils (500 points)")).to_be_visible()

    ann.reload()
    choose(ann, "skill-test")
    ann.select_option("#role_model", label="Sergeant Vance (A)")
    ann.fill("#p_dice", "3")
    ann.fill("#p_difficulty", "2")
    ann.fill("#rolls", "4 5 1")
    ann.click("button:text-is('Resolve these dice')")
    expect(ann.locator("#entry-1")).to_contain_text("the test succeeds")
    # Bob's phone was not reloaded: the log asks for new entries every two seconds.
    expect(bob.locator("#entry-1")).to_contain_text("the test succeeds", timeout=4_000)
    expect(bob.locator("#entry-1 .die")).to_have_text(["4", "5", "1"])

    ann.fill("#p_dice", "3")
    ann.fill("#rolls", "4 5")
    ann.click("button:text-is('Resolve these dice')")
    expect(ann.locator(".violation.error")).to_contain_text(
        "The dice: needs 3 dice: 3d6 (the characteristic tested); got 2."
    )
    assert game.entries.count() == 1

    # A wound on Bob's Kestrel, from the Av and Dc her card shows.
    kestrel = bob_card(ann, "Kestrel")
    av, dc = card_value(kestrel, "Av"), card_value(kestrel, "Dc left")
    choose(ann, "wound")
    ann.select_option("#role_target", label="Kestrel (B)")
    ann.fill("#p_S", "3")
    ann.fill("#p_av", av)
    ann.fill("#p_dc", dc)
    ann.fill("#rolls", "4 5")
    ann.click("button:text-is('Resolve these dice')")
    expect(ann.locator("#entry-2")).to_contain_text("Kestrel")
    lost = -sum(c["delta"] for c in game.entries.get(seq=2).record["changes"] if c["field"] == "dc")
    assert 0 < lost < int(dc)
    # Bob's phone shows the Dc his model lost without a reload.
    dc_left = bob_card(bob, "Kestrel").locator("dl.stats > div", has_text="Dc left").locator("dd")
    expect(dc_left).to_have_text(str(int(dc) - lost), timeout=4_000)
    shot(ann, "play-table-crimson-dust")
    shot(bob, "play-table-crimson-dust-phone")
    width = bob.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the table is {width}px wide on a 390px phone"
