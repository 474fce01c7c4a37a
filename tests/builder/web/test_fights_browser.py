"""The fights page in Debian's Chromium: picking a game swaps the list pickers to that
game's lists in place, and the fight's report reads with the lists' names and the engine's
caveat, with nothing logged to the console."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.celery import app as celery_app
from builder.lists.services import saved_list_create
from content.services.packs import pack_load
from tests.browser import browser, desktop_page  # noqa: F401  (fixture)
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")  # a folder: save the pages seen


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    with desktop_page(browser, wait_ms=WAIT_MS) as page:
        yield page


@pytest.fixture
def eager() -> Iterator[None]:
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def test_picking_a_game_offers_its_lists_and_the_report_names_them(
    page: Any, live_server: Any, eager: None
) -> None:
    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    for path in (
        "crimson-dust/dust-devils-500.json",
        "cs-air-action/devastators-200.json",
        "cs-air-action/bloodhawks-200.json",
    ):
        saved_list_create(owner=user, document=example(path))
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else 0)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "ada")
    page.fill("#id_password", PASSWORD)
    page.click("button:text-is('Log in')")
    page.wait_for_url(f"{live_server.url}/")

    page.goto(f"{live_server.url}/fights/")
    expect(page.locator("#list_a option")).to_have_text(["Choose…", "Dust Devils (500 points)"])
    expect(page.locator("#fight-game button")).to_be_hidden()  # htmx needs no button
    page.select_option("#game", "cs-air-action")
    expect(page.locator("#list_a option")).to_have_text(
        ["Choose…", "Bloodhawks (168 points)", "Devastators (200 points)"]
    )
    assert page.url.endswith("/fights/?game=cs-air-action")
    page.select_option("#list_a", label="Devastators (200 points)")
    page.select_option("#list_b", label="Bloodhawks (168 points)")
    page.fill("#runs", "200")
    page.fill("#seed", "7")
    page.click("button:text-is('Start the fight')")

    expect(page.get_by_role("heading", name="Read this first")).to_be_visible()
    expect(page.locator("#fight-status")).to_contain_text("Devastators wins")
    expect(page.locator("#fight-status")).to_contain_text("Played with sample (invented) dials")
    expect(page.get_by_role("heading", name="Planes shot down")).to_be_visible()
    page.click("nav[aria-label=Breadcrumb] a:text-is('Fights')")
    page.wait_for_url(f"{live_server.url}/fights/")
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.go_back()
        page.screenshot(path=str(Path(SCREENSHOTS) / "fight-air-action.png"), full_page=True)
    assert console == []
