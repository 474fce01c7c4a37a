"""What a player owns: catalogue records (by stable id) with quantity, condition and notes."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from content.models import GameSystem


class CollectionItem(models.Model):
    """One owned thing. Records are named by stable id, not by foreign key: a newer pack
    version replaces catalogue rows, and what a player owns must outlive that."""

    class RecordType(models.TextChoices):
        FIGURE = "figure", "Figure"
        ARCHETYPE = "archetype", "Model (archetype)"
        WEAPON = "weapon", "Weapon"
        ABILITY = "ability", "Gear or equipment"

    class Condition(models.TextChoices):
        NEW = "new", "New in box"
        GOOD = "good", "Good"
        PLAYED = "played", "Played"
        DAMAGED = "damaged", "Damaged"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_items"
    )
    system = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="+")
    record_type = models.CharField(max_length=20, choices=RecordType.choices)
    stable_id = models.SlugField(max_length=100)
    quantity = models.PositiveIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(10_000)]
    )
    condition = models.CharField(max_length=10, choices=Condition.choices, default=Condition.GOOD)
    notes = models.TextField(blank=True, max_length=5_000)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["system", "record_type", "stable_id", "condition", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "system", "record_type", "stable_id", "condition"],
                name="collection_item_once_per_condition",
            )
        ]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.stable_id}"
