"""A real browser for page tests: Debian's Chromium driven by Playwright.

Playwright's own browser downloads are not used; the system Chromium is launched directly.
Without Chromium the tests are skipped locally, but CI (``CI=true``) requires it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


_SHARED: dict[str, Any] = {"users": 0, "playwright": None, "browser": None}
"""One Chromium for the whole run: each test module that imports this fixture gets a
session fixture of its own, and Playwright's sync API cannot be started twice at once."""


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is required in CI (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if _SHARED["users"] == 0:
        _SHARED["playwright"] = sync_playwright().start()
        _SHARED["browser"] = _SHARED["playwright"].chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_FLAGS
        )
    _SHARED["users"] += 1
    try:
        yield _SHARED["browser"]
    finally:
        _SHARED["users"] -= 1
        if _SHARED["users"] == 0:
            _SHARED["browser"].close()
            _SHARED["playwright"].stop()
