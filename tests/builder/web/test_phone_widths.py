"""Pages on a phone, in Debian's Chromium at 360 and 390 px wide: no page is wider than the
screen (a wide table scrolls in its own box), and while a list is edited its verdict bar
stays on screen."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create, saved_list_update
from content.services.packs import pack_load
from tests.browser import browser  # noqa: F401  (fixture)
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 10_000
WIDTHS = (360, 390)
PHONE_HEIGHT = 780
SCREENSHOTS = os.environ.get("MUSTER_SCREENSHOTS")  # a folder: save the pages seen

LISTS = {
    "cs-air-action": "cs-air-action/aces-300.json",
    "cs-aces": "cs-aces/kims-team.json",
    "crimson-dust": "crimson-dust/dust-devils-500.json",
    "black-skies": "black-skies/tiger-squadron.squadron.json",
    "cs-hex": "cs-hex/heavy-fighter-turret-legal.json",
}
"""A saved list of every system, opened in its builder and on its share page."""

RECORDS = (
    "/catalogue/cs-air-action/figure/genghis-bloodhawk/",
    "/catalogue/cs-aces/figure/charlie/",
    "/catalogue/crimson-dust/archetype/medio/",
    "/catalogue/black-skies/weapon/laser-cannon/",
    "/catalogue/cs-hex/mass_table/size-mass/",
)
"""A record of every system: an Air Action plane (its dial table) and a Crimson Dust
archetype (its skills table) among them."""

PAGES = (
    "/",
    "/catalogue/",
    *(f"/catalogue/{system}/" for system in LISTS),
    *RECORDS,
    "/lists/",
    "/build/",
    "/odds/",
    *(f"/odds/{system}/" for system in LISTS),
    "/fights/",
    "/collection/",
    "/print/",
    "/packs/",
    "/packs/crimson-dust-core/",
    "/prices/",
    "/prices/new/crimson-dust/",
    "/accounts/",
)

OVERFLOW = """(width) => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (typeof el.className === "string" && el.className ? "." + el.className.split(" ")[0] : "");
  const scrolled = (el) => el.parentElement && el.parentElement.closest(".table-wrap");
  const wide = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 0.5 && !scrolled(el)) {
      wide.push(`${name(el)} to ${Math.round(box.right)}`);
    }
  }
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5)};
}"""
"""How wide the page is, and the first elements that reach past the screen's edge (the
phone's width is given: on a phone ``innerWidth`` grows with a page too wide for it)."""


@pytest.fixture
def world(browser: Any, live_server: Any) -> Iterator[dict[str, Any]]:  # noqa: F811
    """The packs, a player with a shared list of every system, and a phone per width."""
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    saved: dict[str, SavedList] = {}
    for system, path in LISTS.items():
        made = saved_list_create(owner=user, document=example(path))
        saved[system] = saved_list_update(saved_list=made, visibility=SavedList.Visibility.UNLISTED)
    contexts = []

    def phone(width: int) -> Any:
        context = browser.new_context(
            viewport={"width": width, "height": PHONE_HEIGHT}, is_mobile=True, has_touch=True
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "ada")
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(f"{live_server.url}/")
        return page

    expect.set_options(timeout=WAIT_MS)
    yield {"phone": phone, "saved": saved, "url": live_server.url}
    expect.set_options(timeout=None)
    for context in contexts:
        context.close()


def too_wide(page: Any, url: str) -> str | None:
    """What reaches past the screen's edge on ``url``, or None when the page fits."""
    response = page.goto(url)
    assert response is not None, url
    assert response.status == 200, url
    page.wait_for_load_state("load")
    found = page.evaluate(OVERFLOW, page.viewport_size["width"])
    if found["scroll"] <= found["width"]:
        return None
    return f"{found['scroll']} px wide: {', '.join(found['wide']) or 'no one element'}"


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_is_wider_than_the_phone(world: dict[str, Any], width: int) -> None:
    page = world["phone"](width)
    base = world["url"]
    lists = [f"/lists/{s.uuid}/" for s in world["saved"].values()]
    shared = [f"/lists/shared/{s.share_token}/" for s in world["saved"].values()]
    printing = [f"/print/?list={s.uuid}&kind=roster" for s in world["saved"].values()]
    builders = [f"/build/{s.system.slug}/{s.kind}/" for s in world["saved"].values()]
    wide = {}
    for path in (*PAGES, *lists, *shared, *printing, *builders):
        said = too_wide(page, base + path)
        if said is not None:
            wide[path] = said
    assert wide == {}


def in_view(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    size = page.viewport_size
    return {
        "left": box["x"] >= 0,
        "right": box["x"] + box["width"] <= size["width"] + 0.5,
        "top": box["y"] >= 0,
        "bottom": box["y"] + box["height"] <= size["height"] + 0.5,
    }


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("system", list(LISTS))
def test_the_verdict_bar_stays_on_screen_while_editing(
    world: dict[str, Any], width: int, system: str
) -> None:
    page = world["phone"](width)
    saved = world["saved"][system]
    page.goto(f"{world['url']}/lists/{saved.uuid}/")
    entries = page.locator("fieldset.entry").count()
    options = page.locator("#id_add option:not([value='']):not([disabled])")
    if options.count():
        page.select_option("#id_add", options.first.get_attribute("value"))
    page.click("button[name=action][value=add]")
    expect(page.locator("fieldset.entry")).to_have_count(entries + 1)
    page.locator(f"#entry-{entries}").scroll_into_view_if_needed()
    expect(page.locator("#verdict-bar")).to_be_visible()
    assert in_view(page, "#verdict-bar") == {
        "left": True,
        "right": True,
        "top": True,
        "bottom": True,
    }
    if SCREENSHOTS and width == 390:
        page.screenshot(path=str(Path(SCREENSHOTS) / f"phone-builder-{system}.png"))


def right_edges(page: Any, selector: str) -> list[float]:
    return [
        round(box["x"] + box["width"])
        for box in page.locator(selector).evaluate_all(
            "els => els.map(el => el.getBoundingClientRect().toJSON())"
        )
    ]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_plane_dial_and_the_archetype_costs_show_every_column(
    world: dict[str, Any], width: int
) -> None:
    """A table may scroll in its own box, but these are read at a glance: the dial's
    Piloting and its markers (KO, bail out), an archetype's Veteran prices."""
    page = world["phone"](width)
    page.goto(f"{world['url']}{RECORDS[0]}")
    headers = page.locator("table.dial thead th").all_inner_texts()
    assert headers == ["Click", "Max speed", "Front gunnery", "Rear gunnery", "Piloting", "Markers"]
    assert max(right_edges(page, "table.dial th, table.dial td")) <= width
    markers = page.locator("table.dial tbody td:last-child").all_inner_texts()
    assert "KO" in ", ".join(markers)
    page.goto(f"{world['url']}{RECORDS[2]}")
    for heading in ("Profile upgrades", "Skills available"):
        table = page.locator(f"h2:text-is('{heading}') + .table-wrap table")
        assert table.locator("thead th").all_inner_texts() == [
            heading.split()[0].replace("Profile", "Upgrade").replace("Skills", "Skill"),
            "Green",
            "Regular",
            "Veteran",
        ]
        assert max(right_edges(table, "th, td")) <= width, heading
