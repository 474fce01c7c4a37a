"""Simulation jobs on real Celery workers over Redis, sharing the PostgreSQL test database.

A worker is killed with SIGKILL in the middle of a job; a second worker picks up the
unacknowledged block and the report comes out identical to a run in one piece. Reports are
the same for one worker process and for two.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection

from builder import engine
from builder.core.celery_workers import WorkerProcesses, database_url, use_broker
from builder.simulations.models import SimulationBlock, SimulationJob
from content.api_selectors import engine_catalogue
from tests.builder.api_fixtures import example_list

REDIS_URL = os.environ.get("TEST_CELERY_BROKER_URL", "redis://127.0.0.1:6379/4")
JOBS = "/api/v1/simulations/"
VISIBILITY_TIMEOUT = 4

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _redis_up() -> bool:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except Exception:
        return False
    return True


@pytest.fixture
def broker() -> Iterator[str]:
    """Redis as the broker of this process, emptied before and after."""
    if connection.vendor != "postgresql":
        pytest.skip("workers share the test database: run with DATABASE_URL=postgres://...")
    if not _redis_up():
        pytest.skip(f"Redis is not reachable at {REDIS_URL}")
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    client.flushdb()
    with use_broker(REDIS_URL, {"visibility_timeout": VISIBILITY_TIMEOUT}):
        yield REDIS_URL
    client.flushdb()


@pytest.fixture
def workers(broker: str) -> Iterator[WorkerProcesses]:
    """Workers on the test database whose unacknowledged blocks come back after 4 s."""
    env = {
        "DJANGO_SETTINGS_MODULE": "builder.settings.test",
        "DATABASE_URL": database_url(),
        "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
    }
    with WorkerProcesses(broker, env) as started:
        yield started


def fight(runs: int, seed: int) -> dict[str, Any]:
    doc = example_list("crimson-dust/dust-devils-500.json")
    return {"list_a": doc, "list_b": doc, "runs": runs, "seed": seed, "scenario": {}}


def in_one_piece(body: dict[str, Any]) -> dict[str, Any]:
    return engine.simulate(
        engine_catalogue(),
        body["list_a"],
        body["list_b"],
        runs=body["runs"],
        seed=body["seed"],
        scenario=body["scenario"],
    )


def wait_for(job_id: str, until: Any, timeout: float = 240) -> SimulationJob:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = SimulationJob.objects.get(public_id=job_id)
        if until(job):
            return job
        if job.status == SimulationJob.Status.FAILED:
            pytest.fail(f"job failed: {job.error}")
        time.sleep(0.2)
    pytest.fail(f"job {job_id} did not get there in {timeout} s: {job.status} {job.blocks_done}")


def test_a_killed_worker_loses_nothing_and_counts_nothing_twice(api, packs, workers):
    body = fight(runs=60_000, seed=21)
    first = workers.start("first")
    job = api.post(JOBS, body, format="json").json()
    running = wait_for(job["id"], lambda j: j.started_at is not None)
    assert running.status != SimulationJob.Status.DONE
    workers.kill(first)
    killed_at = SimulationJob.objects.get(public_id=job["id"])
    assert killed_at.status != SimulationJob.Status.DONE

    workers.start("second")
    done = wait_for(job["id"], lambda j: j.status == SimulationJob.Status.DONE)
    assert SimulationBlock.objects.filter(job=done).count() == done.blocks_total
    assert api.get(job["result_url"]).json() == in_one_piece(body)
    progress = api.get(job["url"]).json()["progress"]
    assert progress["blocks_done"] == progress["blocks_total"]


def test_one_worker_process_or_two_give_the_same_report(api, packs, workers):
    body = fight(runs=20_000, seed=8)
    one = workers.start("one", concurrency=1)
    job_one = api.post(JOBS, body, format="json").json()
    wait_for(job_one["id"], lambda j: j.status == SimulationJob.Status.DONE)
    workers.kill(one)

    workers.start("two", concurrency=2)
    job_two = api.post(JOBS, body, format="json").json()
    wait_for(job_two["id"], lambda j: j.status == SimulationJob.Status.DONE)

    report_one = api.get(job_one["result_url"]).json()
    report_two = api.get(job_two["result_url"]).json()
    assert report_one == report_two == in_one_piece(body)


def test_a_cancelled_job_stops_on_the_workers(api, packs, workers, broker):
    import redis

    body = fight(runs=80_000, seed=5)
    workers.start("canceller", concurrency=1)
    job = api.post(JOBS, body, format="json").json()
    wait_for(job["id"], lambda j: j.blocks_done >= 1)
    assert api.post(f"{job['url']}cancel/").json()["status"] == "cancelled"
    stored_at_cancel = SimulationBlock.objects.filter(job__public_id=job["id"]).count()

    queue = redis.Redis.from_url(broker)
    deadline = time.monotonic() + 60
    while queue.llen("celery") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert queue.llen("celery") == 0, "the skipped blocks were not taken off the queue"
    time.sleep(3)  # the last ones taken, then skipped at their status check
    cancelled = SimulationJob.objects.get(public_id=job["id"])
    stored = SimulationBlock.objects.filter(job=cancelled).count()
    # At most the one block already playing lands; the other blocks are never played.
    assert stored_at_cancel <= stored <= stored_at_cancel + 1 < cancelled.blocks_total == 8
    assert (cancelled.status, cancelled.result) == ("cancelled", None)
