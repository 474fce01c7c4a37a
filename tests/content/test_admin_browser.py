"""A collector in a real browser: logs in, finds a figure, reads its dial, and a bad edit
is refused at the field with nothing saved."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from content.models import CombatDial, Figure
from content.services.packs import pack_load
from tests.browser import browser  # noqa: F401  (fixture)
from tests.conftest import pack_paths, read_pack

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def page(browser, live_server):  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    get_user_model().objects.create_superuser("curator", "c@example.com", "a-long-password")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "curator")
    page.fill("#id_password", "a-long-password")
    page.click("input[type=submit]")
    page.wait_for_selector("#site-name")
    yield page
    context.close()


def test_a_collector_finds_a_plane_and_reads_its_dial(page, live_server):
    figure = Figure.objects.filter(kind="plane", combat_dial__isnull=False).first()
    page.goto(f"{live_server.url}/admin/content/figure/")
    page.fill("#searchbar", figure.name.split()[0])
    page.press("#searchbar", "Enter")
    page.get_by_role("link", name=figure.name, exact=True).click()
    page.wait_for_selector("table.muster-dial")

    rows = page.locator("table.muster-dial").first.locator("tbody tr")
    assert rows.count() == len(figure.combat_dial.data["clicks"])
    dial = figure.combat_dial.data
    cells = rows.nth(0).locator("td").all_inner_texts()
    assert [c.split()[0] for c in cells[:-1]] == [
        "1",
        *(str(dial["clicks"][0]["values"][stat]) for stat in dial["stats"]),
    ]
    assert cells[-1] == "start"


def test_an_invalid_dial_is_refused_in_the_browser(page, live_server):
    dial = CombatDial.objects.filter(system__slug="cs-air-action").first()
    bad = json.loads(json.dumps(dial.data))
    bad["clicks"][1]["values"]["piloting"] = "seven"
    page.goto(f"{live_server.url}/admin/content/combatdial/{dial.pk}/change/")
    page.fill("textarea[name=data]", json.dumps(bad))
    page.click("input[name=_save]")

    error = page.locator(".errorlist").first.inner_text()
    assert error == "$.clicks[1].values.piloting: 'seven' is not of type 'integer', 'null'"
    dial.refresh_from_db()
    assert dial.data["clicks"][1]["values"]["piloting"] != "seven"
