"""Adding and removing an entry draws the builder again: every earlier entry comes back
with all its boxes, ticked as the player left them, and the list posts them as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from content.services.packs import pack_load
from tests.browser import browser, desktop_page  # noqa: F401  (fixture)
from tests.builder.web.conftest import EXAMPLES
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    with desktop_page(browser) as page:
        yield page


def settled(page: Any) -> None:
    expect(
        page.locator(".htmx-request, .htmx-added, .htmx-settling, .htmx-swapping")
    ).to_have_count(0)


def boxes(page: Any, index: int) -> tuple[int, list[str]]:
    """How many boxes entry ``index`` draws once opened, and the values of those ticked."""
    page.evaluate(f"document.getElementById('entry-{index}').open = true")
    expect(page.locator(f"#entry-{index} template")).to_have_count(0)
    found = page.locator(f"#entry-{index} .checks input[type=checkbox]")
    ticked = page.locator(f"#entry-{index} .checks input[type=checkbox]:checked")
    return found.count(), [ticked.nth(i).get_attribute("value") for i in range(ticked.count())]


def test_a_warband_keeps_every_box_through_an_add_and_a_remove(page: Any, live_server: Any) -> None:
    page.goto(f"{live_server.url}/build/crimson-dust/warband/")
    page.set_input_files("#import_file", str(Path(EXAMPLES / "crimson-dust/dust-devils-500.json")))
    page.click("button:text-is('Import')")
    expect(page.locator("#entry-5")).to_be_attached()
    settled(page)
    before = [boxes(page, i) for i in range(6)]
    assert before[0][1] == ["av-2", "plus-1-rg", "critical-shot", "pistol", "rifle"]
    points = page.inner_text("#points-total")

    page.select_option("#id_add", "bestia")
    settled(page)
    page.click("button:text-is('Add')")
    expect(page.locator("#entry-6")).to_be_attached()
    settled(page)
    # Redrawn, a closed entry holds its boxes back until it is opened, posting its ticks.
    assert page.locator("#entry-0 template.boxes-to-open").count() > 0
    assert page.locator("#entry-0 .checks input[type=checkbox]").count() == 0
    kept = page.locator("#entry-0 input[data-until-opened]")
    assert [kept.nth(i).get_attribute("value") for i in range(kept.count())] == before[0][1]
    assert [boxes(page, i) for i in range(6)] == before
    assert page.inner_text("#points-total") != points

    page.locator("button[name='action'][value='remove:6']").dispatch_event("click")
    expect(page.locator("#entry-6")).to_have_count(0)
    settled(page)
    assert [boxes(page, i) for i in range(6)] == before
    assert page.inner_text("#points-total") == points
    exported = json.loads(page.locator("#export-document").get_attribute("value"))
    assert exported["entries"][0]["upgrades"] == ["av-2", "plus-1-rg"]
    assert exported["entries"][0]["skills"] == ["critical-shot"]
