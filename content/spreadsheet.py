"""Figures and their combat dials as spreadsheet rows (CSV or XLSX), in and out.

One row is one figure, and its ``dial`` cell holds the whole combat dial in a short
notation (``docs/collecting.md``)::

    [start] 7/4@sample-deadeye/0/6; 7/4/0/6; 6/4/0/7; -/-/-/- [ko] [bail out 6]

Clicks are separated by ``;``, a click's values by ``/`` in the system's stat order, ``-`` is
a value the click does not show, ``@id`` names the ability a value's colour keys, and markers
go in brackets. Every problem is reported against its row and its column; the admin imports
nothing until every row is right.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db.models import Model
from import_export import fields, resources

from content.dial_display import MARKER_LABELS
from content.models import CombatDial, Figure, GameSystem
from content.schemas import dial_stats, systems_with
from content.services.collection import collection_pack_get_or_create, collector_source
from content.services.records import record_save, record_sync_columns

COLUMNS = (
    "system",
    "id",
    "name",
    "kind",
    "pilot",
    "plane",
    "collector_number",
    "point_value",
    "squadron_symbol",
    "release",
    "silhouette",
    "front_range",
    "rear_range",
    "range",
    "targets",
    "speed_dial",
    "dial",
)
PLANE_BASE = ("silhouette", "front_range", "rear_range")
CHARACTER_BASE = ("range", "targets")
DOCUMENT_COLUMNS = {
    "kind": "kind",
    "pilot": "pilot",
    "plane_model": "plane",
    "collector_number": "collector_number",
    "point_value": "point_value",
    "squadron_symbol": "squadron_symbol",
    "release": "release",
    "speed_dial": "speed_dial",
    "combat_dial": "dial",
}
MARKERS = {"start": "start", "ko": "ko", "structural limit": "structural_limit"}
MARKER_TEXT = {v: k for k, v in MARKERS.items()}
BRACKET = re.compile(r"\[([^\]]*)\]")
INTEGER_COLUMNS = {"point_value", *PLANE_BASE, *CHARACTER_BASE}


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # spreadsheets hand whole numbers back as floats
    return str(value).strip()


def dial_from_text(text: str, stats: list[str]) -> tuple[dict[str, Any] | None, list[str]]:
    """A combat dial document from its notation, and what is wrong with it."""
    errors: list[str] = []
    clicks = []
    parts = [p.strip() for p in text.split(";") if p.strip()]
    for number, part in enumerate(parts, start=1):
        markers: list[str] = []
        bail: int | None = None
        for marker in BRACKET.findall(part):
            words = marker.strip().lower()
            if words.startswith("bail out"):
                markers.append("bail_out")
                value = words.removeprefix("bail out").strip()
                if value.isdigit():
                    bail = int(value)
                elif value:
                    errors.append(f"click {number}: bail out value {value!r} is not a number")
            elif words in MARKERS:
                markers.append(MARKERS[words])
            else:
                errors.append(
                    f"click {number}: unknown marker [{marker}] "
                    "(use [start], [ko], [bail out N], [structural limit])"
                )
        cells = [c.strip() for c in BRACKET.sub("", part).split("/")]
        if len(cells) != len(stats):
            errors.append(
                f"click {number}: {len(cells)} values, but the dial has {len(stats)} "
                f"({'/'.join(stats)})"
            )
            continue
        values: dict[str, int | None] = {}
        colours: dict[str, str] = {}
        for stat, cell in zip(stats, cells, strict=True):
            value, _, ability = cell.partition("@")
            value = value.strip()
            if ability.strip():
                colours[stat] = ability.strip()
            if value in {"-", "—", ""}:
                values[stat] = None
            elif re.fullmatch(r"-?\d+", value):
                values[stat] = int(value)
            else:
                errors.append(f"click {number} {stat}: {value!r} is not a whole number")
        markers = sorted(set(markers), key=list(MARKER_LABELS).index)  # the dial's own order
        click: dict[str, Any] = {"values": values, "colours": colours, "markers": markers}
        if "bail_out" in markers:
            click["bail_out_value"] = bail
        clicks.append(click)
    if errors:
        return None, errors
    return ({"stats": stats, "clicks": clicks} if clicks else None), []


def dial_to_text(dial: Mapping[str, Any] | None) -> str:
    """The notation of a combat dial document (the inverse of :func:`dial_from_text`)."""
    if not dial:
        return ""
    out = []
    for click in dial.get("clicks", []):
        cells = []
        for stat in dial["stats"]:
            value = click["values"].get(stat)
            cell = "-" if value is None else str(value)
            if stat in (click.get("colours") or {}):
                cell += f"@{click['colours'][stat]}"
            cells.append(cell)
        before: list[str] = []
        after: list[str] = []
        for marker in click.get("markers", []):
            if marker == "bail_out":
                after.append(f"[bail out {click.get('bail_out_value')}]")
            else:
                (before if marker == "start" else after).append(f"[{MARKER_TEXT[marker]}]")
        out.append(" ".join([*before, "/".join(cells), *after]))
    return "; ".join(out)


def _column_of(path: str) -> str:
    """The spreadsheet column a figure document path comes from."""
    key = path.removeprefix("$.").split(".")[0].split("[")[0]
    if key == "base":
        leaf = path.split(".")[-1]
        return leaf if leaf in (*PLANE_BASE, *CHARACTER_BASE) else "silhouette"
    return DOCUMENT_COLUMNS.get(key, key or NON_FIELD_ERRORS)


def _dial_message(path: str, message: str) -> str:
    match = re.match(r"\$\.clicks\[(\d+)\](?:\.(?:values|colours)\.(\w+))?", path)
    if not match:
        return f"{path}: {message}"
    where = f"click {int(match.group(1)) + 1}"
    return f"{where} {match.group(2)}: {message}" if match.group(2) else f"{where}: {message}"


class Column(fields.Field):
    """A spreadsheet column: read by the resource's ``import_instance``, written from the
    figure's document (the preview's before-and-after comes from here too)."""

    def export(self, instance: Model, **kwargs: Any) -> Any:
        if not isinstance(instance, Figure):
            raise TypeError(f"a spreadsheet row is a figure, not {type(instance).__name__}")
        return figure_cell(instance, self.column_name or "")


def figure_cell(figure: Figure, column: str) -> Any:
    """One column's cell for a figure."""
    data = figure.data or {}
    base = data.get("base") or {}
    if column == "system":
        return figure.system.slug if figure.system_id else ""
    if column == "id":
        return figure.stable_id
    if column == "name":
        return figure.name
    if column == "plane":
        return data.get("plane_model") or ""
    if column in (*PLANE_BASE, *CHARACTER_BASE):
        return base.get(column, "")
    if column == "dial":
        dial = figure.combat_dial
        if dial is None:
            return ""
        return dial_to_text(dial.data)
    value = data.get(column)
    return "" if value is None else value


if TYPE_CHECKING:
    _FigureResourceBase = resources.ModelResource[Figure]
else:  # import-export's classes take no type arguments at run time
    _FigureResourceBase = resources.ModelResource


class FigureResource(_FigureResourceBase):
    """One figure per row with its combat dial; new rows go to the collection pack."""

    system = Column(column_name="system")
    id = Column(column_name="id")

    class Meta:
        model = Figure
        fields = COLUMNS
        import_id_fields = ()
        export_order = COLUMNS
        use_transactions = True
        clean_model_instances = True
        skip_unchanged = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in COLUMNS:
            self.fields[name] = Column(column_name=name)  # all read by import_instance

    def get_queryset(self) -> Any:
        return Figure.objects.select_related("system", "combat_dial").order_by(
            "system_id", "collector_number", "name", "id"
        )

    def export_field(self, field: fields.Field, instance: Figure, **kwargs: Any) -> Any:
        return figure_cell(instance, field.column_name or "")

    # --- import: find the row's figure, build its document, validate by column ------------
    def get_or_init_instance(self, instance_loader: Any, row: Mapping[str, Any]) -> Any:
        slug = _text(row.get("system"))
        system = GameSystem.objects.filter(slug=slug).first()
        if system is None or not dial_stats(system.slug):
            games = ", ".join(systems_with("figure"))
            raise ValidationError(
                {"system": f"{slug!r} is not a loaded game with figures ({games})"}
            )
        stable_id = _text(row.get("id"))
        figure = Figure.objects.filter(system=system, stable_id=stable_id).first()
        if figure is not None:
            return figure, False
        return Figure(system=system, stable_id=stable_id, sample=False), True

    def import_instance(self, instance: Figure, row: Mapping[str, Any], **kwargs: Any) -> None:
        errors: dict[str, list[str]] = {}
        cells = {c: _text(row.get(c)) for c in COLUMNS}
        numbers: dict[str, int | None] = {}
        for column in INTEGER_COLUMNS:
            text = cells[column]
            if not text:
                numbers[column] = None
            elif re.fullmatch(r"-?\d+", text):
                numbers[column] = int(text)
            else:
                numbers[column] = None
                errors.setdefault(column, []).append(f"{text!r} is not a whole number")
        kind = cells["kind"]
        plane = kind == "plane"
        data = dict(instance.data or {}) if instance.pk else {"ace": None, "ace_cards": []}
        data.update(
            {
                "kind": kind,
                "collector_number": cells["collector_number"] or None,
                "point_value": numbers["point_value"],
                "squadron_symbol": cells["squadron_symbol"] or None,
                "release": cells["release"] or None,
                "speed_dial": cells["speed_dial"] or None,
                "pilot": cells["pilot"] or None,
                "plane_model": cells["plane"] or None,
                "base": {c: numbers[c] for c in (PLANE_BASE if plane else CHARACTER_BASE)},
            }
        )
        instance.name = cells["name"]
        if not instance.pk:
            instance.source = collector_source(instance.system)
            instance.uncertain = []
            instance.pack = collection_pack_get_or_create(system=instance.system)
        dial, dial_errors = dial_from_text(cells["dial"], dial_stats(instance.system.slug))
        errors.setdefault("dial", []).extend(dial_errors)
        data["combat_dial"] = None
        if dial is not None:
            data["combat_dial"] = self._save_dial(instance, data, dial, errors)
        instance.data = data
        errors = {k: v for k, v in errors.items() if v}
        if errors:
            raise ValidationError(errors)

    def _save_dial(
        self,
        figure: Figure,
        data: dict[str, Any],
        dial: dict[str, Any],
        errors: dict[str, list[str]],
    ) -> str | None:
        dial_id = (figure.data or {}).get("combat_dial") if figure.pk else None
        dial_id = dial_id or f"{figure.stable_id}-dial"
        record = CombatDial.objects.filter(system=figure.system, stable_id=dial_id).first()
        if record is None:
            record = CombatDial(
                system=figure.system,
                pack=collection_pack_get_or_create(system=figure.system),
                stable_id=dial_id,
                source=collector_source(figure.system),
                uncertain=[],
                sample=False,
            )
        record.name = f"{figure.name or figure.stable_id} combat dial"
        record.data = {
            **{k: v for k, v in (record.data or {}).items() if k == "transcribed"},
            **dial,
        }
        try:
            record_save(record=record)
        except ValidationError as exc:
            for field, messages in exc.message_dict.items():
                for text in messages:
                    path, _, message = text.partition(": ")
                    errors.setdefault("dial", []).append(
                        _dial_message(path, message) if field == "data" else f"{field}: {text}"
                    )
            return None
        return dial_id

    def validate_instance(
        self,
        instance: Figure,
        import_validation_errors: dict[str, Any] | None = None,
        validate_unique: bool = True,
    ) -> None:
        errors: dict[str, list[str]] = {
            k: [m for e in v for m in (e.messages if isinstance(e, ValidationError) else [e])]
            for k, v in (import_validation_errors or {}).items()
        }
        if not errors:
            record_sync_columns(instance)
            try:
                instance.full_clean(validate_unique=validate_unique)
            except ValidationError as exc:
                for field, messages in exc.message_dict.items():
                    for text in messages:
                        if field == "data":
                            path, _, message = text.partition(": ")
                            errors.setdefault(_column_of(path), []).append(message)
                        else:
                            column = {"stable_id": "id"}.get(field, field)
                            errors.setdefault(column, []).append(text)
        if errors:
            raise ValidationError({k: list(dict.fromkeys(v)) for k, v in errors.items()})

    # import-export calls this hook with ``is_create``; its stubs leave the argument out.
    def do_instance_save(self, instance: Figure, is_create: bool) -> None:  # type: ignore[override]
        instance.save()
