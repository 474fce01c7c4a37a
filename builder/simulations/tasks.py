"""Celery tasks for simulation jobs: thin, one block each, safe to run twice.

``acks_late`` with ``reject_on_worker_lost``: a block whose worker dies is handed to
another worker instead of being lost; storing partials once per (job, block) makes the
redo harmless.
"""

from __future__ import annotations

from celery import shared_task

import builder.celery  # noqa: F401  (the app these tasks are sent with)
from builder.simulations import services


@shared_task(
    name="simulations.block_run",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=900,
    time_limit=960,
)
def simulation_block_run(job_id: int, block: int) -> None:
    """Play block ``block`` of job ``job_id`` and merge the report if it was the last."""
    services.simulation_block_run(job_id=job_id, block=block)
