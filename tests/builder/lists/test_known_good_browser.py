"""From a player's report to a publication held back, in Debian's Chromium: a player says a
price is wrong on their list's page, a maintainer turns the report into a known-good list in
one step, a re-price then shows the list CHANGED on the Publish page, publishing is refused
until the new result is accepted, and the player reads what became of their report."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.services import saved_list_create
from content.models import ContentPack, Figure
from content.services import record_save
from content.services.packs import pack_load
from tests.browser import browser, signed_in_pages  # noqa: F401  (fixture)
from tests.builder.players_fixtures import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
CORE = "cs-air-action-core"
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")  # a folder: save the pages seen


def screenshot(page: Any, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / f"known-good-{name}.png"), full_page=True)


@pytest.fixture
def world(browser: Any, live_server: Any) -> Iterator[dict[str, Any]]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    users = get_user_model().objects
    users.create_superuser("curator", "c@example.com", PASSWORD)
    player = users.create_user("ada", password=PASSWORD)
    saved = saved_list_create(owner=player, document=example("cs-air-action/bloodhawks-200.json"))
    with signed_in_pages(browser, live_server.url, PASSWORD) as open_page:
        yield {"open": open_page, "saved": saved}


def test_a_report_becomes_a_known_good_list_that_holds_a_publication_back(world, live_server):
    url = live_server.url
    saved = world["saved"]

    player = world["open"]("ada", "/accounts/login/", "button:text-is('Log in')")
    player.goto(f"{url}/lists/{saved.uuid}/")
    player.click(".report-fold > summary")
    player.fill("#report-message", "Genghis is 48 on his card; keep this list at 168.")
    player.select_option("#report-entry", label="2. Genghis (Bloodhawk)")
    player.click("#report-send")
    expect(player.locator(".message.success")).to_have_text(
        "Thank you: your report reached the maintainers."
    )
    expect(player.locator("#my-reports li")).to_contain_text(
        "Open: the maintainers have not answered yet."
    )
    screenshot(player, "reported")

    admin = world["open"]("curator", "/admin/login/", "input[type=submit]")
    admin.goto(f"{url}/admin/lists/listreport/")
    row = admin.locator("#result_list tbody tr", has_text="Bloodhawks")
    row.locator("input.action-select").check()
    admin.select_option("select[name=action]", "make_known_good")
    admin.get_by_role("button", name="Go").click()
    expect(admin.locator(".messagelist .success")).to_have_text(
        f"Made known-good list(s): Bloodhawks ({CORE}: must stay legal, 168 points)."
    )

    genghis = Figure.objects.get(stable_id="genghis-bloodhawk")
    genghis.data = {**genghis.data, "point_value": 52}
    record_save(record=genghis)

    pack = ContentPack.objects.get(pack_id=CORE)
    admin.goto(f"{url}/admin/content/contentpack/{pack.pk}/publish/")
    changed = admin.locator(".muster-known-good-changed")
    expect(changed).to_contain_text("CHANGED: Known-good list Bloodhawks")
    expect(changed).to_contain_text("Points 168 → 172")
    expect(admin.locator("#publish-refused")).to_be_visible()
    expect(admin.get_by_role("button", name="Publish 2.0.0")).to_have_count(0)
    screenshot(admin, "held-back")

    changed.get_by_role("button", name="Accept new result").click()
    expect(admin.locator(".messagelist .success")).to_have_text(
        "Accepted the new result of Bloodhawks: it must now stay legal, 172 points."
    )
    expect(admin.locator(".muster-known-good-kept")).to_contain_text(
        "Kept: Known-good list Bloodhawks"
    )
    admin.get_by_role("button", name="Publish 2.0.0").click()
    expect(admin.locator(".messagelist .success")).to_have_text(
        f"Published {CORE} 2.0.0 (major: 1 record changed (1 price))"
    )

    player.goto(f"{url}/lists/{saved.uuid}/")
    expect(player.locator("#my-reports li")).to_contain_text(
        "Turned into a known-good list: every new version of the pack is checked against it "
        "before it is published."
    )
    screenshot(player, "answered")
