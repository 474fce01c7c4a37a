"""Writes for simulation jobs: create one, run a block, merge the report, cancel one.

Running a block is idempotent: a block whose partial is already stored is skipped, and two
workers racing on the same block store it once (the unique constraint decides). The last
block to land merges every partial, in block order, into the report. A user keeps at most
``SIMULATION_JOBS_PER_USER`` jobs queued or running; a cancelled job plays no more blocks.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from builder import engine
from builder.core.errors import ErrorCode
from builder.core.quotas import job_cancel, job_quota_check
from builder.engine import BadDocument, Catalogue
from builder.simulations.models import SimulationBlock, SimulationJob
from content.api_selectors import engine_catalogue, list_pins

logger = logging.getLogger(__name__)


def simulation_job_create(
    *,
    owner: Any,
    list_a: dict[str, Any],
    list_b: dict[str, Any],
    scenario: dict[str, Any],
    runs: int,
    seed: int,
) -> SimulationJob:
    """Store a job (inputs already checked) and queue its blocks once the row is committed.

    Raises:
        ApplicationError: 429 ``job_quota`` when the owner already has
            ``SIMULATION_JOBS_PER_USER`` jobs queued or running.
    """
    from builder.simulations.tasks import simulation_block_run

    job = SimulationJob(
        owner=owner,
        system=list_a["system"],
        list_a=list_a,
        list_b=list_b,
        scenario=scenario,
        runs=runs,
        seed=seed,
        block_runs=engine.plan_blocks(runs),
    )
    job.full_clean()
    with transaction.atomic():
        job_quota_check(
            owner=owner,
            active=SimulationJob.objects.filter(owner=owner, status__in=SimulationJob.ACTIVE),
            limit=settings.SIMULATION_JOBS_PER_USER,
            noun="simulation",
        )
        job.save()
        job_id = job.id
        blocks = range(job.blocks_total)
        transaction.on_commit(
            lambda: [simulation_block_run.delay(job_id, block) for block in blocks]
        )
    return job


def _catalogue(job: SimulationJob) -> Catalogue:
    return engine_catalogue({**list_pins(job.list_b), **list_pins(job.list_a)})


def simulation_block_run(*, job_id: int, block: int) -> None:
    """Play one block of a job and store its partial, unless it is stored already or the
    job has ended (done, failed or cancelled)."""
    job = SimulationJob.objects.filter(id=job_id).first()
    if job is None or job.status not in SimulationJob.ACTIVE:
        return
    if SimulationBlock.objects.filter(job_id=job_id, block=block).exists():
        _finish_if_complete(job_id)
        return
    SimulationJob.objects.filter(
        id=job_id, started_at__isnull=True, status=SimulationJob.Status.QUEUED
    ).update(started_at=timezone.now(), status=SimulationJob.Status.RUNNING)
    try:
        partial = engine.simulate_block(
            _catalogue(job),
            job.list_a,
            job.list_b,
            scenario=job.scenario,
            seed=job.seed,
            block=block,
            runs=job.block_runs[block],
        )
    except BadDocument as exc:
        _fail(job_id, exc)
        return
    try:
        with transaction.atomic():
            SimulationBlock.objects.create(
                job_id=job_id, block=block, runs=job.block_runs[block], partial=partial
            )
    except IntegrityError:
        logger.info("block %s of job %s was stored by another worker", block, job_id)
    done = SimulationBlock.objects.filter(job_id=job_id).count()
    SimulationJob.objects.filter(id=job_id, status=SimulationJob.Status.RUNNING).update(
        blocks_done=done
    )
    if done >= job.blocks_total:
        _finish_if_complete(job_id)


def _finish_if_complete(job_id: int) -> None:
    """Merge the report once every block is stored; a second merge changes nothing, and an
    ended job (done, failed or cancelled) is left as it is."""
    job = SimulationJob.objects.get(id=job_id)
    if job.status not in SimulationJob.ACTIVE:
        return
    if SimulationBlock.objects.filter(job_id=job_id).count() < job.blocks_total:
        return  # the partials are read once, by whichever block lands last
    partials = list(
        SimulationBlock.objects.filter(job_id=job_id)
        .order_by("block")
        .values_list("partial", flat=True)
    )
    try:
        report = engine.merge_blocks(
            _catalogue(job), job.list_a, job.list_b, scenario=job.scenario, partials=partials
        )
    except BadDocument as exc:
        _fail(job_id, exc)
        return
    SimulationJob.objects.filter(id=job_id, status__in=SimulationJob.ACTIVE).update(
        status=SimulationJob.Status.DONE,
        result=report,
        blocks_done=len(partials),
        finished_at=timezone.now(),
    )


def _fail(job_id: int, exc: BadDocument) -> None:
    error = {
        "code": ErrorCode.BAD_DOCUMENT,
        "message": str(exc),
        "details": engine.error_details(exc),
    }
    SimulationJob.objects.filter(id=job_id, status__in=SimulationJob.ACTIVE).update(
        status=SimulationJob.Status.FAILED, error=error, finished_at=timezone.now()
    )


def simulation_job_cancel(*, job: SimulationJob) -> SimulationJob:
    """Cancel a queued or running job: its remaining blocks are skipped when a worker takes
    them, its stored partials kept. Cancelling a cancelled job changes nothing.

    Raises:
        ApplicationError: 409 ``not_cancellable`` when the job is done or failed.
    """
    return job_cancel(job=job, noun="simulation")
