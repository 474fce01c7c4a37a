"""Whole flows a person does, in Debian's Chromium: the page as served, htmx included."""

from __future__ import annotations

import io
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
from tests.browser import browser  # noqa: F401  (fixture)
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def page(browser: Any, live_server: Any) -> Iterator[Any]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


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


def wait_points(page: Any, value: str) -> None:
    expect(page.locator("#points-total")).to_have_text(value)


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
    for figure in ("genghis-bloodhawk", "show-stopper-kestrel"):
        page.fill(f"#q-figure-{figure}", "1")
        page.press(f"#q-figure-{figure}", "Tab")  # each count is saved as it changes
        expect(page.locator("#collection-status")).to_have_text("Collection saved (1 change).")
    page.click("text=Build from my collection")
    page.wait_for_selector("#id_add")
    offered = page.eval_on_selector_all("#id_add option", "os => os.map(o => o.value)")
    assert offered == ["", "genghis-bloodhawk", "show-stopper-kestrel"]
    for index, figure in enumerate(("genghis-bloodhawk", "show-stopper-kestrel")):
        page.select_option("#id_add", figure)
        page.click("button:text-is('Add')")
        page.wait_for_selector(f"#entry-{index}")
    assert points(page) == "88"
    assert page.inner_text("#fielding") == "You can field this"
    page.click("#save-button")
    page.wait_for_url(re.compile(r"/lists/[0-9a-f-]+/$"))
    assert SavedList.objects.get().points == 88


def test_a_hex_design_goes_over_its_mass_budget_and_back(page: Any, live_server: Any) -> None:
    page.goto(f"{live_server.url}/build/cs-hex/plane/")
    page.wait_for_selector("text=mass left")
    page.select_option("#id_add", "gun")
    page.click("button:text-is('Add')")
    page.wait_for_selector("#e1-count")
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
    page.wait_for_selector("text=List A wins")
    assert page.is_visible("text=40000 runs, seed 7.")
    assert page.is_visible("text=What the simulation leaves out")
