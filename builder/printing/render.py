"""HTML to PDF with WeasyPrint: card grids with cut marks, flowing sheets, safe fetching.

The renderer may read only the project's own print files (stylesheet and fonts under
``builder/printing/static/print``). Any other URL, whatever put it in the page, is refused
and recorded, so user content can never make a render reach the network or the disk.
"""

from __future__ import annotations

import hashlib
import io
import json
import mimetypes
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import weasyprint
from django.template.loader import render_to_string
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
)
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from builder.printing.options import PrintOptions

PRINT_STATIC = (Path(__file__).resolve().parent / "static" / "print").resolve()
TEMPLATE_DIR = Path(__file__).resolve().parent.parent.parent / "templates" / "print"
MIN_MARGIN_MM = 8.0
CUT_MARK_MM = 5.0
PT_PER_MM = 72 / 25.4


def _template_version() -> str:
    """A hash of every print template and stylesheet: a new layout never reuses old PDFs."""
    digest = hashlib.sha256()
    for root in (TEMPLATE_DIR, PRINT_STATIC):
        for path in sorted(p for p in root.rglob("*") if p.suffix in {".html", ".css"}):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


TEMPLATE_VERSION = _template_version()


# WeasyPrint ships no type information, so its URLFetcher is Any to mypy.
class ProjectFilesFetcher(URLFetcher):  # type: ignore[misc]
    """Serves files under the print static directory; refuses every other URL."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols={"file"})
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        parsed = urlparse(url)
        path = Path(unquote(parsed.path)).resolve() if parsed.scheme == "file" else None
        if path is None or not path.is_relative_to(PRINT_STATIC) or not path.is_file():
            self.refused.append(url)
            raise ValueError(f"not one of the project's print files: {url}")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".ttf":
            mime = "font/ttf"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime})


@dataclass(frozen=True)
class Grid:
    """Where cards sit on a page: columns, rows, the top-left corner, in millimetres."""

    columns: int
    rows: int
    left: float
    top: float
    card_w: float
    card_h: float
    page_w: float
    page_h: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def card_grid(options: PrintOptions) -> Grid:
    """As many cards as fit inside the minimum margins, the grid centred on the page."""
    page_w, page_h = options.paper_mm
    card_w, card_h = options.card_mm
    columns = int((page_w - 2 * MIN_MARGIN_MM) // card_w)
    rows = int((page_h - 2 * MIN_MARGIN_MM) // card_h)
    return Grid(
        columns,
        rows,
        round((page_w - columns * card_w) / 2, 2),
        round((page_h - rows * card_h) / 2, 2),
        card_w,
        card_h,
        page_w,
        page_h,
    )


def _cut_marks(grid: Grid) -> list[dict[str, float]]:
    """Short lines in the margins, in line with every card edge."""
    marks = []
    gap = 1.0
    length = min(CUT_MARK_MM, grid.left - gap, grid.top - gap)
    for c in range(grid.columns + 1):
        x = round(grid.left + c * grid.card_w, 2)
        marks.append({"x": x, "y": round(grid.top - gap - length, 2), "w": 0, "h": length})
        marks.append(
            {"x": x, "y": round(grid.top + grid.rows * grid.card_h + gap, 2), "w": 0, "h": length}
        )
    for r in range(grid.rows + 1):
        y = round(grid.top + r * grid.card_h, 2)
        marks.append({"x": round(grid.left - gap - length, 2), "y": y, "w": length, "h": 0})
        marks.append(
            {
                "x": round(grid.left + grid.columns * grid.card_w + gap, 2),
                "y": y,
                "w": length,
                "h": 0,
            }
        )
    return marks


def faces_html(faces: Sequence[dict[str, Any]], options: PrintOptions, title: str) -> str:
    """One card-sized page per face: the faces are laid out on paper afterwards."""
    card_w, card_h = options.card_mm
    return render_to_string(
        "print/cards.html",
        {
            "title": title,
            "faces": faces,
            "card_w": card_w,
            "card_h": card_h,
            "options": options,
            "tall": card_h >= 100,
        },
    )


def _face_key(face: dict[str, Any]) -> str:
    return json.dumps(face, sort_keys=True, default=str)


def cards_pdf(
    faces: Sequence[dict[str, Any]], options: PrintOptions, title: str
) -> tuple[bytes, int]:
    """Cards laid out on paper, with cut marks, and the page count.

    Each distinct face is rendered once (WeasyPrint's layout is the costly step) and placed
    on the sheets as a PDF form, as often as it is printed: a squadron of identical planes
    or a deck with several copies of a card costs one layout per distinct face.
    """
    index: dict[str, int] = {}
    distinct: list[dict[str, Any]] = []
    order = []
    for face in faces:
        key = _face_key(face)
        if key not in index:
            index[key] = len(distinct)
            distinct.append(face)
        order.append(index[key])
    face_pdf, _ = pdf_from_html(faces_html(distinct, options, title))
    return _lay_out(face_pdf, order, options, title)


def _lay_out(
    face_pdf: bytes, order: Sequence[int], options: PrintOptions, title: str
) -> tuple[bytes, int]:
    grid = card_grid(options)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(face_pdf)))
    card_w, card_h = grid.card_w * PT_PER_MM, grid.card_h * PT_PER_MM
    forms = []
    for page in writer.pages:
        form = DecodedStreamObject()
        contents = page.get_contents()
        form.set_data(contents.get_data() if contents is not None else b"")  # a blank face
        form[NameObject("/Type")] = NameObject("/XObject")
        form[NameObject("/Subtype")] = NameObject("/Form")
        form[NameObject("/BBox")] = ArrayObject(
            [FloatObject(0), FloatObject(0), FloatObject(card_w), FloatObject(card_h)]
        )
        form[NameObject("/Resources")] = page["/Resources"]
        forms.append(writer._add_object(form))
    for i in reversed(range(len(writer.pages))):
        writer.remove_page(i)
    marks = _cut_mark_ops(grid) if options.cut_marks else []
    for start in range(0, len(order), grid.per_page):
        page = writer.add_blank_page(width=grid.page_w * PT_PER_MM, height=grid.page_h * PT_PER_MM)
        ops, xobjects = [], DictionaryObject()
        for i, face in enumerate(order[start : start + grid.per_page]):
            row, col = divmod(i, grid.columns)
            x = (grid.left + col * grid.card_w) * PT_PER_MM
            y = (grid.page_h - grid.top - (row + 1) * grid.card_h) * PT_PER_MM
            ops.append(f"q 1 0 0 1 {x:.3f} {y:.3f} cm /Face{face} Do Q")
            xobjects[NameObject(f"/Face{face}")] = forms[face]
        content = DecodedStreamObject()
        content.set_data("\n".join(ops + marks).encode())
        page[NameObject("/Contents")] = writer._add_object(content)
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
    writer.compress_identical_objects(remove_unreferenced=True)
    writer.add_metadata({"/Title": title, "/Creator": "Muster"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), len(writer.pages)


def _cut_mark_ops(grid: Grid) -> list[str]:
    """Cut marks as PDF line drawing (black, 0.2 mm), in PDF's bottom-up coordinates."""
    ops = ["q 0 G 0.57 w"]
    for mark in _cut_marks(grid):
        x1, y1 = mark["x"] * PT_PER_MM, (grid.page_h - mark["y"]) * PT_PER_MM
        x2 = (mark["x"] + mark["w"]) * PT_PER_MM
        y2 = (grid.page_h - mark["y"] - mark["h"]) * PT_PER_MM
        ops.append(f"{x1:.3f} {y1:.3f} m {x2:.3f} {y2:.3f} l S")
    return [*ops, "Q"]


def sheet_html(sheet: dict[str, Any], options: PrintOptions) -> str:
    page_w, page_h = options.paper_mm
    return render_to_string(
        f"print/{sheet['template']}.html",
        {"sheet": sheet, "options": options, "page_w": page_w, "page_h": page_h},
    )


_local = threading.local()


def _stylesheet() -> tuple[weasyprint.CSS, FontConfiguration]:
    """The print stylesheet and its fonts, parsed once per thread."""
    if not hasattr(_local, "css"):
        fonts = FontConfiguration()
        fetcher = ProjectFilesFetcher()
        _local.css = weasyprint.CSS(
            filename=str(PRINT_STATIC / "print.css"), url_fetcher=fetcher, font_config=fonts
        )
        _local.fonts = fonts
    return _local.css, _local.fonts


def pdf_from_html(html: str, fetcher: ProjectFilesFetcher | None = None) -> tuple[bytes, int]:
    """The PDF of ``html`` and its page count; relative URLs resolve inside the print static
    directory only."""
    css, fonts = _stylesheet()
    fetcher = fetcher or ProjectFilesFetcher()
    document = weasyprint.HTML(
        string=html, base_url=PRINT_STATIC.as_uri() + "/", url_fetcher=fetcher
    ).render(stylesheets=[css], font_config=fonts)
    pdf: bytes = document.write_pdf()
    return pdf, len(document.pages)
