"""The catalogue admin: search, filters, readable dials and JSON, schema-checked edits."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.safestring import SafeString

from builder.printing.admin_actions import print_cards
from content import models
from content.dial_display import dial_table, json_preview, speed_table
from content.selectors import ability_colours
from content.services import record_save


def record_fieldsets(*sections: tuple[str, tuple[str, ...]]) -> tuple[Any, ...]:
    """A record's page: identity first, then the type's own ``sections``, then its
    document and provenance (shared by every record type)."""
    return (
        (None, {"fields": ("system", "pack", "stable_id", "name", "name_original", "sample")}),
        *((title, {"fields": fields}) for title, fields in sections),
        ("Document", {"fields": ("data_preview", "data")}),
        (
            "Provenance",
            {
                "fields": ("source_preview", "source", "uncertain_preview", "uncertain"),
                "classes": ("collapse",),
            },
        ),
    )


class CatalogueRecordAdmin(admin.ModelAdmin):
    """Shared by every record type: provenance visible, documents previewed and validated."""

    list_display = ("name", "stable_id", "system", "sample", "uncertain_count")
    list_filter = ("system", "pack", "sample")
    search_fields = ("name", "stable_id", "name_original")
    list_select_related = ("system",)
    readonly_fields = ("data_preview", "source_preview", "uncertain_preview")
    fieldsets = record_fieldsets()
    actions = (print_cards,)

    @admin.display(description="uncertain values")
    def uncertain_count(self, obj: models.CatalogueRecord) -> int:
        return len(obj.uncertain or [])

    @admin.display(description="document (read-only view)")
    def data_preview(self, obj: models.CatalogueRecord) -> SafeString:
        return json_preview(obj.data)

    @admin.display(description="source")
    def source_preview(self, obj: models.CatalogueRecord) -> SafeString:
        return json_preview(obj.source)

    @admin.display(description="uncertain values")
    def uncertain_preview(self, obj: models.CatalogueRecord) -> SafeString:
        return json_preview(obj.uncertain)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        record_save(record=obj)


class FigureInline(admin.TabularInline):
    model = models.Figure
    fields = ("name", "collector_number", "kind", "point_value")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class PointValueFilter(admin.SimpleListFilter):
    """Point values in bands a player thinks in, rather than every distinct value."""

    title = "point value"
    parameter_name = "points"
    BANDS = {
        "0-10": (0, 10),
        "11-25": (11, 25),
        "26-50": (26, 50),
        "51-75": (51, 75),
        "76-100": (76, 100),
        "101+": (101, None),
    }

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(key, f"{key} points") for key in self.BANDS]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() not in self.BANDS:
            return queryset
        low, high = self.BANDS[self.value()]
        queryset = queryset.filter(point_value__gte=low)
        return queryset if high is None else queryset.filter(point_value__lte=high)


@admin.register(models.Figure)
class FigureAdmin(CatalogueRecordAdmin):
    list_display = (
        "name",
        "collector_number",
        "kind",
        "point_value",
        "squadron_symbol",
        "system",
        "release",
        "sample",
    )
    list_filter = ("system", "release", "kind", PointValueFilter, "sample")
    search_fields = ("name", "stable_id", "collector_number", "data__pilot")
    list_select_related = ("system", "release")
    readonly_fields = (
        *CatalogueRecordAdmin.readonly_fields,
        "kind",
        "collector_number",
        "point_value",
        "squadron_symbol",
        "release",
        "combat_dial_table",
        "speed_dial_table",
    )
    fieldsets = record_fieldsets(
        ("On the base", ("kind", "collector_number", "point_value", "squadron_symbol", "release")),
        ("Dials", ("combat_dial_table", "speed_dial_table")),
    )

    @admin.display(description="combat dial")
    def combat_dial_table(self, obj: models.Figure) -> SafeString:
        dial = obj.combat_dial.data if obj.combat_dial else None
        return dial_table(dial, ability_colours(obj.system_id))

    @admin.display(description="speed dial")
    def speed_dial_table(self, obj: models.Figure) -> SafeString:
        return speed_table(obj.speed_dial.data if obj.speed_dial else None)


@admin.register(models.CombatDial)
class CombatDialAdmin(CatalogueRecordAdmin):
    readonly_fields = (*CatalogueRecordAdmin.readonly_fields, "dial")
    fieldsets = record_fieldsets(("Clicks", ("dial",)))
    inlines = (FigureInline,)

    @admin.display(description="click by click")
    def dial(self, obj: models.CombatDial) -> SafeString:
        return dial_table(obj.data, ability_colours(obj.system_id) if obj.system_id else {})


@admin.register(models.SpeedDial)
class SpeedDialAdmin(CatalogueRecordAdmin):
    readonly_fields = (*CatalogueRecordAdmin.readonly_fields, "speeds")
    fieldsets = record_fieldsets(("Speeds", ("speeds",)))

    @admin.display(description="speeds")
    def speeds(self, obj: models.SpeedDial) -> SafeString:
        return speed_table(obj.data)


@admin.register(models.Release)
class ReleaseAdmin(CatalogueRecordAdmin):
    inlines = (FigureInline,)


@admin.register(models.Ability)
class AbilityAdmin(CatalogueRecordAdmin):
    list_display = ("name", "kind", "stable_id", "system", "sample")
    list_filter = ("system", "kind", "sample")
    readonly_fields = (*CatalogueRecordAdmin.readonly_fields, "kind")


for _model in (
    models.NavigationCard,
    models.Weapon,
    models.Archetype,
    models.MassTable,
    models.Maneuver,
    models.FighterWeight,
    models.RuleTable,
):
    admin.site.register(_model, CatalogueRecordAdmin)


class ContentPackVersionInline(admin.TabularInline):
    model = models.ContentPackVersion
    fields = ("version", "checksum", "loaded_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(models.ContentPack)
class ContentPackAdmin(admin.ModelAdmin):
    list_display = ("pack_id", "name", "system", "version", "versions_loaded", "loaded_at")
    list_filter = ("system",)
    search_fields = ("pack_id", "name")
    readonly_fields = ("pack_id", "system", "name", "version", "checksum", "source", "loaded_at")
    inlines = (ContentPackVersionInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[models.ContentPack]:
        return (
            super()
            .get_queryset(request)
            .select_related("system")
            .annotate(n_versions=Count("versions"))
        )

    @admin.display(description="versions loaded", ordering="n_versions")
    def versions_loaded(self, obj: models.ContentPack) -> int:
        return obj.n_versions  # type: ignore[attr-defined]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(models.GameSystem)
class GameSystemAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "seed")
