"""How fast the builder answers a player's change, for every game and list kind: the
server's time for each live update (a value changed, an entry added, an entry removed),
and, in Chromium, the time from the change to the verdict on the page.

A live update is what htmx posts on every change: the whole form read back into a list
document, the engine's check against the list's pinned packs, and what the page redraws
(for a value, only the verdicts; for an add or a remove, the entries too). The server's
part is timed in this process through Django's test client (no network), for a visitor
and for a signed-in player (who has a saved fighter design, and whose drafts the server
keeps), on the wall clock (judged against the target) and in CPU time (which other work
on a shared machine does not inflate). The baseline is the engine's ``check`` alone on
the same document with a warm catalogue: the least any page could do. The queries of
each update are counted for the example list and for one ten times as long: they must
be the same.

The browser's part runs the builder on a live server in this process (a thread, the same
in-memory database) and times, inside the page, from the change (a number typed, an
"Add" pressed, a "Remove" pressed) until htmx has settled the answer and the next frame
is drawn.

Run: .venv/bin/python bench/web.py [--quick] [--no-browser]
     (SQLite in memory; DATABASE_URL for PostgreSQL; Chromium from /usr/bin/chromium)
Target: p95 <= 100 ms of server time, p95 <= 300 ms from change to verdict in Chromium,
the same number of queries for a short list and a long one.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from figures import at_most, measured, report, skipped
from timing import EXAMPLES, ROOT

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "builder.settings.test")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import django

django.setup()

from urllib.parse import urlencode  # noqa: E402

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection, connections  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from builder.lists.services import saved_list_create  # noqa: E402
from content.services.packs import pack_load  # noqa: E402
from rules_engine import check, load_catalogue  # noqa: E402
from tests.builder.web.conftest import form_data  # noqa: E402

SERVER_TARGET_MS = 100.0
BROWSER_TARGET_MS = 300.0
FORM = "application/x-www-form-urlencoded"  # what a browser and htmx send for this form
CHANGE, ADD, REMOVE = "change a value", "add an entry", "remove an entry"


@dataclass(frozen=True)
class Case:
    """One game's list kind, started from an example list; ``number`` is the field the
    player changes (a number input), ``add`` what the "add" picker adds."""

    example: str
    number: str
    add: str
    grow: int = 10
    """How many times longer the long list (for counting queries) is."""

    @property
    def doc(self) -> dict[str, Any]:
        return json.loads((EXAMPLES / self.example).read_text(encoding="utf-8"))

    @property
    def name(self) -> str:
        doc = self.doc
        return f"{doc['system']} {doc['kind']}"

    @property
    def url(self) -> str:
        doc = self.doc
        return f"/build/{doc['system']}/{doc['kind']}/"

    @property
    def design(self) -> bool:
        """A fighter design: its entries are weapon rows, added and taken off by a picker."""
        return self.doc["kind"] == "fighter"


CASES = (
    Case("cs-air-action/bloodhawks-200.json", "id_points_limit", "charlie-steele-fury"),
    Case("cs-aces/kims-team.json", "id_points_limit", "charlie"),
    Case("crimson-dust/dust-devils-500.json", "id_points_limit", "bestia"),
    Case("black-skies/black-tiger.fighter.json", "e0-shields", "laser-cannon", grow=5),
    Case("black-skies/tiger-squadron.squadron.json", "id_points_limit", "black-tiger"),
    Case("cs-hex/light-fighter-legal.json", "e0-size", "gun"),
)


def longer(doc: dict[str, Any], times: int) -> dict[str, Any]:
    """The list with its entries (a design's weapons) written out ``times`` over."""
    big = copy.deepcopy(doc)
    big["points_limit"] = 100_000 if doc.get("points_limit") is not None else None
    if big["points_limit"] is None:
        big.pop("points_limit")
    if doc["kind"] == "fighter":
        weapons = doc["entries"][0]["weapons"]
        big["entries"][0]["weapons"] = [dict(w) for w in weapons * times]
    else:
        big["entries"] = [copy.deepcopy(e) for e in doc["entries"] * times]
    return big


def posted(case: Case, doc: dict[str, Any], action: str, turn: int) -> tuple[dict, str]:
    """(form data, HX-Trigger) htmx posts for the action; ``turn`` alternates the value."""
    data = form_data(doc)
    rows = len(doc["entries"][0]["weapons"]) if case.design else 0
    if case.design:
        data[f"e0-weapons-{rows}-weapon"] = ""  # the empty row that fits another weapon
        data["e0-weapons-rows"] = str(rows + 1)
    if action == CHANGE:
        field = "points_limit" if case.number == "id_points_limit" else case.number
        data[field] = str(int(data.get(field) or 0) + turn % 2)
        return data, "builder-form"
    if case.design:  # the weapon picker of the last row adds, the "—" of a row takes off
        row = rows if action == ADD else rows - 1
        data[f"e0-weapons-{row}-weapon"] = case.add if action == ADD else ""
        return data, f"e0-weapons-{row}-weapon"
    if action == ADD:
        return data | {"action": "add", "add": case.add}, "builder-form"
    return data | {"action": f"remove:{len(doc['entries']) - 1}"}, "builder-form"


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def timed(fn: Callable[[], Any], repeat: int, cpu: list[float] | None = None) -> list[float]:
    """Milliseconds of each of ``repeat`` calls; their CPU milliseconds go into ``cpu``
    (other work on a shared machine does not count there)."""
    times = []
    for _ in range(repeat):
        start, used = time.perf_counter(), time.process_time()
        fn()
        times.append((time.perf_counter() - start) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - used) * 1000)
    return times


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def server_part(samples: int) -> bool:
    """The server's table; True when every row meets its target."""
    catalogue = load_catalogue()
    player = get_user_model().objects.create_user("bench-player", password="a-long-pass-phrase")
    design = json.loads((EXAMPLES / "black-skies/black-tiger.fighter.json").read_text())
    saved_list_create(owner=player, document=design | {"name": "Saved Tiger"})
    clients = {"visitor": Client(), "player": Client()}
    clients["player"].force_login(player)
    print(
        f"Server time of a live update ({samples} samples each; target p95 <= "
        f"{SERVER_TARGET_MS:.0f} ms, the same queries for a list 10x as long)"
    )
    header = (
        f"  {'list kind':<24} {'action':<16} {'who':<8} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'cpu p95':>7} {'engine':>7} {'ratio':>6}  {'queries':>11}  target"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))
    every = True
    more_queries = 0
    for case in CASES:
        doc = case.doc
        engine_ms = statistics.median(timed(lambda d=doc: check(catalogue, d), 50))
        for action in (CHANGE, ADD, REMOVE):
            for who, client in clients.items():

                def post(
                    d: dict[str, Any],
                    turn: int = 0,
                    c: Client = client,
                    case: Case = case,
                    action: str = action,
                ) -> int:
                    data, trigger = posted(case, d, action, turn)
                    response = c.post(
                        case.url,
                        urlencode(data, doseq=True),
                        content_type=FORM,
                        HTTP_HX_REQUEST="true",
                        HTTP_HX_TRIGGER=trigger,
                    )
                    assert response.status_code == 200, (case.name, action, response.status_code)
                    return len(response.content)

                post(doc)  # warm: compiled schemas, catalogue snapshot, templates
                turns = iter(range(samples))
                cpu: list[float] = []
                times = timed(lambda d=doc, t=turns: post(d, next(t)), samples, cpu)
                counts = []
                for d in (doc, longer(doc, case.grow)):
                    with CaptureQueriesContext(connection) as captured:
                        post(d)
                    counts.append(len(captured))
                p50, p95 = statistics.median(times), percentile(times, 95)
                ok = p95 <= SERVER_TARGET_MS and counts[0] == counts[1]
                every &= ok
                more_queries += counts[0] != counts[1]
                measured(
                    f"live update p95, {case.name}, {action}, {who}",
                    p95,
                    "ms wall",
                    baseline="engine check alone (p50)",
                    baseline_value=engine_ms,
                    target=at_most(SERVER_TARGET_MS),
                )
                print(
                    f"  {case.name:<24} {action:<16} {who:<8} {p50:7.1f} {p95:7.1f} "
                    f"{percentile(cpu, 95):7.1f} "
                    f"{engine_ms:7.2f} {p50 / engine_ms:5.1f}x  {counts[0]:>4} vs {counts[1]:<4}"
                    f"  {verdict(ok)}"
                )
    measured(
        "live updates whose queries grow with a 10x list",
        more_queries,
        "rows",
        target=at_most(0),
    )
    return every


BROWSER_TIMER = """
([kind, selector, value]) => new Promise((resolve, reject) => {
  const form = document.getElementById("builder-form");
  const start = performance.now();
  const done = () => requestAnimationFrame(() => resolve(performance.now() - start));
  document.body.addEventListener("htmx:afterSettle", done, {once: true});
  document.body.addEventListener("htmx:responseError", () => reject("error"), {once: true});
  const el = document.querySelector(selector);
  if (!el) { reject("no " + selector); return; }
  if (kind === "click") { el.click(); return; }
  el.value = value;
  el.dispatchEvent(new Event("change", {bubbles: true}));
})
"""
"""Resolves with the milliseconds from the change until the answer is settled and drawn."""


def browser_part(samples: int) -> bool:
    """The Chromium table; True when every row meets its target."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    from tests.browser import CHROMIUM, CHROMIUM_FLAGS

    if CHROMIUM is None:
        print("Chromium is not installed (apt-get install chromium): no browser figures")
        report(
            skipped(
                "Chromium, change to verdict p95",
                "ms wall",
                "Chromium is not installed",
                at_most(BROWSER_TARGET_MS),
            )
        )
        return False
    settings.ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
    shared = connections["default"]  # the in-memory database, shared with the server thread
    shared.inc_thread_sharing()
    server = LiveServerThread("127.0.0.1", StaticFilesHandler, {"default": shared}, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    site = f"http://127.0.0.1:{server.port}"
    print()
    print(
        f"Chromium, from the change to the verdict on the page ({samples} samples each; "
        f"target p95 <= {BROWSER_TARGET_MS:.0f} ms)"
    )
    header = f"  {'list kind':<24} {'action':<16} {'p50 ms':>7} {'p95 ms':>7}  target"
    print(header)
    print("  " + "-" * (len(header) - 2))
    every = True
    folder = tempfile.mkdtemp(prefix="muster-bench-")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            for case in CASES:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.set_default_timeout(10_000)
                page.goto(f"{site}{case.url}")
                path = os.path.join(folder, os.path.basename(case.example))
                with open(path, "w", encoding="utf-8") as file:
                    json.dump(case.doc, file)
                page.set_input_files("#import_file", path)
                with page.expect_navigation():
                    page.click("button:text-is('Import')")
                page.wait_for_function("() => window.htmx !== undefined")
                found: dict[str, list[float]] = {CHANGE: [], ADD: [], REMOVE: []}
                base = int(page.input_value(f"#{case.number}") or 0)
                if case.number == "id_points_limit":
                    base += 10_000  # room for what the picker adds: a full list offers none
                for turn in range(samples + 1):  # the first turn warms up
                    found[CHANGE].append(
                        page.evaluate(BROWSER_TIMER, ["set", f"#{case.number}", str(base + turn)])
                    )
                    found[ADD].append(page.evaluate(BROWSER_TIMER, add_step(page, case)))
                    found[REMOVE].append(page.evaluate(BROWSER_TIMER, remove_step(page, case)))
                page.close()
                for action, times in found.items():
                    times = times[1:]
                    p50, p95 = statistics.median(times), percentile(times, 95)
                    ok = p95 <= BROWSER_TARGET_MS
                    every &= ok
                    measured(
                        f"Chromium, change to verdict p95, {case.name}, {action}",
                        p95,
                        "ms wall",
                        target=at_most(BROWSER_TARGET_MS),
                    )
                    print(f"  {case.name:<24} {action:<16} {p50:7.1f} {p95:7.1f}  {verdict(ok)}")
        finally:
            browser.close()
            shutil.rmtree(folder, ignore_errors=True)
            server.terminate()
    return every


def add_step(page: Any, case: Case) -> list[str]:
    """What the player does to add: pick in the last weapon row, or pick and press Add
    (the case's pick while the picker offers it, else the first it offers)."""
    if case.design:
        rows = int(page.input_value("input[name='e0-weapons-rows']"))
        return ["set", f"#e0-weapons-{rows - 1}-weapon", case.add]
    offered = page.eval_on_selector_all(
        "#id_add option:not([disabled])", "options => options.map(o => o.value).filter(v => v)"
    )
    pick = case.add if case.add in offered else offered[0]
    page.evaluate(BROWSER_TIMER, ["set", "#id_add", pick])  # the pick is checked first
    return ["click", "button[name='action'][value='add']", ""]


def remove_step(page: Any, case: Case) -> list[str]:
    """What the player does to remove the last entry (a design: its last weapon)."""
    if case.design:
        rows = int(page.input_value("input[name='e0-weapons-rows']"))
        return ["set", f"#e0-weapons-{rows - 2}-weapon", ""]
    count = int(page.input_value("input[name='entry_count']"))
    return ["click", f"button[name='action'][value='remove:{count - 1}']", ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples (10 and 5)")
    parser.add_argument("--no-browser", action="store_true", help="the server's table only")
    args = parser.parse_args()
    # Not setup_test_environment(): its template instrumentation would be timed too.
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        packs = sorted((ROOT / "content" / "packs").glob("*/*.json"))
        pack_load(documents=[(str(p), json.loads(p.read_text())) for p in packs])
        server_ok = server_part(10 if args.quick else 30)
        browser_ok = args.no_browser or browser_part(5 if args.quick else 10)
        print()
        print(f"Every target met: {'yes' if server_ok and browser_ok else 'no'}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
