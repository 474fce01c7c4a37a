"""The site's header on a phone, in Debian's Chromium: one line with a Menu button that opens
the navigation, on every page, signed in or not; on a desktop the navigation shows whole."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser import browser  # noqa: F401  (fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
PHONE = {"width": 390, "height": 844}
ONE_LINE_PX = 64


@pytest.fixture
def open_page(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    contexts = []

    def open_at(viewport: dict[str, int], *, signed_in: bool, scripts: bool = True) -> Any:
        context = browser.new_context(viewport=viewport, java_script_enabled=scripts)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        if signed_in:
            get_user_model().objects.create_user("ada", password=PASSWORD)
            page.goto(f"{live_server.url}/accounts/login/")
            page.fill("#id_username", "ada")
            page.fill("#id_password", PASSWORD)
            page.click("button:text-is('Log in')")
            page.wait_for_url(f"{live_server.url}/")
        return page

    expect.set_options(timeout=WAIT_MS)
    yield open_at
    expect.set_options(timeout=None)
    for context in contexts:
        context.close()


def header_height(page: Any) -> float:
    return float(
        page.evaluate("document.querySelector('header.site').getBoundingClientRect().height")
    )


@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "player"])
def test_on_a_phone_the_header_is_one_line_and_its_menu_opens(
    open_page: Any, live_server: Any, signed_in: bool
) -> None:
    page = open_page(PHONE, signed_in=signed_in)
    for path in ("/", "/catalogue/", "/odds/"):
        page.goto(f"{live_server.url}{path}")
        menu = page.get_by_role("button", name="Menu")
        expect(menu).to_be_visible()
        expect(menu).to_have_attribute("aria-expanded", "false")
        expect(page.locator("#site-menu")).to_be_hidden()
        assert header_height(page) <= ONE_LINE_PX, path

    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#site-menu")).to_be_visible()
    catalogue = page.locator("#site-menu").get_by_role("link", name="Catalogue")
    expect(catalogue).to_be_visible()
    if signed_in:
        expect(page.locator("#site-menu").get_by_role("button", name="Log out")).to_be_visible()
        expect(page.locator("#site-menu a[href='/accounts/']")).to_be_visible()
    else:
        expect(page.locator("#site-menu").get_by_role("link", name="Sign up")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.keyboard.press("Escape")
    expect(page.locator("#site-menu")).to_be_hidden()
    expect(menu).to_be_focused()

    menu.click()
    catalogue.click()
    page.wait_for_url(f"{live_server.url}/catalogue/")
    expect(page.locator("#site-menu")).to_be_hidden()  # a new page starts with it closed


def test_on_a_desktop_the_navigation_shows_whole_on_one_line(
    open_page: Any, live_server: Any
) -> None:
    page = open_page({"width": 1280, "height": 900}, signed_in=True)
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(page.locator("#site-menu").get_by_role("link", name="Collection")).to_be_visible()
    assert header_height(page) <= ONE_LINE_PX


def test_without_scripts_a_phone_still_shows_the_navigation(
    open_page: Any, live_server: Any
) -> None:
    page = open_page(PHONE, signed_in=False, scripts=False)
    page.goto(f"{live_server.url}/")
    expect(page.locator(".menu-button")).to_be_hidden()
    expect(page.locator("#site-menu").get_by_role("link", name="Catalogue")).to_be_visible()
