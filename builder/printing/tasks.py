"""The Celery task that renders print jobs: thin, safe to run twice, retried when the
failure is the machine's (database or disk), never when the input is bad."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import InterfaceError, OperationalError

import builder.celery  # noqa: F401  (the app these tasks are sent with)
from builder.core.errors import ApplicationError, ErrorCode
from builder.printing.models import PrintJob
from builder.printing.services import print_job_fail, print_job_run

TRANSIENT = (OperationalError, InterfaceError, OSError)
logger = logging.getLogger(__name__)


def _fail(job_id: int, code: ErrorCode, message: str) -> None:
    job = PrintJob.objects.filter(pk=job_id).first()
    if job is not None and job.status not in (PrintJob.Status.DONE, PrintJob.Status.CANCELLED):
        print_job_fail(job=job, error=ApplicationError(code, message))


@shared_task(
    bind=True,
    name="printing.render",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=settings.PRINT_SOFT_TIME_LIMIT,
    time_limit=settings.PRINT_TIME_LIMIT,
    max_retries=settings.PRINT_MAX_RETRIES,
)
def print_job_render(self: Any, job_id: int) -> str:
    """Render job ``job_id`` and return its status (a cancelled job is left as it is).

    A worker that dies mid-render leaves the message unacknowledged, so another worker
    redoes the job; the PDF is written whole or not at all, so nothing is lost or doubled.
    """
    try:
        return str(print_job_run(job_id=job_id).status)
    except SoftTimeLimitExceeded:
        _fail(
            job_id,
            ErrorCode.RENDER_TIMEOUT,
            "The sheet took too long to render; print fewer items.",
        )
        return str(PrintJob.Status.FAILED)
    except TRANSIENT as exc:
        if self.request.retries >= self.max_retries:
            _fail(job_id, ErrorCode.RENDER_UNAVAILABLE, f"Rendering failed after retries: {exc}")
            raise
        countdown = min(60, 2 ** (self.request.retries + 1))
        logger.warning("print job %s: %s; retrying in %s s", job_id, exc, countdown)
        raise self.retry(exc=exc, countdown=countdown) from exc
    except Exception:
        _fail(job_id, ErrorCode.RENDER_FAILED, "The sheet could not be rendered.")
        raise
