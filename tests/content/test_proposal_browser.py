"""A collector who is not staff corrects a dial, in Debian's Chromium: the site's form (the
admin's own dial editor) refuses a value the schema forbids beside its cell, takes the
corrected one as a pending proposal, a maintainer approves it in the admin and publishes,
and the pack's next version credits the collector and shows the click that changed."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from content.models import CombatDial, ContentPack
from content.proposals import RecordProposal
from content.services.packs import pack_load
from tests.browser import browser, signed_in_pages  # noqa: F401  (fixture)
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
CORE = "cs-air-action-core"
PLANE = "charlie-steele-fury"
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")  # a folder: save the pages seen


def screenshot(page: Any, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / f"proposal-{name}.png"), full_page=True)


@pytest.fixture
def world(browser: Any, live_server: Any) -> Iterator[dict[str, Any]]:  # noqa: F811
    """The packs loaded, a maintainer, and a collector who is not staff."""
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    users = get_user_model().objects
    users.create_superuser("curator", "c@example.com", PASSWORD)
    users.create_user("ada", password=PASSWORD)
    with signed_in_pages(browser, live_server.url, PASSWORD) as open_page:
        yield {"open": open_page}


def piloting_cell(page: Any, click: int) -> Any:
    return (
        page.locator(".muster-dial-editor tbody tr.dial-row")
        .nth(click)
        .locator("td.dial-cell", has=page.locator("input[data-stat=piloting]"))
    )


def test_a_collectors_dial_correction_is_approved_published_and_credited(
    world: dict[str, Any], live_server: Any
) -> None:
    url = live_server.url
    collector = world["open"]("ada", "/accounts/login/", "button:text-is('Log in')")
    collector.goto(f"{url}/catalogue/cs-air-action/figure/{PLANE}/")
    collector.get_by_role("link", name="Suggest a correction").click()
    expect(collector.locator("h1")).to_have_text(
        'Suggest a correction: Charlotte "Charlie" Steele (Fury)'
    )
    expect(collector.locator('[name="rjf§point_value"]')).to_have_value("64")

    # A value the dial's schema forbids is refused beside its own cell, and nothing is sent.
    cell = piloting_cell(collector, 2)
    expect(cell.locator("input.dial-value")).to_have_value("7")
    cell.locator("input.dial-value").fill("-1")
    collector.get_by_role("button", name="Send the proposal").click()
    cell = piloting_cell(collector, 2)
    expect(cell).to_have_class(re.compile(r"\bhas-error\b"))
    expect(cell.locator(".errorlist")).to_have_text("-1 is less than the minimum of 0")
    screenshot(collector, "refused")
    assert RecordProposal.objects.count() == 0

    # The corrected value is sent, and waits for review.
    cell.locator("input.dial-value").fill("8")
    collector.fill("#id_message", "Click 3 reads piloting 8 on my figure.")
    collector.get_by_role("button", name="Send the proposal").click()
    collector.wait_for_url(re.compile(r"/proposals/$"))
    row = collector.locator("table.proposals tbody tr").first
    expect(row.locator("td.status")).to_have_text("Waiting for review")
    screenshot(collector, "pending")
    dial = CombatDial.objects.get(stable_id=f"{PLANE}-dial")
    assert dial.data["clicks"][2]["values"]["piloting"] == 7

    # A maintainer reads it as a diff and approves it.
    admin = world["open"]("curator", "/admin/login/", "input[type=submit]")
    admin.goto(f"{url}/admin/content/recordproposal/")
    admin.locator("#result_list").get_by_role(
        "link", name='Charlotte "Charlie" Steele (Fury)'
    ).click()
    change = admin.locator("table.muster-diff-fields tbody tr")
    expect(change).to_have_count(1)
    expect(change.first).to_have_text(re.compile(r"Clicks 3 › Values › Piloting\s*7\s*8"))
    expect(admin.locator("#proposal-message")).to_have_text(
        "Click 3 reads piloting 8 on my figure."
    )
    screenshot(admin, "review")
    admin.get_by_role("button", name="Approve").click()
    expect(admin.locator(".messagelist .success")).to_contain_text(
        f"pack {CORE} now has 1 unpublished change."
    )
    admin.get_by_role("link", name=f"Review and publish {CORE}").click()
    expect(admin.locator("#unpublished-count")).to_have_text("1 unpublished change")
    expect(admin.locator("#proposals-waiting li")).to_have_text(
        'Figure Charlotte "Charlie" Steele (Fury) (correction), proposed by ada'
    )
    screenshot(admin, "publish")
    admin.get_by_role("button", name="Publish 1.0.1").click()
    expect(admin.locator(".messagelist .success")).to_have_text(
        f"Published {CORE} 1.0.1 (patch: 1 record changed)"
    )
    assert ContentPack.objects.get(pack_id=CORE).version == "1.0.1"

    # The pack's page credits the collector, and the diff shows the click that changed.
    collector.goto(f"{url}/packs/{CORE}/")
    version = collector.locator("section#v1\\.0\\.1")
    expect(version.locator("dd.contributors")).to_have_text("ada")
    screenshot(collector, "credited")
    version.get_by_role("link", name="What changed since 1.0.0").click()
    expect(collector.locator("h1")).to_contain_text("1.0.0 → 1.0.1")
    expect(collector.locator("main li li")).to_have_text("Clicks 3 › Values › Piloting: 7 → 8")
    screenshot(collector, "diff")

    collector.goto(f"{url}/proposals/")
    expect(row.locator("td.status .badge")).to_have_text("Approved")
    expect(row.locator("td.status small")).to_have_text(f"in {CORE} 1.0.1")
