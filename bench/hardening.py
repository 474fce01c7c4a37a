"""What the hardening costs, and what it keeps inside a request, each against a baseline
measured in the same run.

1. The edge cleaning (``CleanTextMiddleware``) on the builder's live update of a 500-point
   warband: the same post with the middleware and without it. Every form field is scanned,
   so this is the page it costs most on.
2. The slowest inline simulation the default budget allows (``SIMULATION_INLINE_MAX_WORK``:
   two 100-model Crimson Dust warbands, the heaviest fight per model-run), against the web
   worker's timeout in ``builder/gunicorn_conf.py``. Before, 20,000 runs of them were inline.
3. Refusing a spreadsheet past its limits (30,000 rows; one row of a million cells), against
   reading the same file whole as the import did before (django-import-export's XLSX reader).

Run: .venv/bin/python bench/hardening.py   (SQLite in memory; DATABASE_URL for PostgreSQL)
"""

from __future__ import annotations

import copy
import json
import os
import statistics

from figures import measured
from timing import EXAMPLES, ROOT, cpu_and_wall, median_of

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "builder.settings.test")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import django

django.setup()

from urllib.parse import urlencode  # noqa: E402

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, override_settings  # noqa: E402

from content.services.packs import pack_load  # noqa: E402
from rules_engine import load_catalogue, simulate  # noqa: E402
from tests.builder.web.conftest import form_data  # noqa: E402

URL = "/build/crimson-dust/warband/"
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER": "builder-form"}
FORM = "application/x-www-form-urlencoded"
CLEANING = "builder.core.middleware.CleanTextMiddleware"


def edge_cleaning() -> None:
    doc = json.loads((EXAMPLES / "crimson-dust/dust-devils-500.json").read_text())
    data = form_data(doc)
    body = urlencode(data, doseq=True)
    with_cleaning = Client()
    with override_settings(MIDDLEWARE=[m for m in settings.MIDDLEWARE if m != CLEANING]):
        without = Client()  # its middleware chain is built here, without the cleaning
        without.post(URL, body, content_type=FORM, **HTMX)
    with_cleaning.post(URL, body, content_type=FORM, **HTMX)
    # The two sides are timed in turn, so a burst of other work lands on both alike.
    samples: dict[str, list[float]] = {"with": [], "without": []}
    for _ in range(15):
        for name, client in (("with", with_cleaning), ("without", without)):
            samples[name].append(
                median_of(lambda c=client: c.post(URL, body, content_type=FORM, **HTMX), 7)
            )
    with_ms = statistics.median(samples["with"]) * 1000
    without_ms = statistics.median(samples["without"]) * 1000
    print(f"1. Edge cleaning on the live update ({len(data)} form fields)")
    print(f"   without the middleware (baseline) {without_ms:7.2f} ms")
    print(
        f"   with it                           {with_ms:7.2f} ms   "
        f"{with_ms / without_ms:5.2f}x the baseline"
    )
    measured(
        "live update of a 500-point warband with edge cleaning",
        with_ms,
        "ms wall",
        baseline="without the middleware",
        baseline_value=without_ms,
    )


def inline_simulation() -> None:
    from builder.gunicorn_conf import timeout

    hundred = json.loads((EXAMPLES / "crimson-dust/hundred-models.json").read_text())
    models = 2 * len(hundred["entries"])
    runs = settings.SIMULATION_INLINE_MAX_WORK // models
    catalogue = load_catalogue()
    simulate(catalogue, hundred, copy.deepcopy(hundred), runs=10, seed=1)  # warm
    cpu, wall = cpu_and_wall(
        lambda: simulate(catalogue, hundred, copy.deepcopy(hundred), runs=runs, seed=1), 3
    )
    print(f"2. Slowest inline simulation: {runs:,} runs of {models} Crimson Dust models")
    print(
        f"   {cpu:.2f} s CPU ({wall:.2f} s wall) against a worker timeout of {timeout} s: "
        f"{timeout / cpu:.0f}x inside it ({timeout / wall:.0f}x by the wall clock)"
    )
    print("   (20,000 runs of them, inline before, took about 46 s)")
    measured(
        "slowest inline simulation the budget allows",
        cpu,
        "s cpu",
        baseline="web worker timeout",
        baseline_value=float(timeout),
    )


def spreadsheet_refusals() -> None:
    from import_export.formats.base_formats import XLSX

    from content.spreadsheet_files import SpreadsheetRefused, xlsx_dataset
    from tests.content.test_spreadsheet_import import with_sheet_data, xlsx

    long = xlsx([[f"h{i}" for i in range(17)]] + [[f"v{r}"] * 17 for r in range(30_000)])
    # openpyxl writes at most 16,384 columns: the million-cell row is written as XML.
    wide = with_sheet_data(
        xlsx([["system"]]), b'<row r="1">' + b"<c><v>1</v></c>" * 1_000_000 + b"</row>"
    )

    def refused(data: bytes) -> None:
        try:
            xlsx_dataset(data)
        except SpreadsheetRefused:
            return
        raise AssertionError("the sheet was not refused")

    print("3. Spreadsheets handed to the admin: refused within limits, against reading the")
    print("   same file whole with django-import-export's own XLSX reader (openpyxl, read-only)")
    for label, data, repeat in (
        ("30,000 rows x 17 cells", long, 3),
        ("one row of 1,000,000 cells", wide, 1),
    ):
        whole = median_of(lambda data=data: XLSX().create_dataset(data), repeat)
        took = median_of(lambda data=data: refused(data), 5)
        print(
            f"   {label:<27} ({len(data) / 1000:,.0f} kB): read whole {whole:7.2f} s, "
            f"refused {took * 1000:7.1f} ms   {whole / took:7.0f}x faster"
        )
        measured(
            f"spreadsheet refused, {label}",
            took * 1000,
            "ms wall",
            baseline="read whole by django-import-export",
            baseline_value=whole * 1000,
        )


def main() -> None:
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        packs = sorted((ROOT / "content" / "packs").glob("*/*.json"))
        pack_load(documents=[(str(p), json.loads(p.read_text())) for p in packs])
        edge_cleaning()
        inline_simulation()
        spreadsheet_refusals()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
