import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("content", "0005_packs_current_spellings"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RecordProposal",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "record_type",
                    models.CharField(
                        choices=[
                            ("release", "release"),
                            ("combat_dial", "combat dial"),
                            ("speed_dial", "speed dial"),
                            ("ability", "ability"),
                            ("navigation_card", "navigation card"),
                            ("weapon", "weapon"),
                            ("archetype", "archetype"),
                            ("mass_table", "mass table"),
                            ("maneuver", "maneuver"),
                            ("fighter_weight", "fighter weight"),
                            ("table", "table"),
                            ("figure", "figure"),
                        ],
                        max_length=40,
                        verbose_name="record type",
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[("correction", "correction"), ("addition", "new record")],
                        max_length=20,
                    ),
                ),
                (
                    "stable_id",
                    models.SlugField(
                        help_text="The record corrected, or the new record's id.",
                        max_length=100,
                        verbose_name="stable id",
                    ),
                ),
                ("name", models.CharField(max_length=200)),
                (
                    "name_original",
                    models.CharField(blank=True, max_length=200, verbose_name="name as printed"),
                ),
                ("source", models.JSONField(default=dict)),
                ("uncertain", models.JSONField(blank=True, default=list)),
                ("data", models.JSONField(help_text="The record's proposed document.")),
                (
                    "dial",
                    models.JSONField(
                        blank=True,
                        help_text="A figure's proposed combat dial, when it changes.",
                        null=True,
                    ),
                ),
                (
                    "message",
                    models.TextField(blank=True, verbose_name="message from the proposer"),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "waiting for review"),
                            ("changes_requested", "changes requested"),
                            ("approved", "approved"),
                            ("rejected", "rejected"),
                            ("withdrawn", "withdrawn"),
                        ],
                        db_index=True,
                        default="pending",
                        max_length=20,
                    ),
                ),
                ("review_reason", models.TextField(blank=True, verbose_name="reviewer's reason")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                ("reviewed_at", models.DateTimeField(blank=True, null=True)),
                (
                    "pack",
                    models.ForeignKey(
                        blank=True,
                        help_text="The record's pack; a new record's is set on approval.",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="proposals",
                        to="content.contentpack",
                    ),
                ),
                (
                    "proposer",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="record_proposals",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "published_in",
                    models.ForeignKey(
                        blank=True,
                        help_text="The version that published the approved proposal.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="proposals",
                        to="content.contentpackversion",
                    ),
                ),
                (
                    "reviewer",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="reviewed_proposals",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "system",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="content.gamesystem",
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-id"],
                "indexes": [models.Index(fields=["pack", "status"], name="proposal_pack_status")],
            },
        ),
    ]
