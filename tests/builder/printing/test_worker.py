"""Print jobs on a real Celery worker with Redis, including a worker killed mid-render."""

from __future__ import annotations

import io
import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import connection, transaction
from pypdf import PdfReader

from builder.core.celery_workers import Process, WorkerProcesses, database_url, use_broker
from builder.printing.models import PrintJob
from builder.printing.services import print_job_cancel, print_job_create

from .conftest import example

REDIS_URL = os.environ.get("PRINT_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")
PLANES = [
    "cs-air-action/charlie-steele-fury",
    "cs-air-action/genghis-bloodhawk",
    "cs-air-action/louis-thibodeaux-brigand",
    "cs-air-action/loyle-crawford-devastator",
    "cs-air-action/show-stopper-kestrel",
]

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def redis_client() -> Any:
    import redis

    return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)


def pool_children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def wait_for(predicate: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


@pytest.fixture
def worker(loaded_packs: Any, print_root: Path, tmp_path: Path) -> Iterator[Process]:
    """A Celery worker process on Redis DB 5, sharing this test's PostgreSQL database."""
    if connection.vendor != "postgresql":
        pytest.skip(
            "a worker process cannot open this process's in-memory SQLite test database; "
            "run with DATABASE_URL=postgres://... to test print jobs on a real worker"
        )
    try:
        redis_client().ping()
    except Exception as exc:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {exc}")
    redis_client().flushdb()
    log = tmp_path / "worker.log"
    env = {
        "DJANGO_SETTINGS_MODULE": "builder.settings.test",
        "DATABASE_URL": database_url(),
        "PRINT_ROOT": str(print_root),
    }
    try:
        with use_broker(REDIS_URL), WorkerProcesses(REDIS_URL, env) as workers:
            process = workers.start(f"print-test-{os.getpid()}", log=log, loglevel="INFO")
            # a busy machine takes long to import Django, Celery and WeasyPrint
            workers.wait_until_ready(process, timeout=240)
            yield process
    finally:
        redis_client().flushdb()
        if getattr(sys, "last_value", None) is not None and log.exists():
            print(log.read_text())


def finished(job_id: int) -> PrintJob | None:
    job = PrintJob.objects.get(pk=job_id)
    return job if job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED) else None


def test_a_worker_renders_a_queued_job(
    worker: Any, django_user_model: Any, print_root: Path
) -> None:
    owner = django_user_model.objects.create_user("printer", password="pw-for-tests-only")
    job = print_job_create(owner=owner, kind="cards", what={"records": PLANES})
    done = wait_for(lambda: finished(job.pk), 180, "the job to finish")
    assert done.status == "done", done.error
    assert done.progress == "5 of 5"
    pdf = (print_root / done.pdf.name).read_bytes()
    assert len(PdfReader(io.BytesIO(pdf)).pages) == done.pages == 2


def test_bad_input_on_a_worker_fails_the_job(worker: Any, django_user_model: Any) -> None:
    owner = django_user_model.objects.create_user("printer", password="pw-for-tests-only")
    job = print_job_create(owner=owner, kind="cards", what={"records": ["cs-aces/nobody"]})
    done = wait_for(lambda: finished(job.pk), 180, "the job to finish")
    assert done.status == "failed"
    assert done.error["message"] == "No figure 'cs-aces/nobody' in the catalogue."
    assert done.attempts == 1


def test_a_worker_killed_mid_job_loses_nothing(
    worker: Any, django_user_model: Any, print_root: Path
) -> None:
    owner = django_user_model.objects.create_user("printer", password="pw-for-tests-only")
    # a hundred distinct models: a render of many seconds, long enough to be killed in
    job = print_job_create(
        owner=owner, kind="cards", what={"list": example("crimson-dust/hundred-models.json")}
    )
    wait_for(
        lambda: PrintJob.objects.get(pk=job.pk).status == "running", 180, "the render to start"
    )
    time.sleep(1.0)  # into the render, well before it is written
    children = pool_children(worker.pid)
    assert children, "the worker has no pool process"
    assert not any(print_root.glob("*.pdf"))
    for pid in children:
        os.kill(pid, signal.SIGKILL)
    done = wait_for(lambda: finished(job.pk), 300, "the job to be redone")
    assert done.status == "done", done.error
    assert done.attempts == 2
    assert done.progress == "100 of 100"
    files = sorted(p.name for p in print_root.iterdir())
    assert files == [done.pdf.name]  # one PDF, no partial file left behind
    pages = len(PdfReader(io.BytesIO((print_root / done.pdf.name).read_bytes())).pages)
    assert pages == done.pages
    assert pages >= 12  # at least a face per model, nine to a page
    assert worker.poll() is None
    assert print_root == django_settings.PRINT_ROOT


def test_a_worker_does_not_render_a_cancelled_job(
    worker: Any, django_user_model: Any, print_root: Path, tmp_path: Path
) -> None:
    owner = django_user_model.objects.create_user("printer", password="pw-for-tests-only")
    with transaction.atomic():  # cancelled before the task is even sent
        job = print_job_create(owner=owner, kind="cards", what={"records": PLANES})
        print_job_cancel(job=job)
    log = tmp_path / "worker.log"
    wait_for(lambda: b"'cancelled'" in log.read_bytes(), 180, "the worker to take the job")
    job.refresh_from_db()
    assert (job.status, job.attempts, job.started_at) == ("cancelled", 0, None)
    assert not any(print_root.glob("*.pdf"))


def test_a_job_cancelled_mid_render_on_a_worker_keeps_no_pdf(
    worker: Any, django_user_model: Any, print_root: Path, tmp_path: Path
) -> None:
    owner = django_user_model.objects.create_user("printer", password="pw-for-tests-only")
    job = print_job_create(
        owner=owner, kind="cards", what={"list": example("crimson-dust/hundred-models.json")}
    )
    wait_for(
        lambda: PrintJob.objects.get(pk=job.pk).status == "running", 180, "the render to start"
    )
    print_job_cancel(job=job)
    log = tmp_path / "worker.log"
    wait_for(lambda: b"'cancelled'" in log.read_bytes(), 300, "the render to stop")
    job.refresh_from_db()
    assert (job.status, job.pdf.name, job.pages) == ("cancelled", "", None)
    assert not print_root.exists() or not any(print_root.iterdir())
    # the worker is free again: the next job renders
    after = print_job_create(owner=owner, kind="cards", what={"records": PLANES[:1]})
    done = wait_for(lambda: finished(after.pk), 180, "the next job to finish")
    assert done.status == "done", done.error
