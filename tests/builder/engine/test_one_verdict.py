"""One list, one verdict: every surface checks a document against the same pack versions.

Each example list in ``docs/examples`` goes, in each state of its pins, through the builder
page, the engine API (check and cost), saving and reading back a saved list, the printed
roster, cards and schematic, and the CLI where the packs are the same files; all of them
give the same verdict, or the same error at the same path.
"""

from __future__ import annotations

import copy
import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from knox.models import AuthToken
from pypdf import PageObject, PdfReader
from pypdf.generic import NameObject
from rest_framework.test import APIClient

from builder.core.errors import ApplicationError
from builder.engine import schema_message_in_words
from builder.games import game
from builder.printing.services import print_request_parse, sheet_render
from content.services.packs import pack_load
from rules_engine.cli import main as cli_main
from tests.conftest import pack_paths, read_pack

TITLES = {d["id"]: d.get("name") or d["id"] for d in map(read_pack, pack_paths())}
"""Each pack's title, as prints name it."""

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*/*.json"))
NOT_STORED = "9.9.9"
NEWER = "2.0.0"

STATES = ("current", "builder-pins", "none", "older", "not-stored", "related-missing")
"""The pins of a document: as the example has them; only its own system's packs, as the
builder writes them; none; an older stored version than the published one; a version that
is not stored; its own packs only while a related system's packs are not loaded."""

SAME_FILES = {"current", "builder-pins", "none", "older"}
"""States in which the database holds the pack files' versions the CLI reads."""


UNPRICED = "crimson-dust.price-not-given"


def _doc(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _refs(doc: dict[str, Any]) -> list[dict[str, str]]:
    content = doc.get("content")
    return content if isinstance(content, list) else [content] if content else []


def _own_refs(doc: dict[str, Any]) -> list[dict[str, str]]:
    return [r for r in _refs(doc) if r["pack"].startswith(doc["system"] + "-")]


def _examples(state: str) -> list[Path]:
    """The examples a state applies to: only Air Action lists draw on another system's
    packs (Aces), so only they have a related system to miss."""
    if state == "related-missing":
        return [p for p in EXAMPLES if _doc(p)["system"] == "cs-air-action"]
    return list(EXAMPLES)


def _load(state: str) -> None:
    """Load the packs a state needs, once for every example of it."""
    files = [(str(p), read_pack(p)) for p in pack_paths()]
    if state == "related-missing":
        files = [(n, d) for n, d in files if d["system"] != "cs-aces"]
    pack_load(documents=files)
    if state == "older":
        # A newer published version of every pack: the examples pin the older ones.
        newer = [(f"{n}.newer", copy.deepcopy(d) | {"version": NEWER}) for n, d in files]
        for _, d in newer:
            for record in d["records"]:
                record["name"] = f"{record['name']} (revised)"
        pack_load(documents=newer)


def _world(path: Path, state: str) -> dict[str, Any]:
    """The document of an example in a state of its pins (the packs already loaded)."""
    doc = _doc(path)
    if state == "builder-pins":
        doc["content"] = _own_refs(doc)
    elif state == "none":
        doc.pop("content", None)
    elif state == "not-stored":
        doc["content"] = [{"pack": _own_refs(doc)[0]["pack"], "version": NOT_STORED}]
    elif state == "related-missing":
        doc["content"] = _own_refs(doc)
    return doc


def _verdict(data: dict[str, Any]) -> dict[str, Any]:
    """What every surface must agree on: legality, points, violation codes and paths."""
    return {
        "legal": data["legal"],
        "points": data["points"],
        "violations": sorted((v["code"], v["path"]) for v in data["violations"]),
    }


def _error(details: list[dict[str, Any]]) -> dict[str, Any]:
    return {"error": sorted((d["path"], d["message"]) for d in details)}


def _api() -> APIClient:
    user = get_user_model().objects.create_user("ada", "ada@example.org", "pw-Sturdy-9")
    _, token = AuthToken.objects.create(user)
    client = APIClient(HTTP_HOST="127.0.0.1")
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def _answer(response: Any) -> dict[str, Any]:
    body = response.json()
    if response.status_code == 400:
        assert body["code"] == "bad_document", body
        return _error(body["details"])
    assert response.status_code in (200, 201), body
    return _verdict(body.get("verdict", body))


def _page(doc: dict[str, Any]) -> dict[str, Any]:
    """The builder page after importing the document: its badge, total and codes."""
    upload = SimpleUploadedFile("list.json", json.dumps(doc).encode())
    page = Client().post(f"/build/{doc['system']}/{doc['kind']}/", {"import_file": upload})
    html = page.content.decode()
    codes = sorted(re.findall(r'class="violation (?:error|warning)" data-code="([^"]+)"', html))
    total = re.search(r'id="points-total">([^<]*)</span>', html)
    notice = re.search(
        r'class="unpriced-notice"[^>]*>The book prints no points for (\d+) item', html
    )
    return {
        "unpriced": int(notice.group(1)) if notice else 0,
        "legal": '<span class="badge legal">Legal</span>' in html,
        "points": total.group(1) if total else None,
        "codes": codes,
        "html": html,
    }


def _cli(doc: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "list.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        cli_main(["check", str(path)])
    return _verdict(json.loads(out.getvalue()))


@pytest.mark.django_db
@pytest.mark.parametrize("state", STATES)
def test_the_same_verdict_on_every_surface(state: str, tmp_path: Path) -> None:
    """Every example in one state of its pins: the packs are loaded once for all of them."""
    _load(state)
    api = _api()
    for path in _examples(state):
        try:
            _agree_everywhere(api, path, state, tmp_path)
        except AssertionError as exc:
            raise AssertionError(f"{path.parent.name}/{path.name} ({state}): {exc}") from exc


def _agree_everywhere(api: APIClient, path: Path, state: str, tmp_path: Path) -> None:
    doc = _world(path, state)

    check_response = api.post("/api/v1/engine/check/", doc, format="json")
    checked = _answer(check_response)
    cost = api.post("/api/v1/engine/cost/", doc, format="json")
    created = api.post("/api/v1/lists/", {"document": doc}, format="json")
    page = _page(doc)

    if state == "not-stored":
        pack = _own_refs(_doc(path))[0]["pack"]
        expected = _error(
            [
                {
                    "path": "$.content",
                    "message": f"names pack versions that are not loaded here: {pack} {NOT_STORED}",
                }
            ]
        )
        assert checked == expected
        assert _answer(cost) == expected
        assert _answer(created) == expected
        assert page["codes"] == ["bad_document"]
        assert f"names pack versions that are not loaded here: {pack} {NOT_STORED}" in page["html"]
        assert not page["legal"]
        return

    assert "error" not in checked, checked
    assert cost.status_code == 200
    engine_verdict = check_response.json()
    assert cost.json() == {
        "points": engine_verdict["points"],
        "limit": engine_verdict["limit"],
        "breakdown": engine_verdict["breakdown"],
    }
    assert _answer(created) == checked
    uuid = created.json()["uuid"]
    assert _answer(api.get(f"/api/v1/lists/{uuid}/")) == checked
    pinned = {(p["pack"], p["version"]) for p in api.get(f"/api/v1/lists/{uuid}/").json()["pinned"]}
    if state == "older":
        # The older versions the document names win; what it does not name is published.
        named = {r["pack"]: r["version"] for r in _refs(doc)}
        assert pinned, "the saved list pins no pack versions"
        assert all(version == named.get(pack, NEWER) for pack, version in pinned), pinned
    assert page["legal"] == checked["legal"]
    # The page folds the book's unpriced items into one notice that counts them.
    unpriced = [code for code, _ in checked["violations"] if code == UNPRICED]
    assert page["codes"] == sorted(code for code, _ in checked["violations"] if code != UNPRICED)
    assert page["unpriced"] == len(unpriced)
    if doc["system"] != "cs-hex":  # a plane design's page shows its mass, not points
        assert page["points"] == str(checked["points"])
    if state in SAME_FILES:
        assert _cli(doc, tmp_path) == checked


def test_an_air_action_squadron_pinned_as_the_builder_writes_it_keeps_its_aces(
    db: Any, tmp_path: Path
) -> None:
    """The bug this was written for: the roster printed 144 points and two unknown aces."""
    _load("builder-pins")
    doc = _world(ROOT / "docs/examples/cs-air-action/aces-300.json", "builder-pins")
    assert doc["content"] == [{"pack": "cs-air-action-core", "version": "1.0.0"}]
    verdict = _answer(_api().post("/api/v1/engine/check/", doc, format="json"))
    assert verdict == {"legal": True, "points": 243, "violations": []}
    assert _cli(doc, tmp_path) == verdict


def _pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)


def _card_texts(pdf: bytes) -> list[str]:
    """The text of every card placed on the sheets, in print order: each distinct face is a
    form the sheets place (``builder.printing.render.cards_pdf``), read here on its own."""
    reader = PdfReader(io.BytesIO(pdf))
    read: dict[str, str] = {}
    texts = []
    for sheet in reader.pages:
        forms = sheet["/Resources"]["/XObject"]
        for name in re.findall(r"(/Face\d+) Do", sheet.get_contents().get_data().decode()):
            if name not in read:
                form = forms[name].get_object()
                face = PageObject(reader)
                face[NameObject("/Type")] = NameObject("/Page")
                face[NameObject("/MediaBox")] = form["/BBox"]
                face[NameObject("/Resources")] = form["/Resources"]
                face[NameObject("/Contents")] = forms[name]
                read[name] = " ".join(face.extract_text().split())
            texts.append(read[name])
    return texts


def _card_points(pdf: bytes, doc: dict[str, Any]) -> int:
    """The points the cards print, in the list's unit: the sum of each card's own points,
    or for a squadron counted in fighters, one a fighter card (each prints its design's
    hardpoints; a fighter's manoeuvre table is a face of its own, with neither)."""
    fronts = []
    for text in _card_texts(pdf):
        if "Piloting check: d6 + skill" in text:  # the manoeuvre table, not a fighter
            continue
        printed = re.findall(r"(\S+)pts", text) or re.findall(r"\b(\d+) hardpoints\b", text)
        if not printed and "(cont.)" in text:  # a face flowed on from its card: no head
            continue
        assert len(printed) == 1, text
        # Rule text continued, the Ace's attack and fate for the plane he flies, or a face
        # flowed on from its card: the same card, its price already counted.
        if not re.search(r"· rules\b|the Ace's attack and fate|\(cont\.\)", text):
            fronts.append(int(printed[0]))
    kind = game(doc["system"]).kind(doc["kind"])
    assert kind is not None
    return len(fronts) if kind.unit == "fighters" else sum(fronts)


SCHEMATIC_FIGURES = (
    "Max speed G-rating Acceleration To-hit number Total mass Free mass Mass used Free mass left"
)


def _schematic_points(pdf: bytes) -> int:
    """The mass the schematic says the design uses: what the engine counts as its points."""
    lines = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()
    values = lines[lines.index(SCHEMATIC_FIGURES) + 1].split()
    labels = ["Max speed", "G-rating", "Acceleration", "To-hit number"]
    labels += ["Total mass", "Free mass", "Mass used", "Free mass left"]
    assert len(values) == len(labels), values
    return int(dict(zip(labels, values, strict=True))["Mass used"])


POINTED = ("roster", "cards", "schematic")
"""The sheets that print a list's points (navigation cards print none)."""


PRINTED = [
    pytest.param(path, state, id=f"{path.parent.name}/{path.stem}-{state}")
    for path in EXAMPLES
    for state in ("builder-pins", "not-stored")
]


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize(("path", "state"), PRINTED)
def test_printed_sheets_say_what_the_api_says(path: Path, state: str) -> None:
    _load(state)
    doc = _world(path, state)
    api = _api()
    answer = api.post("/api/v1/engine/check/", doc, format="json")
    checked = _answer(answer)
    saved = api.post("/api/v1/lists/", {"document": doc}, format="json").json()
    kinds = [k for k in game(doc["system"]).prints.sheets(doc["kind"]) if k in POINTED]
    assert "roster" in kinds
    for kind in kinds:
        request = print_request_parse(kind=kind, what={"list": doc}, options=None)
        if "error" in checked:
            with pytest.raises(ApplicationError) as caught:
                sheet_render(request)
            assert caught.value.code == "bad_document"
            assert _error(caught.value.details) == checked
            continue
        if kind == "cards" and not checked["legal"]:
            refused: ApplicationError | None = None
            try:
                sheet_render(request)
            except ApplicationError as exc:
                refused = exc
            if refused is not None:
                # No card for a record the engine did not find either, at the same place.
                assert refused.code == "unknown_record"
                paths = {p for _, p in checked["violations"]}
                assert {d["path"] for d in refused.details} <= paths
            continue
        pdf = sheet_render(request).pdf
        if kind == "cards":
            assert _card_points(pdf, doc) == checked["points"]
        if kind == "schematic":
            assert _schematic_points(pdf) == checked["points"]
        text = _pdf_text(pdf)
        if kind == "roster":
            verdict = "Legal" if checked["legal"] else "Not legal"
            unit = game(doc["system"]).kind(doc["kind"]).unit
            unit = unit if unit.isupper() else unit.capitalize()  # "XP" stays as it is
            assert f"{unit}: {checked['points']}" in text
            assert f"· {verdict} ·" in text
            pinned = sorted(f"{TITLES[p['pack']]} {p['version']}" for p in saved["pinned"])
            assert "Checked against " + ", ".join(pinned) in text
            # The roster speaks to people: each problem in words beside its entry, no codes,
            # and the book's unpriced items as one note, as the builder shows them.
            said = answer.json().get("verdict", answer.json())["violations"]
            kept = [v for v in said if not v.get("unpriced")]
            errors = sum(v["severity"] == "error" for v in kept)
            warnings = len(kept) - errors
            notes = ", 1 note" if len(kept) < len(said) else ""
            plural = {"errors": "s" * (errors != 1), "warnings": "s" * (warnings != 1)}
            assert (
                f"{errors} error{plural['errors']}, {warnings} warning{plural['warnings']}{notes}"
                in text
            )
            for violation in kept:
                worded = schema_message_in_words(violation["message"], violation["path"])
                assert " ".join((worded[:1].upper() + worded[1:]).split()) in text
                assert violation["code"] not in text
