"""HTML to PDF with WeasyPrint: card grids with cut marks, flowing sheets, safe fetching.

The renderer may read only the project's own print files (stylesheet and fonts under
``builder/printing/static/print``). Any other URL, whatever put it in the page, is refused
and recorded, so user content can never make a render reach the network or the disk.

WeasyPrint and pypdf are imported by the functions that render (a second or so of start-up
that a management command's ``--help``, the web worker's start and the admin never pay).
"""

from __future__ import annotations

import atexit
import hashlib
import io
import json
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.template.loader import render_to_string

from builder.printing import stamps
from builder.printing.options import PrintOptions
from builder.printing.pdf_forms import page_form

if TYPE_CHECKING:
    import weasyprint
    from weasyprint.text.fonts import FontConfiguration

    from builder.printing.fetcher import ProjectFilesFetcher

PRINT_STATIC = (Path(__file__).resolve().parent / "static" / "print").resolve()
TEMPLATE_DIR = Path(__file__).resolve().parent.parent.parent / "templates" / "print"
# A quarter inch: the band at the paper's edge that home printers cannot ink. Cards (and
# their bleed) keep out of it; cut marks may reach into it, where a print shop prints them.
MIN_MARGIN_MM = 6.35
CUT_MARK_MM = 5.0
PT_PER_MM = 72 / 25.4
# Card type: no text smaller than this on a poker or bridge card; bigger cards scale it up.
CARD_TYPE_PT = 6.5
POKER_MM = (63.0, 88.0)
# Faces that continue the face before them (its rules, its maneuver table): with backs,
# they print on the back of that card.
BACK_TEMPLATES = frozenset({"rules", "maneuvers", "cont"})
# The card's frame sits this far inside the cut (print.css draws it so on fitted cards); a
# "(cont.)" face's heading takes this much above it.
FRAME_MM = 1.2
CONT_HEAD_MM = 5.0
# Half a CSS pixel: what WeasyPrint's rounding may leave past a box that fits.
OVERFLOW_SLACK_PX = 0.5


def _template_version() -> str:
    """A hash of every print template and stylesheet: a new layout never reuses old PDFs."""
    digest = hashlib.sha256()
    for root in (TEMPLATE_DIR, PRINT_STATIC):
        for path in sorted(p for p in root.rglob("*") if p.suffix in {".html", ".css"}):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


TEMPLATE_VERSION = _template_version()


def __getattr__(name: str) -> Any:
    """``render.ProjectFilesFetcher``, imported (with WeasyPrint) when first asked for."""
    if name == "ProjectFilesFetcher":
        from builder.printing.fetcher import ProjectFilesFetcher

        globals()[name] = ProjectFilesFetcher
        return ProjectFilesFetcher
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _new_fetcher() -> ProjectFilesFetcher:
    """A fresh fetcher of the module's ``ProjectFilesFetcher`` (a test may replace it)."""
    fetcher_class = globals().get("ProjectFilesFetcher") or __getattr__("ProjectFilesFetcher")
    fetcher: ProjectFilesFetcher = fetcher_class()
    return fetcher


@dataclass(frozen=True)
class Grid:
    """Where cards sit on a page, in millimetres: columns and rows of slots, the top-left
    corner of the first slot, the card's cut size. A slot is one card (with ``fold``, a
    front and its back side by side) and ``bleed`` millimetres of background around it."""

    columns: int
    rows: int
    left: float
    top: float
    card_w: float
    card_h: float
    page_w: float
    page_h: float
    bleed: float = 0.0
    fold: bool = False

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def slot_w(self) -> float:
        return (2 if self.fold else 1) * self.card_w + 2 * self.bleed

    @property
    def slot_h(self) -> float:
        return self.card_h + 2 * self.bleed

    def slot(self, row: int, column: int) -> tuple[float, float]:
        """The top-left corner of a slot's bleed box, from the top-left of the page."""
        return self.left + column * self.slot_w, self.top + row * self.slot_h

    def cut_xs(self) -> list[float]:
        """Every vertical cut line, left to right (a fold line is not cut)."""
        xs = {
            round(self.slot(0, c)[0] + self.bleed + e, 2)
            for c in range(self.columns)
            for e in (0, self.slot_w - 2 * self.bleed)
        }
        return sorted(xs)

    def cut_ys(self) -> list[float]:
        """Every horizontal cut line, top to bottom."""
        ys = {
            round(self.slot(r, 0)[1] + self.bleed + e, 2)
            for r in range(self.rows)
            for e in (0, self.card_h)
        }
        return sorted(ys)


def card_grid(options: PrintOptions) -> Grid:
    """As many cards as fit inside the minimum margins, the grid centred on the page (so a
    page of backs mirrors its page of fronts exactly)."""
    page_w, page_h = options.paper_mm
    card_w, card_h = options.card_mm
    fold = options.backs == "fold-over"
    slot_w = (2 if fold else 1) * card_w + 2 * options.bleed
    slot_h = card_h + 2 * options.bleed
    # A hundredth of a millimetre of slack: three 88.9 mm cards fill Letter's 279.4 mm with
    # exactly a quarter inch above and below, which floating point would otherwise refuse.
    columns = int((page_w - 2 * MIN_MARGIN_MM + 0.01) // slot_w)
    rows = int((page_h - 2 * MIN_MARGIN_MM + 0.01) // slot_h)
    return Grid(
        columns,
        rows,
        round((page_w - columns * slot_w) / 2, 3),
        round((page_h - rows * slot_h) / 2, 3),
        card_w,
        card_h,
        page_w,
        page_h,
        options.bleed,
        fold,
    )


def _cut_marks(grid: Grid) -> list[dict[str, float]]:
    """Short lines in the margins, in line with every cut line, clear of the bleed."""
    marks = []
    gap = 1.0
    length = min(CUT_MARK_MM, grid.left - gap, grid.top - gap)
    top, left = grid.top, grid.left
    bottom = grid.top + grid.rows * grid.slot_h
    right = grid.left + grid.columns * grid.slot_w
    for x in grid.cut_xs():
        marks.append({"x": x, "y": round(top - gap - length, 2), "w": 0, "h": length})
        marks.append({"x": x, "y": round(bottom + gap, 2), "w": 0, "h": length})
    for y in grid.cut_ys():
        marks.append({"x": round(left - gap - length, 2), "y": y, "w": length, "h": 0})
        marks.append({"x": round(right + gap, 2), "y": y, "w": length, "h": 0})
    return marks


def type_size_pt(card_mm: tuple[float, float]) -> float:
    """The card's body type: 6.5 pt on a poker card or anything smaller, growing with the
    card's area beyond that (a tarot card's type is 1.23 times a poker card's)."""
    area = card_mm[0] * card_mm[1] / (POKER_MM[0] * POKER_MM[1])
    return round(CARD_TYPE_PT * max(1.0, math.sqrt(area)), 2)


def flowing_html(face: dict[str, Any], options: PrintOptions, title: str) -> str:
    """One face that does not fit its card, as pages of the card's size: the content flows
    from one to the next, each after the first headed "(cont.)", each with the card's frame
    inside the cut and its catalogue reference at the foot."""
    card_w, card_h = options.card_mm
    bleed = options.bleed
    return render_to_string(
        "print/cards_flowing.html",
        {
            "title": title,
            "face": face,
            "page_w": round(card_w + 2 * bleed, 3),
            "page_h": round(card_h + 2 * bleed, 3),
            "frame": round(bleed + FRAME_MM, 3),
            "cont_top": round(bleed + FRAME_MM + CONT_HEAD_MM, 3),
            "type_pt": type_size_pt((card_w, card_h)),
            "options": options,
            "tall": card_h >= 100,
        },
    )


def faces_html(faces: Sequence[dict[str, Any]], options: PrintOptions, title: str) -> str:
    """One page per face, the card's size plus its bleed: faces are laid out on paper
    afterwards."""
    card_w, card_h = options.card_mm
    return render_to_string(
        "print/cards.html",
        {
            "title": title,
            "faces": faces,
            "card_w": card_w,
            "card_h": card_h,
            "bleed": options.bleed,
            "page_w": round(card_w + 2 * options.bleed, 3),
            "page_h": round(card_h + 2 * options.bleed, 3),
            "type_pt": type_size_pt((card_w, card_h)),
            "options": options,
            "tall": card_h >= 100,
        },
    )


def _face_key(face: dict[str, Any]) -> str:
    return json.dumps(face, sort_keys=True, default=str)


Card = tuple[int, int | None]
"""A card to cut out: the index of its front face and of its back face, if it has one."""


def card_sides(faces: Sequence[int], templates: Sequence[str], backs: str) -> list[Card]:
    """The cards a run of faces makes. With no backs every face is a card. With backs a
    face and the face after it that continues it (rules, maneuvers) make one card; the
    continuation faces beyond that pair up among themselves (rules 2 on the front, rules 3
    on the back), so nothing is lost and no paper is wasted."""
    if backs == "none":
        return [(face, None) for face in faces]
    groups: list[list[int]] = []
    for face, template in zip(faces, templates, strict=True):
        if template in BACK_TEMPLATES and groups:
            groups[-1].append(face)
        else:
            groups.append([face])
    cards: list[Card] = []
    for group in groups:
        for i in range(0, len(group), 2):
            cards.append((group[i], group[i + 1] if i + 1 < len(group) else None))
    return cards


def cards_pdf(
    faces: Sequence[dict[str, Any]], options: PrintOptions, title: str
) -> tuple[bytes, int]:
    """Cards laid out on paper, with cut marks (and backs, as the options ask), and the
    page count.

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
    face_pdf, pages = _measured_faces(distinct, options, title)
    # Each face is the run of pages it took: one, or more where it flowed onto "(cont.)".
    starts = [sum(pages[:i]) for i in range(len(pages))]
    printed = [p for face in order for p in range(starts[face], starts[face] + pages[face])]
    templates = [
        "cont" if p > starts[face] else str(distinct[face].get("template", ""))
        for face in order
        for p in range(starts[face], starts[face] + pages[face])
    ]
    cards = card_sides(printed, templates, options.backs)
    return _lay_out(face_pdf, cards, options, title)


def _boxes(box: Any, skip: str = "") -> Any:
    """``box`` and every box inside it, in WeasyPrint's layout, leaving out ``skip`` tags."""
    if skip and box.element_tag == skip:
        return
    yield box
    for child in getattr(box, "children", None) or ():
        yield from _boxes(child, skip)


def _sheet(page: Any) -> Any:
    """The box of the face's sheet on a laid-out page (a card too long for its face pushes
    its rest onto the next page, ahead of that page's own sheet)."""
    for box in _boxes(page._page_box):
        if box.element is not None and box.element.get("data-face") is not None:
            return box
    raise ValueError("a card page without its face")


def _face_number(page: Any) -> int:
    """The face a laid-out page was drawn from (its sheet's ``data-face``)."""
    return int(_sheet(page).element.get("data-face"))


def _card_box(page: Any) -> Any:
    """The box of the card on a laid-out face page (not its frame, drawn by ``::before``)."""
    return next(
        b
        for b in _boxes(_sheet(page))
        if b.element is not None
        and "card" in (b.element.get("class") or "").split()
        and not b.element_tag.endswith("::before")
    )


def overflows(page: Any) -> bool:
    """Whether a laid-out face draws anything below the top of its footer, or has no room
    left for the footer at all: WeasyPrint's own measure of where each box ends, never a
    guess."""
    card = _card_box(page)
    footer = next((b for b in _boxes(card) if b.element_tag == "footer"), None)
    if footer is None:
        return True  # every face ends with its footer: WeasyPrint had no room left to lay it out
    inside = (
        float(b.position_y + b.margin_height())
        for b in _boxes(card, skip="footer")
        if b is not card and not b.element_tag.endswith("::before") and hasattr(b, "position_y")
    )
    return max(inside, default=0.0) > float(footer.position_y) + OVERFLOW_SLACK_PX


def _measured_faces(
    faces: Sequence[dict[str, Any]], options: PrintOptions, title: str
) -> tuple[bytes, list[int]]:
    """One PDF page per face, and how many pages each face took: a face that does not fit
    its card is laid out again flowing onto "(cont.)" faces of the same size."""
    html, tables = stamps.tables_once(faces_html(faces, options, title), _document)
    document = _document(html)
    # A card too long for its face may even push part of itself onto a page of its own:
    # each page is known by the face its sheet was drawn from.
    pages_of: dict[int, list[int]] = {}
    for number, page in enumerate(document.pages):
        pages_of.setdefault(_face_number(page), []).append(number)
    spilled = {
        i
        for i, numbers in pages_of.items()
        if len(numbers) > 1 or overflows(document.pages[numbers[0]])
    }
    fitted = stamps.stamped(document, tables)
    if not spilled:
        return fitted, [1] * len(faces)
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    fitted_pages = PdfReader(io.BytesIO(fitted)).pages
    counts = []
    for i, face in enumerate(faces):
        if i in spilled:
            flowed = _document(flowing_html(face, options, title)).write_pdf()
            pages = PdfReader(io.BytesIO(flowed)).pages
            for page in pages:
                writer.add_page(page)
            counts.append(len(pages))
        else:
            writer.add_page(fitted_pages[pages_of[i][0]])
            counts.append(1)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), counts


def _placed(face: int, x: float, y: float, grid: Grid, clip: tuple[float, float] | None) -> str:
    """The operators that draw a face form with its bleed box's top-left at (x, y) mm;
    ``clip`` keeps only that horizontal band of the page (a fold-over pair's halves)."""
    px, py = x * PT_PER_MM, (grid.page_h - y - grid.slot_h) * PT_PER_MM
    band = ""
    if clip is not None:
        x0, x1 = clip[0] * PT_PER_MM, clip[1] * PT_PER_MM
        band = f"{x0:.3f} {py:.3f} {x1 - x0:.3f} {grid.slot_h * PT_PER_MM:.3f} re W n "
    return f"q {band}1 0 0 1 {px:.3f} {py:.3f} cm /Face{face} Do Q"


def _mirrored(grid: Grid, row: int, column: int, backs: str) -> tuple[int, int]:
    """The slot on the back of the sheet behind slot (row, column) of the front: turning
    the sheet over its long edge swaps columns, over its short edge swaps rows (portrait
    paper)."""
    if backs == "duplex-long-edge":
        return row, grid.columns - 1 - column
    return grid.rows - 1 - row, column


def _lay_out(
    face_pdf: bytes, cards: Sequence[Card], options: PrintOptions, title: str
) -> tuple[bytes, int]:
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        DecodedStreamObject,
        DictionaryObject,
        NameObject,
    )

    grid = card_grid(options)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(face_pdf)))
    box_w = (grid.card_w + 2 * grid.bleed) * PT_PER_MM
    box_h = grid.slot_h * PT_PER_MM
    forms = [page_form(writer, page, box_w, box_h) for page in writer.pages]
    for i in reversed(range(len(writer.pages))):
        writer.remove_page(i)
    marks = _cut_mark_ops(grid) if options.cut_marks else []
    duplex = options.backs in {"duplex-long-edge", "duplex-short-edge"}
    for start in range(0, len(cards), grid.per_page):
        sheet = cards[start : start + grid.per_page]
        fronts: list[tuple[int, float, float, tuple[float, float] | None]] = []
        backs: list[tuple[int, float, float, tuple[float, float] | None]] = []
        folds: list[float] = []
        for i, (front, back) in enumerate(sheet):
            row, column = divmod(i, grid.columns)
            x, y = grid.slot(row, column)
            if grid.fold:
                fold_x = x + grid.bleed + grid.card_w
                fronts.append((front, x, y, (x, fold_x)))
                if back is not None:
                    backs_at = (fold_x, x + grid.slot_w)
                    fronts.append((back, x + grid.card_w, y, backs_at))
                folds.append(fold_x)
                continue
            fronts.append((front, x, y, None))
            if duplex and back is not None:
                bx, by = grid.slot(*_mirrored(grid, row, column, options.backs))
                backs.append((back, bx, by, None))
        pages = [(fronts, folds)] + ([(backs, [])] if duplex else [])
        for placed, fold_lines in pages:
            page = writer.add_blank_page(
                width=grid.page_w * PT_PER_MM, height=grid.page_h * PT_PER_MM
            )
            ops = [_placed(face, x, y, grid, clip) for face, x, y, clip in placed]
            xobjects = DictionaryObject(
                {NameObject(f"/Face{face}"): forms[face] for face, *_ in placed}
            )
            content = DecodedStreamObject()
            content.set_data("\n".join(ops + _fold_ops(grid, fold_lines) + marks).encode())
            page[NameObject("/Contents")] = writer._add_object(content)
            page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
    writer.compress_identical_objects(remove_unreferenced=True)
    writer.add_metadata({"/Title": title, "/Creator": "Muster"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), len(writer.pages)


def _fold_ops(grid: Grid, fold_xs: Sequence[float]) -> list[str]:
    """A dashed grey line down each fold-over pair, where front and back meet."""
    if not fold_xs:
        return []
    ops = ["q 0.6 G 0.28 w [1.4 1.4] 0 d"]
    for i, x in enumerate(fold_xs):
        row = i // grid.columns
        top = grid.slot(row, 0)[1] + grid.bleed
        x_pt = x * PT_PER_MM
        y1 = (grid.page_h - top) * PT_PER_MM
        y2 = (grid.page_h - top - grid.card_h) * PT_PER_MM
        ops.append(f"{x_pt:.3f} {y1:.3f} m {x_pt:.3f} {y2:.3f} l S")
    return [*ops, "Q"]


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


@atexit.register
def _forget_stylesheet() -> None:
    """Drop the main thread's fonts while WeasyPrint is still whole: its font configuration
    frees Pango objects when collected, which fails once shutdown has torn WeasyPrint down
    (imported after this module, it goes first)."""
    _local.__dict__.clear()


def _stylesheet() -> tuple[weasyprint.CSS, FontConfiguration]:
    """The print stylesheet and its fonts, parsed once per thread."""
    if not hasattr(_local, "css"):
        import weasyprint
        from weasyprint.text.fonts import FontConfiguration

        fonts = FontConfiguration()
        fetcher = _new_fetcher()
        _local.css = weasyprint.CSS(
            filename=str(PRINT_STATIC / "print.css"), url_fetcher=fetcher, font_config=fonts
        )
        _local.fonts = fonts
    return _local.css, _local.fonts


def _document(html: str) -> Any:
    """WeasyPrint's laid-out document of ``html``; relative URLs resolve inside the print
    static directory only."""
    import weasyprint

    css, fonts = _stylesheet()
    return weasyprint.HTML(
        string=html, base_url=PRINT_STATIC.as_uri() + "/", url_fetcher=_new_fetcher()
    ).render(stylesheets=[css], font_config=fonts)


def pdf_from_html(html: str, fetcher: ProjectFilesFetcher | None = None) -> tuple[bytes, int]:
    """The PDF of ``html`` and its page count; relative URLs resolve inside the print static
    directory only."""
    import weasyprint

    css, fonts = _stylesheet()
    fetcher = fetcher or _new_fetcher()
    document = weasyprint.HTML(
        string=html, base_url=PRINT_STATIC.as_uri() + "/", url_fetcher=fetcher
    ).render(stylesheets=[css], font_config=fonts)
    pdf: bytes = document.write_pdf()
    return pdf, len(document.pages)
