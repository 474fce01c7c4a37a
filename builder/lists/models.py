"""A player's saved list: the document, the pack versions it is pinned to, and its verdict."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models

from content.models import ContentPack, ContentPackVersion, GameSystem


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


class KnownGoodList(models.Model):
    """A list whose verdict and points a pack must keep: a tournament's list, a bug
    report's list. A known-good list is expected legal, a known-bad one illegal.

    Publishing a new version of ``pack`` checks the document against it and is refused
    while the result differs from the expectation, until a maintainer accepts the new
    result (recorded with who and when) or edits the list (``builder.lists.known_good``).
    """

    pack = models.ForeignKey(ContentPack, on_delete=models.CASCADE, related_name="+")
    name = models.CharField(max_length=200)
    note = models.CharField(
        max_length=300, blank=True, help_text="Why it is kept: a tournament, a bug report."
    )
    document = models.JSONField(help_text="The muster-list/1 document.")
    legal = models.BooleanField(
        default=True,
        help_text="Ticked: a known-good list, it must stay legal. Unticked: a known-bad list, "
        "it must stay illegal.",
    )
    points = models.IntegerField(help_text="The points it must keep.")
    violation_codes = models.JSONField(
        null=True,
        blank=True,
        help_text="The codes of the rules it is expected to break; leave empty not to "
        "compare them.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_checksum = models.CharField(
        max_length=64, blank=True, help_text="The candidate pack the last result was accepted on."
    )

    class Meta:
        ordering = ["name", "id"]
        verbose_name = "known-good list"

    def __str__(self) -> str:
        return self.name


class ListReport(models.Model):
    """A player's "this price is wrong" report: the list as it was, the pack versions it
    was checked against and the verdict it had, for the maintainers' queue."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        KNOWN_GOOD = "known_good", "Turned into a known-good list"
        KNOWN_BAD = "known_bad", "Turned into a known-bad list"
        DISMISSED = "dismissed", "Dismissed"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    saved_list = models.ForeignKey(
        SavedList, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    list_name = models.CharField(max_length=200)
    document = models.JSONField(help_text="The muster-list/1 document as it was reported.")
    pinned_versions = models.JSONField(
        default=dict, help_text="Pack id to version, as the list was checked."
    )
    legal = models.BooleanField(default=False)
    points = models.IntegerField(default=0)
    message = models.TextField(max_length=2000)
    entry_label = models.CharField(max_length=300, blank=True)
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    reason = models.TextField(blank=True, max_length=2000, help_text="Why it was dismissed.")
    known_good = models.ForeignKey(
        KnownGoodList, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "list report"

    def __str__(self) -> str:
        return f"{self.list_name}: {self.message[:60]}"


class ListDraft(models.Model):
    """Unsaved work in the builder, kept on the server for a signed-in player.

    One per owner and list: a new list's draft is found by its system and kind, a saved
    list's by that list. ``list_key`` holds the saved list's uuid, or nothing for a new
    list, so the key never holds a null (nulls never clash in a unique index) and one
    upsert finds the row on every database. ``system`` is the game's slug rather than a
    foreign key, so writing a draft needs no lookup first.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="list_drafts"
    )
    system = models.CharField(max_length=40)
    kind = models.CharField(max_length=40)
    saved_list = models.ForeignKey(
        SavedList,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="drafts",
        help_text="The saved list it changes; empty for a new list.",
    )
    list_key = models.CharField(max_length=36, blank=True, editable=False)
    document = models.JSONField(help_text="The muster-list/1 document as the builder held it.")
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-updated_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "system", "kind", "list_key"], name="list_draft_one_per_list"
            ),
        ]
        indexes = [models.Index(fields=["owner", "updated_at"])]

    def __str__(self) -> str:
        return str(self.document.get("name", "")) if isinstance(self.document, dict) else ""


class PriceSheet(models.Model):
    """A named set of house prices a group agrees on, for the items a game's book prints no
    points for: kept by its owner, shared read-only by a link, applied to a list in one step
    (the list then carries the prices themselves, so it stays self-contained). ``prices``
    maps an item's stable id to a whole number of points; the services check it against
    the catalogue before every write."""

    uuid = models.UUIDField(default=uuid.uuid4, editable=False, unique=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="price_sheets"
    )
    system = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=200)
    prices = models.JSONField(default=dict, blank=True, help_text="Item id to points.")
    notes = models.TextField(blank=True, max_length=10_000)
    share_token = models.CharField(max_length=64, unique=True, default=new_share_token)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["owner", "system"])]

    def __str__(self) -> str:
        return self.name
