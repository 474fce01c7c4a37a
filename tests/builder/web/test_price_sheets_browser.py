"""Applying a house price sheet in the builder, in Debian's Chromium: one click prices the
book's unpriced weapons, the notice goes and the total moves. Also the sheet page's
screenshots on a desktop and a phone."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.price_sheets import price_sheet_create
from builder.lists.services import saved_list_create
from content.services.packs import pack_load
from tests.browser import browser, desktop_page  # noqa: F401  (fixture)
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
PASSWORD = "a-long-pass-phrase"
DEVILS = Path(__file__).resolve().parents[3] / "docs" / "examples" / "crimson-dust"
CLUB = {"rifle": 6, "pistol": 3, "shotgun": 5, "sniper-rifle": 9, "saw-or-lmg": 12}
SHOTS = os.environ.get("MUSTER_SCREENSHOTS", "")


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    broken: list[str] = []
    with desktop_page(browser) as page:
        page.on("pageerror", lambda error: broken.append(str(error)))
        page.on("console", lambda m: broken.append(m.text) if m.type == "error" else None)
        yield page
    assert broken == []  # no script error, no breach of the content policy


def sign_in(page: Any, live_server: Any) -> Any:
    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "ada")
    page.fill("#id_password", PASSWORD)
    page.click("button:text-is('Log in')")
    page.wait_for_url(f"{live_server.url}/")
    return user


def settled(page: Any) -> None:
    expect(
        page.locator(".htmx-request, .htmx-added, .htmx-settling, .htmx-swapping")
    ).to_have_count(0)


def test_applying_a_sheet_prices_the_list_and_the_notice_goes(page: Any, live_server: Any) -> None:
    ada = sign_in(page, live_server)
    devils = json.loads((DEVILS / "dust-devils-500.json").read_text(encoding="utf-8"))
    saved = saved_list_create(owner=ada, document=devils)
    price_sheet_create(owner=ada, system="crimson-dust", name="Tuesday club", prices=CLUB)
    page.goto(f"{live_server.url}/lists/{saved.uuid}/")
    notice = page.locator(".unpriced-notice")
    expect(notice).to_be_visible()
    total = page.locator("#points-total")
    expect(total).to_have_text(str(saved.points))
    page.click("summary:has-text('House prices')")
    page.select_option("#apply-sheet", label="Tuesday club")
    page.click("#apply-sheet-button")
    settled(page)
    expect(page.locator("#house-sheet")).to_contain_text("Prices from the sheet Tuesday club")
    expect(notice).to_have_count(0)
    # Vance's rifle and pistol, two more rifles and Jax's, a SAW, a sniper rifle, a shotgun.
    expect(total).to_have_text(str(saved.points + 6 + 3 + 6 + 6 + 12 + 9 + 5))
    expect(page.locator("#price-rifle")).to_have_value("6")
    if SHOTS:
        page.locator("#house-prices").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/builder-sheet-applied.png")
    with page.expect_navigation():
        page.click("#save-button")  # the builder answers with a redirect to the saved list
    saved.refresh_from_db()
    assert saved.document["house_rules"]["prices"] == CLUB
    assert saved.document["house_rules"]["price_sheet"]["name"] == "Tuesday club"


def test_the_sheet_page_on_a_desktop_and_a_phone(page: Any, live_server: Any) -> None:
    ada = sign_in(page, live_server)
    sheet = price_sheet_create(owner=ada, system="crimson-dust", name="Tuesday club", prices=CLUB)
    url = f"{live_server.url}/prices/{sheet.uuid}/"
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(url)
        expect(page.locator("#price-rifle")).to_have_value("6")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page scrolls sideways at {width}px"
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/price-sheet-{width}.png", full_page=True)
        for where, name in (
            ("/prices/", "index"),
            (f"/prices/shared/{sheet.share_token}/", "shared"),
        ):
            page.goto(f"{live_server.url}{where}")
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{where} scrolls sideways at {width}px"
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/price-{name}-{width}.png", full_page=True)
