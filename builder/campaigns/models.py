"""A campaign: its members (pilots, characters) and the append-only events that change them.

The roster is never stored: the engine folds it from the members and the events in their
order (``seq``), so an exported campaign replays to the same roster. Every event has a key
unique in its campaign: applying a game's events twice writes each once.
"""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models

from builder.play.models import Game


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Campaign(models.Model):
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaigns_made"
    )
    system = models.CharField(max_length=40)
    name = models.CharField(max_length=200)
    settings = models.JSONField(default=dict, blank=True, help_text="Every campaign setting.")
    versions = models.JSONField(
        default=dict, blank=True, help_text="The pack versions the campaign is played on."
    )
    invite_token = models.CharField(max_length=40, unique=True, default=new_token)
    spectator_token = models.CharField(max_length=40, unique=True, default=new_token)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.system})"


class CampaignMember(models.Model):
    """Someone who plays in the campaign; its owner is the organiser (the referee)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", "Organiser"
        PLAYER = "player", "Player"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="campaign_member_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role})"


class Pilot(models.Model):
    """A pilot or character of the campaign: the engine's member, as it was enrolled."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="pilots")
    key = models.CharField(max_length=80)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=20)
    member = models.JSONField(help_text="The engine's member record.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "id"]
        constraints = [models.UniqueConstraint(fields=["campaign", "key"], name="pilot_key_once")]

    def __str__(self) -> str:
        return f"{self.name} ({self.key})"


class CampaignGame(models.Model):
    """A game of the campaign: which table figure is which member, and who won.

    ``game`` is the table it was played at; a game that came in an imported campaign file
    has none here and keeps its id (``ref``), title and end as the file gave them."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="campaign_game"
    )
    ref = models.CharField(max_length=80, help_text="The game's public id.")
    title = models.CharField(max_length=200)
    ended_at = models.DateTimeField(null=True, blank=True)
    figure_map = models.JSONField(default=dict, help_text="Table figure key -> member key.")
    winner_side = models.CharField(max_length=2, blank=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "id"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "ref"], name="campaign_game_once")
        ]

    def __str__(self) -> str:
        return self.title


class CampaignEvent(models.Model):
    """One event, written once: the engine's event record, numbered in the campaign."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    pilot = models.ForeignKey(Pilot, on_delete=models.CASCADE, related_name="events")
    key = models.CharField(max_length=200)
    kind = models.CharField(max_length=40)
    experience = models.IntegerField(default=0)
    cost = models.IntegerField(default=0)
    game = models.ForeignKey(
        CampaignGame, null=True, blank=True, on_delete=models.CASCADE, related_name="events"
    )
    record = models.JSONField(help_text="The event as the exchange file holds it.")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()

    class Meta:
        ordering = ["campaign", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "key"], name="campaign_event_key_once"),
            models.UniqueConstraint(fields=["campaign", "seq"], name="campaign_event_seq_once"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.key}"
