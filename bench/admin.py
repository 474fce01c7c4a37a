"""The figure list in the admin at 10,000 and 100,000 figures: p50/p95 and queries per view.

Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster_admin .venv/bin/python bench/admin.py
(a throw-away database ``bench_<name>`` is created and dropped; SQLite works too).
Options: --sizes 10000 100000  --repeat 30

Each view is requested through Django's test client as a logged-in curator: the default
order, a search for a pilot's surname, two filters together, and the last page. The
baseline is the figure admin as it stood before (same columns, filters and search, Django's
defaults for ordering, counting and paging) on the same rows in the same run.
Target: every view p95 <= 100 ms at 100,000 figures with the same query count at every size.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import types

from figures import at_most, measured
from timing import ROOT  # noqa: F401  (puts the project on sys.path)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "builder.settings.test")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib import admin  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import clear_url_caches, path  # noqa: E402

from content.admin import PointValueFilter  # noqa: E402
from content.models import CombatDial, Figure, GameSystem, Release  # noqa: E402
from content.services.collection import collection_pack_get_or_create  # noqa: E402
from content.services.packs import pack_load, read_pack_files  # noqa: E402
from rules_engine.catalogue import pack_files  # noqa: E402

SURNAMES = [
    f"{a}{b}"
    for a in ("Mar", "Kel", "Dun", "Har", "Bro", "Fin", "Tal", "Rey", "Os", "Vi")
    for b in (
        "lowe",
        "ston",
        "ridge",
        "wick",
        "ford",
        "mont",
        "ley",
        "ham",
        "sby",
        "rin",
        "dale",
        "croft",
        "well",
        "more",
        "ton",
        "by",
        "ke",
        "gan",
        "son",
        "ick",
    )
]
FIRST = ["Charlie", "Nathan", "Paul", "Betty", "Jonas", "Lily", "Ada", "Rex", "Mae", "Hugo"]
PLANES = ["Fury", "Devastator", "Brigand", "Avenger", "Hoplite", "Peacemaker", "Valiant"]


class BaselineFigureAdmin(admin.ModelAdmin):
    """The figure list as it was: the same columns, filters and search, Django's defaults."""

    list_display = (
        "name",
        "collector_number",
        "kind",
        "point_value",
        "squadron_symbol",
        "system",
        "release",
        "sample",
    )
    list_filter = ("system", "release", "kind", PointValueFilter, "sample")
    search_fields = ("name", "stable_id", "collector_number", "data__pilot")
    list_select_related = ("system", "release")
    list_per_page = 50  # the same rows per page as the figure admin


baseline_site = admin.AdminSite(name="baseline")
baseline_site.register(Figure, BaselineFigureAdmin)
urls = types.ModuleType("bench_admin_urls")
urls.urlpatterns = [
    path("admin/", admin.site.urls),  # type: ignore[attr-defined]
    path("baseline/", baseline_site.urls),
]
sys.modules["bench_admin_urls"] = urls


def figure_rows(
    system: GameSystem,
    n: int,
    start: int,
    dial: CombatDial,
    release: Release | None,
    rng: random.Random,
) -> list[Figure]:
    pack = collection_pack_get_or_create(system=system)
    plane = system.slug == "cs-air-action"
    out = []
    for i in range(start, start + n):
        pilot = f"{rng.choice(FIRST)} {rng.choice(SURNAMES)}"
        model = rng.choice(PLANES)
        points = rng.randint(20, 120)
        number = f"{i % 1000:03d}"
        name = f"{pilot} ({model})" if plane else pilot
        data = {
            "kind": "plane" if plane else "ace",
            "collector_number": number,
            "point_value": points,
            "squadron_symbol": None,
            "release": release.stable_id if release else None,
            "combat_dial": dial.stable_id,
            "speed_dial": None,
            "pilot": pilot if plane else None,
            "plane_model": model if plane else None,
            "ace": None,
            "ace_cards": [],
            "base": {"silhouette": 4, "front_range": 3, "rear_range": 1}
            if plane
            else {"range": 4, "targets": 1},
        }
        out.append(
            Figure(
                system=system,
                pack=pack,
                stable_id=f"bench-{i}",
                name=name,
                sample=False,
                source={"seed": system.seed, "section": "Bench"},
                uncertain=[],
                data=data,
                kind=data["kind"],
                collector_number=number,
                point_value=points,
                pilot=pilot if plane else "",
                plane_model=model if plane else "",
                release=release,
                combat_dial=dial,
            )
        )
    return out


def grow_to(total: int, rng: random.Random) -> None:
    """Add bench figures (half Air Action planes, half Aces) until ``total`` exist."""
    systems = list(GameSystem.objects.filter(slug__in=["cs-air-action", "cs-aces"]))
    have = Figure.objects.count()
    batch = 5000
    while have < total:
        system = systems[(have // batch) % 2]
        dial = CombatDial.objects.filter(system=system).first()
        release = Release.objects.filter(system=system).first()
        n = min(batch, total - have)
        Figure.objects.bulk_create(
            figure_rows(system, n, have, dial, release, rng), batch_size=1000
        )
        have += n
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE content_figure")


def views(prefix: str, total: int) -> dict[str, str]:
    system = GameSystem.objects.get(slug="cs-air-action").pk
    last = -(-total // 50)
    base = f"{prefix}/content/figure/"
    return {
        "default order": base,
        "search": f"{base}?q={SURNAMES[7]}",
        "filters": f"{base}?system__id__exact={system}&kind__exact=plane",
        "last page": f"{base}?p={last}",
    }


def p95_of(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def measure(client: Client, url: str, repeat: int) -> tuple[float, float, float, float, int]:
    """p50 and p95 of the whole request, p95 of the CPU it took in this process, p95 of its
    time waiting on the database, and its queries. On a busy machine the wall-clock time
    includes waiting for a core; CPU and SQL time show the work itself."""
    response = client.get(url)  # warm: templates, the plan cache
    assert response.status_code == 200, (url, response.status_code)
    times, cpu, sql = [], [], []
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == 200
        sql.append(sum(float(q["time"]) for q in queries.captured_queries) * 1000)
    return statistics.median(times), p95_of(times), p95_of(cpu), p95_of(sql), len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--baseline-repeat", type=int, default=10)
    args = parser.parse_args()

    settings.ROOT_URLCONF = "bench_admin_urls"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    clear_url_caches()
    connection.settings_dict.setdefault("TEST", {})["NAME"] = (
        f"bench_{connection.settings_dict['NAME']}" if connection.vendor == "postgresql" else None
    )
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        call_command("migrate", verbosity=0)
        docs, _ = read_pack_files(pack_files())
        pack_load(documents=docs)
        user = get_user_model().objects.create_superuser("bench", "b@example.com", "pw")
        client = Client()
        client.force_login(user)
        rng = random.Random(13)
        print(
            f"database: {connection.vendor}; {args.repeat} requests per view "
            f"({args.baseline_repeat} for the baseline)"
        )
        queries: dict[str, set[int]] = {}
        for size in args.sizes:
            grow_to(size, rng)
            print(f"\n{Figure.objects.count():,} figures")
            print(
                f"  {'view':<14} {'admin p50':>10} {'p95':>8} {'CPU p95':>8} {'SQL p95':>8} "
                f"{'queries':>7}   {'baseline p50':>12} {'p95':>8} {'CPU p95':>8} "
                f"{'SQL p95':>8} {'queries':>7}   {'p95 ratio':>9}"
            )
            ours = views("/admin", size)
            theirs = views("/baseline", size)
            for name in ours:
                p50, p95, c95, s95, q = measure(client, ours[name], args.repeat)
                b50, b95, bc95, bs95, bq = measure(client, theirs[name], args.baseline_repeat)
                print(
                    f"  {name:<14} {p50:>8.1f}ms {p95:>6.1f}ms {c95:>6.1f}ms {s95:>6.1f}ms "
                    f"{q:>7}   {b50:>10.1f}ms {b95:>6.1f}ms {bc95:>6.1f}ms {bs95:>6.1f}ms "
                    f"{bq:>7}   {b95 / p95:>8.1f}x"
                )
                queries.setdefault(name, set()).add(q)
                measured(
                    f"figure admin p95, {name}, {size:,} figures",
                    p95,
                    "ms wall",
                    baseline="the admin before",
                    baseline_value=b95,
                    target=at_most(100.0) if size >= 100_000 else None,
                )
        measured(
            "figure admin views whose queries change with size",
            sum(len(counts) > 1 for counts in queries.values()),
            "views",
            target=at_most(0),
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
