"""Every print option and every part of ``what`` is type-checked before use: a wrong type
is a 400 naming the field in the API's error shape (never a 500), the print page says it
in words, and a share link is never taken from the caller."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from builder.core.errors import ApplicationError
from builder.printing.models import PrintJob
from builder.printing.options import print_options_parse
from builder.printing.services import print_job_run, print_request_parse

from .conftest import EXAMPLES, api_for, example, pdf_pages

pytestmark = pytest.mark.django_db

PAPER = "must be one of A4, Letter"
CARD = "must be one of poker, bridge, tarot"
BOOL = "must be true or false"
RECORDS = ["cs-aces/charlie"]


def option_error(field: str, message: str) -> dict[str, str]:
    return {"path": f"$.options.{field}", "field": field, "message": message}


@pytest.mark.parametrize(
    ("options", "details"),
    [
        ({"paper": ["A4"]}, [option_error("paper", PAPER)]),
        ({"card": {"x": 1}}, [option_error("card", CARD)]),
        (
            {"paper": {"A4": 1}, "card": ["poker"]},
            [option_error("paper", PAPER), option_error("card", CARD)],
        ),
        ({"paper": 4}, [option_error("paper", PAPER)]),
        ({"paper": None}, [option_error("paper", PAPER)]),
        ({"paper": "A3"}, [option_error("paper", PAPER)]),
        ({"card": True}, [option_error("card", CARD)]),
        ({"cut_marks": "yes"}, [option_error("cut_marks", BOOL)]),
        ({"greyscale": 1}, [option_error("greyscale", BOOL)]),
        ({"greyscale": [True]}, [option_error("greyscale", BOOL)]),
        (
            {"spread": 3, "paper": ["A4"]},
            [
                option_error(
                    "spread",
                    "unknown option (known: backs, bleed, card, cut_marks, greyscale, paper)",
                ),
                option_error("paper", PAPER),
            ],
        ),
    ],
)
def test_api_refuses_each_wrong_option_by_name(
    player: Any, options: dict[str, Any], details: list[dict[str, str]]
) -> None:
    answer = api_for(player).post(
        "/api/v1/print-jobs/",
        {"kind": "cards", "what": {"records": RECORDS}, "options": options},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "code": "invalid",
        "message": "The print options are not valid.",
        "details": details,
    }
    assert not PrintJob.objects.exists()


def test_a_rejected_option_name_is_quoted_only_in_part() -> None:
    with pytest.raises(ApplicationError) as caught:
        print_options_parse({"x" * 5000: 1})
    assert caught.value.details[0]["path"] == "$.options." + "x" * 40 + "…"


@pytest.mark.parametrize("raw", [["A4"], "A4", 3])
def test_options_that_are_not_an_object_are_refused(raw: Any) -> None:
    with pytest.raises(ApplicationError) as caught:
        print_options_parse(raw)
    assert caught.value.details == [
        {"path": "$.options", "field": "options", "message": "must be an object"}
    ]


def test_stored_options_of_a_wrong_type_fail_the_job_cleanly(player: Any) -> None:
    job = PrintJob.objects.create(
        owner=player, kind="navigation", what={}, options={"paper": ["A4"], "card": {"x": 1}}
    )
    job = print_job_run(job_id=job.pk)
    assert job.status == "failed"
    assert job.error == {
        "code": "invalid",
        "message": "The print options are not valid.",
        "details": [option_error("paper", PAPER), option_error("card", CARD)],
    }


def what_error(field: str, message: str) -> dict[str, str]:
    return {"path": f"$.what.{field}", "field": field, "message": message}


@pytest.mark.parametrize(
    ("what", "detail"),
    [
        ({"saved_list": ["x"]}, what_error("saved_list", "a list id")),
        ({"saved_list": {"uuid": "x"}}, what_error("saved_list", "a list id")),
        ({"saved_list": 7}, what_error("saved_list", "a list id")),
        ({"saved_list": None}, what_error("saved_list", "a list id")),
        ({"list": None}, what_error("list", "a muster-list/1 object")),
        ({"records": None}, what_error("records", "a list of record ids")),
        ({"list": "a list"}, what_error("list", "a muster-list/1 object")),
        ({"list": [1]}, what_error("list", "a muster-list/1 object")),
        ({"records": "cs-aces/charlie"}, what_error("records", "a list of record ids")),
        ({"records": [1]}, what_error("records", "a list of record ids")),
        ({"records": [{"id": "x"}]}, what_error("records", "a list of record ids")),
        ({"records": ["cs-aces/charlie"] * 201}, what_error("records", "at most 200 record ids")),
        (
            {"records": RECORDS, "share_url": "https://evil.example/"},
            what_error("share_url", "unknown field (known: list, records, saved_list)"),
        ),
    ],
)
def test_api_refuses_each_wrong_part_of_what_by_name(
    player: Any, what: dict[str, Any], detail: dict[str, str]
) -> None:
    answer = api_for(player).post(
        "/api/v1/print-jobs/", {"kind": "cards", "what": what}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid"
    assert answer.json()["details"] == [detail]
    assert not PrintJob.objects.exists()


def test_a_share_link_is_never_taken_from_the_caller(player: Any) -> None:
    doc = example("cs-aces/kims-team.json")
    answer = api_for(player).post(
        "/api/v1/print-jobs/",
        {"kind": "roster", "what": {"list": doc, "share_url": "https://evil.example/x"}},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["message"] == "Say what to print with list, records, saved_list only."


def test_the_schema_states_what_and_options_exactly() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    body = schema["components"]["schemas"]["PrintJobInputRequest"]["properties"]
    assert body["what"]["additionalProperties"] is False
    assert sorted(body["what"]["properties"]) == ["list", "records", "saved_list"]
    assert body["what"]["properties"]["records"]["maxItems"] == 200
    assert body["what"]["properties"]["saved_list"]["format"] == "uuid"
    options = body["options"]
    assert options["additionalProperties"] is False
    assert {k: v["type"] for k, v in options["properties"].items()} == {
        "paper": "string",
        "card": "string",
        "cut_marks": "boolean",
        "greyscale": "boolean",
        "backs": "string",
        "bleed": "number",
    }
    assert options["properties"]["paper"]["enum"] == ["A4", "Letter"]
    assert options["properties"]["card"]["enum"] == ["poker", "bridge", "tarot"]
    out = schema["components"]["schemas"]["PrintJobOutput"]["properties"]
    assert "share_url" not in out["what"]["properties"]


def test_the_command_still_prints_the_share_link_it_is_given(
    loaded_packs: Any, tmp_path: Path
) -> None:
    out = tmp_path / "roster.pdf"
    call_command(
        "printsheet",
        "roster",
        "--list",
        str(EXAMPLES / "cs-aces/kims-team.json"),
        "--share-url",
        "https://muster.example/s/k9",
        "--out",
        str(out),
        stdout=io.StringIO(),
    )
    assert "https://muster.example/s/k9" in " ".join(pdf_pages(out.read_bytes()))


def test_a_share_link_argument_is_only_for_the_command() -> None:
    request = print_request_parse(
        kind="roster",
        what={"list": example("cs-aces/kims-team.json")},
        options=None,
        share_url="https://muster.example/s/k9",
    )
    assert request.share_url == "https://muster.example/s/k9"


def test_old_jobs_lose_fields_a_request_may_no_longer_name(player: Any) -> None:
    import importlib

    from django.apps import apps

    migration = importlib.import_module(
        "builder.printing.migrations.0003_printjob_what_known_fields"
    )
    old = PrintJob.objects.create(
        owner=player,
        kind="roster",
        what={"saved_list": "3f2b", "share_url": "https://evil.example/", "records": None},
    )
    kept = PrintJob.objects.create(owner=player, kind="cards", what={"records": RECORDS})
    migration.keep_known_fields(apps, None)
    old.refresh_from_db()
    kept.refresh_from_db()
    assert (old.what, kept.what) == ({"saved_list": "3f2b"}, {"records": RECORDS})


# --- the print page ------------------------------------------------------------------------


def test_the_print_page_names_a_wrong_option_in_words(client: Client, player: Any) -> None:
    client.force_login(player)
    page = client.post(
        "/print/", {"kind": "cards", "records": "cs-aces/charlie", "paper": "A3", "card": "huge"}
    ).content.decode()
    assert '<li class="violation error">The print options are not valid.</li>' in page
    assert f'<li class="violation error">Paper: {PAPER}</li>' in page
    assert f'<li class="violation error">Card size: {CARD}</li>' in page
    assert "$.options" not in page
    assert not PrintJob.objects.exists()


def test_the_print_page_says_what_is_missing_in_words(client: Client, player: Any) -> None:
    client.force_login(player)
    page = client.post("/print/", {"kind": "cards", "records": ""}).content.decode()
    assert '<li class="violation error">Name the records to print, or give a list.</li>' in page
    assert '<li class="violation error">Records: at least one record id</li>' in page
    assert "$.what" not in page
