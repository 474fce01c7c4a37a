"""The proposal form: the admin's record form (``content.admin_forms``) for a collector who
is not staff, with the same widgets (the schema-drawn form, the combat dial editor) and the
same validation, plus a message for the reviewer.

The form is bound to an unsaved record holding the proposal, so the model's own
``full_clean`` places every schema or reference error at its field, as an admin edit does;
the form never saves (``content.services.proposals`` stores the proposal instead).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, cast

from django import forms
from django.forms import modelform_factory
from django_jsonform.widgets import JSONFormWidget

from content.admin_forms import FigureForm, RecordForm, data_widget, errors_by_path
from content.admin_widgets import CombatDialWidget, DialEditorWidget
from content.form_schemas import error_map
from content.models import RECORD_MODELS, CombatDial, Figure, GameSystem, SpeedDial
from content.schemas import dial_stats
from content.selectors import ability_colours
from content.services.proposals import ProposedRecord

ENVELOPE = ("name", "name_original", "data", "source", "uncertain")
"""The record's own fields a proposal edits, as the admin does (identity and pack aside)."""

MESSAGE = forms.CharField(
    label="Message to the reviewer",
    required=False,
    max_length=4000,
    widget=forms.Textarea(attrs={"rows": 3}),
    help_text="Where the values come from (the base, the card, the book), or what you corrected.",
)


class ProposalRecordForm(RecordForm):
    message = MESSAGE


class ProposalFigureForm(FigureForm):
    message = MESSAGE


def proposal_form_class(
    record_type: str,
    system: GameSystem,
    *,
    data: Any,
    dial: Mapping[str, Any] | None,
    addition: bool,
    raw: bool = False,
) -> type[RecordForm]:
    """The admin's form for one record type of ``system``: widgets chosen as the admin
    chooses them (``data_widget``), the dial editor for a figure's clicks, and the stable
    id asked for only when the record is new."""
    model = RECORD_MODELS[record_type]
    widget, schema = data_widget(model, system, data, raw)
    base = ProposalFigureForm if model is Figure else ProposalRecordForm
    fields = (*(("stable_id",) if addition else ()), *ENVELOPE)
    form = cast(
        type[RecordForm],
        modelform_factory(model, form=base, fields=fields, widgets={"data": widget}),
    )
    form.form_schema = schema
    form.base_fields["data"].label = {
        CombatDial: "The clicks",
        SpeedDial: "The speeds",
    }.get(model, "Details")
    form.base_fields["source"].label = "Source"
    form.base_fields["uncertain"].required = False
    if addition:
        form.base_fields["stable_id"].help_text = (
            "Lowercase words joined by hyphens (lou-bright-fury): lists refer to the record by "
            "it, so it is never changed once published."
        )
    if "dial" in form.base_fields:
        field = copy.deepcopy(form.base_fields["dial"])
        stats = (dial or {}).get("stats") or dial_stats(system.slug)
        field.widget = CombatDialWidget(stats, ability_colours(system.pk))
        field.initial = dial
        form.base_fields["dial"] = field
    return form


def proposed_from(form: RecordForm) -> ProposedRecord:
    """What a valid proposal form holds."""
    data = form.cleaned_data
    dial = data.get("dial")
    return ProposedRecord(
        name=data["name"],
        name_original=data.get("name_original") or "",
        source=data.get("source") or {},
        uncertain=data.get("uncertain") or [],
        data=data.get("data"),
        dial=dial if isinstance(dial, dict) else None,
    )


def show_errors(form: RecordForm, errors: Mapping[str, list[str]]) -> None:
    """Place a refusal's messages at their fields (and inside the document and dial
    editors, beside the value they name); messages for fields the form lacks go on top."""
    for name, messages in errors.items():
        form.add_error(name if name in form.fields else None, list(messages))
    for name in ("data", "dial"):
        if name not in form.fields:
            continue
        widget = form.fields[name].widget
        messages = [str(m) for m in form.errors.get(name, [])]
        if isinstance(widget, JSONFormWidget):
            widget.error_map = error_map(messages)
        elif isinstance(widget, DialEditorWidget):
            widget.errors = errors_by_path(messages)
