"""Model cards' tables are laid out once per distinct table and drawn onto every card that
prints them: the cards read and measure exactly as if each laid out its own tables."""

from __future__ import annotations

import re
from typing import Any

import pytest

from builder.printing import stamps
from builder.printing.options import PrintOptions
from builder.printing.render import faces_html
from builder.printing.services import print_request_parse, sheet_render
from rules_engine import Catalogue

from .conftest import example, pdf_pages


def rendered(catalogue: Catalogue, doc: dict[str, Any]) -> tuple[list[str], int]:
    request = print_request_parse(kind="cards", what={"list": doc}, options={"card": "bridge"})
    sheet = sheet_render(request, catalogue)
    return pdf_pages(sheet.pdf), sheet.pages


def test_stamped_tables_print_the_same_words_on_the_same_pages(
    catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    stamped, pages = rendered(catalogue, doc)
    monkeypatch.setattr(stamps, "TABLE_RE", re.compile("(?!)"))  # every face its own tables
    own, own_pages = rendered(catalogue, doc)
    assert pages == own_pages
    assert [sorted(page.split()) for page in stamped] == [sorted(page.split()) for page in own]
    assert "Mv Mr Rg As Df S Av Dc In" in " ".join(" ".join(stamped).split())


def test_identical_tables_are_laid_out_once(catalogue: Catalogue) -> None:
    from builder import engine
    from builder.printing.sheets import sheet_build

    models = example("crimson-dust/hundred-models.json")
    faces = sheet_build(
        "cards", catalogue, records=[], checked=engine.checked_list(catalogue, models)
    )
    assert isinstance(faces, list)
    html = faces_html(faces, PrintOptions(), "hundred")
    tables = len(stamps.TABLE_RE.findall(html))
    laid_out: list[str] = []

    def layout(page: str) -> Any:
        laid_out.append(page)
        from builder.printing.render import _document

        return _document(page)

    slotted, found = stamps.tables_once(html, layout)
    assert found is not None
    assert tables >= 190  # a profile and most a weapon table on each of 100 cards
    assert len(laid_out) == 1
    assert len(found.boxes) <= 12
    assert slotted.count('class="table-slot"') == tables
