"""API figures: check latency against a trivial endpoint, the figures list at 100,000 rows,
and a 1,000,000-run simulation job on two worker processes against one.

Runs on PostgreSQL and Redis, named by ``BENCH_DATABASE_URL`` and ``BENCH_BROKER_URL``, and a
gunicorn on ``BENCH_PORT`` (8140). When either URL is not set, or its service does not answer,
every figure is reported as skipped with the reason (so ``make bench`` on SQLite goes on).

    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/muster_api \
    BENCH_BROKER_URL=redis://127.0.0.1:6379/8 \
    .venv/bin/python bench/api.py [--requests 200] [--runs 1000000] [--figures 100000]
                                  [--skip-http] [--skip-figures] [--skip-simulation]

Baselines, measured in the same run: ``GET /api/v1/auth/me/`` (a DRF view that returns the
signed-in user: the same middleware, token check and JSON rendering, and no work of its
own) for the check; one worker process for the simulation.
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import timing  # noqa: F401  (puts the repository on sys.path)
from figures import Target, at_least, at_most, measured, report, skipped

ROOT = Path(__file__).resolve().parent.parent
NEEDED = ("BENCH_DATABASE_URL", "BENCH_BROKER_URL")
# Only to let Django start when a URL is missing: nothing is measured then.
DB_URL = os.environ.get("BENCH_DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/muster_api"
BROKER = os.environ.get("BENCH_BROKER_URL") or "redis://127.0.0.1:6379/8"
PORT = int(os.environ.get("BENCH_PORT", "8140"))
ENV = {
    "DJANGO_SETTINGS_MODULE": "builder.settings.local",
    "DJANGO_DEBUG": "false",
    "DATABASE_URL": DB_URL,
    "CELERY_BROKER_URL": BROKER,
    "CELERY_VISIBILITY_TIMEOUT": "1200",
    "API_THROTTLE_USER": "1000000/minute",
    "API_THROTTLE_ANON": "1000000/minute",
}
os.environ.update(ENV)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

WARBAND = ROOT / "docs" / "examples" / "crimson-dust" / "dust-devils-500.json"
BENCH_PREFIX = "bench-figure-"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ms(value: float) -> str:
    return f"{value * 1000:7.2f} ms"


def setup_database() -> str:
    """Migrated, packs loaded, a bench user with a token; returns the token."""
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    call_command("migrate", verbosity=0)
    call_command("loadpack", verbosity=0, stdout=io.StringIO())
    user, _ = get_user_model().objects.get_or_create(username="bench")
    _, key = AuthToken.objects.create(user)
    return str(key)


def timed(call: Any, n: int, warm: int = 10) -> list[float]:
    for _ in range(warm):
        call()
    times = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


FIGURES: list[tuple[str, str, Target]] = [
    ("check / trivial p50, in process", "x", at_most(3.0)),
    ("check / trivial p95, in process", "x", at_most(3.0)),
    ("check / trivial p50, gunicorn HTTP", "x", at_most(3.0)),
    ("check / trivial p95, gunicorn HTTP", "x", at_most(3.0)),
    ("figures list p95, first page, 50 figures", "ms wall", at_most(100.0)),
    ("figures list p95, page 200 by cursor", "ms wall", at_most(100.0)),
    ("figures list p95, system + kind + points 40-60", "ms wall", at_most(100.0)),
    ("figures list p95, name search 'pilot 9999'", "ms wall", at_most(100.0)),
    ("simulation job speed-up, 2 worker processes vs 1", "x wall", at_least(1.7)),
    ("simulation job reports identical on 1 and 2 workers", "yes", at_least(1)),
]
"""Every figure this script reports, for reporting them all as skipped."""


def unavailable() -> str:
    """Why PostgreSQL or Redis cannot be used ("" when both can)."""
    missing = [name for name in NEEDED if not os.environ.get(name)]
    if missing:
        return f"{' and '.join(missing)} not set"
    if connection.vendor != "postgresql":
        return f"BENCH_DATABASE_URL is {connection.vendor}, not PostgreSQL"
    try:
        connection.ensure_connection()
    except Exception as error:
        return f"PostgreSQL not reachable ({type(error).__name__})"
    try:
        import redis

        redis.Redis.from_url(BROKER, socket_connect_timeout=2).ping()
    except Exception as error:
        return f"Redis not reachable ({type(error).__name__})"
    return ""


def report_pair(label: str, check: list[float], trivial: list[float], key: str) -> None:
    ratio50 = pct(check, 0.5) / pct(trivial, 0.5)
    ratio95 = pct(check, 0.95) / pct(trivial, 0.95)
    for q, ratio in (("p50", ratio50), ("p95", ratio95)):
        measured(
            f"check / trivial {q}, {key}",
            ratio,
            "x",
            baseline="GET /auth/me/ (trivial DRF view)",
            target=at_most(3.0),
        )
    print(f"  {label}")
    for name, times in (
        ("POST /engine/check/ (500-pt warband)", check),
        ("GET  /auth/me/ (trivial DRF)", trivial),
    ):
        print(f"    {name:38} p50 {ms(pct(times, 0.5))}  p95 {ms(pct(times, 0.95))}")
    print(
        f"    {'ratio check/trivial':38} p50 {ratio50:5.2f}x    p95 {ratio95:5.2f}x"
        "   (target <= 3x)"
    )


def bench_check(token: str, requests: int, http_too: bool) -> None:
    body = WARBAND.read_bytes()
    headers = {"HTTP_AUTHORIZATION": f"Token {token}", "HTTP_HOST": "127.0.0.1"}
    client = Client(**headers)

    def check() -> None:
        response = client.post("/api/v1/engine/check/", body, content_type="application/json")
        assert response.status_code == 200, response.content[:200]

    def trivial() -> None:
        assert client.get("/api/v1/auth/me/").status_code == 200

    print(f"Check latency, {requests} requests each (after 10 warm-up)")
    check_times = timed(check, requests)
    trivial_times = timed(trivial, requests)
    report_pair("Django test client, in process", check_times, trivial_times, "in process")
    if http_too:
        bench_check_http(token, body, requests)


def bench_check_http(token: str, body: bytes, requests: int) -> None:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "builder.wsgi",
            "-b",
            f"127.0.0.1:{PORT}",
            "-w",
            "2",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env={**os.environ, **ENV},
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=5)
                conn.request("GET", "/api/v1/systems/")
                conn.getresponse().read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)
        auth = {"Authorization": f"Token {token}", "Host": "127.0.0.1"}

        def call(method: str, path: str, payload: bytes | None = None) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
            extra = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, path, body=payload, headers={**auth, **extra})
            response = conn.getresponse()
            response.read()
            assert response.status == 200, response.status
            conn.close()

        check_times = timed(lambda: call("POST", "/api/v1/engine/check/", body), requests)
        trivial_times = timed(lambda: call("GET", "/api/v1/auth/me/"), requests)
        report_pair(
            f"gunicorn on 127.0.0.1:{PORT} (2 workers), HTTP",
            check_times,
            trivial_times,
            "gunicorn HTTP",
        )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def bench_figures(count: int, requests: int) -> None:
    from content.models import ContentPack, Figure, GameSystem

    system = GameSystem.objects.get(slug="cs-aces")
    pack = ContentPack.objects.get(pack_id="cs-aces-core")
    Figure.objects.filter(stable_id__startswith=BENCH_PREFIX).delete()
    kinds = ["plane", "ace", "character_token"]
    batch = []
    for i in range(count):
        batch.append(
            Figure(
                system=system,
                pack=pack,
                stable_id=f"{BENCH_PREFIX}{i}",
                name=f"Generated pilot {i}",
                source={},
                data={},
                kind=kinds[i % 3],
                point_value=i % 120,
                collector_number=f"{i:06d}",
            )
        )
        if len(batch) == 5000:
            Figure.objects.bulk_create(batch)
            batch = []
    Figure.objects.bulk_create(batch)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE content_figure")
    total = Figure.objects.count()
    client = Client(HTTP_HOST="127.0.0.1")
    print(f"\nFigures list at {total:,} figures on {connection.vendor}, {requests} requests each")
    first = client.get("/api/v1/figures/", {"page_size": 50}).json()
    deep_cursor = first["next"]
    for _ in range(200):
        deep_cursor = client.get(deep_cursor).json()["next"]
    cases = [
        ("first page, 50 figures", "/api/v1/figures/", {"page_size": 50}),
        ("page 200 by cursor", deep_cursor, {}),
        (
            "system + kind + points 40-60",
            "/api/v1/figures/",
            {"system": "cs-aces", "kind": "ace", "min_points": 40, "max_points": 60},
        ),
        ("name search 'pilot 9999'", "/api/v1/figures/", {"search": "pilot 9999"}),
    ]
    try:
        for label, path, params in cases:

            def get(path: str = path, params: dict[str, Any] = params) -> None:
                assert client.get(path, params).status_code == 200

            times = timed(get, requests, warm=5)
            with CaptureQueriesContext(connection) as ctx:
                get()
            print(
                f"  {label:32} p50 {ms(pct(times, 0.5))}  p95 {ms(pct(times, 0.95))}  "
                f"queries {len(ctx)}   (target p95 <= 100 ms)"
            )
            measured(
                f"figures list p95, {label}",
                pct(times, 0.95) * 1000,
                "ms wall",
                target=at_most(100.0),
            )
    finally:
        Figure.objects.filter(stable_id__startswith=BENCH_PREFIX).delete()


def bench_simulation(runs: int) -> None:
    import redis
    from django.contrib.auth import get_user_model

    from builder.core.celery_workers import WorkerProcesses, use_broker
    from builder.simulations.models import SimulationJob
    from builder.simulations.services import simulation_job_create

    redis.Redis.from_url(BROKER).flushdb()
    owner = get_user_model().objects.get(username="bench")
    doc = json.loads(WARBAND.read_text(encoding="utf-8"))
    print(f"\nSimulation job: {runs:,} runs of the 500-point warband mirror, seed 2026")
    results = {}
    (ROOT / "var").mkdir(exist_ok=True)
    # The workers' banners and logs go to a file, so the figures stay readable.
    worker_log = ROOT / "var" / "bench-worker.log"
    for processes in (1, 2):
        with use_broker(BROKER), WorkerProcesses(BROKER, ENV) as workers:
            worker = workers.start(f"bench{processes}", processes, log=worker_log)
            workers.wait_until_ready(worker, timeout=120)
            start = time.perf_counter()
            job = simulation_job_create(
                owner=owner, list_a=doc, list_b=doc, scenario={}, runs=runs, seed=2026
            )
            while True:
                job.refresh_from_db()
                if job.status in (SimulationJob.Status.DONE, SimulationJob.Status.FAILED):
                    break
                time.sleep(0.2)
            elapsed = time.perf_counter() - start
            assert job.status == SimulationJob.Status.DONE, job.error
            results[processes] = (elapsed, job.result)
            print(
                f"  {processes} worker process{'es' if processes > 1 else '  '}: "
                f"{elapsed:7.1f} s for {job.blocks_total} blocks"
            )
    speedup = results[1][0] / results[2][0]
    same = results[1][1] == results[2][1]
    print(f"  speed-up 2 vs 1: {speedup:.2f}x (target >= 1.7x); identical reports: {same}")
    measured(
        "simulation job speed-up, 2 worker processes vs 1",
        speedup,
        "x wall",
        baseline="one worker process",
        target=at_least(1.7),
    )
    measured(
        "simulation job reports identical on 1 and 2 workers",
        int(same),
        "yes",
        target=at_least(1),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--runs", type=int, default=1_000_000)
    parser.add_argument("--figures", type=int, default=100_000)
    parser.add_argument("--skip-http", action="store_true")
    parser.add_argument("--skip-figures", action="store_true")
    parser.add_argument("--skip-simulation", action="store_true")
    args = parser.parse_args()
    reason = unavailable()
    if reason:
        print(f"bench/api.py: skipped, {reason}")
        for name, unit, target in FIGURES:
            report(skipped(name, unit, reason, target))
        return
    print(
        f"Database: {connection.vendor} {connection.settings_dict['NAME']}; "
        f"CPUs: {os.cpu_count()}; load average: {os.getloadavg()[0]:.1f}"
    )
    token = setup_database()
    bench_check(token, args.requests, not args.skip_http)
    if not args.skip_figures:
        bench_figures(args.figures, args.requests)
    if not args.skip_simulation:
        bench_simulation(args.runs)


if __name__ == "__main__":
    main()
