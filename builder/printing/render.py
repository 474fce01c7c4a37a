"""HTML to PDF with WeasyPrint: card grids with cut marks, flowing sheets, safe fetching.

The renderer may read only the project's own print files (stylesheet and fonts under
``builder/printing/static/print``). Any other URL, whatever put it in the page, is refused
and recorded, so user content can never make a render reach the network or the disk.
"""

from __future__ import annotations

import hashlib
import mimetypes
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import weasyprint
from django.template.loader import render_to_string
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from builder.printing.options import PrintOptions

PRINT_STATIC = (Path(__file__).resolve().parent / "static" / "print").resolve()
TEMPLATE_DIR = Path(__file__).resolve().parent.parent.parent / "templates" / "print"
MIN_MARGIN_MM = 8.0
CUT_MARK_MM = 5.0


def _template_version() -> str:
    """A hash of every print template and stylesheet: a new layout never reuses old PDFs."""
    digest = hashlib.sha256()
    for root in (TEMPLATE_DIR, PRINT_STATIC):
        for path in sorted(p for p in root.rglob("*") if p.suffix in {".html", ".css"}):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


TEMPLATE_VERSION = _template_version()


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


def cards_html(faces: Sequence[dict[str, Any]], options: PrintOptions, title: str) -> str:
    grid = card_grid(options)
    pages = []
    for start in range(0, len(faces), grid.per_page):
        placed = []
        for i, face in enumerate(faces[start : start + grid.per_page]):
            row, col = divmod(i, grid.columns)
            placed.append(
                {
                    "face": face,
                    "x": round(grid.left + col * grid.card_w, 2),
                    "y": round(grid.top + row * grid.card_h, 2),
                }
            )
        pages.append(placed)
    return render_to_string(
        "print/cards.html",
        {
            "title": title,
            "pages": pages,
            "grid": grid,
            "marks": _cut_marks(grid) if options.cut_marks else [],
            "options": options,
            "tall": grid.card_h >= 100,
        },
    )


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
