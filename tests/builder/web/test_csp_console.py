"""Every kind of page under the site's content security policy, in Debian's Chromium: the
browser's console stays clean (no refused style, script or worker, no script error) on the
players' pages, the API's documentation and the catalogue admin."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from builder.lists.services import saved_list_create
from content.models import CombatDial, Figure
from content.services.packs import pack_load
from tests.browser import browser  # noqa: F401  (fixture)
from tests.builder.web.conftest import example
from tests.conftest import pack_paths, read_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PASSWORD = "a-long-pass-phrase"
WAIT_MS = 15_000

# Each refusal is reported to the page as a ``securitypolicyviolation`` event; the page
# keeps them where the test can read them, whatever the console says.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.effectiveDirective} refused ${event.blockedURI || "inline"} ` +
    `(${event.sourceFile || location.pathname}:${event.lineNumber})`
  );
});
"""


class Console:
    """What the browser reported while a page was open: errors, and refusals by policy."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", self._message)
        page.on("pageerror", lambda error: self.errors.append(f"script error: {error}"))

    def _message(self, message: Any) -> None:
        if message.type in ("error", "warning") and (
            message.type == "error" or "Content Security Policy" in message.text
        ):
            self.errors.append(f"{message.type}: {message.text}")

    def problems(self) -> list[str]:
        violations = self.page.evaluate("window.__cspViolations || []")
        found = [*self.errors, *violations]
        self.errors.clear()
        return found


@pytest.fixture
def world(browser: Any, live_server: Any) -> Iterator[dict[str, Any]]:  # noqa: F811
    pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
    users = get_user_model().objects
    users.create_superuser("curator", "c@example.com", PASSWORD)
    player = users.create_user("ada", password=PASSWORD)
    saved = saved_list_create(owner=player, document=example("cs-air-action/bloodhawks-200.json"))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    yield {"page": page, "console": Console(page), "url": live_server.url, "saved": saved}
    expect.set_options(timeout=None)
    context.close()


def log_in(page: Any, url: str, username: str, login_path: str = "/accounts/login/") -> None:
    page.goto(f"{url}{login_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("form [type=submit]").last.click()
    page.wait_for_load_state()


def visit(world: dict[str, Any], path: str, *, ready: str = "main, #content, body") -> None:
    page = world["page"]
    response = page.goto(f"{world['url']}{path}")
    assert response is not None, path
    assert response.status == 200, path
    page.wait_for_selector(ready, state="attached")
    page.wait_for_load_state("load")


def assert_clean(world: dict[str, Any], where: str) -> None:
    world["page"].wait_for_timeout(150)  # a refusal is reported just after the load event
    assert world["console"].problems() == [], where


def test_players_pages_log_nothing_to_the_console(world: dict[str, Any]) -> None:
    page = world["page"]
    for path in ("/", "/catalogue/", "/catalogue/cs-air-action/", "/packs/", "/odds/"):
        visit(world, path)
        assert_clean(world, path)

    visit(world, "/catalogue/cs-air-action/")
    page.locator("main a[href^='/catalogue/cs-air-action/figure/']").first.click()
    page.wait_for_selector("table.dial")
    assert_clean(world, "a plane's page with its dial")

    visit(world, "/odds/crimson-dust/")
    assert_clean(world, "/odds/crimson-dust/")

    log_in(page, world["url"], "ada")
    signed_in_pages = ("/lists/", "/fights/", "/collection/", "/print/", "/accounts/", "/prices/")
    signed_in_pages += ("/prices/new/crimson-dust/",)
    other_builders = ("/build/", "/build/cs-hex/plane/", "/build/black-skies/squadron/")
    for path in (*signed_in_pages, *other_builders):
        visit(world, path)
        assert_clean(world, path)
    visit(world, f"/lists/{world['saved'].uuid}/")
    assert_clean(world, "a saved list in the builder")

    visit(world, "/build/crimson-dust/warband/")
    page.select_option("#id_add", "medio")
    page.click("button:text-is('Add')")
    page.wait_for_selector("#entry-0")
    page.select_option("#e0-quality", "veteran")  # an htmx update redraws the entry
    expect(page.locator("#points-total")).to_have_text("75")
    expect(page.locator(".htmx-request, .htmx-settling, .htmx-swapping")).to_have_count(0)
    assert_clean(world, "the builder after htmx updates")
    page.select_option("#id_add", "medio")
    page.click("button:text-is('Add')")
    expect(page.locator("#entry-1")).to_have_attribute("open", "")
    page.click("#entry-0 > summary")  # a closed entry of the redrawn builder draws its boxes
    expect(page.locator("#entry-0 template")).to_have_count(0)
    expect(page.locator("#entry-0 .checks input[type=checkbox]").first).to_be_attached()
    assert_clean(world, "an entry opened after a redraw")

    visit(world, "/build/black-skies/squadron/")
    page.select_option("#id_add", "black-tiger")
    page.click("button:text-is('Add')")
    expect(page.locator("#entry-0")).to_be_visible()
    expect(page.locator(".htmx-request, .htmx-settling, .htmx-swapping")).to_have_count(0)
    assert_clean(world, "a Black Skies squadron after adding a fighter")


@pytest.mark.parametrize(
    ("path", "ready"),
    [("/api/docs/", ".swagger-ui .info"), ("/api/docs/redoc/", "[role=search], .api-info")],
)
def test_api_documentation_logs_nothing_to_the_console(
    world: dict[str, Any], path: str, ready: str
) -> None:
    visit(world, path, ready=ready)
    world["page"].wait_for_timeout(500)  # Redoc starts its search worker after drawing
    assert_clean(world, path)


def test_the_catalogue_admin_logs_nothing_and_draws_from_static_styles(
    world: dict[str, Any],
) -> None:
    page = world["page"]
    log_in(page, world["url"], "curator", "/admin/login/")
    visit(world, "/admin/content/figure/", ready="#result_list")
    assert_clean(world, "the figures' changelist")

    plane = Figure.objects.filter(system__slug="cs-air-action", combat_dial__isnull=False).first()
    assert plane is not None
    visit(world, f"/admin/content/figure/{plane.pk}/change/", ready="table.muster-dial")
    assert_clean(world, "a figure's change form")
    # The document's form is drawn, and the raw JSON behind it is hidden by the stylesheet.
    source = page.locator("textarea[data-django-jsonform]")
    expect(source).to_be_hidden()
    expect(page.locator("[data-django-jsonform-container] .rjf-form-wrapper")).to_be_visible()
    # The dial's colours come from classes: Charlie Steele's Deadeye clicks are green.
    plane = Figure.objects.get(system__slug="cs-air-action", stable_id="charlie-steele-fury")
    visit(world, f"/admin/content/figure/{plane.pk}/change/", ready="table.muster-dial")
    green = page.locator("table.muster-dial td.muster-clr-green").first
    expect(green).to_contain_text("Deadeye")
    expect(green).to_have_css("background-color", "rgb(29, 107, 50)")
    expect(green).to_have_css("color", "rgb(255, 255, 255)")
    assert_clean(world, "Charlie Steele's change form")

    dial = CombatDial.objects.filter(system__slug="cs-air-action").first()
    assert dial is not None
    visit(world, f"/admin/content/combatdial/{dial.pk}/change/", ready=".muster-dial-editor")
    assert_clean(world, "the dial editor")
    colour = page.locator(".muster-dial-editor select.dial-colour").first
    red = colour.locator("option", has_text="red: ").first.get_attribute("value")
    colour.select_option(red)
    expect(page.locator(".muster-dial-preview")).to_be_visible()
    tinted = page.locator(".muster-dial-editor td.dial-cell").first
    expect(tinted).to_have_attribute("class", "dial-cell muster-clr-red")
    expect(tinted).to_have_css("background-color", "rgb(179, 20, 28)")
    expect(page.locator(".muster-dial-preview td.muster-clr-red").first).to_be_visible()
    assert_clean(world, "the dial editor after choosing a colour")
