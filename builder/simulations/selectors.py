"""Reads of simulation jobs, always scoped to their owner."""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from builder.simulations.models import SimulationJob

_LIST_FIELDS = (
    "id",
    "public_id",
    "owner_id",
    "system",
    "runs",
    "seed",
    "status",
    "block_runs",
    "blocks_done",
    "error",
    "created_at",
    "started_at",
    "finished_at",
)


def simulation_job_list(*, owner: Any) -> QuerySet[SimulationJob]:
    """The owner's jobs, newest first, without the lists and reports (one query a page)."""
    return SimulationJob.objects.filter(owner=owner).only(*_LIST_FIELDS)


def simulation_job_get(*, owner: Any, public_id: str) -> SimulationJob:
    """The owner's job; anyone else's, or no such job, is a 404."""
    try:
        key = uuid.UUID(str(public_id))
    except ValueError as exc:
        raise Http404 from exc
    job = SimulationJob.objects.filter(owner=owner, public_id=key).first()
    if job is None:
        raise Http404
    return job
