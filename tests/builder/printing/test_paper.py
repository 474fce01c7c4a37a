"""Print-shop paper for card sheets, read back from the PDFs with pypdf: how many cards a
page holds and how far they keep from the paper's edge, duplex backs that land behind their
fronts, fold-over pairs, bleed around each card with the frame and the cut marks clear of
the cut, and type no smaller than 6.5 pt that grows with the card."""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from pypdf import PdfReader
from pypdf.generic import ContentStream

from builder.core.errors import ApplicationError
from builder.printing.models import PrintJob
from builder.printing.options import print_options_parse
from builder.printing.render import MIN_MARGIN_MM, card_sides, type_size_pt
from builder.printing.services import print_request_parse, sheet_render
from rules_engine import Catalogue

from .conftest import api_for, example

MM_PER_PT = 25.4 / 72
BACKS = "must be one of none, duplex-long-edge, duplex-short-edge, fold-over"
BLEED = "must be a number of millimetres from 0 to 5"
FRAME_GREY = (0.741176, 0.741176, 0.741176)  # #bdbdbd, the card's frame


@dataclass(frozen=True)
class Placed:
    """A face drawn on a sheet: which card and side, its box in mm from the page's top-left."""

    card: str
    side: str
    x: float
    top: float
    w: float
    h: float
    form: Any


def render(catalogue: Catalogue, options: dict[str, Any], **what: Any) -> bytes:
    request = print_request_parse(kind="cards", what=what, options=options)
    return sheet_render(request, catalogue).pdf


def mm(value: float) -> float:
    return round(value * MM_PER_PT, 2)


PILOTS = ("Loyle Crawford", "Genghis", "Show-stopper")
"""The Bloodhawks' pilots: each card's heading names one."""


def placed(pdf: bytes) -> list[list[Placed]]:
    """Every face on every page, named by the pilot in its heading and its side ("back" for
    a rules or maneuvers face), at the position the page's content stream puts it."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = []
    for page in reader.pages:
        page_h = float(page.mediabox.height)
        forms = page["/Resources"]["/XObject"]
        shift = (0.0, 0.0)
        faces = []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"cm":
                shift = (float(operands[4]), float(operands[5]))
            elif op == b"Do":
                form = forms[operands[0]].get_object()
                text = page.extract_xform_text(form)
                names = [line for line in text.splitlines() if line in PILOTS]
                side = "back" if re.search(r"· rules\b|\(cont\.\)|maneuvers", text) else "front"
                _, _, w, h = (float(v) for v in form["/BBox"])
                x, y = shift
                faces.append(
                    Placed(
                        names[-1] if names else "",
                        side,
                        mm(x),
                        mm(page_h - y - h),
                        mm(w),
                        mm(h),
                        form,
                    )
                )
        pages.append(faces)
    return pages


def by_card(faces: list[Placed]) -> dict[tuple[str, str], Placed]:
    return {(f.card, f.side): f for f in faces}


def font_sizes(pdf: bytes) -> list[float]:
    """The size of every run of text on the sheets, in points as printed."""
    reader = PdfReader(io.BytesIO(pdf))
    sizes: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip():
            a, b, c, d = cm[:4]
            scale = math.hypot(tm[2] * a + tm[3] * c, tm[2] * b + tm[3] * d)
            sizes.append(round(size * scale, 2))

    for page in reader.pages:
        for form in page["/Resources"]["/XObject"].values():
            page.extract_xform_text(form.get_object(), visitor_text=visit)
    return sizes


def strokes(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, float]]:
    """The lines a page draws itself (cut marks, fold lines), as (x1, y1, x2, y2) mm from
    the page's top-left."""
    reader = PdfReader(io.BytesIO(pdf))
    sheet = reader.pages[page]
    page_h = float(sheet.mediabox.height)
    lines, start = [], (0.0, 0.0)
    for operands, op in ContentStream(sheet.get_contents(), reader).operations:
        if op == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif op == b"l":
            x, y = float(operands[0]), float(operands[1])
            lines.append((mm(start[0]), mm(page_h - start[1]), mm(x), mm(page_h - y)))
    return lines


def frame_box(form: Any) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom, mm from the face's top-left) of the card's frame:
    the path a face fills in the frame's grey, through the face's transformations."""
    ops = ContentStream(form, None).operations
    ctm, stack = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], []
    colour: tuple[float, ...] = ()
    points: list[tuple[float, float]] = []
    path: list[tuple[float, float]] = []

    def apply(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = ctm
        return a * x + c * y + e, b * x + d * y + f

    for operands, op in ops:
        values = [float(v) for v in operands] if op not in (b"Do", b"gs", b"Tf", b"TJ") else []
        if op == b"q":
            stack.append(list(ctm))
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = values
            A, B, C, D, E, F = ctm
            ctm = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                   e * A + f * C + E, e * B + f * D + F]  # fmt: skip
        elif op == b"rg":
            colour = tuple(round(v, 6) for v in values)
        elif op in (b"m", b"l"):
            path.append(apply(*values))
        elif op == b"c":
            path.append(apply(*values[4:]))
        elif op in (b"f", b"f*", b"n", b"S", b"W"):
            if op in (b"f", b"f*") and colour == FRAME_GREY:
                points += path
            if op != b"W":
                path = []
    height = float(form["/BBox"][3])
    xs, ys = [mm(x) for x, _ in points], [mm(height - y) for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize(
    ("paper", "card", "per_page", "margins"),
    [
        # margins: the narrowest paper left beside and above the cards
        ("Letter", "poker", 9, (13.45, 7.7)),
        ("A4", "poker", 9, (10.5, 16.5)),
        ("A4", "bridge", 9, (19.275, 15.15)),
        # three rows of 3½-inch cards fill Letter's 11 inches but for a quarter inch above
        # and below: the minimum margin, exactly
        ("Letter", "bridge", 9, (22.225, 6.35)),
        ("Letter", "tarot", 4, (37.95, 19.7)),
    ],
)
def test_cards_a_page_and_the_margins_they_keep(
    catalogue: Catalogue, paper: str, card: str, per_page: int, margins: tuple[float, float]
) -> None:
    refs = [f"cs-aces/{k}" for k in catalogue.records("cs-aces", "figure")]
    pdf = render(catalogue, {"paper": paper, "card": card}, records=refs)
    pages = placed(pdf)
    count = sum(len(p) for p in pages)
    assert count > per_page  # eleven figures: more than a page of cards
    assert [len(p) for p in pages] == [min(per_page, count - i) for i in range(0, count, per_page)]
    page_w, page_h = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}[paper]
    faces = pages[0]
    left = min(f.x for f in faces)
    top = min(f.top for f in faces)
    right = page_w - max(f.x + f.w for f in faces)
    bottom = page_h - max(f.top + f.h for f in faces)
    assert (left, top) == pytest.approx(margins, abs=0.01)
    assert (right, bottom) == pytest.approx(margins, abs=0.01)
    assert min(left, top, right, bottom) >= MIN_MARGIN_MM - 0.005  # PDF points, rounded


def test_long_edge_duplex_puts_each_back_behind_its_front(catalogue: Catalogue) -> None:
    pdf = render(
        catalogue,
        {"paper": "Letter", "backs": "duplex-long-edge"},
        list=example("cs-air-action/bloodhawks-200.json"),
    )
    fronts, backs = placed(pdf)
    assert [(f.card, f.side, f.x, f.top) for f in fronts] == [
        ("Loyle Crawford", "front", 13.45, 7.7),
        ("Genghis", "front", 76.45, 7.7),
        ("Show-stopper", "front", 139.45, 7.7),
    ]
    # turned over its long edge, the sheet's left column is behind the right one
    assert [(f.card, f.side, f.x, f.top) for f in backs] == [
        ("Loyle Crawford", "back", 139.45, 7.7),
        ("Genghis", "back", 76.45, 7.7),
        ("Show-stopper", "back", 13.45, 7.7),
    ]
    for front in fronts:
        back = by_card(backs)[(front.card, "back")]
        assert round(215.9 - front.x - front.w, 2) == back.x
        assert back.top == front.top


def test_short_edge_duplex_mirrors_rows(catalogue: Catalogue) -> None:
    pdf = render(
        catalogue,
        {"paper": "A4", "card": "bridge", "backs": "duplex-short-edge"},
        list=example("cs-air-action/bloodhawks-200.json"),
    )
    fronts, backs = placed(pdf)
    assert {f.top for f in fronts} == {15.15}
    assert {f.top for f in backs} == {192.95}
    for front in fronts:
        back = by_card(backs)[(front.card, "back")]
        assert back.x == front.x
        assert round(297.0 - front.top - front.h, 2) == back.top


def test_a_card_takes_its_continuation_as_its_back() -> None:
    templates = ["model", "rules", "rules", "rules", "fighter", "maneuvers", "navigation"]
    faces = list(range(len(templates)))
    assert card_sides(faces, templates, "duplex-long-edge") == [
        (0, 1),
        (2, 3),
        (4, 5),
        (6, None),
    ]
    assert card_sides(faces, templates, "none") == [(i, None) for i in faces]


def test_duplex_sheets_of_a_warband_alternate_fronts_and_backs(catalogue: Catalogue) -> None:
    pdf = render(
        catalogue,
        {"backs": "duplex-long-edge"},
        list=example("crimson-dust/dust-devils-500.json"),
    )
    pages = placed(pdf)
    assert len(pages) == 2
    fronts, backs = pages
    # six models, each with its rules on its back: Outrider Jax's long Mounts rule, measured,
    # fits one face (a character budget once gave its last sentences a card of their own)
    assert (len(fronts), len(backs)) == (6, 6)
    assert [f.side for f in fronts] == ["front"] * 6
    assert {(b.x, b.top) for b in backs} == {
        (round(210.0 - f.x - f.w, 2), f.top) for f in fronts if f.side == "front"
    }


def test_fold_over_puts_the_back_beside_its_front_with_a_fold_line(
    catalogue: Catalogue,
) -> None:
    pdf = render(
        catalogue,
        {"paper": "Letter", "backs": "fold-over"},
        list=example("cs-air-action/bloodhawks-200.json"),
    )
    (faces,) = placed(pdf)
    assert len(faces) == 6
    fronts = [f for f in faces if f.side == "front"]
    assert [(f.x, f.top) for f in fronts] == [(44.95, 7.7), (44.95, 95.7), (44.95, 183.7)]
    for front in fronts:
        back = by_card(faces)[(front.card, "back")]
        assert (back.x, back.top) == (round(front.x + 63.0, 2), front.top)
    folds = [line for line in strokes(pdf) if line[0] == line[2] == 107.95]
    assert [(y1, y2) for _, y1, _, y2 in folds] == [(7.7, 95.7), (95.7, 183.7), (183.7, 271.7)]


def test_bleed_widens_every_face_and_keeps_frame_and_marks_off_the_cut(
    catalogue: Catalogue,
) -> None:
    pdf = render(catalogue, {"bleed": 3}, list=example("cs-air-action/bloodhawks-200.json"))
    (faces,) = placed(pdf)
    assert {(f.w, f.h) for f in faces} == {(69.0, 94.0)}
    # with no backs each plane's rules face is a card of its own: six cards, two a row
    assert [(f.x, f.top) for f in faces] == [
        (x, top) for top in (7.5, 101.5, 195.5) for x in (36.0, 105.0)
    ]
    # the cut lines: 3 mm inside each face's edge
    marks = strokes(pdf)
    xs = sorted({x1 for x1, _, x2, _ in marks if x1 == x2})
    ys = sorted({y1 for _, y1, _, y2 in marks if y1 == y2})
    assert xs == [39.0, 102.0, 108.0, 171.0]
    assert ys == [10.5, 98.5, 104.5, 192.5, 198.5, 286.5]
    for x1, y1, x2, y2 in marks:
        for f in faces:
            inside_x = f.x < max(x1, x2) and min(x1, x2) < f.x + f.w
            inside_y = f.top < max(y1, y2) and min(y1, y2) < f.top + f.h
            assert not (inside_x and inside_y), "a cut mark crosses a card's bleed"
    # the frame is 1.2 mm inside the cut line, never on it
    assert frame_box(faces[0].form) == (4.2, 4.2, 64.8, 89.8)


def test_without_bleed_the_frame_still_stands_inside_the_cut(catalogue: Catalogue) -> None:
    pdf = render(catalogue, {}, records=["cs-aces/charlie"])
    ((face,),) = placed(pdf)
    assert (face.w, face.h) == (63.0, 88.0)
    assert frame_box(face.form) == (1.2, 1.2, 61.8, 86.8)


@pytest.mark.parametrize(
    "what",
    [
        {"list": example("cs-air-action/bloodhawks-200.json")},
        {"list": example("cs-aces/kims-team.json")},
        {"list": example("crimson-dust/dust-devils-500.json")},
        {"list": example("black-skies/tiger-squadron.squadron.json")},
    ],
    ids=["air-action", "aces", "crimson-dust", "black-skies"],
)
@pytest.mark.parametrize(("card", "smallest"), [("bridge", 6.5), ("tarot", 8.0)])
def test_no_type_under_six_and_a_half_points_and_bigger_on_bigger_cards(
    catalogue: Catalogue, what: dict[str, Any], card: str, smallest: float
) -> None:
    sizes = font_sizes(render(catalogue, {"card": card, "backs": "duplex-long-edge"}, **what))
    assert min(sizes) == smallest


def test_type_grows_with_the_card() -> None:
    assert type_size_pt((57.15, 88.9)) == 6.5
    assert type_size_pt((63.0, 88.0)) == 6.5
    assert type_size_pt((70.0, 120.0)) == 8.0


def test_navigation_cards_keep_the_minimum_type(catalogue: Catalogue) -> None:
    request = print_request_parse(kind="navigation", what={}, options={"card": "bridge"})
    assert min(font_sizes(sheet_render(request, catalogue).pdf)) == 6.5


def option_error(field: str, message: str) -> dict[str, str]:
    return {"path": f"$.options.{field}", "field": field, "message": message}


@pytest.mark.parametrize(
    ("options", "details"),
    [
        ({"backs": "duplex"}, [option_error("backs", BACKS)]),
        ({"backs": True}, [option_error("backs", BACKS)]),
        ({"bleed": "3"}, [option_error("bleed", BLEED)]),
        ({"bleed": True}, [option_error("bleed", BLEED)]),
        ({"bleed": -1}, [option_error("bleed", BLEED)]),
        ({"bleed": 5.5}, [option_error("bleed", BLEED)]),
        ({"bleed": [3]}, [option_error("bleed", BLEED)]),
        (
            {"backs": ["fold-over"], "bleed": None},
            [option_error("backs", BACKS), option_error("bleed", BLEED)],
        ),
    ],
)
def test_bad_backs_or_bleed_are_refused_by_name(
    options: dict[str, Any], details: list[dict[str, str]]
) -> None:
    with pytest.raises(ApplicationError) as caught:
        print_options_parse(options)
    assert caught.value.details == details


def test_good_backs_and_bleed_are_kept() -> None:
    options = print_options_parse({"backs": "fold-over", "bleed": 3})
    assert (options.backs, options.bleed) == ("fold-over", 3.0)
    assert print_options_parse({}).to_dict() == {
        "paper": "A4",
        "card": "poker",
        "cut_marks": True,
        "greyscale": False,
        "backs": "none",
        "bleed": 0.0,
    }


def test_the_schema_states_backs_and_bleed() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    options = schema["components"]["schemas"]["PrintJobInputRequest"]["properties"]["options"]
    backs, bleed = options["properties"]["backs"], options["properties"]["bleed"]
    assert backs["enum"] == ["none", "duplex-long-edge", "duplex-short-edge", "fold-over"]
    assert (backs["default"], bleed["default"]) == ("none", 0)
    assert (bleed["type"], bleed["minimum"], bleed["maximum"]) == ("number", 0, 5.0)


@pytest.mark.django_db
def test_the_api_refuses_bad_backs_and_bleed_by_name(player: Any) -> None:
    answer = api_for(player).post(
        "/api/v1/print-jobs/",
        {
            "kind": "cards",
            "what": {"records": ["cs-aces/charlie"]},
            "options": {"backs": "both", "bleed": "3mm"},
        },
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "code": "invalid",
        "message": "The print options are not valid.",
        "details": [option_error("backs", BACKS), option_error("bleed", BLEED)],
    }
    assert not PrintJob.objects.exists()


@pytest.mark.django_db
def test_the_print_page_names_bad_backs_and_bleed_in_words(
    client: Client, player: Any, loaded_packs: Any
) -> None:
    client.force_login(player)
    page = client.post(
        "/print/",
        {"kind": "cards", "records": "cs-aces/charlie", "backs": "both", "bleed": "three"},
    ).content.decode()
    assert f"Card backs: {BACKS}" in page
    assert f"Bleed: {BLEED}" in page
    assert not PrintJob.objects.exists()


@pytest.mark.django_db
def test_the_print_page_queues_a_duplex_job_with_bleed(
    client: Client, player: Any, loaded_packs: Any, monkeypatch: Any
) -> None:
    monkeypatch.setattr("builder.printing.tasks.print_job_render.delay", lambda *a: None)
    client.force_login(player)
    form = client.get("/print/").content.decode()
    assert '<option value="duplex-long-edge">Duplex, flip on long edge</option>' in form
    response = client.post(
        "/print/",
        {
            "kind": "cards",
            "records": "cs-aces/charlie",
            "backs": "duplex-short-edge",
            "bleed": "3",
        },
    )
    job = PrintJob.objects.get()
    assert response["Location"] == f"/print/{job.pk}/"
    assert (job.options["backs"], job.options["bleed"]) == ("duplex-short-edge", 3.0)
