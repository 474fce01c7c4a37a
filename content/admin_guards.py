"""Guards for the catalogue admin: what a curator may not do to records others depend on.

``RecordAdminGuards`` is a mixin for every record's ModelAdmin:

- ``system``, ``pack`` and ``stable_id`` are read-only once a record exists (lists and other
  records refer to it by them: "never renamed");
- deleting a record that others refer to is refused with the list of referrers;
- every problem is an error on the form, never a 500: values the JSON parser chokes on
  (nesting too deep, integers too long), values the database would refuse (NUL, lone
  surrogates, numbers out of range), and anything the database still refuses when the record
  is saved (the save is tried in a savepoint while the form is validated);
- names with control, invisible or text-direction characters are refused, and a new record
  goes only into a pack of its own system;
- a record whose references are broken still opens: a read-only panel that cannot be drawn
  says why instead of failing the page.

The pack-version history (who loaded or published each version, and when) is registered here
too, read-only.
"""

from __future__ import annotations

import copy
import functools
import json
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString

from content.models import CatalogueRecord, ContentPackVersion
from content.references import record_referrers
from content.services.collection import collection_pack_get_or_create
from content.services.json_safety import document_hazards
from content.services.records import record_sync_columns

M = TypeVar("M", bound=CatalogueRecord)

IMMUTABLE_FIELDS = ("system", "pack", "stable_id")

_INVISIBLE = {0x00AD, 0x061C, 0x180E, 0xFEFF}


def invisible_characters(text: str) -> list[str]:
    """Control, invisible and text-direction characters in ``text``, described."""
    found = []
    for i, ch in enumerate(text):
        code = ord(ch)
        if unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Zl", "Zp"} or code in _INVISIBLE:
            name = unicodedata.name(ch, "control character")
            found.append(f"U+{code:04X} {name} at position {i + 1}")
    return found


class _Rollback(Exception):
    pass


def _field_guard(clean: Callable[..., Any], is_json: bool) -> Callable[..., Any]:
    @functools.wraps(clean)
    def guarded(*args: Any) -> Any:
        try:
            result = clean(*args)
        except RecursionError as exc:
            raise ValidationError("nested too deeply to read") from exc
        except (ValueError, OverflowError, MemoryError) as exc:
            raise ValidationError(f"cannot be read: {str(exc)[:200]}") from exc
        if is_json:
            hazards = document_hazards(result)
            if hazards:
                raise ValidationError([str(h) for h in hazards])
        return result

    return guarded


def _bound_data_guard(bound_data: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    @functools.wraps(bound_data)
    def guarded(data: Any, initial: Any) -> Any:
        try:
            value = bound_data(data, initial)
        except (RecursionError, ValueError, OverflowError, MemoryError):
            return forms.fields.InvalidJSONInput(data)
        if document_hazards(value):
            # Shown again as typed: a lone surrogate or NaN cannot be rendered back.
            return forms.fields.InvalidJSONInput(data)
        return value

    return guarded


def _render_guard(widget: forms.Widget) -> Callable[..., SafeString]:
    """A widget that cannot draw a broken document falls back to its raw JSON text, so the
    record can still be opened and repaired."""
    render = widget.render

    @functools.wraps(render)
    def guarded(name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        try:
            return render(name, value, attrs, renderer)
        except Exception as exc:  # a broken record must still open for repair
            text = value if isinstance(value, str) else json.dumps(value, indent=2, default=str)
            fallback = forms.Textarea(attrs={"rows": 20, "cols": 100}).render(
                name, text, attrs, renderer
            )
            return format_html(
                '<p class="errornote">This document cannot be shown as a form ({}); '
                "repair its JSON here.</p>{}",
                str(exc)[:200],
                fallback,
            )

    return guarded


def guarded_form(form_class: type[forms.ModelForm[Any]]) -> type[forms.ModelForm[Any]]:
    """``form_class`` with the guards above: every problem becomes a form error."""

    # A base class chosen at run time, which mypy cannot take as a type.
    class GuardedForm(form_class):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            for field in self.fields.values():
                field.widget.render = _render_guard(field.widget)
                is_json = isinstance(field, forms.JSONField)
                field.clean = _field_guard(field.clean, is_json)
                if is_json:
                    field.bound_data = _bound_data_guard(field.bound_data)

        def clean(self) -> dict[str, Any]:
            cleaned: dict[str, Any] = super().clean()
            system, pack = cleaned.get("system"), cleaned.get("pack")
            if system is not None and pack is not None and pack.system_id != system.pk:
                self.add_error(
                    "pack", f"pack {pack.pack_id} belongs to {pack.system}, not {system}"
                )
            for name, value in list(cleaned.items()):
                if isinstance(value, str) and isinstance(self.fields[name], forms.CharField):
                    bad = invisible_characters(value)
                    if bad:
                        self.add_error(
                            name,
                            "control, invisible or text-direction characters are not "
                            f"allowed: {', '.join(bad)}",
                        )
            return cleaned

        def _post_clean(self) -> None:
            super()._post_clean()
            if not self._errors:
                self._try_save()

        def _try_save(self) -> None:
            """Save a copy in a savepoint that is always rolled back, so whatever the
            database refuses is reported on the form before the real save."""
            trial = copy.copy(self.instance)
            trial._state = copy.copy(self.instance._state)
            trial._state.fields_cache = dict(self.instance._state.fields_cache)
            try:
                with transaction.atomic():
                    if not trial.pack_id and trial.system_id:
                        # Saved into the system's collection pack, as the admin does.
                        trial.pack = collection_pack_get_or_create(system=trial.system)
                    record_sync_columns(trial)
                    trial.full_clean(validate_unique=False, validate_constraints=False)
                    trial.save()
                    raise _Rollback
            except _Rollback:
                pass
            except ValidationError as exc:
                self._update_errors(exc)
            except (DatabaseError, ValueError, OverflowError) as exc:
                self.add_error(None, f"the database refused this record: {str(exc)[:300]}")

    GuardedForm.__name__ = form_class.__name__
    return GuardedForm


def _safe_display(method: Callable[[Any], Any]) -> Callable[[Any], Any]:
    @functools.wraps(method)
    def safe(obj: Any) -> Any:
        try:
            return method(obj)
        except Exception as exc:  # a broken record must still open for repair
            return format_html('<span class="errornote">cannot be shown: {}</span>', str(exc)[:200])

    return safe


class RecordAdminGuards(admin.ModelAdmin[M]):
    """Mixin for catalogue record admins; see the module's docstring."""

    def __init__(self, model: type[M], admin_site: admin.AdminSite) -> None:
        super().__init__(model, admin_site)
        for name in {*self.readonly_fields, *self.list_display}:
            if isinstance(name, str) and callable(getattr(type(self), name, None)):
                setattr(self, name, _safe_display(getattr(self, name)))

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields += [f for f in IMMUTABLE_FIELDS if f not in fields]
        return fields

    def get_prepopulated_fields(self, request: HttpRequest, obj: Any = None) -> dict[str, Any]:
        """A read-only field is never filled in from another (the page would fail)."""
        fields = dict(super().get_prepopulated_fields(request, obj))
        if obj is not None:
            for name in IMMUTABLE_FIELDS:
                fields.pop(name, None)
        return fields

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        return guarded_form(super().get_form(request, obj, change, **kwargs))

    def get_deleted_objects(
        self, objs: Sequence[Any] | QuerySet[Any], request: HttpRequest
    ) -> tuple[list[Any], dict[str, int], set[str], list[Any]]:
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        referrers = record_referrers(self.model, list(objs))
        return deleted, counts, perms_needed, [*protected, *referrers]


@admin.register(ContentPackVersion)
class ContentPackVersionAdmin(admin.ModelAdmin[ContentPackVersion]):
    """Every version of every pack: how it arrived, who brought it and when. Read-only."""

    list_display = ("pack", "version", "action", "actor", "loaded_at", "checksum_short")
    list_filter = ("action", "pack__system", "pack")
    search_fields = ("pack__pack_id", "version", "actor")
    list_select_related = ("pack",)
    fields = ("pack", "version", "action", "actor", "loaded_at", "checksum")
    readonly_fields = fields

    @admin.display(description="checksum")
    def checksum_short(self, obj: ContentPackVersion) -> SafeString:
        return format_html("<code>{}</code>", obj.checksum[:12])

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
