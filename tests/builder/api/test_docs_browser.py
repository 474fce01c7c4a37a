"""The API docs in a real browser: Swagger UI and Redoc render from local files only."""

from __future__ import annotations

import os
from urllib.parse import urlparse

import pytest

from tests.browser import browser  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def _visit(browser, live_server, path: str, ready: str):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    hosts: set[str] = set()
    # Requests that completed: anything a page policy blocks never leaves the browser.
    page.on(
        "requestfinished",
        lambda request: (
            request.url.startswith(("data:", "blob:"))
            or hosts.add(urlparse(request.url).hostname or "")
        ),
    )
    page.goto(f"{live_server.url}{path}")
    page.wait_for_selector(ready, timeout=30_000)
    return page, hosts


def test_swagger_ui_lists_the_api_without_a_cdn(browser, live_server, tmp_path):  # noqa: F811
    page, hosts = _visit(browser, live_server, "/api/docs/", ".swagger-ui .info .title")
    assert "Muster API" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector("text=/api/v1/engine/check/")
    page.wait_for_selector("text=/api/v1/figures/")
    assert hosts <= {urlparse(live_server.url).hostname}
    page.screenshot(path=str(os.environ.get("API_DOCS_SHOT", tmp_path / "swagger.png")))
    page.close()


def test_redoc_renders_without_a_cdn(browser, live_server, tmp_path):  # noqa: F811
    page, hosts = _visit(browser, live_server, "/api/docs/redoc/", "h1")
    assert "Muster API" in page.inner_text("h1")
    page.screenshot(path=str(tmp_path / "redoc.png"))
    assert hosts <= {urlparse(live_server.url).hostname}
    page.close()
