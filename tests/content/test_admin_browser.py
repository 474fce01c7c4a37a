"""A collector in a real browser: logs in, finds a figure, reads its dial, enters a new
figure with its dial and photo through the forms, imports ten more from a spreadsheet, and
a bad edit is refused at the field with nothing saved."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from PIL import Image
from playwright.sync_api import expect

from content.models import CombatDial, Figure, GameSystem
from content.services.packs import pack_load
from tests.browser import browser  # noqa: F401  (fixture)
from tests.conftest import pack_paths, read_pack

pytestmark = pytest.mark.django_db(transaction=True)


EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "collecting" / "example-squadron.csv"
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")  # a folder: save the pages seen


def screenshot(page, name: str, part: str | None = None) -> None:
    """Save what the collector sees (``part``: only that element) when asked to."""
    if not SCREENSHOTS:
        return
    path = str(Path(SCREENSHOTS) / f"admin-{name}.png")
    if part:
        page.locator(part).first.screenshot(path=path)
    else:
        page.screenshot(path=path, full_page=True)


@pytest.fixture
def page(browser, live_server, settings, tmp_path):  # noqa: F811
    settings.MEDIA_ROOT = tmp_path / "media"
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    get_user_model().objects.create_superuser("curator", "c@example.com", "a-long-password")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('django.admin.navSidebarIsOpen', 'false')")
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
    page.goto(f"{live_server.url}/admin/content/combatdial/{dial.pk}/change/?raw=1")
    page.fill("textarea[name=data]", json.dumps(bad))
    page.click("input[name=_save]")

    error = page.locator(".errorlist").first.inner_text()
    assert error == "$.clicks[1].values.piloting: 'seven' is not of type 'integer', 'null'"
    dial.refresh_from_db()
    assert dial.data["clicks"][1]["values"]["piloting"] != "seven"


def fill_dial_row(page, row: int, values: list[str], markers: tuple[str, ...] = ()) -> None:
    grid = page.locator(".muster-dial-editor tbody tr.dial-row").nth(row)
    for cell, value in zip(grid.locator("input.dial-value").all(), values, strict=True):
        cell.fill(value)
    for marker in markers:
        grid.locator(f"input[data-marker={marker}]").check()


def test_a_collector_enters_a_figure_with_its_dial_and_photo_then_imports_ten(
    page, live_server, tmp_path
):
    system = GameSystem.objects.get(slug="cs-air-action")
    page.goto(f"{live_server.url}/admin/content/figure/")
    page.get_by_role("link", name="Add figure").click()
    page.get_by_role("link", name="Crimson Skies: Air Action").click()

    page.locator("#id_name").press_sequentially("Lou Bright (Fury)")
    # The id is filled in by script as keys arrive: on a busy machine it trails the typing.
    expect(page.locator("#id_stable_id")).to_have_value("lou-bright-fury")
    page.select_option('[name="rjf§kind"]', "plane")
    page.fill('[name="rjf§point_value"]', "55")
    page.fill('[name="rjf§collector_number"]', "101")
    page.fill('[name="rjf§pilot"]', "Lou Bright")
    page.fill('[name="rjf§plane_model"]', "Fury")
    page.fill('[name="rjf§base§silhouette"]', "4")
    page.fill('[name="rjf§base§front_range"]', "3")
    page.fill('[name="rjf§base§rear_range"]', "1")

    fill_dial_row(page, 0, ["7", "4", "1", "6"], ("start",))
    page.locator(".muster-dial-editor tbody tr.dial-row").nth(0).locator("select.dial-colour").nth(
        1
    ).select_option("sample-deadeye")
    page.get_by_role("button", name="Add click").click()
    fill_dial_row(page, 1, ["6", "3", "1", "-1"])
    page.get_by_role("button", name="Add click").click()
    fill_dial_row(page, 2, ["", "", "", ""], ("ko",))
    preview = page.locator(".muster-dial-preview table tbody tr")
    assert preview.count() == 3
    deadeye = preview.nth(0).locator("td").nth(2)
    assert deadeye.inner_text() == "4 (Deadeye (sample))"
    # Green from admin.css's colour class (the site's dial green), not an inline style.
    assert deadeye.evaluate("td => td.className") == "muster-clr-green"
    assert deadeye.evaluate("td => getComputedStyle(td).backgroundColor") == "rgb(29, 107, 50)"
    screenshot(page, "dial-editor", "fieldset:has(.muster-dial-editor)")

    photo = tmp_path / "fury.png"
    Image.new("RGB", (300, 200), (180, 40, 40)).save(photo)
    page.set_input_files("#id_photo", str(photo))
    page.click("input[name=_save]")

    # -1 piloting is refused at its cell; nothing is saved, what was typed stays
    page.wait_for_selector(".errornote")
    cell = page.locator(".dial-cell.has-error")
    assert cell.count() == 1
    assert cell.locator(".errorlist").inner_text() == "-1 is less than the minimum of 0"
    assert cell.locator("input.dial-value").input_value() == "-1"
    assert not Figure.objects.filter(stable_id="lou-bright-fury").exists()

    cell.locator("input.dial-value").fill("7")
    page.set_input_files("#id_photo", str(photo))
    page.click("input[name=_save]")
    page.wait_for_selector(".messagelist .success")

    figure = Figure.objects.get(system=system, stable_id="lou-bright-fury")
    assert [c["values"]["piloting"] for c in figure.combat_dial.data["clicks"]] == [6, 7, None]
    assert figure.combat_dial.data["clicks"][0]["colours"] == {"front_gunnery": "sample-deadeye"}
    row = page.locator("#result_list tr", has_text="Lou Bright (Fury)")
    thumb = row.locator("img.muster-thumb")
    # decode() settles once the thumbnail has loaded, however busy the machine is.
    assert thumb.evaluate("img => img.decode().then(() => img.naturalWidth)") == 96
    assert row.locator(".muster-badge").inner_text() == "real"
    screenshot(page, "figure-list", "#changelist")

    page.get_by_role("link", name="Import").click()
    page.set_input_files("#id_import_file", str(EXAMPLE))
    page.select_option("#id_format", label="csv")
    page.click("input[type=submit]")
    page.wait_for_selector("input[name=confirm]")
    assert page.locator("table.import-preview tbody tr").count() == 10
    screenshot(page, "import-preview")
    page.click("input[name=confirm]")
    page.wait_for_selector(".messagelist .success")
    assert Figure.objects.filter(pack__pack_id="cs-air-action-collection").count() == 11


def test_an_archetype_reads_as_its_profiles_and_costs(page, live_server):
    from content.models import Archetype

    archetype = Archetype.objects.filter(data__upgrades__isnull=False).order_by("name").last()
    page.goto(f"{live_server.url}/admin/content/archetype/{archetype.pk}/change/")
    profiles = page.locator("table.muster-profiles tbody tr")
    assert profiles.count() == 3
    assert profiles.nth(0).locator("th").inner_text() == "Green"
    assert page.locator("table.muster-upgrades tbody tr").count() == len(archetype.data["upgrades"])
    screenshot(page, "archetype", ".form-row.field-data_preview")
