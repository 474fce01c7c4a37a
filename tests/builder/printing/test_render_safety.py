"""The renderer reads only the project's print files, and greyscale uses no coloured ink."""

from __future__ import annotations

import io
import re
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from pypdf import PdfReader

from builder.printing import render
from builder.printing.render import PRINT_STATIC, ProjectFilesFetcher, pdf_from_html
from builder.printing.services import print_request_parse, sheet_render
from rules_engine import Catalogue

from .conftest import example, pdf_pages

TRAP_PORT = 8151


class Trap(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:
        Trap.hits.append(self.path)
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def trap() -> Any:
    """A web server that records any request the renderer might make."""
    Trap.hits = []
    server = HTTPServer(("127.0.0.1", TRAP_PORT), Trap)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Trap.hits
    server.shutdown()
    server.server_close()


@pytest.fixture
def fetched(monkeypatch: Any) -> list[str]:
    """Every URL any render asks the fetcher for, allowed or refused."""
    urls: list[str] = []

    class Spy(ProjectFilesFetcher):
        def fetch(self, url: str, headers: Any = None) -> Any:
            urls.append(url)
            return super().fetch(url, headers)

    monkeypatch.setattr(render, "ProjectFilesFetcher", Spy)
    monkeypatch.setattr(render, "_local", threading.local())
    return urls


HOSTILE = (
    f'<img src="http://127.0.0.1:{TRAP_PORT}/img"> <link rel="stylesheet" '
    f'href="file:///etc/passwd"> <style>@import url(http://127.0.0.1:{TRAP_PORT}/css);</style>'
    ' <object data="file:///etc/passwd"></object>'
)


def test_urls_in_a_list_are_printed_never_fetched(
    catalogue: Catalogue, trap: list[str], fetched: list[str]
) -> None:
    doc = example("crimson-dust/dust-devils-500.json")
    doc["name"] = "Devils " + HOSTILE
    doc["house_rules"]["notes"] = HOSTILE
    doc["entries"][0]["name"] = f"http://127.0.0.1:{TRAP_PORT}/model"
    printed = {"roster": "file:///etc/passwd", "cards": f"http://127.0.0.1:{TRAP_PORT}/model"}
    for kind, url in printed.items():
        request = print_request_parse(kind=kind, what={"list": doc}, options=None)
        text = "".join(" ".join(pdf_pages(sheet_render(request, catalogue).pdf)).split())
        assert url in text  # printed as text
    assert trap == []
    assert fetched  # the stylesheet's fonts were fetched ...
    assert all(url.startswith(PRINT_STATIC.as_uri() + "/") for url in fetched)  # ... only them


def test_the_fetcher_refuses_everything_but_print_files(trap: list[str]) -> None:
    fetcher = ProjectFilesFetcher()
    outside = PRINT_STATIC.as_uri() + "/../../settings/base.py"
    for url in (
        "file:///etc/passwd",
        f"http://127.0.0.1:{TRAP_PORT}/x",
        outside,
        "data:text/css,body{}",
    ):
        with pytest.raises(ValueError, match="not one of the project's print files"):
            fetcher.fetch(url)
    assert fetcher.refused == [
        "file:///etc/passwd",
        f"http://127.0.0.1:{TRAP_PORT}/x",
        outside,
        "data:text/css,body{}",
    ]
    assert fetcher.fetch(PRINT_STATIC.as_uri() + "/print.css").read().startswith(b"/*")
    assert trap == []


def test_raw_html_cannot_reach_out_either(trap: list[str], fetched: list[str]) -> None:
    pdf, pages = pdf_from_html(f"<html><body><p>hello</p>{HOSTILE}</body></html>")
    assert pages == 1
    assert "hello" in pdf_pages(pdf)[0]
    assert trap == []
    refused = [u for u in fetched if not u.startswith(PRINT_STATIC.as_uri())]
    assert f"http://127.0.0.1:{TRAP_PORT}/img" in refused
    assert "file:///etc/passwd" in refused


def content_streams(pdf: bytes) -> list[bytes]:
    """Every page's drawing, and the drawing of every form (card face) it places."""
    streams = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        streams.append(page.get_contents().get_data())
        for form in page["/Resources"].get("/XObject", {}).values():
            streams.append(form.get_object().get_data())
    return streams


def fill_colours(pdf: bytes) -> set[tuple[float, float, float]]:
    colours = set()
    for data in content_streams(pdf):
        text = data.decode("latin-1")
        for r, g, b in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b", text):
            colours.add((float(r), float(g), float(b)))
    return colours


def test_greyscale_uses_no_coloured_ink(catalogue: Catalogue) -> None:
    what = {"records": ["cs-air-action/charlie-steele-fury"]}
    colour = sheet_render(print_request_parse(kind="cards", what=what, options=None), catalogue)
    grey = sheet_render(
        print_request_parse(kind="cards", what=what, options={"greyscale": True}), catalogue
    )
    assert any(len(set(c)) > 1 for c in fill_colours(colour.pdf))
    assert fill_colours(grey.pdf)
    assert all(len(set(c)) == 1 for c in fill_colours(grey.pdf))
    assert pdf_pages(grey.pdf) == pdf_pages(colour.pdf)  # the same words, no colour
