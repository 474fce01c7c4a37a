"""A print job: what a player asked to print, how far the render is, and the PDF."""

from __future__ import annotations

import os

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.db import models


class PrintStorage(FileSystemStorage):
    """PDFs live under ``PRINT_ROOT``, read on each use so tests can point it elsewhere."""

    @property
    def base_location(self) -> str:
        return str(settings.PRINT_ROOT)

    @property
    def location(self) -> str:
        return os.path.abspath(self.base_location)


print_storage = PrintStorage()


def _print_storage() -> PrintStorage:
    return print_storage


class PrintJob(models.Model):
    class Kind(models.TextChoices):
        CARDS = "cards", "Stat cards"
        ROSTER = "roster", "Roster sheet"
        SCHEMATIC = "schematic", "Plane schematic"
        NAVIGATION = "navigation", "Navigation cards"
        CAMPAIGN = "campaign", "Campaign roster"
        CHARACTER = "character", "Character sheet"

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Rendering"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        CANCELLED = "cancelled", "Cancelled"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="print_jobs"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    title = models.CharField(
        max_length=200,
        blank=True,
        help_text='What the job prints, in words: "Roster: Dust Devils".',
    )
    what = models.JSONField(
        default=dict,
        blank=True,
        help_text="What to print: record ids, a list document, a saved list or a campaign.",
    )
    options = models.JSONField(
        default=dict, blank=True, help_text="Paper, card size, cut marks, greyscale."
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.QUEUED, db_index=True
    )
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    fingerprint = models.CharField(
        max_length=64,
        blank=True,
        db_index=True,
        help_text="Hash of the inputs, pack versions and template version the PDF shows.",
    )
    pdf = models.FileField(storage=_print_storage, upload_to="", blank=True)
    pages = models.PositiveIntegerField(null=True, blank=True)
    error = models.JSONField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"], name="printjob_owner_recent")]

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"

    @property
    def name(self) -> str:
        """The job as a person calls it: what it prints ("Roster: Dust Devils"); a job made
        before jobs had titles is called by its sheet and number."""
        return self.title or f"{self.get_kind_display()} #{self.pk}"

    @property
    def is_active(self) -> bool:
        """Queued or rendering: it counts against its owner's quota and can be cancelled."""
        return self.status in self.ACTIVE

    @property
    def progress(self) -> str:
        return f"{self.progress_done} of {self.progress_total}"
