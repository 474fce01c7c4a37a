"""Proposals: a record, or a correction of one, sent by a signed-in collector who is not
staff, waiting for a maintainer's review.

A proposal holds the record as the admin's forms edit it (its envelope, its document and,
for a figure, its combat dial) and never touches the catalogue until it is approved. Once
approved it is an unpublished change of its pack; the version that publishes it records the
proposer as a contributor.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from content.models import RECORD_MODELS, ContentPack, ContentPackVersion, GameSystem


class RecordProposal(models.Model):
    """One collector's proposed record or correction, and what review made of it."""

    class Status(models.TextChoices):
        PENDING = "pending", "waiting for review"
        CHANGES_REQUESTED = "changes_requested", "changes requested"
        APPROVED = "approved", "approved"
        REJECTED = "rejected", "rejected"
        WITHDRAWN = "withdrawn", "withdrawn"

    class Kind(models.TextChoices):
        CORRECTION = "correction", "correction"
        ADDITION = "addition", "new record"

    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="record_proposals"
    )
    system = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="+")
    pack = models.ForeignKey(
        ContentPack,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="proposals",
        help_text="The record's pack; a new record's is set on approval.",
    )
    record_type = models.CharField(
        "record type", max_length=40, choices=[(t, t.replace("_", " ")) for t in RECORD_MODELS]
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    stable_id = models.SlugField(
        "stable id", max_length=100, help_text="The record corrected, or the new record's id."
    )
    name = models.CharField(max_length=200)
    name_original = models.CharField("name as printed", max_length=200, blank=True)
    source = models.JSONField(default=dict)
    uncertain = models.JSONField(default=list, blank=True)
    data = models.JSONField(help_text="The record's proposed document.")
    dial = models.JSONField(
        null=True, blank=True, help_text="A figure's proposed combat dial, when it changes."
    )
    message = models.TextField("message from the proposer", blank=True)
    status = models.CharField(
        max_length=20, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reviewed_proposals",
    )
    review_reason = models.TextField("reviewer's reason", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)
    published_in = models.ForeignKey(
        ContentPackVersion,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="proposals",
        help_text="The version that published the approved proposal.",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["pack", "status"], name="proposal_pack_status")]

    def __str__(self) -> str:
        return f"{self.get_kind_display().capitalize()}: {self.name}"
