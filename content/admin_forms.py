"""The record edit form: the document as a form drawn from its JSON Schema, or raw JSON.

The widget is chosen per record: the dial editors for dials, a schema-generated form for
every other document, a plain JSON text box when ``?raw=1`` asks for it. Whatever the
widget, the model's own validation (the schema, the references) decides; its messages are
placed at the field they name.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django_jsonform.widgets import JSONFormWidget
from import_export.forms import ImportForm

from content import models
from content.admin_widgets import (
    CombatDialWidget,
    DialEditorWidget,
    SpeedDialWidget,
)
from content.form_schemas import error_map, form_schema, tidy_submitted
from content.schemas import dial_stats, record_data_errors
from content.selectors import ability_colours
from content.services.photos import photo_errors
from content.spreadsheet_files import SpreadsheetRefused, upload_size_check

REFERENCE_MODELS: dict[str, dict[str, type[models.CatalogueRecord]]] = {
    "figure": {
        "release": models.Release,
        "combat_dial": models.CombatDial,
        "speed_dial": models.SpeedDial,
    },
}


def reference_choices(record_type: str, system_id: int | None) -> dict[str, list[tuple[str, str]]]:
    """Records a document may name, by the key that names them."""
    if system_id is None:
        return {}
    return {
        key: list(
            model.objects.filter(system_id=system_id)
            .order_by("name")
            .values_list("stable_id", "name")
        )
        for key, model in REFERENCE_MODELS.get(record_type, {}).items()
    }


def data_widget(
    model: type[models.CatalogueRecord],
    system: models.GameSystem | None,
    data: Any,
    raw: bool,
) -> tuple[forms.Widget, dict[str, Any] | None]:
    """The widget for a record's document, and the form schema it was drawn from."""
    if raw or system is None:
        return forms.Textarea(attrs={"rows": 20, "cols": 100, "class": "vLargeTextField"}), None
    if model is models.CombatDial:
        stats = (data or {}).get("stats") or dial_stats(system.slug)
        return CombatDialWidget(stats, ability_colours(system.pk)), None
    if model is models.SpeedDial:
        effects = {
            sid: info for sid, info in ability_colours(system.pk, kind="speed_effect").items()
        }
        return SpeedDialWidget(effects), None
    schema = form_schema(
        model.RECORD_TYPE, system.slug, data, reference_choices(model.RECORD_TYPE, system.pk)
    )
    if schema is None:
        return forms.Textarea(attrs={"rows": 20, "cols": 100}), None
    return JSONFormWidget(schema=schema), schema


class RecordForm(forms.ModelForm[models.CatalogueRecord]):
    """Tidies what a generated form sends and shows schema errors at their own fields."""

    form_schema: dict[str, Any] | None = None

    def clean_data(self) -> Any:
        data = self.cleaned_data.get("data")
        if self.form_schema is not None:
            data = tidy_submitted(self.form_schema, data, self.instance.data)
        return data

    def clean_photo(self) -> Any:
        photo = self.cleaned_data.get("photo")
        if isinstance(photo, UploadedFile):
            errors = photo_errors(photo)
            if errors:
                raise ValidationError(errors)
        return photo

    def _post_clean(self) -> None:
        # Django's hook for validating the instance after the fields; django-stubs omits it.
        super()._post_clean()  # type: ignore[misc]
        messages = [str(m) for m in self.errors.get("data", [])]
        widget = self.fields["data"].widget if "data" in self.fields else None
        if isinstance(widget, JSONFormWidget):
            widget.error_map = error_map(messages)
        elif isinstance(widget, DialEditorWidget):
            widget.errors = errors_by_path(messages)


def errors_by_path(messages: list[str]) -> dict[str, list[str]]:
    """``$.path: message`` texts grouped by path, for an editor to show beside each cell."""
    by_path: dict[str, list[str]] = {}
    for text in messages:
        path, _, message = text.partition(": ")
        by_path.setdefault(path, []).append(message)
    return by_path


class FigureForm(RecordForm):
    """A figure with its combat dial entered click by click on the same page."""

    dial = forms.JSONField(
        required=False,
        label="Combat dial clicks",
        help_text="Saved as this figure's combat dial (a new one if it has none).",
    )

    def clean_dial(self) -> Any:
        dial = self.cleaned_data.get("dial")
        if not isinstance(dial, dict) or not dial.get("clicks"):
            return None
        system = self.cleaned_data.get("system") or getattr(self.instance, "system", None)
        if system is None:
            return dial
        errors = [str(e) for e in record_data_errors("combat_dial", system.slug, dial)]
        if errors:
            widget = self.fields["dial"].widget
            if isinstance(widget, DialEditorWidget):
                widget.errors = errors_by_path(errors)
            raise ValidationError(errors)
        return dial


class FigureImportForm(ImportForm):
    """The spreadsheet upload, refused before it is read when it is larger than
    ``SPREADSHEET_MAX_BYTES``."""

    def clean_import_file(self) -> Any:
        upload = self.cleaned_data["import_file"]
        try:
            upload_size_check(upload.size)
        except SpreadsheetRefused as exc:
            raise ValidationError(str(exc)) from exc
        return upload
