"""Server time of the builder's live update for a 500-point warband, against the bare engine
check of the same list, measured in the same run; and the queries each update makes.

A live update is what htmx posts on every change: the whole form read back into a list
document, the engine's check against the list's pinned packs, and the verdict fragments
(each entry's price and messages, the summary, the house prices). The baseline is the
engine's ``check`` alone on the same document with a warm catalogue: the least any page
could do. Both are timed in this process through Django's test client (no network).

Run: .venv/bin/python bench/web.py   (SQLite in memory; DATABASE_URL for PostgreSQL)
Target: <= 100 ms per live update, the same number of queries for 6 models and for 60.
"""

from __future__ import annotations

import copy
import json
import os

from timing import EXAMPLES, ROOT, median_of

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "builder.settings.test")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import django

django.setup()

from urllib.parse import urlencode  # noqa: E402

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from content.services.packs import pack_load  # noqa: E402
from rules_engine import check, load_catalogue  # noqa: E402
from tests.builder.web.conftest import form_data  # noqa: E402

URL = "/build/crimson-dust/warband/"
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER": "builder-form"}
FORM = "application/x-www-form-urlencoded"  # what a browser and htmx send for this form


def post(client: Client, data: dict, **headers: str) -> None:
    client.post(URL, urlencode(data, doseq=True), content_type=FORM, **headers)


def main() -> None:
    # Not setup_test_environment(): its template instrumentation would be timed too.
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        packs = sorted((ROOT / "content" / "packs").glob("*/*.json"))
        pack_load(documents=[(str(p), json.loads(p.read_text())) for p in packs])
        doc = json.loads((EXAMPLES / "crimson-dust/dust-devils-500.json").read_text())
        client = Client()
        data = form_data(doc)
        post(client, data, **HTMX)  # warm: compiled schemas, catalogue snapshot

        catalogue = load_catalogue()
        check(catalogue, doc)
        engine_ms = median_of(lambda: check(catalogue, doc), 200) * 1000
        live_ms = median_of(lambda: post(client, data, **HTMX), 100) * 1000
        page_ms = median_of(lambda: post(client, data), 30) * 1000

        queries = {}
        for models in (6, 60):
            big = copy.deepcopy(doc)
            big["points_limit"] = 100_000
            big["entries"] = [copy.deepcopy(doc["entries"][i % 6]) for i in range(models)]
            with CaptureQueriesContext(connection) as captured:
                post(client, form_data(big), **HTMX)
            queries[models] = len(captured)
        points = check(catalogue, doc).points
        print(f"500-point warband ({len(doc['entries'])} models, {points} points)")
        print(f"  engine check alone (baseline)   {engine_ms:7.2f} ms")
        print(
            f"  live update (htmx, server time) {live_ms:7.2f} ms   "
            f"{live_ms / engine_ms:5.1f}x the baseline   (target <= 100 ms)"
        )
        print(f"  whole builder page (no htmx)    {page_ms:7.2f} ms")
        print(f"  queries per live update: {queries[6]} for 6 models, {queries[60]} for 60")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
