"""The catalogue admin: search, filters, readable tables, documents edited as forms."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, TypeVar

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import Count, Exists, OuterRef, QuerySet
from django.http import FileResponse, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django_stubs_ext import WithAnnotations
from import_export.admin import ImportExportMixin

from content import models
from content.admin_forms import FigureForm, FigureImportForm, RecordForm, data_widget
from content.admin_guards import RecordAdminGuards
from content.admin_lists import (
    HeldOnlyFilter,
    RealOrSampleFilter,
    TailFirstPaginator,
    figure_photo_response,
)
from content.admin_publish import PackPublishingAdmin
from content.admin_sharing import PackSubscriptionAdmin  # noqa: F401  (registers it)
from content.admin_widgets import CombatDialWidget
from content.dial_display import dial_table, json_preview, speed_table
from content.record_display import record_table
from content.schemas import dial_stats, record_schema_path
from content.selectors import ability_colours
from content.services import record_save, records_delete
from content.services.collection import collection_pack_get_or_create, collector_source
from content.services.photos import figure_photo_thumbnail
from content.services.records import figure_dial_save
from content.spreadsheet import FigureResource
from content.spreadsheet_files import FormulaSafeCSV, FormulaSafeXLSX, SpreadsheetRefused
from content.systems import SYSTEMS

R = TypeVar("R", bound=models.CatalogueRecord)
ListFilterSpec = str | type[admin.ListFilter] | tuple[str, type[admin.FieldListFilter]]


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


@admin.display(description="data", ordering="sample")
def real_or_sample(obj: models.CatalogueRecord) -> SafeString:
    """A badge no one can miss: invented illustration data, or a real record."""
    if obj.sample:
        return format_html('<span class="muster-badge sample">{}</span>', "sample")
    return format_html('<span class="muster-badge real">{}</span>', "real")


class CatalogueRecordAdmin(RecordAdminGuards[R], admin.ModelAdmin[R]):
    """Shared by every record type: provenance visible, documents shown as tables and edited
    as forms drawn from their schema (raw JSON at ``?raw=1``), validated before saving."""

    form: type[forms.ModelForm[Any]] = RecordForm
    list_display: tuple[str | Callable[[R], Any], ...] = (
        "name",
        "stable_id",
        "system",
        real_or_sample,
        "uncertain_count",
    )
    list_filter: ClassVar[tuple[ListFilterSpec, ...]] = (
        ("system", HeldOnlyFilter),
        ("pack", HeldOnlyFilter),
        RealOrSampleFilter,
    )
    search_fields: ClassVar[tuple[str, ...]] = ("name", "stable_id", "name_original")
    list_select_related: ClassVar[tuple[str, ...]] = ("system",)
    readonly_fields: ClassVar[tuple[str, ...]] = (
        "data_preview",
        "source_preview",
        "uncertain_preview",
    )
    fieldsets = record_fieldsets()
    # Other apps add their record actions (printing adds "Print cards") when they load.
    actions: tuple[Any, ...] = ()

    class Media:
        css = {"all": ("content/admin.css",)}

    @admin.display(description="uncertain values")
    def uncertain_count(self, obj: models.CatalogueRecord) -> int:
        return len(obj.uncertain or [])

    @admin.display(description="document")
    def data_preview(self, obj: R) -> SafeString:
        return record_table(obj.RECORD_TYPE, obj.data)

    def _system(
        self, request: HttpRequest, obj: models.CatalogueRecord | None
    ) -> models.GameSystem | None:
        if obj is not None and obj.system_id:
            return obj.system
        wanted = request.POST.get("system") or request.GET.get("system")
        if wanted and str(wanted).isdigit():
            return models.GameSystem.objects.filter(pk=wanted).first()
        return None

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        raw = request.GET.get("raw") == "1"
        widget, schema = data_widget(
            self.model, self._system(request, obj), obj.data if obj else None, raw
        )
        form = super().get_form(request, obj, change=change, widgets={"data": widget}, **kwargs)
        form.form_schema = schema
        if "data" in form.base_fields:
            form.base_fields["data"].label = {
                models.CombatDial: "Edit the clicks",
                models.SpeedDial: "Edit the speeds",
            }.get(self.model, "Edit")
        if "pack" in form.base_fields:
            form.base_fields["pack"].required = False
            form.base_fields[
                "pack"
            ].help_text = "Leave blank to keep the record in your collection pack for its system."
        return form

    def get_prepopulated_fields(self, request: HttpRequest, obj: Any = None) -> dict[str, Any]:
        """A new record's stable id is made from its name as it is typed; an existing one is
        never renamed, so it is left alone."""
        return {"stable_id": ("name",)} if obj is None else {}

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        """A new record is the collector's own: its source says so, nothing to type."""
        initial: dict[str, Any] = {**super().get_changeform_initial_data(request)}
        system = self._system(request, None)
        if system is not None:
            initial.setdefault("source", collector_source(system))
            initial.setdefault("uncertain", [])
        return initial

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        raw = request.GET.get("raw") == "1"
        link = (
            format_html('<a href="?">{}</a>', "Edit as a form")
            if raw
            else format_html('<a href="?raw=1">{}</a>', "Edit the raw JSON (for experts)")
        )
        out = []
        for title, options in super().get_fieldsets(request, obj):
            if obj is None:  # nothing saved yet to show read-only
                shown = [f for f in options["fields"] if f not in self.readonly_fields]
                if not shown:
                    continue
                options = {**options, "fields": shown}
            if title == "Document":
                options = {
                    **options,
                    "description": format_html('<p class="muster-mode">{}</p>', link),
                }
            out.append((title, options))
        return out

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        """A new record starts with its system, which decides its document's shape."""
        if request.method == "GET" and not request.GET.get("system"):
            systems = self._systems_for_new_records()
            context = {
                **self.admin_site.each_context(request),
                "opts": self.model._meta,
                "systems": systems,
                "title": f"Add {self.model._meta.verbose_name}: choose the game",
            }
            return TemplateResponse(request, "admin/content/choose_system.html", context)
        return super().add_view(request, form_url, extra_context)

    def _systems_for_new_records(self) -> QuerySet[models.GameSystem]:
        """The games whose catalogue already holds this kind of record (every game with a
        schema for it when none does yet)."""
        with_schema = [s for s in SYSTEMS if record_schema_path(self.model.RECORD_TYPE, s)]
        systems = models.GameSystem.objects.filter(slug__in=with_schema).order_by("name")
        holding = systems.filter(Exists(self.model.objects.filter(system=OuterRef("pk"))))
        return holding if holding.exists() else systems

    @admin.display(description="source")
    def source_preview(self, obj: models.CatalogueRecord) -> SafeString:
        return json_preview(obj.source)

    @admin.display(description="uncertain values")
    def uncertain_preview(self, obj: models.CatalogueRecord) -> SafeString:
        return json_preview(obj.uncertain)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if not obj.pack_id:
            obj.pack = collection_pack_get_or_create(system=obj.system)
        record_save(record=obj)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        records_delete(records=[obj])

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        records_delete(records=queryset)


class FigureInline(admin.TabularInline[models.Figure, models.CatalogueRecord]):
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
        value = self.value()
        if value not in self.BANDS:
            return queryset
        low, high = self.BANDS[value]
        queryset = queryset.filter(point_value__gte=low)
        return queryset if high is None else queryset.filter(point_value__lte=high)


if TYPE_CHECKING:
    _FigureImportExport = ImportExportMixin[models.Figure]
else:  # import-export's classes take no type arguments at run time
    _FigureImportExport = ImportExportMixin


# import-export's stubs type its mixins' ``model`` as an instance and their
# ``change_list_template`` as an instance attribute, so they clash with ModelAdmin's.
@admin.register(models.Figure)
class FigureAdmin(_FigureImportExport, CatalogueRecordAdmin[models.Figure]):  # type: ignore[misc]
    form = FigureForm
    resource_classes = [FigureResource]
    formats = [FormulaSafeCSV, FormulaSafeXLSX]
    import_form_class = FigureImportForm
    import_template_name = "admin/content/figure/import.html"
    list_display = (
        "thumbnail",
        "name",
        real_or_sample,
        "pilot",
        "plane_model",
        "collector_number",
        "kind",
        "point_value",
        "release",
        "game",
    )
    list_display_links = ("name",)
    list_filter = (
        ("system", HeldOnlyFilter),
        ("release", HeldOnlyFilter),
        "kind",
        PointValueFilter,
        RealOrSampleFilter,
    )
    # Every field is searched through an index on PostgreSQL (see the 0002 migration).
    search_fields = ("name", "pilot", "plane_model", "=collector_number", "=stable_id")
    search_help_text = "Name, pilot or plane (any part), or an exact collector number or id."
    list_select_related = ("system", "release")
    # The admin's order is the figure_list_order index's, read without joining game systems.
    ordering = ("system_id", "collector_number", "name", "id")
    show_full_result_count = False
    paginator = TailFirstPaginator
    list_per_page = 50
    readonly_fields = (
        *CatalogueRecordAdmin.readonly_fields,
        "kind",
        "collector_number",
        "point_value",
        "squadron_symbol",
        "release",
        "photo_preview",
        "combat_dial_table",
        "speed_dial_table",
    )
    fieldsets = (
        *record_fieldsets(
            (
                "On the base",
                ("kind", "collector_number", "point_value", "squadron_symbol", "release"),
            )
        )[:-1],
        ("Dials", {"fields": ("combat_dial_table", "speed_dial_table", "dial")}),
        ("Photo", {"fields": ("photo_preview", "photo")}),
        record_fieldsets()[-1],
    )
    LIST_DEFERRED = (
        *("data", "source", "uncertain", "name_original", "squadron_symbol"),
        *("release__data", "release__source", "release__uncertain"),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[models.Figure]:
        queryset = super().get_queryset(request)
        match = request.resolver_match
        if match is not None and (match.url_name or "").endswith("_changelist"):
            queryset = queryset.defer(*self.LIST_DEFERRED)
        return queryset

    @admin.display(description=mark_safe('<input type="checkbox" id="action-toggle">'))
    def action_checkbox(self, obj: models.Figure) -> SafeString:
        """The row's action box, written directly: a form widget per row costs more than the
        rest of the row together."""
        return format_html(
            '<input type="checkbox" name="{}" value="{}" class="action-select" aria-label="{}">',
            helpers.ACTION_CHECKBOX_NAME,
            obj.pk,
            format_html("Select this object for an action - {}", obj),
        )

    # --- spreadsheets: read within limits, all or nothing ----------------------------------
    def add_data_read_fail_error_to_form(self, form: Any, e: Exception) -> None:
        if isinstance(e, SpreadsheetRefused):
            form.add_error("import_file", str(e))
        elif isinstance(e, UnicodeDecodeError):
            form.add_error("import_file", f"The file is not UTF-8 text (byte {e.start:,} is not).")
        else:
            super().add_data_read_fail_error_to_form(form, e)

    def get_import_data_kwargs(self, **kwargs: Any) -> dict[str, Any]:
        # A row refused on confirming (the catalogue changed since the preview) undoes the
        # whole import, as the preview promised.
        return {**super().get_import_data_kwargs(**kwargs), "rollback_on_validation_errors": True}

    def process_import(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        try:
            return super().process_import(request, **kwargs)
        except SpreadsheetRefused as exc:
            self.message_user(request, str(exc), messages.ERROR)
            return HttpResponseRedirect(reverse("admin:content_figure_import"))

    def process_result(self, result: Any, request: HttpRequest) -> HttpResponse:
        if result.has_errors() or result.has_validation_errors():
            wrong = len(result.invalid_rows) + len(result.row_errors())
            self.message_user(
                request,
                f"Nothing was imported: {wrong} row{'s' if wrong != 1 else ''} could not be "
                "saved as previewed. Upload the file again to see why.",
                messages.ERROR,
            )
            return HttpResponseRedirect(reverse("admin:content_figure_import"))
        return super().process_result(result, request)

    def get_urls(self) -> list[Any]:
        view = self.admin_site.admin_view(self.photo_view)
        return [
            path("<int:pk>/photo/<str:size>/", view, name="content_figure_photo"),
            *super().get_urls(),
        ]

    def photo_view(self, request: HttpRequest, pk: int, size: str) -> FileResponse:
        return figure_photo_response(pk, size)

    @admin.display(description="game", ordering="system_id")
    def game(self, obj: models.Figure) -> str:
        return obj.system.slug

    @admin.display(description="photo")
    def thumbnail(self, obj: models.Figure) -> SafeString | str:
        if not obj.photo_thumbnail:
            return ""
        return format_html(
            '<img class="muster-thumb" src="{}" alt="{}" loading="lazy">',
            self._photo_url(obj, "thumbnail"),
            obj.name,
        )

    @admin.display(description="current photo")
    def photo_preview(self, obj: models.Figure) -> SafeString | str:
        if not obj.photo:
            return "No photo yet."
        return format_html(
            '<img class="muster-photo" src="{}" alt="{}">', self._photo_url(obj, "full"), obj.name
        )

    def _photo_url(self, obj: models.Figure, size: str) -> str:
        return reverse("admin:content_figure_photo", args=(obj.pk, size))

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        form = super().get_form(request, obj, change=change, **kwargs)
        system = self._system(request, obj)
        if "dial" in form.base_fields and system is not None:
            field = form.base_fields["dial"]
            dial = obj.combat_dial.data if obj is not None and obj.combat_dial_id else None
            stats = (dial or {}).get("stats") or dial_stats(system.slug)
            field.widget = CombatDialWidget(stats, ability_colours(system.pk))
            field.initial = dial
        return form

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        dial = form.cleaned_data.get("dial")
        if dial and "dial" in form.changed_data:
            if not obj.pack_id:
                obj.pack = collection_pack_get_or_create(system=obj.system)
            figure_dial_save(figure=obj, dial=dial)
        super().save_model(request, obj, form, change)
        if "photo" in form.changed_data:
            figure_photo_thumbnail(figure=obj)

    @admin.display(description="combat dial")
    def combat_dial_table(self, obj: models.Figure) -> SafeString:
        dial = obj.combat_dial.data if obj.combat_dial else None
        return dial_table(dial, ability_colours(obj.system_id))

    @admin.display(description="speed dial")
    def speed_dial_table(self, obj: models.Figure) -> SafeString:
        return speed_table(obj.speed_dial.data if obj.speed_dial else None)


@admin.register(models.CombatDial)
class CombatDialAdmin(CatalogueRecordAdmin[models.CombatDial]):
    inlines = (FigureInline,)

    @admin.display(description="click by click")
    def data_preview(self, obj: models.CombatDial) -> SafeString:
        return dial_table(obj.data, ability_colours(obj.system_id) if obj.system_id else {})


@admin.register(models.SpeedDial)
class SpeedDialAdmin(CatalogueRecordAdmin[models.SpeedDial]):
    @admin.display(description="speeds")
    def data_preview(self, obj: models.SpeedDial) -> SafeString:
        return speed_table(obj.data)


@admin.register(models.Release)
class ReleaseAdmin(CatalogueRecordAdmin[models.Release]):
    inlines = (FigureInline,)


@admin.register(models.Ability)
class AbilityAdmin(CatalogueRecordAdmin[models.Ability]):
    list_display = ("name", "kind", "stable_id", "system", real_or_sample)
    list_filter = (("system", HeldOnlyFilter), "kind", RealOrSampleFilter)
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


class ContentPackVersionInline(admin.TabularInline[models.ContentPackVersion, models.ContentPack]):
    model = models.ContentPackVersion
    fields = ("version", "checksum", "loaded_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class _VersionCount(TypedDict):
    n_versions: int


@admin.register(models.ContentPack)
class ContentPackAdmin(PackPublishingAdmin):
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
    def versions_loaded(self, obj: WithAnnotations[models.ContentPack, _VersionCount]) -> int:
        return obj.n_versions

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(models.GameSystem)
class GameSystemAdmin(admin.ModelAdmin[models.GameSystem]):
    list_display = ("name", "slug", "seed")


# The review queue of collectors' proposals registers itself.
from content import admin_proposals  # noqa: E402, F401
