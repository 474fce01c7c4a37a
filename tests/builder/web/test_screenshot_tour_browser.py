"""The pages the README shows, opened as a player opens them on a desktop and on a 390 px
phone: a fight report of every game that fights, the odds page with an answer, the compact
builder and the share page. Each must fit the phone's width and log nothing to the console;
with ``MUSTER_SCREENSHOTS`` set to a folder, each is saved there (the pictures under
``docs/screenshots/`` come from this tour)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from builder.celery import app as celery_app
from builder.lists.models import SavedList
from builder.lists.price_sheets import price_sheet_create
from builder.lists.services import saved_list_create, saved_list_update
from builder.simulations.services import simulation_job_create
from content.services.packs import pack_load
from tests.browser import DESKTOP, browser, signed_in_pages  # noqa: F401  (fixture)
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")  # a folder: save the pages seen

FIGHTS = {
    "air-action": ("cs-air-action/devastators-200.json", "cs-air-action/bloodhawks-200.json"),
    "aces": ("cs-aces/kims-team.json", "cs-aces/genghis-gang.json"),
    "black-skies": (
        "black-skies/tiger-squadron.squadron.json",
        "black-skies/lancer-flight.squadron.json",
    ),
    "crimson-dust": ("crimson-dust/dust-devils-500.json", "crimson-dust/dust-devils-500.json"),
}
"""Two lists of each game that fights (a warband meets its own twin: the book has one)."""

WIDTH = """() => ({scroll: document.documentElement.scrollWidth,
  width: document.documentElement.clientWidth})"""
EMPTY_SECTIONS = """() => [...document.querySelectorAll("main h2")].filter((h) => {
  let next = h.nextElementSibling;
  return !next || /^H[12]$/.test(next.tagName) || !next.textContent.trim();
}).map((h) => h.textContent.trim())"""
"""The headings in the page's main part with nothing under them."""


@pytest.fixture
def tour(browser: Any, live_server: Any, settings: Any) -> Iterator[dict[str, Any]]:  # noqa: F811
    """The packs, a signed-in player with a fight of every game, and the pages to visit."""
    settings.SITE_URL = live_server.url  # the address share links name, as `make run` sets it
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    pages: dict[str, str] = {}
    celery_app.conf.task_always_eager = True  # the workers play each fight at once
    for name, (a, b) in FIGHTS.items():
        first, second = example(a), example(b)
        for document in (first, second):
            saved_list_create(owner=user, document=document)
        job = simulation_job_create(
            owner=user, list_a=first, list_b=second, scenario={}, runs=200, seed=7
        )
        job.refresh_from_db()
        assert job.status == "done", (name, job.error)
        pages[f"fight-{name}"] = f"/fights/{job.public_id}/"
    celery_app.conf.task_always_eager = False
    warband = saved_list_create(owner=user, document=example("crimson-dust/dust-devils-500.json"))
    warband = saved_list_update(saved_list=warband, visibility=SavedList.Visibility.UNLISTED)
    pages["builder-warband"] = f"/lists/{warband.uuid}/"
    pages["share"] = f"/lists/shared/{warband.share_token}/"
    pages["odds"] = (
        "/odds/cs-air-action/?query=shot&shooter=genghis-bloodhawk&target=charlie-steele-fury"
        "&rear_arc=on"
    )
    pages["odds-crimson-dust"] = "/odds/crimson-dust/?query=hits"
    sheet = price_sheet_create(
        owner=user,
        system="crimson-dust",
        name="Tuesday club",
        prices={"rifle": 6, "pistol": 3, "shotgun": 5, "sniper-rifle": 9, "saw-or-lmg": 12},
    )
    pages["price-sheet"] = f"/prices/{sheet.uuid}/"
    pages["price-sheet-shared"] = f"/prices/shared/{sheet.share_token}/"
    with signed_in_pages(browser, live_server.url, PASSWORD) as open_page:

        def signed_in(viewport: dict[str, int], phone: bool) -> Any:
            return open_page("ada", "/accounts/login/", "main button[type=submit]", viewport, phone)

        yield {"pages": pages, "open": signed_in, "url": live_server.url}


@pytest.mark.parametrize(("screen", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_every_page_of_the_tour_fits_reads_whole_and_logs_nothing(
    tour: dict[str, Any], screen: str, viewport: dict[str, int]
) -> None:
    page = tour["open"](viewport, screen == "phone")
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else 0)
    problems: dict[str, Any] = {}
    for name, path in tour["pages"].items():
        response = page.goto(tour["url"] + path)
        assert response is not None
        assert response.status == 200, path
        page.wait_for_load_state("load")
        width = page.evaluate(WIDTH)
        if width["scroll"] > width["width"]:
            problems[name] = f"{width['scroll']} px wide"
        empty = page.evaluate(EMPTY_SECTIONS)
        if empty:
            problems[name] = f"empty sections: {empty}"
        if SCREENSHOTS:
            Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
            suffix = "" if screen == "desktop" else "-phone"
            page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}{suffix}.png"), full_page=True)
    assert problems == {}
    assert console == []
