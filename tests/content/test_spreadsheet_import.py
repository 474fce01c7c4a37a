"""Figures and dials from a spreadsheet: a preview of what changes, all or nothing, every
problem by row and column; export writes the same columns back."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from content.admin_widgets import AIR_ACTION_STATS
from content.models import CombatDial, Figure
from content.spreadsheet import COLUMNS, FigureResource, dial_from_text, dial_to_text

pytestmark = pytest.mark.django_db
DOCS = Path(__file__).resolve().parents[2] / "docs" / "collecting"
EXAMPLE = DOCS / "example-squadron.csv"
FORMATS = {"csv": "0", "xlsx": "1"}


@pytest.fixture
def admin_client(client, loaded_packs):
    client.force_login(get_user_model().objects.create_superuser("c", "c@example.com", "pw"))
    return client


def example_rows() -> list[dict[str, str]]:
    with EXAMPLE.open(newline="") as fh:
        return list(csv.DictReader(fh))


def as_csv(rows: list[dict[str, Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS)
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode()


def upload(client, content: bytes, name: str = "figures.csv", fmt: str = "csv"):
    return client.post(
        reverse("admin:content_figure_import"),
        {
            "import_file": SimpleUploadedFile(name, content),
            "format": FORMATS[fmt],
            "resource": "0",
        },
    )


def confirm(client, preview) -> Any:
    form = preview.context["confirm_form"]
    return client.post(reverse("admin:content_figure_process_import"), form.initial)


clicks = st.lists(
    st.fixed_dictionaries(
        {
            "values": st.fixed_dictionaries(
                {s: st.none() | st.integers(0, 12) for s in AIR_ACTION_STATS}
            ),
            "colours": st.dictionaries(
                st.sampled_from(AIR_ACTION_STATS),
                st.from_regex(r"[a-z][a-z0-9-]{0,8}", fullmatch=True),
            ),
            "markers": st.sets(st.sampled_from(["start", "ko", "structural_limit"])).map(
                lambda ms: [m for m in ("start", "ko", "structural_limit") if m in ms]
            ),
        }
    ),
    min_size=1,
    max_size=12,
)


@given(clicks)
def test_the_dial_notation_reads_back_what_it_writes(dial_clicks):
    dial = {"stats": AIR_ACTION_STATS, "clicks": dial_clicks}
    assert dial_from_text(dial_to_text(dial), AIR_ACTION_STATS) == (dial, [])


def test_the_dial_notation_names_each_problem_by_click():
    _, errors = dial_from_text("[start] 7/4/x/6; 7/4/1; 6/3/1/7 [loop]", AIR_ACTION_STATS)
    assert errors == [
        "click 1 rear_gunnery: 'x' is not a whole number",
        "click 2: 3 values, but the dial has 4 (max_speed/front_gunnery/rear_gunnery/piloting)",
        "click 3: unknown marker [loop] (use [start], [ko], [bail out N], [structural limit])",
    ]


def test_ten_figures_import_with_a_preview_then_are_saved(admin_client):
    preview = upload(admin_client, EXAMPLE.read_bytes())

    result = preview.context["result"]
    assert [r.import_type for r in result.rows] == ["new"] * 10
    assert not Figure.objects.filter(stable_id="nate-hollis-fury").exists()  # only a preview

    done = confirm(admin_client, preview)

    assert done.status_code == 302
    figure = Figure.objects.get(stable_id="nate-hollis-fury")
    assert (figure.sample, figure.pack.pack_id, figure.collector_number) == (
        False,
        "cs-air-action-collection",
        "101",
    )
    assert dial_to_text(figure.combat_dial.data) == example_rows()[0]["dial"]
    assert Figure.objects.filter(pack__pack_id="cs-air-action-collection").count() == 10


def test_a_second_import_shows_what_it_changes(admin_client):
    confirm(admin_client, upload(admin_client, EXAMPLE.read_bytes()))
    rows = example_rows()
    rows[2]["point_value"] = "77"

    preview = upload(admin_client, as_csv(rows))

    result = preview.context["result"]
    assert [r.import_type for r in result.rows] == ["update"] * 10
    assert "77" in result.rows[2].diff[COLUMNS.index("point_value")]


def test_every_bad_cell_is_reported_by_row_and_column_and_nothing_is_imported(admin_client):
    rows = example_rows()
    rows[1]["point_value"] = "lots"
    rows[3]["silhouette"] = "9"
    rows[4]["dial"] = rows[4]["dial"].replace("[start] ", "[start] 7/-3/")
    rows[6]["system"] = "cs-nowhere"

    preview = upload(admin_client, as_csv(rows))

    result = preview.context["result"]
    assert [str(e.error) for r in result.rows for e in r.errors] == []
    problems = {
        (row.number, field): [str(m) for m in messages]
        for row in result.invalid_rows
        for field, messages in row.field_specific_errors.items()
    }
    assert problems == {
        (2, "point_value"): ["'lots' is not a whole number"],
        (4, "silhouette"): ["9 is greater than the maximum of 6"],
        (5, "dial"): [
            "click 1: 6 values, but the dial has 4 (max_speed/front_gunnery/rear_gunnery/piloting)"
        ],
        (7, "system"): ["'cs-nowhere' is not a loaded game with figures (cs-air-action, cs-aces)"],
    }
    assert preview.context.get("confirm_form") is None
    page = preview.content.decode()
    row = "<tr><td>2</td><td><code>point_value</code></td><td>&#x27;lots&#x27; is not a whole"
    assert row in page
    assert not Figure.objects.filter(pack__pack_id="cs-air-action-collection").exists()
    assert not CombatDial.objects.filter(stable_id="nate-hollis-fury-dial").exists()


def test_a_dial_value_the_schema_refuses_names_its_click_and_stat(admin_client):
    rows = example_rows()[:1]
    rows[0]["dial"] = "[start] 7/4/1/-6; -/-/-/- [ko]"

    result = upload(admin_client, as_csv(rows)).context["result"]

    errors = result.invalid_rows[0].field_specific_errors
    assert [str(m) for m in errors["dial"]] == [
        "click 1 piloting: -6 is less than the minimum of 0"
    ]


def test_the_template_workbook_imports(admin_client):
    preview = upload(
        admin_client, (DOCS / "figures-template.xlsx").read_bytes(), "template.xlsx", "xlsx"
    )
    result = preview.context["result"]
    assert not result.has_errors()
    assert not result.has_validation_errors()
    assert [r.import_type for r in result.rows] == ["new", "new"]


def test_export_writes_the_columns_the_import_reads(admin_client):
    confirm(admin_client, upload(admin_client, EXAMPLE.read_bytes()))
    dataset = FigureResource().export(
        Figure.objects.filter(pack__pack_id="cs-air-action-collection")
    )
    assert list(dataset.headers) == list(COLUMNS)
    exported = {row[1]: dict(zip(COLUMNS, row, strict=True)) for row in dataset}
    for row in example_rows():
        got = {k: str(v) for k, v in exported[row["id"]].items()}
        assert got == row


def test_export_to_xlsx_from_the_admin(admin_client):
    response = admin_client.post(
        reverse("admin:content_figure_export"),
        {
            "format": FORMATS["xlsx"],
            "resource": "0",
            **{f"figureresource_{c}": "on" for c in COLUMNS},
        },
    )
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert [c.value for c in next(sheet.iter_rows())] == list(COLUMNS)
    assert sheet.max_row == Figure.objects.count() + 1
