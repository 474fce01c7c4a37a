"""The compact builder in Debian's Chromium: one line per entry, one entry open at a time,
the open entry kept open across live updates, and the verdict and Save always on screen."""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from content.services.packs import pack_load
from tests.browser import browser  # noqa: F401  (fixture)
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
TALLEST = {"desktop": 1_800, "phone": 2_600}
"""The most a seven-model warband's builder may measure, top to bottom, in pixels."""
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")  # a folder: save the pages seen
OPEN = "details.entry-fold[open]"


def seven_models() -> dict[str, Any]:
    """The README's Dust Devils warband with a seventh model: a second Kestrel."""
    doc = example("crimson-dust/dust-devils-500.json")
    doc["points_limit"] = 600
    seventh = copy.deepcopy(doc["entries"][-1])
    seventh["name"] = "Kestrel Two"
    doc["entries"].append(seventh)
    return doc


@pytest.fixture
def world(browser: Any, live_server: Any) -> Iterator[dict[str, Any]]:  # noqa: F811
    """The packs, a player with the seven-model warband saved, and a page per screen."""
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    saved = saved_list_create(owner=user, document=seven_models())
    design = saved_list_create(
        owner=user, document=example("cs-hex/heavy-fighter-turret-legal.json")
    )
    contexts = []

    def open_on(screen: str, saved: SavedList = saved) -> Any:
        phone = screen == "phone"
        context = browser.new_context(
            viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        broken: list[str] = []
        page.on("pageerror", lambda error: broken.append(str(error)))
        page.on("console", lambda m: broken.append(m.text) if m.type == "error" else None)
        page.broken = broken
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "ada")
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(f"{live_server.url}/")
        page.goto(f"{live_server.url}/lists/{saved.uuid}/")
        return page

    expect.set_options(timeout=WAIT_MS)
    yield {"open_on": open_on, "saved": saved, "design": design}
    expect.set_options(timeout=None)
    for context in contexts:
        assert context.pages[0].broken == []  # no script error, no breach of the policy
        context.close()


def settled(page: Any) -> None:
    """htmx is idle: nothing running, queued or still being swapped in."""
    expect(
        page.locator(".htmx-request, .htmx-added, .htmx-settling, .htmx-swapping")
    ).to_have_count(0)


def open_indexes(page: Any) -> list[int]:
    ids = page.locator(OPEN).evaluate_all("els => els.map(el => el.id)")
    return [int(i.removeprefix("entry-")) for i in ids]


def height(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollHeight"))


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_seven_model_warband_fits_with_one_entry_open(world: dict[str, Any], screen: str) -> None:
    page = world["open_on"](screen)
    expect(page.locator("details.entry-fold")).to_have_count(7)
    assert open_indexes(page) == [0]
    expect(page.locator("#entry-6 .entry-title")).to_have_text("7. Kestrel Two")
    expect(page.locator("#entry-6-line .entry-points")).to_have_text("64 pts")
    # The unpriced weapons are one notice for the list, not a warning mark on each line.
    expect(page.locator(".entry-marks .mark.warning")).to_have_count(0)
    expect(page.locator(".unpriced-notice")).to_contain_text(
        "The book prints no points for 8 items in this list"
    )
    print(f"{screen} height: {height(page)}")
    assert height(page) <= TALLEST[screen]
    if SCREENSHOTS:
        lift = 330 if screen == "phone" else 560  # the open entry's end, then every line
        top = page.locator("#entry-1").evaluate("el => el.getBoundingClientRect().top")
        page.evaluate(f"window.scrollBy(0, {top - lift})")
        page.screenshot(path=str(Path(SCREENSHOTS) / f"builder-{screen}.png"))


def test_opening_an_entry_closes_the_one_open(world: dict[str, Any]) -> None:
    page = world["open_on"]("desktop")
    page.click("#entry-4 > summary")
    expect(page.locator("#entry-4")).to_have_attribute("open", "")
    assert open_indexes(page) == [4]
    expect(page.locator("#e4-name")).to_be_visible()
    expect(page.locator("#e0-name")).to_be_hidden()


def test_the_open_entry_stays_open_across_live_updates(world: dict[str, Any]) -> None:
    page = world["open_on"]("desktop")
    page.click("#entry-3 > summary")
    expect(page.locator("#entry-3")).to_have_attribute("open", "")
    page.select_option("#e3-quality", "veteran")  # a value: only the verdicts travel
    settled(page)
    assert open_indexes(page) == [3]
    expect(page.locator("#entry-3-line")).to_contain_text("pts")
    page.fill("#id_name", "Dust Devils Redux")  # a value outside the entries
    page.press("#id_name", "Tab")
    settled(page)
    assert open_indexes(page) == [3]
    page.select_option("#id_add", "medio")  # the whole builder is redrawn, the new one open
    page.click("button[name=action][value=add]")
    expect(page.locator("details.entry-fold")).to_have_count(8)
    settled(page)
    assert open_indexes(page) == [7]
    expect(page.locator("#e7-name")).to_be_visible()
    page.click("#entry-7 button[value='remove:7']")  # the open one goes: the first is opened
    expect(page.locator("details.entry-fold")).to_have_count(7)
    settled(page)
    assert open_indexes(page) == [0]


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_verdict_and_save_stay_on_screen_at_the_bottom(
    world: dict[str, Any], screen: str
) -> None:
    page = world["open_on"](screen)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(page.locator("#verdict-bar")).to_be_visible()
    assert in_view(page, "#verdict-bar")
    assert in_view(page, "#save-button")
    assert in_view(page, "#bar-export")
    expect(page.locator("#verdict-bar")).to_contain_text("Legal")


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_cs_hex_verdict_panel_is_never_taller_than_the_screen(
    world: dict[str, Any], screen: str
) -> None:
    page = world["open_on"](screen, world["design"])
    expect(page.locator("#verdict")).to_contain_text("Legal")
    panel = page.locator("aside.summary").bounding_box()
    assert panel is not None
    assert panel["height"] <= page.viewport_size["height"]
    inside, shown = page.locator("aside.summary").evaluate(
        "el => [el.scrollHeight, el.clientHeight]"
    )
    print(f"{screen} cs-hex panel: {inside} px inside, {shown} px shown")
    assert inside > shown  # the design's mass table is longer: it scrolls in its panel
