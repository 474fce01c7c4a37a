"""Card tables laid out once and stamped onto every face that prints them.

Table cells are most of WeasyPrint's layout time on Crimson Dust cards, yet a hundred cards
hold only a handful of distinct profile and weapon tables. Each distinct table is laid out
once on a page of its own (same card, same stylesheet); the faces get an empty block of the
table's exact height in its place, so they lay out, measure and overflow as before; the
table's page is then drawn into that block as a PDF form, its text still real text.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# The tables of a model card (templates/print/faces/model.html): the same rows print alike.
TABLE_RE = re.compile(r'<table class="(?:profile|weapons)">.*?</table>', re.S)
PX_PT = 0.75
# Room for a collapsed border, which lies partly outside the table's box, in points (the
# tables' pages paint nothing else, so the margin may be generous).
CLIP_PAD_PT = 3.0
# The tables' pages paint only the tables: no card background, no card frame.
TABLES_STYLE = "<style>.sheet { background: none; } .card::before { display: none; }</style>"


@dataclass(frozen=True)
class Stamps:
    """The distinct tables' PDF (one page each) and each table's margin box there, in px."""

    pdf: bytes
    boxes: list[tuple[float, float, float, float]]


def _tables_page(html: str, tables: dict[str, int]) -> str:
    """A card page per distinct table, with the faces' own head (page size, type size)."""
    head, _, _ = html.partition("<section")
    head = head.replace("</head>", TABLES_STYLE + "</head>", 1)
    sheets = "".join(
        f'<section class="sheet" data-face="{k}"><div class="card card-model">{t}</div></section>'
        for t, k in tables.items()
    )
    return f"{head}{sheets}</body></html>"


def tables_once(html: str, layout: Callable[[str], Any]) -> tuple[str, Stamps | None]:
    """``html`` with each model-card table replaced by an empty block of its laid-out size,
    and the stamps to draw into those blocks (None when the faces have no such table)."""
    from builder.printing.render import _boxes

    tables: dict[str, int] = {}
    for match in TABLE_RE.finditer(html):
        tables.setdefault(match.group(0), len(tables))
    if not tables:
        return html, None
    document = layout(_tables_page(html, tables))
    if len(document.pages) != len(tables):
        return html, None  # a table longer than its card: the faces lay it out themselves
    boxes = []
    for page in document.pages:
        box = next(b for b in _boxes(page._page_box) if b.element_tag == "table")
        boxes.append((box.position_x, box.position_y, box.margin_width(), box.margin_height()))

    def slot(match: re.Match[str]) -> str:
        k = tables[match.group(0)]
        return f'<div class="table-slot" data-table="{k}" style="height: {boxes[k][3]}px"></div>'

    return TABLE_RE.sub(slot, html), Stamps(document.write_pdf(), boxes)


def stamped(document: Any, stamps: Stamps | None) -> bytes:
    """The PDF of the laid-out faces, each table drawn into its block."""
    pdf: bytes = document.write_pdf()
    if stamps is None:
        return pdf
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    from builder.printing.pdf_forms import page_form
    from builder.printing.render import _boxes

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    tables = PdfReader(io.BytesIO(stamps.pdf)).pages
    faces = len(writer.pages)
    forms = []
    for table in tables:
        added = writer.add_page(table)
        box = added.mediabox
        forms.append(page_form(writer, added, float(box.width), float(box.height)))
    for i in reversed(range(faces, len(writer.pages))):
        writer.remove_page(i)
    for number, page in enumerate(document.pages):
        slots = [
            b
            for b in _boxes(page._page_box)
            if b.element is not None and b.element.get("data-table") is not None
        ]
        if not slots:
            continue
        target = writer.pages[number]
        page_h = float(target.mediabox.height)
        ops, xobjects = [], {}
        for slot in slots:
            k = int(slot.element.get("data-table"))
            x, y, w, h = stamps.boxes[k]
            dx, dy = (slot.position_x - x) * PX_PT, (y - slot.position_y) * PX_PT
            clip = (
                f"{x * PX_PT - CLIP_PAD_PT:.3f} {page_h - (y + h) * PX_PT - CLIP_PAD_PT:.3f} "
                f"{w * PX_PT + 2 * CLIP_PAD_PT:.3f} {h * PX_PT + 2 * CLIP_PAD_PT:.3f} re W n"
            )
            ops.append(f"q 1 0 0 1 {dx:.3f} {dy:.3f} cm {clip} /Table{k} Do Q")
            xobjects[NameObject(f"/Table{k}")] = forms[k]
        contents = target.get_contents()
        own = contents.get_data() if contents is not None else b""
        stream = DecodedStreamObject()
        stream.set_data(b"q\n" + own + b"\nQ\n" + "\n".join(ops).encode())
        target[NameObject("/Contents")] = writer._add_object(stream)
        resources = target["/Resources"].get_object()
        assert isinstance(resources, DictionaryObject)
        known = resources.get("/XObject")
        if known is not None:
            known.get_object().update(xobjects)
        else:
            resources[NameObject("/XObject")] = DictionaryObject(xobjects)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
