"""Unsaved work survives a reload and a log-in, and leaving with changes asks first: in
Debian's Chromium, with the page's own script."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.models import ListDraft, SavedList
from content.services.packs import pack_load
from tests.browser import browser, desktop_page  # noqa: F401  (fixture)
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
WARBAND = "/build/crimson-dust/warband/"
NAMES = ["Sergeant Vance", "Brick", "Kestrel"]


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    broken: list[str] = []
    with desktop_page(browser, wait_ms=WAIT_MS) as page:
        page.on("pageerror", lambda error: broken.append(str(error)))
        page.on("console", lambda m: broken.append(m.text) if m.type == "error" else None)
        yield page
    assert broken == []  # no script error, no breach of the content policy


def settled(page: Any) -> None:
    """htmx is idle: nothing running, queued or still being wired up."""
    expect(
        page.locator(".htmx-request, .htmx-added, .htmx-settling, .htmx-swapping")
    ).to_have_count(0)


def build_three(page: Any) -> None:
    """A warband of three Medio models, each named, as a player would make it."""
    page.fill("#id_name", "Dust Devils")
    page.press("#id_name", "Tab")
    settled(page)
    for i, name in enumerate(NAMES):
        page.select_option("#id_add", "medio")
        page.click("button:text-is('Add')")
        expect(page.locator(f"#entry-{i}")).to_be_visible()
        settled(page)
        page.fill(f"#e{i}-name", name)
        page.press(f"#e{i}-name", "Tab")
        settled(page)
    expect(page.locator("#points-total")).to_have_text("150")


def entry_names(page: Any) -> list[str]:
    return [page.input_value(f"#e{i}-name") for i in range(page.locator("fieldset.entry").count())]


def sign_in(page: Any, live_server: Any, username: str = "ada") -> None:
    get_user_model().objects.create_user(username, password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:text-is('Log in')")
    page.wait_for_url(f"{live_server.url}/")


def test_an_anonymous_warband_survives_a_reload_and_a_log_in(page: Any, live_server: Any) -> None:
    page.goto(f"{live_server.url}{WARBAND}")
    build_three(page)
    page.reload()
    offer = page.locator("#draft-browser-notice")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("You have unsaved changes to Dust Devils from")
    assert entry_names(page) == []  # offered, not yet restored
    page.click("#draft-browser-restore")
    expect(page.locator("#entry-2")).to_be_visible()
    settled(page)
    assert entry_names(page) == NAMES
    assert page.input_value("#id_name") == "Dust Devils"
    expect(page.locator("#points-total")).to_have_text("150")
    expect(offer).to_be_hidden()

    sign_in(page, live_server)
    page.goto(f"{live_server.url}{WARBAND}")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Dust Devils")
    page.click("#draft-browser-restore")
    expect(page.locator("#entry-2")).to_be_visible()
    settled(page)
    assert entry_names(page) == NAMES
    draft = ListDraft.objects.get()  # restored after signing in: the server keeps it now
    assert [e["name"] for e in draft.document["entries"]] == NAMES
    page.reload()
    expect(page.locator("#draft-notice")).to_contain_text(
        "You have unsaved changes to Dust Devils from"
    )
    expect(offer).to_be_hidden()  # the browser's copy went to the server


def test_a_signed_in_change_is_offered_back_from_the_server(page: Any, live_server: Any) -> None:
    sign_in(page, live_server)
    page.goto(f"{live_server.url}{WARBAND}")
    build_three(page)
    page.click("#entry-1 > summary")  # one entry open at a time: the last added
    page.fill("#e1-name", "Brick the Second")
    page.press("#e1-name", "Tab")
    settled(page)
    page.reload()
    notice = page.locator("#draft-notice")
    expect(notice).to_contain_text("You have unsaved changes to Dust Devils from")
    expect(page.locator("#draft-browser-notice")).to_be_hidden()
    page.click("#draft-restore")
    expect(page.locator("#entry-2")).to_be_visible()
    assert entry_names(page) == ["Sergeant Vance", "Brick the Second", "Kestrel"]
    expect(page.locator("#points-total")).to_have_text("150")
    page.goto(f"{live_server.url}{WARBAND}")
    page.click("#draft-discard")
    expect(notice).to_have_count(0)
    assert entry_names(page) == []
    assert not ListDraft.objects.exists()


def test_leaving_with_changes_asks_first_and_after_saving_does_not(
    page: Any, live_server: Any
) -> None:
    sign_in(page, live_server)
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.type)
        dialog.accept()

    page.on("dialog", answer)
    page.goto(f"{live_server.url}{WARBAND}")
    page.click("header.site >> text=Catalogue")  # no changes: leaves without asking
    page.wait_for_url(f"{live_server.url}/catalogue/")
    assert asked == []

    page.goto(f"{live_server.url}{WARBAND}")
    build_three(page)
    with page.expect_download() as download:  # a file, and the page stays
        page.click("button:text-is('Export as JSON')")
    assert download.value.suggested_filename == "dust-devils.json"
    assert asked == []
    page.click("header.site >> text=Catalogue")
    page.wait_for_url(f"{live_server.url}/catalogue/")
    assert asked == ["beforeunload"]

    page.goto(f"{live_server.url}{WARBAND}?draft=restore")
    expect(page.locator("#entry-2")).to_be_visible()
    settled(page)
    page.click("#save-button")
    page.wait_for_url(re.compile(r"/lists/[0-9a-f-]+/$"))
    assert asked == ["beforeunload"]  # saving leaves the builder without asking
    assert SavedList.objects.get().points == 150
    assert not ListDraft.objects.exists()
    page.click("header.site >> text=Catalogue")
    page.wait_for_url(f"{live_server.url}/catalogue/")
    assert asked == ["beforeunload"]
