"""The catalogue: the current published projection of the content packs.

Every record keeps the whole structured document it was loaded from in ``data`` (validated
by its JSON Schema); a few values are copied into columns so the admin can search, filter
and sort on them. Packs themselves are stored whole, one immutable row per version.
"""

from __future__ import annotations

from typing import ClassVar, Self

from django.core.exceptions import ValidationError
from django.db import models

from content.engine import DocumentError
from content.schemas import record_data_errors, record_envelope_errors


class GameSystem(models.Model):
    slug = models.SlugField(unique=True, max_length=40)
    name = models.CharField(max_length=100)
    seed = models.CharField(max_length=100, blank=True, help_text="The rule-book file.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ContentPack(models.Model):
    """A pack as currently published: which version of it the catalogue projects."""

    pack_id = models.SlugField("pack id", unique=True, max_length=100)
    system = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="packs")
    name = models.CharField(max_length=200)
    version = models.CharField(max_length=40)
    checksum = models.CharField(max_length=64)
    source = models.JSONField(default=dict)
    loaded_at = models.DateTimeField(auto_now=True)
    edited_at = models.DateTimeField(
        null=True, blank=True, help_text="When a record of the pack was last edited or deleted."
    )

    class Meta:
        ordering = ["pack_id"]

    def __str__(self) -> str:
        return f"{self.pack_id} {self.version}"


class ContentPackVersion(models.Model):
    """One loaded version of a pack, stored whole with its hash; never rewritten.

    ``action`` and ``actor`` say how it arrived and who brought it: loaded from a file, or
    published from edits made in the admin."""

    class Action(models.TextChoices):
        LOADED = "loaded", "loaded from a file"
        PUBLISHED = "published", "published from the catalogue's edits"

    pack = models.ForeignKey(ContentPack, on_delete=models.CASCADE, related_name="versions")
    version = models.CharField(max_length=40)
    checksum = models.CharField(max_length=64)
    document = models.JSONField()
    loaded_at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=10, choices=Action.choices, default=Action.LOADED)
    actor = models.CharField("by", max_length=150, blank=True)
    # Empty when the site had no signing key as the version was stored (content/signing.py).
    signature = models.CharField(
        max_length=100, blank=True, default="", help_text="Ed25519 signature of the file, base64."
    )
    signed_by = models.CharField(
        "signing key",
        max_length=64,
        blank=True,
        default="",
        help_text="SHA-256 fingerprint (hex) of the public key that made the signature.",
    )

    class Meta:
        ordering = ["pack", "-loaded_at"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "version"], name="pack_version_once")
        ]

    def __str__(self) -> str:
        when = f"{self.loaded_at:%Y-%m-%d %H:%M} UTC" if self.loaded_at else "not saved"
        by = f" by {self.actor}" if self.actor else ""
        return f"{self.pack.pack_id} {self.version}: {self.action}{by}, {when}"


class CatalogueRecord(models.Model):
    """What every content record shares: identity, provenance and its validated document."""

    RECORD_TYPE: ClassVar[str]
    # An abstract model has no manager of its own to django-stubs; each concrete one has.
    objects: ClassVar[models.Manager[Self]]

    system = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="+")
    pack = models.ForeignKey(ContentPack, on_delete=models.PROTECT, related_name="+")
    stable_id = models.SlugField(
        "stable id", max_length=100, help_text="Never renamed or reused: lists refer to it."
    )
    name = models.CharField(max_length=200, db_index=True)
    name_original = models.CharField(
        "name as printed",
        max_length=200,
        blank=True,
        help_text="The name in the book's own language, when it is not English.",
    )
    source = models.JSONField(help_text="The seed file and the book's section heading.")
    sample = models.BooleanField(
        default=False, help_text="Invented illustration data, not from the book."
    )
    uncertain = models.JSONField(
        default=list,
        blank=True,
        help_text="Values that could not be read with confidence: JSON path and why.",
    )
    data = models.JSONField(help_text="The record's document, checked against its JSON Schema.")

    class Meta:
        abstract = True
        ordering = ["system", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["system", "stable_id"], name="%(app_label)s_%(class)s_stable_id"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        system = self.system.slug if self.system_id else ""
        errors: list[tuple[str, DocumentError | str]] = []
        errors += record_envelope_errors(
            {
                "type": self.RECORD_TYPE,
                "id": self.stable_id,
                "name": self.name,
                "name_original": self.name_original,
                "source": self.source,
                "uncertain": self.uncertain,
                "data": self.data,
            }
        )
        errors += [("data", e) for e in record_data_errors(self.RECORD_TYPE, system, self.data)]
        if not errors and system:
            # Imported here: the reference map is read from these models.
            from content.references import missing_references

            errors += [("data", e) for e in missing_references(self.RECORD_TYPE, system, self.data)]
        if errors:
            by_field: dict[str, list[str]] = {}
            for field, error in errors:
                by_field.setdefault(field, []).append(str(error))
            raise ValidationError(by_field)


class Release(CatalogueRecord):
    RECORD_TYPE = "release"


class CombatDial(CatalogueRecord):
    RECORD_TYPE = "combat_dial"


class SpeedDial(CatalogueRecord):
    RECORD_TYPE = "speed_dial"


class Ability(CatalogueRecord):
    """Skills, equipment, traits, speed effects and colour-keyed special abilities."""

    RECORD_TYPE = "ability"
    kind = models.CharField(max_length=40, blank=True, db_index=True)

    class Meta(CatalogueRecord.Meta):
        verbose_name_plural = "abilities, skills and equipment"


class NavigationCard(CatalogueRecord):
    RECORD_TYPE = "navigation_card"


class Weapon(CatalogueRecord):
    RECORD_TYPE = "weapon"


class Archetype(CatalogueRecord):
    RECORD_TYPE = "archetype"


class MassTable(CatalogueRecord):
    RECORD_TYPE = "mass_table"


class Maneuver(CatalogueRecord):
    RECORD_TYPE = "maneuver"


class FighterWeight(CatalogueRecord):
    RECORD_TYPE = "fighter_weight"


class RuleTable(CatalogueRecord):
    """Any other table of the books: wound table, experience levels, landing tables..."""

    RECORD_TYPE = "table"

    class Meta(CatalogueRecord.Meta):
        verbose_name = "rule table"


class Figure(CatalogueRecord):
    """A plane (pilot and plane), an Ace or a character token."""

    RECORD_TYPE = "figure"

    class Kind(models.TextChoices):
        PLANE = "plane", "Plane"
        ACE = "ace", "Ace"
        CHARACTER_TOKEN = "character_token", "Character token"

    kind = models.CharField(max_length=20, choices=Kind.choices, db_index=True)
    collector_number = models.CharField(max_length=20, blank=True, db_index=True)
    point_value = models.PositiveIntegerField(null=True, blank=True, db_index=True)
    squadron_symbol = models.CharField(max_length=100, blank=True)
    release = models.ForeignKey(
        Release, null=True, blank=True, on_delete=models.SET_NULL, related_name="figures"
    )
    combat_dial = models.ForeignKey(
        CombatDial, null=True, blank=True, on_delete=models.SET_NULL, related_name="figures"
    )
    speed_dial = models.ForeignKey(
        SpeedDial, null=True, blank=True, on_delete=models.SET_NULL, related_name="figures"
    )
    pilot = models.CharField(max_length=200, blank=True)
    plane_model = models.CharField("plane", max_length=200, blank=True)
    photo = models.ImageField(
        upload_to="figures/", blank=True, help_text="A photo of the figure (JPEG, PNG or WebP)."
    )
    photo_thumbnail = models.ImageField(upload_to="figures/thumbnails/", blank=True, editable=False)

    class Meta(CatalogueRecord.Meta):
        ordering = ["system", "collector_number", "name"]
        indexes = [
            # The admin's default order, so a page is read straight off the index.
            models.Index(
                fields=["system", "collector_number", "name", "id"], name="figure_list_order"
            ),
            models.Index(fields=["point_value", "id"], name="figure_points_order"),
        ]


RECORD_MODELS: dict[str, type[CatalogueRecord]] = {
    model.RECORD_TYPE: model
    for model in (
        Release,
        CombatDial,
        SpeedDial,
        Ability,
        NavigationCard,
        Weapon,
        Archetype,
        MassTable,
        Maneuver,
        FighterWeight,
        RuleTable,
        Figure,
    )
}
"""Record type -> model, in load order: a figure's release and dials exist before it."""

# Proposals live in their own module; imported here so Django finds the model.
from content.proposals import RecordProposal  # noqa: E402, F401


class PackSubscription(models.Model):
    """Another Muster whose signed packs this site pulls (``content.services.pulling``):
    its registry's address and the one public key its versions must be signed with."""

    url = models.URLField("publisher", max_length=500, unique=True, help_text="Its site address.")
    public_key = models.CharField(
        max_length=100, help_text="The publisher's Ed25519 public key: its 32 bytes in base64."
    )
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the public key, hex.")
    added_by = models.CharField(max_length=150, blank=True)
    added_at = models.DateTimeField(auto_now_add=True)
    last_pulled_at = models.DateTimeField(null=True, blank=True)
    last_ok = models.BooleanField(null=True, blank=True, help_text="Whether the last pull worked.")
    last_result = models.TextField(blank=True, help_text="What the last pull did, in words.")

    class Meta:
        ordering = ["url"]

    def __str__(self) -> str:
        return f"{self.url} (key {self.fingerprint[:16]})"
