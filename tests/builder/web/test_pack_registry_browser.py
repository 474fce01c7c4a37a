"""The registry in a real browser: from the footer to a diff by the compare form, on a
phone's width with nothing wider than the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from content.services.packs import pack_load
from tests.browser import browser  # noqa: F401  (fixture)
from tests.builder.web.test_pack_registry import DEARER, publish_dearer_vigilante
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

WIDER_THAN_THE_SCREEN = "() => document.scrollingElement.scrollWidth > window.innerWidth"


def test_a_visitor_compares_two_versions_on_a_phone(
    browser: Any,  # noqa: F811
    live_server: Any,
    tmp_path: Path,
) -> None:
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    publish_dearer_vigilante()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{live_server.url}/")
        page.click("footer >> text=Content packs")
        page.click("text=Crimson Skies: Aces complete rules")
        assert page.inner_text("#v2\\.0\\.0-title") == f"{DEARER} Published"
        assert page.evaluate(WIDER_THAN_THE_SCREEN) is False  # the checksums wrap
        page.select_option("#compare-from", "1.0.0")
        page.select_option("#compare-to", DEARER)
        page.click("button:text-is('Compare')")
        page.wait_for_selector("#prices-title")
        assert page.url == f"{live_server.url}/packs/cs-aces-core/diff/1.0.0/{DEARER}/"
        assert "Vigilante (figure)" in page.inner_text("section[aria-labelledby=prices-title]")
        assert page.evaluate(WIDER_THAN_THE_SCREEN) is False
        shot = page.screenshot(path=str(tmp_path / "pack-diff-phone.png"), full_page=True)
        assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        context.close()
