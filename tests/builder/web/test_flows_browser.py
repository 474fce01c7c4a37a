"""Whole flows a person does, in Debian's Chromium: the page as served, htmx included."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from pypdf import PdfReader

from builder.celery import app as celery_app
from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from builder.simulations import services as simulation_services
from builder.simulations.models import SimulationJob
from content.services.packs import pack_load
from tests.browser import browser, desktop_page  # noqa: F401  (fixture)
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
PASSWORD = "a-long-pass-phrase"


WAIT_MS = 10_000
"""How long a step may take: actions and assertions share one budget, so an assertion under
load is not cut shorter than the action before it (Playwright's own is 5 s)."""


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    with desktop_page(browser, wait_ms=WAIT_MS) as page:
        yield page


def log_in(page: Any, live_server: Any, username: str = "ada") -> Any:
    user = get_user_model().objects.create_user(username, password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:text-is('Log in')")
    page.wait_for_url(f"{live_server.url}/")
    return user


def points(page: Any) -> str:
    return page.inner_text("#points-total")


def settled(page: Any) -> None:
    """Wait until htmx is idle: no request running or queued behind one, and what it swapped
    in wired up. htmx marks an element ``htmx-request`` while its request runs, and new
    content ``htmx-added`` (its target ``htmx-settling``) until it has attached the new
    controls' own triggers; a control changed before that would post as a plain check."""
    expect(
        page.locator(".htmx-request, .htmx-added, .htmx-settling, .htmx-swapping")
    ).to_have_count(0)


def wait_points(page: Any, value: str) -> None:
    expect(page.locator("#points-total")).to_have_text(value)
    settled(page)


@pytest.fixture
def eager_workers(settings: Any, tmp_path: Any) -> Iterator[None]:
    """Jobs run as soon as they are queued, and PDFs go to a fresh folder."""
    settings.PRINT_ROOT = tmp_path / "print"
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def test_sign_up_build_break_fix_save_and_print_a_warband(
    page: Any, live_server: Any, eager_workers: None
) -> None:
    page.goto(f"{live_server.url}/")
    page.click("text=Sign up")
    page.fill("#id_username", "ada")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("button:text-is('Create my account')")
    page.wait_for_selector("text=Signed in as")

    page.goto(f"{live_server.url}/build/crimson-dust/warband/")
    page.fill("#id_name", "Dust Devils")
    page.select_option("#id_add", "medio")
    page.click("button:text-is('Add')")
    page.wait_for_selector("#entry-0")
    assert points(page) == "50"
    settled(page)
    page.fill("#e0-name", "Sergeant Vance")
    page.select_option("#e0-quality", "veteran")  # redraws the entry with veteran prices
    wait_points(page, "75")
    page.check("#e0-upgrades-av-2")
    wait_points(page, "94")
    assert page.inner_text("#verdict .badge") == "Legal"

    page.click("#entry-0 summary:has-text('Skills')")
    page.check("#e0-skills-heroic")  # Heroic is for personality models only
    error = page.wait_for_selector(
        "#entry-0-verdict .violation.error[data-code='crimson-dust.heroic-not-personality']"
    )
    assert "Heroic" in error.inner_text() or "heroic" in error.inner_text()
    assert page.inner_text("#verdict .badge") == "Not legal"

    page.check("#e0-personality")
    page.wait_for_selector("#entry-0-verdict .violation.error", state="detached")
    assert page.inner_text("#verdict .badge") == "Legal"
    assert points(page) == "114"
    settled(page)

    page.click("#save-button")
    page.wait_for_url(re.compile(r"/lists/[0-9a-f-]+/$"))
    saved = SavedList.objects.get()
    assert (saved.name, saved.points, saved.legal) == ("Dust Devils", 114, True)
    assert saved.document["entries"][0]["skills"] == ["heroic"]
    assert page.input_value("#e0-name") == "Sergeant Vance"

    page.click("#print-list")
    assert page.input_value("#kind") == "roster"
    page.click("button:text-is('Make the PDF')")
    page.wait_for_selector("#download-pdf", timeout=60_000)
    with page.expect_download() as download:
        page.click("#download-pdf")
    pdf = Path(download.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Dust Devils" in text
    assert "Sergeant Vance" in text


def test_a_collector_builds_an_air_action_squadron_from_owned_figures(
    page: Any, live_server: Any
) -> None:
    log_in(page, live_server)
    page.goto(f"{live_server.url}/collection/cs-air-action/")
    owned = {
        "genghis-bloodhawk": "Genghis (Bloodhawk)",
        "show-stopper-kestrel": "Show-stopper (Kestrel)",
    }
    for figure, name in owned.items():
        page.fill(f"#q-figure-{figure}", "1")
        # Each count is saved as it changes. The status names the row, so the wait ends on
        # this row's answer (the second status would otherwise read like the first), and an
        # answer comes only once the count is stored.
        with page.expect_response(
            lambda r: r.request.method == "POST" and "/collection/" in r.url
        ) as saved_count:
            page.press(f"#q-figure-{figure}", "Tab")
        assert saved_count.value.ok
        expect(page.locator("#collection-status")).to_have_text(f"Collection saved: {name} × 1.")
    page.click("text=Build from my collection")
    page.wait_for_url(re.compile(r"from_collection=1"))
    offered = page.locator("#id_add option")
    expect(offered).to_have_count(3)
    assert offered.evaluate_all("os => os.map(o => o.value)") == [
        "",
        "genghis-bloodhawk",
        "show-stopper-kestrel",
    ]
    for index, figure in enumerate(owned):
        page.select_option("#id_add", figure)
        page.click("button:text-is('Add')")
        expect(page.locator(f"#entry-{index}")).to_be_visible()
        settled(page)
    wait_points(page, "88")
    expect(page.locator("#fielding")).to_have_text("You can field this")
    page.click("#save-button")
    page.wait_for_url(re.compile(r"/lists/[0-9a-f-]+/$"))
    assert SavedList.objects.get().points == 88


def budget(page: Any) -> Any:
    """The verdict's first line: "2 / 2 hardpoints used", "2 / 2 fighters"."""
    return page.locator("#verdict p").first


def test_a_fighter_designed_by_pickers_then_flown_in_a_squadron(
    page: Any, live_server: Any
) -> None:
    log_in(page, live_server)
    page.goto(f"{live_server.url}/build/black-skies/fighter/")
    expect(budget(page)).to_have_text("1 / 3 hardpoints used")
    settled(page)
    page.fill("#id_name", "Dart")
    page.fill("#e0-name", "Dart")
    page.select_option("#e0-weight", "light")
    expect(budget(page)).to_have_text("1 / 2 hardpoints used")
    settled(page)
    page.select_option("#e0-armour", "light-armour")
    expect(budget(page)).to_have_text("2 / 2 hardpoints used")
    settled(page)
    page.check("#e0-thrusters-rear-thrusters")
    expect(page.locator("#verdict .badge")).to_have_text("Legal")
    settled(page)

    # A second cannon in the row that adds a weapon: the design is drawn again, with a new
    # empty row, and it is now over its hardpoints.
    page.select_option("#e0-weapons-1-weapon", "laser-cannon")
    expect(page.locator("#e0-weapons-2-weapon")).to_be_attached()
    settled(page)
    over = page.locator(
        "#entry-0-verdict .violation.error[data-code='black-skies.over-hardpoints']"
    )
    expect(over).to_contain_text(
        "Dart uses 3 hardpoints (weapons 2, armour 1, shields 0), 1 over the 2 of a light fighter"
    )
    expect(page.locator("#entry-0-verdict .price")).to_have_text("3 of 2 hardpoints")
    expect(page.locator("#verdict .badge")).to_have_text("Not legal")
    settled(page)

    page.select_option("#e0-armour", "no-armour")  # the fix: both cannons, no armour
    expect(over).to_have_count(0)
    expect(budget(page)).to_have_text("2 / 2 hardpoints used")
    expect(page.locator("#verdict .badge")).to_have_text("Legal")
    settled(page)
    page.click("#save-button")
    page.wait_for_url(re.compile(r"/lists/[0-9a-f-]+/$"))
    dart = SavedList.objects.get()
    assert (dart.kind, dart.points, dart.points_limit, dart.legal) == ("fighter", 2, 2, True)
    design = {
        "name": "Dart",
        "weight": "light",
        "thrusters": ["rear-thrusters"],
        "weapons": [{"weapon": "laser-cannon", "count": 1}] * 2,
        "armour": "no-armour",
        "shields": 0,
    }
    assert dart.document["entries"] == [design]

    page.goto(f"{live_server.url}/build/black-skies/squadron/")
    page.fill("#id_name", "Dart flight")
    page.fill("#id_points_limit", "2")
    settled(page)
    page.select_option("#id_add", f"list:{dart.uuid}")  # my saved design
    page.click("button:text-is('Add')")
    # A fighter flying my saved design is linked to it and says so.
    expect(page.locator("#e0-design")).to_have_value(f"list:{dart.uuid}")
    expect(page.locator("#entry-0")).to_contain_text("From your design Dart: ")
    settled(page)
    page.select_option("#id_add", "black-tiger")  # the catalogue's design
    page.click("button:text-is('Add')")
    expect(page.locator("#entry-1")).to_be_visible()
    settled(page)
    mixed = page.locator(
        "#entry-1-verdict .violation.error[data-code='black-skies.element-mixed-designs']"
    )
    expect(mixed).to_contain_text("Element Red mixes Black Tiger and Dart")
    settled(page)
    page.select_option("#e1-design", f"list:{dart.uuid}")  # the wingman flies a Dart too
    expect(page.locator("#entry-1")).to_contain_text("From your design Dart: ")
    settled(page)
    expect(mixed).to_have_count(0)
    page.click("#entry-0 > summary")  # one entry open at a time
    page.fill("#e0-pilot-name", "Kell")
    page.select_option("#e0-pilot-skill", "4")
    expect(budget(page)).to_have_text("2 / 2 fighters")
    expect(page.locator("#verdict")).to_contain_text("Elements: Red (2, Dart)")
    expect(page.locator("#verdict .badge")).to_have_text("Legal")
    settled(page)
    page.click("#save-button")
    page.wait_for_url(re.compile(r"/lists/[0-9a-f-]+/$"))
    flight = SavedList.objects.get(kind="squadron")
    assert (flight.points, flight.points_limit, flight.legal) == (2, 2, True)
    assert flight.document["entries"][0]["pilot"] == {"name": "Kell", "skill": 4}
    assert [e["design"] for e in flight.document["entries"]] == [design, design]


def test_a_warband_model_rides_a_mount_picked_from_the_catalogue(
    page: Any, live_server: Any
) -> None:
    page.goto(f"{live_server.url}/build/crimson-dust/warband/")
    page.select_option("#id_add", "medio")
    page.click("button:text-is('Add')")
    expect(page.locator("#entry-0")).to_be_visible()
    settled(page)
    page.select_option("#e0-quality", "green")
    wait_points(page, "30")
    page.select_option("#e0-mount-archetype", "bestia")  # draws the mount's own fields
    expect(page.locator("#e0-mount-name")).to_be_visible()
    settled(page)
    wait_points(page, "40")  # Bestia 20, "Used as mount" -10
    page.fill("#e0-mount-name", "Old Thunder")
    page.check("#e0-mount-upgrades-av-1")
    wait_points(page, "43")
    expect(page.locator("#entry-0-verdict .price")).to_have_text("43 pts")
    exported = page.locator("#export-document")
    expect(exported).to_have_attribute("value", re.compile("Old Thunder"))
    mount = json.loads(exported.get_attribute("value"))["entries"][0]["mount"]
    assert mount == {"name": "Old Thunder", "archetype": "bestia", "upgrades": ["av-1"]}
    page.select_option("#e0-mount-archetype", "")  # and off again
    expect(page.locator("#e0-mount-name")).to_have_count(0)
    wait_points(page, "30")


def test_a_hex_design_goes_over_its_mass_budget_and_back(page: Any, live_server: Any) -> None:
    page.goto(f"{live_server.url}/build/cs-hex/plane/")
    page.wait_for_selector("text=mass left")
    page.select_option("#id_add", "gun")
    page.click("button:text-is('Add')")
    page.wait_for_selector("#e1-count")
    settled(page)
    page.select_option("#e1-weapon", "cal-70")
    page.fill("#e1-count", "10")
    page.press("#e1-count", "Tab")
    page.wait_for_selector("text=mass over budget")
    assert page.inner_text("#points-total") == "9550"
    assert page.is_visible(".violation.error[data-code='cs-hex.over-free-mass']")
    page.fill("#e1-count", "1")
    page.press("#e1-count", "Tab")
    page.wait_for_selector("text=1100 mass left")
    assert page.inner_text("#verdict .badge") == "Legal"
    assert page.is_visible("svg.schematic")


def test_odds_chart_and_a_fight_with_progress(
    page: Any, live_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    page.goto(f"{live_server.url}/odds/crimson-dust/?query=hits")
    page.wait_for_selector("figure.chart svg rect.bar")
    page.fill("#p-dice", "3")
    page.fill("#p-df", "3")
    page.click("button:text-is('Work it out')")
    page.wait_for_selector("text=(3/4)")  # mean hits of 3 dice against Df 3

    user = log_in(page, live_server)
    for name in ("Devils A", "Devils B"):
        doc = example("crimson-dust/dust-devils-500.json") | {"name": name}
        saved_list_create(owner=user, document=doc)
    # Hold the blocks back so the page can be watched while they are played.
    monkeypatch.setattr("builder.simulations.tasks.simulation_block_run.delay", lambda *a: None)
    page.goto(f"{live_server.url}/fights/")
    lists = {saved.name: str(saved.uuid) for saved in SavedList.objects.all()}
    page.select_option("#list_a", lists["Devils A"])
    page.select_option("#list_b", lists["Devils B"])
    page.fill("#runs", "40000")
    page.fill("#seed", "7")
    page.click("button:text-is('Start the fight')")
    page.wait_for_selector("progress#fight-progress")
    job = SimulationJob.objects.get()
    assert page.get_attribute("#fight-progress", "value") == "0"
    simulation_services.simulation_block_run(job_id=job.id, block=0)
    expect(page.locator("#fight-progress")).to_have_attribute("value", "1")
    for block in range(1, job.blocks_total):
        simulation_services.simulation_block_run(job_id=job.id, block=block)
    page.wait_for_selector("text=Devils A wins")
    assert page.is_visible("text=40,000 runs, seed 7.")
    assert page.is_visible("text=What the simulation leaves out")
