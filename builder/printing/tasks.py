"""The Celery task that renders print jobs: thin, safe to run twice, retried when the
failure is the machine's (database or disk), never when the input is bad."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from builder.printing.services import print_job_run

TRANSIENT = (OperationalError, InterfaceError, OSError)


@shared_task(
    name="printing.render",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=settings.PRINT_SOFT_TIME_LIMIT,
    time_limit=settings.PRINT_TIME_LIMIT,
    autoretry_for=TRANSIENT,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=settings.PRINT_MAX_RETRIES,
)
def print_job_render(job_id: int) -> str:
    """Render job ``job_id`` and return its status."""
    return str(print_job_run(job_id=job_id).status)
