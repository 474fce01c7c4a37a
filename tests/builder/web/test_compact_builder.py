"""The compact builder as the server draws it: which one entry comes back open."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tests.builder.web.conftest import example, form_data

pytestmark = pytest.mark.django_db
WARBAND = "/build/crimson-dust/warband/"
HTMX_REDRAW: dict[str, Any] = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TRIGGER": "e0-archetype"}


def open_entries(page: str) -> list[int]:
    """The indexes of the entries drawn open, in page order."""
    folds = re.findall(r'<details class="entry-fold" name="entry" id="entry-(\d+)"[^>]*>', page)
    opened = re.findall(
        r'<details class="entry-fold" name="entry" id="entry-(\d+)"[^>]*open>', page
    )
    assert folds, "no entries drawn"
    return [int(i) for i in opened]


def devils(**fields: str) -> dict[str, Any]:
    return form_data(example("crimson-dust/dust-devils-500.json")) | fields


def test_the_entry_the_player_had_open_comes_back_open(client: Client, packs: Any) -> None:
    page = client.post(WARBAND, devils(open="2"), **HTMX_REDRAW).content.decode()
    assert open_entries(page) == [2]
    assert '<input type="hidden" name="open" id="open-entry" value="2">' in page


def test_each_entry_is_one_line_with_its_name_points_and_marks(client: Client, packs: Any) -> None:
    page = client.post(WARBAND, devils(open="0")).content.decode()
    line = page[
        page.index('id="entry-1-line"') : page.index("</summary>", page.index('id="entry-1-line"'))
    ]
    assert '<span class="entry-title">2. Brick</span>' in page
    assert '<span class="entry-points">117 pts</span>' in line
    # Brick's unpriced weapon is in the list's one notice, not a mark on his line.
    assert "mark warning" not in line
    assert "mark error" not in line


def test_without_a_choice_the_first_entry_with_an_error_is_open(client: Client, packs: Any) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["entries"][3]["skills"] = ["heroic"]  # not a personality model
    page = client.post(WARBAND, form_data(doc)).content.decode()
    assert open_entries(page) == [3]
    line = page[
        page.index('id="entry-3-line"') : page.index("</summary>", page.index('id="entry-3-line"'))
    ]
    assert '<span class="mark error">2 errors</span>' in line


def test_a_list_without_errors_opens_its_first_entry(client: Client, packs: Any) -> None:
    page = client.post(WARBAND, devils()).content.decode()
    assert open_entries(page) == [0]


def test_the_entry_just_added_is_open(client: Client, packs: Any) -> None:
    page = client.post(WARBAND, devils(open="1", action="add", add="medio")).content.decode()
    assert open_entries(page) == [6]


def test_removing_an_entry_above_keeps_the_same_model_open(client: Client, packs: Any) -> None:
    page = client.post(WARBAND, devils(open="3", action="remove:1")).content.decode()
    assert open_entries(page) == [2]
    assert '<span class="entry-title">3. Outrider Jax</span>' in page


def test_an_empty_choice_leaves_every_entry_closed(client: Client, packs: Any) -> None:
    page = client.post(WARBAND, devils(open="")).content.decode()
    assert open_entries(page) == []


def test_a_choice_past_the_end_opens_nothing_and_is_no_error(client: Client, packs: Any) -> None:
    response = client.post(WARBAND, devils(open="99"))
    assert response.status_code == 200
    assert open_entries(response.content.decode()) == []
    assert open_entries(client.post(WARBAND, devils(open="x")).content.decode()) == []
