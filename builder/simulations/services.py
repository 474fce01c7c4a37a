"""Writes for simulation jobs: create one, run a block, merge the report.

Running a block is idempotent: a block whose partial is already stored is skipped, and two
workers racing on the same block store it once (the unique constraint decides). The last
block to land merges every partial, in block order, into the report.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from builder.api import engine
from builder.simulations.models import SimulationBlock, SimulationJob
from content.api_selectors import engine_catalogue, list_pins
from rules_engine import BadDocument, Catalogue

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
    """Store a job (inputs already checked) and queue its blocks once the row is committed."""
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
    """Play one block of a job and store its partial, unless it is stored already."""
    job = SimulationJob.objects.filter(id=job_id).first()
    if job is None or job.status in (SimulationJob.Status.DONE, SimulationJob.Status.FAILED):
        return
    if SimulationBlock.objects.filter(job_id=job_id, block=block).exists():
        _finish_if_complete(job_id)
        return
    SimulationJob.objects.filter(id=job_id, started_at__isnull=True).update(
        started_at=timezone.now(), status=SimulationJob.Status.RUNNING
    )
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
    _finish_if_complete(job_id)


def _finish_if_complete(job_id: int) -> None:
    """Merge the report once every block is stored; a second merge changes nothing."""
    job = SimulationJob.objects.get(id=job_id)
    partials = list(
        SimulationBlock.objects.filter(job_id=job_id)
        .order_by("block")
        .values_list("partial", flat=True)
    )
    if len(partials) < job.blocks_total or job.status == SimulationJob.Status.DONE:
        return
    try:
        report = engine.merge_blocks(
            _catalogue(job), job.list_a, job.list_b, scenario=job.scenario, partials=partials
        )
    except BadDocument as exc:
        _fail(job_id, exc)
        return
    SimulationJob.objects.filter(id=job_id).filter(~Q(status=SimulationJob.Status.DONE)).update(
        status=SimulationJob.Status.DONE,
        result=report,
        blocks_done=len(partials),
        finished_at=timezone.now(),
    )


def _fail(job_id: int, exc: BadDocument) -> None:
    error = {
        "code": "bad_document",
        "message": str(exc),
        "details": [{"path": e.path, "field": "", "message": e.message} for e in exc.errors],
    }
    SimulationJob.objects.filter(id=job_id).update(
        status=SimulationJob.Status.FAILED, error=error, finished_at=timezone.now()
    )
