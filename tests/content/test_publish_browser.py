"""From the admin to the players, in Debian's Chromium: a collector enters a plane with its
dial, sees one unpublished change, publishes it, and at once a player flies that plane in a
squadron while a list saved before is offered the upgrade."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.services import saved_list_create
from content.models import ContentPack, GameSystem
from content.services.collection import collection_pack_get_or_create
from content.services.packs import pack_load
from tests.browser import browser, signed_in_pages  # noqa: F401  (fixture)
from tests.builder.players_fixtures import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
COLLECTION = "cs-air-action-collection"
COLLECTION_TITLE = "Crimson Skies: Air Action: collection"
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")  # a folder: save the pages seen


def screenshot(page: Any, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / f"publish-{name}.png"), full_page=True)


@pytest.fixture
def world(browser: Any, live_server: Any) -> Iterator[dict[str, Any]]:  # noqa: F811
    """The packs loaded, a collector's pack already started (0.1.0, empty), a curator, and
    a player with a squadron saved against the packs as they are now."""
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    collection_pack_get_or_create(system=GameSystem.objects.get(slug="cs-air-action"))
    users = get_user_model().objects
    users.create_superuser("curator", "c@example.com", PASSWORD)
    player = users.create_user("ada", password=PASSWORD)
    document = example("cs-air-action/bloodhawks-200.json")
    saved = saved_list_create(owner=player, document=document)
    with signed_in_pages(browser, live_server.url, PASSWORD) as open_page:
        yield {"open": open_page, "saved": saved}


def fill_dial_row(page: Any, row: int, values: list[str], markers: tuple[str, ...] = ()) -> None:
    grid = page.locator(".muster-dial-editor tbody tr.dial-row").nth(row)
    for cell, value in zip(grid.locator("input.dial-value").all(), values, strict=True):
        cell.fill(value)
    for marker in markers:
        grid.locator(f"input[data-marker={marker}]").check()


def enter_a_plane_with_its_dial(admin: Any, url: str) -> None:
    admin.goto(f"{url}/admin/content/figure/")
    admin.get_by_role("link", name="Add figure").click()
    admin.get_by_role("link", name="Crimson Skies: Air Action").click()
    expect(admin.locator("#publish-notice")).to_contain_text(
        "reaches players when its pack is published"
    )
    admin.locator("#id_name").press_sequentially("Lou Bright (Fury)")
    admin.select_option('[name="rjf§kind"]', "plane")
    admin.fill('[name="rjf§point_value"]', "55")
    admin.fill('[name="rjf§collector_number"]', "101")
    admin.fill('[name="rjf§pilot"]', "Lou Bright")
    admin.fill('[name="rjf§plane_model"]', "Fury")
    admin.fill('[name="rjf§base§silhouette"]', "4")
    admin.fill('[name="rjf§base§front_range"]', "3")
    admin.fill('[name="rjf§base§rear_range"]', "1")
    fill_dial_row(admin, 0, ["7", "4", "1", "6"], ("start",))
    admin.get_by_role("button", name="Add click").click()
    fill_dial_row(admin, 1, ["6", "3", "1", "5"])
    admin.get_by_role("button", name="Add click").click()
    fill_dial_row(admin, 2, ["", "", "", ""], ("ko",))
    admin.click("input[name=_save]")
    expect(admin.locator(".messagelist .success")).to_be_visible()


def test_a_plane_entered_and_published_in_the_admin_is_flown_at_once(world, live_server):
    url = live_server.url
    admin = world["open"]("curator", "/admin/login/", "input[type=submit]")
    enter_a_plane_with_its_dial(admin, url)

    # The record's page says where its edits go, and how many wait there.
    admin.locator("#result_list").get_by_role("link", name="Lou Bright (Fury)", exact=True).click()
    notice = admin.locator("#publish-notice")
    expect(notice).to_contain_text(
        f"Edits reach players when pack {COLLECTION} is published (1 unpublished change)."
    )
    screenshot(admin, "record")
    notice.get_by_role("link", name=f"Review and publish {COLLECTION}").click()

    expect(admin.locator("#unpublished-count")).to_have_text("1 unpublished change")
    status = admin.locator(".muster-publish-status")
    expect(status).to_contain_text(f"publishing writes {COLLECTION} 0.2.0")
    expect(status).to_contain_text("(minor: 1 record added) over the published 0.1.0.")
    added = admin.locator("ul.muster-diff-added > li")
    expect(added).to_have_count(1)
    expect(added.first).to_contain_text("figure Lou Bright (Fury)")
    expect(added.first).to_contain_text("price Point value: 55")
    expect(added.first.locator(".muster-diff-part")).to_have_text(
        "with its combat dial Lou Bright (Fury) combat dial"
    )

    screenshot(admin, "diff")

    # The list of packs counts it too, before and after.
    admin.goto(f"{url}/admin/content/contentpack/")
    row = admin.locator("#result_list tr", has_text=COLLECTION)
    expect(row.locator("td.field-unpublished")).to_have_text("1 unpublished change")
    screenshot(admin, "packs")
    row.locator("td.field-unpublished a").click()

    admin.get_by_role("button", name="Publish 0.2.0").click()
    expect(admin.locator(".messagelist .success")).to_have_text(
        f"Published {COLLECTION} 0.2.0 (minor: 1 record added)"
    )
    expect(admin.locator("#unpublished-count")).to_have_text("Published: nothing to publish")
    screenshot(admin, "published")
    assert ContentPack.objects.get(pack_id=COLLECTION).version == "0.2.0"

    # A player builds with it at once: it is in the picker, and priced.
    player = world["open"]("ada", "/accounts/login/", "button:text-is('Log in')")
    player.goto(f"{url}/build/cs-air-action/squadron/")
    expect(player.locator("#id_add option[value='lou-bright-fury']")).to_have_count(1)
    player.select_option("#id_add", "lou-bright-fury")
    player.click("button:text-is('Add')")
    expect(player.locator("#entry-0")).to_contain_text("Lou Bright (Fury)")
    expect(player.locator("#points-total")).to_have_text("55")

    # A list saved before stays on the old version and is offered the upgrade.
    saved = world["saved"]
    player.goto(f"{url}/lists/{saved.uuid}/")
    expect(player.locator("#sharing ~ p", has_text="Built against")).to_contain_text(
        f"{COLLECTION_TITLE} 0.1.0"  # the pack by its title, not its id
    )
    player.get_by_role("link", name="Preview an upgrade to the newest packs").click()
    player.wait_for_url(re.compile(r"/upgrade/$"))
    expect(player.locator("main li", has_text=COLLECTION_TITLE)).to_have_text(
        f"{COLLECTION_TITLE}: 0.1.0 → 0.2.0"
    )
    expect(player.get_by_role("button", name="Upgrade this list")).to_be_visible()
