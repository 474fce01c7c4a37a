"""List files in the builder: importing and exporting read within limits, and a file of the
wrong shape refused with a reason in words, never a server error. JSON typed into a form
(the odds page's list values) is read within the same limits."""

from __future__ import annotations

import html
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from builder.web.listfile import list_type_problems
from tests.builder.web.conftest import EXAMPLES, example

WARBAND = "/build/crimson-dust/warband/"
SQUADRON = "/build/black-skies/squadron/"
ACES = "cs-aces/kims-team.json"
DEEP = b"[" * 200_000 + b"]" * 200_000
"""A 400 kB file nested 200,000 deep."""


@pytest.fixture
def client() -> Client:
    return Client(raise_request_exception=False)


def imported(client: Client, url: str, raw: bytes) -> str:
    response = client.post(url, {"import_file": SimpleUploadedFile("list.json", raw)})
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def reasons(page: str) -> list[str]:
    """The import's reasons, as the Files card shows them."""
    files = page[page.index('id="files"') :]
    return [part.split("</p>", 1)[0] for part in files.split('<p class="violation error">')[1:]]


def test_a_deeply_nested_file_is_refused_in_words(client: Client, packs: Any) -> None:
    started = time.monotonic()
    page = imported(client, WARBAND, DEEP)
    assert reasons(page) == [
        "The file cannot be read: nested deeper than 64 levels (200,000 levels)."
    ]
    assert 'id="points-total">0</span>' in page
    assert time.monotonic() - started < 10


def test_a_file_over_the_size_limit_is_refused_unread(client: Client, packs: Any) -> None:
    raw = b'{"name": "' + b"x" * 1_000_000 + b'"}'
    assert reasons(imported(client, WARBAND, raw)) == [
        "The file cannot be read: more than the limit of 1,000,000 bytes."
    ]


def test_a_file_that_is_not_utf8_is_refused(client: Client, packs: Any) -> None:
    assert reasons(imported(client, WARBAND, '{"name": "café"}'.encode("latin-1"))) == [
        "The file cannot be read: not UTF-8: byte 13 cannot be decoded."
    ]


def warband(change: Callable[[dict[str, Any]], Any]) -> bytes:
    doc = example("crimson-dust/dust-devils-500.json")
    change(doc)
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda d: d.update(house_rules="str"),
            "The file's house rules must be a table of prices and notes, not text.",
        ),
        (
            lambda d: d.update(settings=[1]),
            "The file's settings must be a table of rulings, not a list.",
        ),
        (
            lambda d: d.update(house_rules={"prices": [1]}),
            "The file's house rules must be a table of prices, not a list.",
        ),
        (
            lambda d: d.update(house_rules={"prices": {"medio": "ten"}}),
            "The file's house price for “medio” must be a whole number, not text.",
        ),
        (
            lambda d: d.update(house_rules={"notes": ["a"]}),
            "The file's house rules notes must be text, not a list.",
        ),
        (
            lambda d: d["settings"].update(heavy_armour_penalty=True),
            "The file's setting “Heavy armour penalty” must be text, not yes or no.",
        ),
        (
            lambda d: d.update(content={"a": 1}),
            "The file's pack versions must each name a pack and a version as text.",
        ),
        (lambda d: d.update(name=["Devils"]), "The file's list name must be text, not a list."),
        (
            lambda d: d.update(points_limit="500"),
            "The file's points limit must be a whole number, not text.",
        ),
        (lambda d: d.update(entries={}), "The file's entries must be a list, not a table."),
        (
            lambda d: d["entries"].insert(0, 7),
            "Entry 1 of the warband must be a table of fields, not a whole number.",
        ),
        (
            lambda d: d["entries"][0].update(upgrades=7),
            "Entry 1 of the warband: upgrades must be a list of names, not a whole number.",
        ),
        (
            lambda d: d["entries"][0].update(skills=None),
            "Entry 1 of the warband: skills must be a list of names, not nothing.",
        ),
        (
            lambda d: d["entries"][1].update(weapons=["rifle", {"a": 1}]),
            "Entry 2 of the warband: weapons must be a list of names; item 2 is a table.",
        ),
        (
            lambda d: d["entries"][0].update(mount="horse"),
            "Entry 1 of the warband: mount must be a table of fields, not text.",
        ),
        (
            lambda d: d["entries"][0].update(personality="yes"),
            "Entry 1 of the warband: personality must be yes or no, not text.",
        ),
    ],
)
def test_a_field_of_the_wrong_type_is_a_reason_on_the_page(
    client: Client, packs: Any, change: Callable[[dict[str, Any]], Any], reason: str
) -> None:
    page = imported(client, WARBAND, warband(change))
    assert reasons(page) == [reason]
    assert 'id="points-total">0</span>' in page


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda d: d["entries"][0].update(pilot={"name": ["Kell"], "skill": 4}),
            "Entry 1 of the squadron: pilot › name must be text, not a list.",
        ),
        (
            lambda d: d["entries"][0].update(pilot={"name": "Kell", "skill": 4.5}),
            "Entry 1 of the squadron: pilot › skill must be a whole number, "
            "not a number with a fraction.",
        ),
        (
            lambda d: d["entries"][1]["design"].update(weapons="laser-cannon"),
            "Entry 2 of the squadron: design › weapons must be a list, not text.",
        ),
        (
            lambda d: d["entries"][1]["design"]["weapons"][0].update(count="2"),
            "Entry 2 of the squadron: design › weapons › row 1 › count must be a whole "
            "number, not text.",
        ),
        (
            lambda d: d["entries"][1]["design"].update(name={"a": 1}),
            "Entry 2 of the squadron: design › name must be text, not a table.",
        ),
        (
            lambda d: d["entries"][1]["design"].update(thrusters=True),
            "Entry 2 of the squadron: design › thrusters must be a list of names, not yes or no.",
        ),
    ],
)
def test_nested_fields_of_the_wrong_type_are_named(
    client: Client, packs: Any, change: Callable[[dict[str, Any]], Any], reason: str
) -> None:
    doc = example("black-skies/broken.squadron.json")
    change(doc)
    assert reasons(imported(client, SQUADRON, json.dumps(doc).encode())) == [reason]


def test_a_backup_whose_lists_are_not_a_list_is_refused(client: Client, packs: Any) -> None:
    raw = json.dumps({"format": "muster-lists/1", "lists": 5}).encode()
    assert reasons(imported(client, WARBAND, raw)) == [
        "The file's lists must be a list, not a whole number."
    ]


def test_a_backup_gives_its_list_of_the_builders_kind(client: Client, packs: Any) -> None:
    backup = {
        "format": "muster-lists/1",
        "lists": [
            {"uuid": "0b5c9a3e-8a53-4a7e-9d61-3f1f1f1f1f1f", "document": example(ACES)},
            {"visibility": "private", "document": example("crimson-dust/dust-devils-500.json")},
        ],
    }
    page = imported(client, WARBAND, json.dumps(backup).encode())
    assert reasons(page) == []
    assert 'id="points-total">500</span>' in page


@pytest.mark.parametrize(
    "name", sorted(str(p.relative_to(EXAMPLES)) for p in EXAMPLES.glob("*/*.json"))
)
def test_every_example_list_has_the_shape_the_builder_reads(name: str) -> None:
    assert list_type_problems(example(name)) == []


def test_exporting_a_deeply_nested_document_is_a_clear_error(client: Client, packs: Any) -> None:
    response = client.post(WARBAND + "export/", {"document": DEEP.decode()})
    assert response.status_code == 400
    assert response.content.decode() == (
        "The list to export cannot be read: nested deeper than 64 levels (200,000 levels)."
    )


def test_a_form_whose_pack_pins_are_deep_or_odd_uses_the_current_packs(
    client: Client, packs: Any
) -> None:
    for pins in (DEEP.decode(), '{"a": 1}', "[1]"):
        response = client.post(WARBAND, {"name": "Devils", "entry_count": "0", "content": pins})
        assert response.status_code == 200
        assert 'id="points-total">0</span>' in response.content.decode()


def test_an_odds_value_nested_past_the_limit_is_taken_as_text(client: Client, packs: Any) -> None:
    deep = "[" * 50_000 + "]" * 50_000
    response = client.get("/odds/cs-aces/", {"query": "multi_target", "target_numbers": deep})
    assert response.status_code == 200
