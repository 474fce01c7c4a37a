"""Usable without JavaScript, by keyboard, and with every control labelled."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from content.services.packs import pack_load
from tests.browser import browser  # noqa: F401  (fixture)
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

UNLABELLED = """() => [...document.querySelectorAll('input, select, textarea')]
  .filter(el => el.type !== 'hidden')
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
  .map(el => el.name || el.id)"""


@pytest.fixture
def loaded(live_server: Any) -> Any:
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    return live_server


@pytest.fixture
def no_script_page(browser: Any, loaded: Any) -> Iterator[Any]:  # noqa: F811
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_the_builder_works_without_javascript(no_script_page: Any, loaded: Any) -> None:
    page = no_script_page
    page.goto(f"{loaded.url}/build/crimson-dust/warband/")
    page.select_option("#id_add", "durus")
    page.click("button:text-is('Add')")
    page.wait_for_selector("#entry-0")
    page.select_option("#e0-quality", "veteran")
    page.click("button:text-is('Check')")  # without script, the page is checked on request
    page.wait_for_load_state()
    assert page.input_value("#e0-quality") == "veteran"
    page.click("#entry-0 summary:has-text('Skills')")
    page.check("#e0-skills-heroic")
    page.click("button:text-is('Check')")
    page.wait_for_selector("#entry-0-verdict .violation.error")
    assert page.inner_text("#verdict .badge") == "Not legal"


def test_a_fighter_design_works_without_javascript(no_script_page: Any, loaded: Any) -> None:
    page = no_script_page
    page.goto(f"{loaded.url}/build/black-skies/fighter/")
    page.select_option("#e0-weapons-1-weapon", "laser-cannon")  # the row that adds one
    page.fill("#e0-weapons-1-count", "3")
    page.click("button:text-is('Check')")
    page.wait_for_selector("#e0-weapons-2-weapon")  # a new empty row came back
    over = page.locator("#entry-0-verdict .violation.error")
    assert over.get_attribute("data-code") == "black-skies.over-hardpoints"
    assert page.inner_text("#points-total") == "4"
    page.fill("#e0-weapons-1-count", "1")
    page.click("button:text-is('Check')")
    page.wait_for_selector("#entry-0-verdict .violation", state="detached")
    assert page.inner_text("#verdict .badge") == "Legal"


def test_odds_work_without_javascript(no_script_page: Any, loaded: Any) -> None:
    page = no_script_page
    page.goto(f"{loaded.url}/odds/crimson-dust/?query=hits")
    page.fill("#p-dice", "3")
    page.fill("#p-df", "3")
    page.click("button:text-is('Work it out')")
    page.wait_for_selector("text=(3/4)")


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/catalogue/crimson-dust/",
        "/build/crimson-dust/warband/",
        "/build/cs-hex/plane/",
        "/build/cs-air-action/squadron/",
        "/build/black-skies/fighter/",
        "/build/black-skies/squadron/",
        "/odds/crimson-dust/?query=shot",
        "/accounts/signup/",
        "/accounts/login/",
    ],
)
def test_every_control_has_a_label(browser: Any, loaded: Any, path: str) -> None:  # noqa: F811
    page = browser.new_page()
    page.goto(f"{loaded.url}{path}")
    if path.startswith("/build/crimson-dust"):
        page.select_option("#id_add", "medio")
        page.click("button:text-is('Add')")
        page.wait_for_selector("#entry-0")
        page.select_option("#e0-mount-archetype", "bestia")
        page.wait_for_selector("#e0-mount-name")
    if path.startswith("/build/black-skies/squadron"):
        for index, design in enumerate(("black-tiger", "written-out")):
            page.select_option("#id_add", design)
            page.click("button:text-is('Add')")
            page.wait_for_selector(f"#entry-{index}")
        page.wait_for_selector("#e1-design-weapons-0-weapon")
    assert page.evaluate(UNLABELLED) == []
    page.close()


def test_keyboard_reaches_the_builder_in_reading_order(browser: Any, loaded: Any) -> None:  # noqa: F811
    page = browser.new_page()
    page.goto(f"{loaded.url}/build/crimson-dust/warband/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    page.keyboard.press("Enter")
    order = []
    for _ in range(40):
        page.keyboard.press("Tab")
        order.append(
            page.evaluate("document.activeElement.id || document.activeElement.textContent")
        )
    # The list's own fields, then the picker and its buttons, then the verdict's settings.
    assert order.index("id_name") < order.index("id_points_limit") < order.index("id_add")
    assert order.index("id_add") < order.index("save-button")
    outline = page.evaluate(
        "getComputedStyle(document.activeElement, ':focus-visible').outlineStyle"
    )
    assert outline != "none"
    page.close()


def test_enter_in_a_field_checks_the_list_and_removes_nothing(
    browser: Any,  # noqa: F811
    loaded: Any,
) -> None:
    page = browser.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{loaded.url}/build/black-skies/squadron/")
    for index in range(2):
        page.select_option("#id_add", "black-tiger")
        page.click("button:text-is('Add')")
        page.wait_for_selector(f"#entry-{index}")
    page.click("#entry-0 > summary")  # one entry open at a time: the last added
    page.fill("#e0-pilot-name", "Kell")
    # Enter submits the form as if its first submit button were pressed; the answer to
    # that submission is awaited (the live check the change sends carries no action).
    with page.expect_response(
        lambda r: r.request.method == "POST" and "action=" in (r.request.post_data or "")
    ) as answer:
        page.press("#e0-pilot-name", "Enter")
    assert "action=check" in (answer.value.request.post_data or "")
    expect(page.locator("fieldset.entry")).to_have_count(2)
    assert page.input_value("#e0-pilot-name") == "Kell"
    page.close()
