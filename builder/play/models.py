"""A game at the table: players' frozen lists, each figure's live state, and the log.

The log is append-only: an entry is written once, as the exported ``muster-game-log/1``
record (``record``), numbered by ``seq`` under a unique constraint so two players acting at
once get two definite places; a correction is a new entry that reverses an earlier one.
Server dice come from ``seed``, whose SHA-256 (``commitment``) is public from the start and
which is itself shown only once revealed.
"""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Game(models.Model):
    class Dice(models.TextChoices):
        SERVER = "server", "Server dice"
        PHYSICAL = "physical", "Physical dice"

    class Status(models.TextChoices):
        SETUP = "setup", "Setting up"
        PLAYING = "playing", "Playing"
        ENDED = "ended", "Ended"

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games_made"
    )
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="games_refereed",
    )
    system = models.CharField(max_length=40)
    title = models.CharField(max_length=200)
    dice = models.CharField(max_length=10, choices=Dice.choices, default=Dice.SERVER)
    seed = models.CharField(max_length=64, blank=True, help_text="Secret until revealed.")
    commitment = models.CharField(max_length=64, blank=True)
    seed_revealed = models.BooleanField(default=False)
    referee_notify = models.BooleanField(
        default=False, help_text="E-mail the referee when a player acts or sends orders."
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    turn = models.PositiveIntegerField(default=1)
    phase = models.CharField(max_length=40, blank=True, help_text="The phase of the turn.")
    state = models.JSONField(default=dict, blank=True, help_text="Each figure's live state.")
    invite_token = models.CharField(max_length=40, unique=True, default=new_token)
    spectator_token = models.CharField(max_length=40, unique=True, default=new_token)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.title} ({self.system})"


class Seat(models.Model):
    """A player at the table and the frozen copy of the list they brought."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    side = models.CharField(max_length=2, help_text="a, b, c ...: the prefix of its figures.")
    list_name = models.CharField(max_length=200)
    document = models.JSONField(help_text="The muster-list/1 document as it was brought.")
    versions = models.JSONField(help_text="The pack versions it is played on.")
    points = models.IntegerField(default=0)
    legal = models.BooleanField(default=False)
    entropy = models.CharField(max_length=200, blank=True)
    notify = models.BooleanField(
        default=False, help_text="E-mail the player when the table moves on without them."
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "side"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_player"),
            models.UniqueConstraint(fields=["game", "side"], name="seat_side_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} with {self.list_name}"


class TableFigure(models.Model):
    """One figure on the table, named as its list names it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="figures")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="figures")
    key = models.CharField(max_length=12)
    name = models.CharField(max_length=200)
    path = models.CharField(max_length=80, help_text="The list entry it comes from.")

    class Meta:
        ordering = ["game", "id"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="figure_key_once")]

    def __str__(self) -> str:
        return f"{self.key} {self.name}"


class LogEntry(models.Model):
    """One entry of a game's log, written once."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="entries")
    seq = models.PositiveIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    record = models.JSONField(help_text="The entry as the exported log holds it.")
    undo = models.JSONField(default=list, blank=True, help_text="What a correction puts back.")
    idempotency_key = models.CharField(max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="log_entry_seq_once"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="log_entry_request_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.seq} {self.record.get('procedure')}"


class Order(models.Model):
    """A player's orders for a turn, seen by the referee only until the turn is revealed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="orders")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="orders")
    turn = models.PositiveIntegerField()
    text = models.CharField(max_length=500)
    submitted_at = models.DateTimeField(auto_now=True)
    revealed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "turn", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "turn"], name="order_one_per_turn")
        ]

    def __str__(self) -> str:
        return f"turn {self.turn}: {self.text}"
