"""A player's saved list: the document, the pack versions it is pinned to, and its verdict."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models

from content.models import ContentPackVersion, GameSystem


def new_share_token() -> str:
    """An unguessable link token (192 random bits)."""
    return secrets.token_urlsafe(24)


class SavedList(models.Model):
    """A squadron, team, warband or design a player keeps.

    ``uuid`` is the list's stable identity across exchange files (a backup imported twice
    finds its lists by it), unique across every player's lists, so a uuid alone never
    names two lists. ``share_token`` opens the list while it is unlisted or public; the
    services make a new one whenever the list becomes or stops being unlisted. The verdict
    columns are recomputed by the services whenever the document or the pinned pack
    versions change, never by ``save()``.
    """

    class Visibility(models.TextChoices):
        PRIVATE = "private", "Private"
        UNLISTED = "unlisted", "Anyone with the link"
        PUBLIC = "public", "Public"

    uuid = models.UUIDField(default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_lists"
    )
    system = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=40)
    name = models.CharField(max_length=200)
    document = models.JSONField(help_text="The muster-list/1 document.")
    pack_versions = models.ManyToManyField(
        ContentPackVersion,
        related_name="+",
        help_text="The stored pack versions the list is checked against until upgraded.",
    )
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    share_token = models.CharField(max_length=64, unique=True, default=new_share_token)
    notes = models.TextField(blank=True, max_length=10_000)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    deleted_at = models.DateTimeField(
        null=True, blank=True, db_index=True, help_text="In the trash since; null when not."
    )

    legal = models.BooleanField(default=False)
    points = models.IntegerField(default=0)
    points_limit = models.IntegerField(null=True, blank=True)
    violations = models.JSONField(default=list, blank=True)
    breakdown = models.JSONField(default=dict, blank=True)
    checked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["uuid"], name="saved_list_uuid_unique"),
        ]
        indexes = [models.Index(fields=["visibility", "deleted_at"])]

    def __str__(self) -> str:
        return self.name

    @property
    def in_trash(self) -> bool:
        return self.deleted_at is not None
