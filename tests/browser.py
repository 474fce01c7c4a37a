"""A real browser for page tests: Debian's Chromium driven by Playwright.

Playwright's own browser downloads are not used; the system Chromium is launched directly.
Without Chromium the tests are skipped locally, but CI (``CI=true``) requires it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


_SHARED: dict[str, Any] = {"users": 0, "playwright": None, "browser": None}
"""One Chromium for the whole run: each test module that imports this fixture gets a
session fixture of its own, and Playwright's sync API cannot be started twice at once."""


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is required in CI (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if _SHARED["users"] == 0:
        _SHARED["playwright"] = sync_playwright().start()
        _SHARED["browser"] = _SHARED["playwright"].chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_FLAGS
        )
    _SHARED["users"] += 1
    try:
        yield _SHARED["browser"]
    finally:
        _SHARED["users"] -= 1
        if _SHARED["users"] == 0:
            _SHARED["browser"].close()
            _SHARED["playwright"].stop()


WAIT_MS = 10_000
"""How long a page test waits for what it expects to appear."""

DESKTOP = {"width": 1280, "height": 900}


@contextmanager
def desktop_page(browser: Any, *, wait_ms: int = WAIT_MS) -> Iterator[Any]:
    """A fresh desktop-sized page, with every wait (Playwright's and ``expect``'s) bounded."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(wait_ms)
    expect.set_options(timeout=wait_ms)
    try:
        yield page
    finally:
        expect.set_options(timeout=None)
        context.close()


@contextmanager
def signed_in_pages(
    browser: Any, site: str, password: str, *, wait_ms: int = WAIT_MS
) -> Iterator[Callable[..., Any]]:
    """``open(username, login_url, button)``: a page of its own for each person, signed in
    on the site's or the admin's log-in form (the admin's sidebar folded), so a player and a
    maintainer can act side by side; every page is closed at the end. ``viewport`` and
    ``phone`` open it on another screen (a phone has touch and a mobile viewport)."""
    from playwright.sync_api import expect

    contexts: list[Any] = []

    def open_page(
        username: str,
        login_url: str,
        button: str,
        viewport: dict[str, int] = DESKTOP,
        phone: bool = False,
    ) -> Any:
        context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
        context.add_init_script("localStorage.setItem('django.admin.navSidebarIsOpen', 'false')")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(wait_ms)
        page.goto(f"{site}{login_url}")
        page.fill("#id_username", username)
        page.fill("#id_password", password)
        page.click(button)
        page.wait_for_load_state()
        return page

    expect.set_options(timeout=wait_ms)
    try:
        yield open_page
    finally:
        expect.set_options(timeout=None)
        for context in contexts:
            context.close()
