"""A simulation too large to answer inline: a job split into blocks run by workers.

Each block's partial tallies are stored once, keyed by (job, block) under a unique
constraint, so a block redone after a worker dies is never counted twice; the report is
merged from the partials in block order and so is the same however many workers ran them.
A cancelled job plays no further block: each block looks at the job's status first.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class SimulationJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        CANCELLED = "cancelled", "Cancelled"

    ACTIVE = (Status.QUEUED, Status.RUNNING)
    """Statuses of a job that still has blocks to play (and counts against the quota)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulation_jobs"
    )
    system = models.CharField(max_length=40)
    list_a = models.JSONField()
    list_b = models.JSONField()
    scenario = models.JSONField(default=dict, blank=True)
    runs = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    block_runs = models.JSONField(help_text="Runs in each block, in block order.")
    blocks_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"], name="simjob_owner_recent")]

    def __str__(self) -> str:
        return f"{self.system} simulation {self.public_id} ({self.status})"

    @property
    def blocks_total(self) -> int:
        return len(self.block_runs)


class SimulationBlock(models.Model):
    """One block's partial tallies, written once."""

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="blocks")
    block = models.PositiveIntegerField()
    runs = models.PositiveIntegerField()
    partial = models.JSONField()
    finished_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["job", "block"]
        constraints = [
            models.UniqueConstraint(fields=["job", "block"], name="simulation_block_once")
        ]

    def __str__(self) -> str:
        return f"block {self.block} of {self.job_id}"
