"""Figures and dials from a spreadsheet: a preview of what changes, all or nothing, every
problem by row and column; export writes the same columns back."""

from __future__ import annotations

import csv
import io
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook

from content.models import CombatDial, Figure, SpeedDial
from content.spreadsheet import COLUMNS, FigureResource, dial_from_text, dial_to_text

AIR_ACTION_STATS = ["max_speed", "front_gunnery", "rear_gunnery", "piloting"]
"""An Air Action combat dial's stats, in the order its schema fixes."""

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


# --- limits: every file read within them, refused whole and at once past one ---------------
def xlsx(rows: list[list[Any]]) -> bytes:
    book = Workbook(write_only=True)
    sheet = book.create_sheet()
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def with_sheet_data(workbook: bytes, sheet_data: bytes) -> bytes:
    """The workbook with its sheet's rows replaced (for rows openpyxl will not write)."""
    out = io.BytesIO()
    source = zipfile.ZipFile(io.BytesIO(workbook))
    with source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                start, end = data.index(b"<sheetData>"), data.index(b"</sheetData>")
                data = data[: start + len(b"<sheetData>")] + sheet_data + data[end:]
            target.writestr(item.filename, data)
    return out.getvalue()


def refusal(client, content: bytes, fmt: str) -> tuple[list[str], float, Any]:
    started = time.perf_counter()
    response = upload(client, content, f"figures.{fmt}", fmt)
    elapsed = time.perf_counter() - started
    assert response.status_code == 200
    assert response.context.get("result") is None  # nothing was tried, not even a preview
    return response.context["form"].errors["import_file"], elapsed, response


def test_a_row_of_a_million_cells_is_refused_at_once(admin_client):
    row = b'<row r="1">' + b"<c><v>1</v></c>" * 1_000_000 + b"</row>"
    content = with_sheet_data(xlsx([["system"]]), row)
    assert len(content) < 200_000

    errors, elapsed, response = refusal(admin_client, content, "xlsx")

    assert errors == ["Row 1 of the sheet has more than 100 columns; at most 100 are read."]
    assert elapsed < 1.0
    assert len(response.content) < 30_000


def test_thirty_thousand_rows_are_refused_at_once(admin_client):
    dial = example_rows()[0]["dial"]
    content = xlsx(
        [["system", "id", "dial"]] + [["cs-air-action", f"f-{i}", dial] for i in range(30_000)]
    )

    errors, elapsed, response = refusal(admin_client, content, "xlsx")

    assert errors == [
        "The sheet has 30,000 rows below its header; at most 1,000 are read. "
        "Split it into smaller files."
    ]
    assert elapsed < 1.0
    assert len(response.content) < 30_000
    assert "The sheet has 30,000 rows below its header" in response.content.decode()
    assert not Figure.objects.filter(stable_id="f-0").exists()


def test_thirty_thousand_csv_rows_are_refused(admin_client):
    content = b"system,id\n" + b"".join(b"cs-air-action,f-%d\n" % i for i in range(30_000))

    errors, elapsed, _ = refusal(admin_client, content, "csv")

    assert errors == [
        "The sheet has 30,000 rows below its header; at most 1,000 are read. "
        "Split it into smaller files."
    ]
    assert elapsed < 1.0


def test_a_sheet_whose_rows_jump_far_down_is_refused(admin_client):
    rows = b'<row r="1"><c r="A1"><v>1</v></c></row>'
    rows += b'<row r="1048576"><c r="A1048576"><v>1</v></c></row>'

    errors, _, _ = refusal(admin_client, with_sheet_data(xlsx([["x"]]), rows), "xlsx")

    assert errors == [
        "The sheet has 1,048,575 rows below its header; at most 1,000 are read. "
        "Split it into smaller files."
    ]


def test_a_cell_far_to_the_right_is_refused(admin_client):
    rows = b'<row r="1"><c r="A1"><v>1</v></c><c r="XFD1"><v>1</v></c></row>'

    errors, _, _ = refusal(admin_client, with_sheet_data(xlsx([["x"]]), rows), "xlsx")

    assert errors == ["Row 1 of the sheet has more than 100 columns; at most 100 are read."]


def test_a_csv_row_of_too_many_cells_is_refused(admin_client):
    errors, _, _ = refusal(admin_client, b"system,id\n" + b",".join([b"1"] * 101), "csv")

    assert errors == ["Row 2 of the sheet has more than 100 columns; at most 100 are read."]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_cell_of_too_many_characters_is_refused(admin_client, fmt):
    rows = example_rows()[:2]
    rows[1]["dial"] = "7/4/0/6; " * 223  # 2,007 characters
    table = [list(COLUMNS)] + [list(r.values()) for r in rows]
    content = as_csv(rows) if fmt == "csv" else xlsx(table)

    errors, _, _ = refusal(admin_client, content, fmt)

    assert errors == [
        "The cell in row 3, column dial holds 2,007 characters; at most 2,000 are read."
    ]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_file_past_the_size_limit_is_refused_before_it_is_read(admin_client, fmt):
    errors, _, _ = refusal(admin_client, b"x" * 2_000_001, fmt)

    assert errors == ["The file has 2,000,001 bytes; at most 2,000,000 are read."]


def test_a_workbook_that_unpacks_too_far_is_refused(admin_client):
    text = b"a" * 21_000_000
    rows = b'<row r="1"><c r="A1" t="inlineStr"><is><t>' + text + b"</t></is></c></row>"
    content = with_sheet_data(xlsx([["x"]]), rows)
    unpacked = sum(i.file_size for i in zipfile.ZipFile(io.BytesIO(content)).infolist())

    errors, _, _ = refusal(admin_client, content, "xlsx")

    assert errors == [f"The workbook unpacks to {unpacked:,} bytes; at most 20,000,000 are read."]


def test_the_row_limit_is_a_setting(admin_client, settings):
    settings.SPREADSHEET_MAX_ROWS = 9

    errors, _, _ = refusal(admin_client, EXAMPLE.read_bytes(), "csv")
    assert errors == [
        "The sheet has 10 rows below its header; at most 9 are read. Split it into smaller files."
    ]

    settings.SPREADSHEET_MAX_ROWS = 10
    assert upload(admin_client, EXAMPLE.read_bytes()).context["confirm_form"] is not None


def test_a_row_refused_on_confirming_undoes_the_whole_import(admin_client):
    rows = example_rows()
    rows[-1]["speed_dial"] = "charlie-steele-fury-speed"
    preview = upload(admin_client, as_csv(rows))
    assert preview.context["confirm_form"] is not None
    # The catalogue changes between the preview and the confirmation: the last row's speed
    # dial is withdrawn, so that row alone would now be refused.
    SpeedDial.objects.filter(stable_id="charlie-steele-fury-speed").update(stable_id="gone")

    done = admin_client.post(
        reverse("admin:content_figure_process_import"),
        preview.context["confirm_form"].initial,
        follow=True,
    )

    assert not Figure.objects.filter(pack__pack_id="cs-air-action-collection").exists()
    assert not CombatDial.objects.filter(stable_id="nate-hollis-fury-dial").exists()
    assert [str(m) for m in done.context["messages"]] == [
        "Nothing was imported: 1 row could not be saved as previewed. "
        "Upload the file again to see why."
    ]


def test_a_file_past_a_limit_on_confirming_is_refused_in_words(admin_client, settings):
    preview = upload(admin_client, EXAMPLE.read_bytes())
    settings.SPREADSHEET_MAX_ROWS = 5  # lowered between the preview and the confirmation

    done = confirm(admin_client, preview)

    assert done.status_code == 302
    page = admin_client.get(done.url)
    assert [str(m) for m in page.context["messages"]] == [
        "The sheet has 10 rows below its header; at most 5 are read. Split it into smaller files."
    ]
    assert not Figure.objects.filter(pack__pack_id="cs-air-action-collection").exists()
