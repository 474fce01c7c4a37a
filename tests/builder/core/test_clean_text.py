"""Control characters are refused at the edge: a 400 naming where, never a 500.

PostgreSQL refuses a NUL in text; these requests reached a query before and failed there
with a traceback. Run on PostgreSQL too (``DATABASE_URL``) for the database's own word.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from tests.builder.api_fixtures import example_list, make_user

pytestmark = pytest.mark.django_db


def bad_text(name: str, kind: str) -> dict[str, Any]:
    return {
        "code": "bad_text",
        "message": (
            f"The {kind} {name} holds a control character (such as NUL); text may hold none "
            "(tab and line breaks aside in a form field)."
        ),
        "details": [{"path": name, "field": name, "message": "holds a control character"}],
    }


@pytest.mark.parametrize(
    ("address", "name", "kind"),
    [
        ("/api/v1/lists/public/?system=%00", "system", "query parameter"),
        ("/api/v1/lists/public/?system=crimson-dust%1F", "system", "query parameter"),
        ("/api/v1/figures/?search=a%7Fb", "search", "query parameter"),
        ("/api/v1/figures/?sys%00tem=x", "sys\\x00tem", "query parameter"),
        ("/api/v1/shared/%00/", "token", "path part"),
        ("/api/v1/systems/%00/", "slug", "path part"),
        ("/api/v1/systems/crimson%0Adust/", "slug", "path part"),
        ("/api/v1/packs/%00/", "pack_id", "path part"),
        ("/api/v1/figures/cs-aces/%00/", "stable_id", "path part"),
        ("/api/v1/no-such-thing%0A/", "path", "path part"),
    ],
)
def test_api_refuses_control_characters_naming_the_parameter(
    anon: Any, address: str, name: str, kind: str
) -> None:
    response = anon.get(address)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == bad_text(name, kind)


def test_api_refuses_control_characters_with_a_token(api: Any) -> None:
    response = api.get("/api/v1/collection/?record_type=%00")
    assert response.status_code == 400
    assert response.json() == bad_text("record_type", "query parameter")


def test_api_json_string_with_nul_names_its_path(api: Any, packs: Any) -> None:
    doc = example_list("crimson-dust/dust-devils-500.json")
    doc["entries"][1]["name"] = "Br\x00ick"
    response = api.post("/api/v1/lists/", {"document": doc, "notes": "ok\x00"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "code": "bad_text",
        "message": "2 strings hold a NUL character (\\u0000); no text may hold one.",
        "details": [
            {
                "path": "$.document.entries[1].name",
                "field": "name",
                "message": "holds a NUL character",
            },
            {"path": "$.notes", "field": "notes", "message": "holds a NUL character"},
        ],
    }
    assert not SavedList.objects.exists()


def test_api_json_key_with_nul_names_the_object(api: Any) -> None:
    response = api.post("/api/v1/engine/check/", {"house_rules": {"a\x00": 1}}, format="json")
    assert response.status_code == 400
    assert response.json()["details"] == [
        {"path": "$.house_rules", "field": "house_rules", "message": "holds a NUL character"}
    ]
    assert response.json()["message"] == (
        "House rules holds a NUL character (\\u0000); no text may hold one."
    )


def test_api_json_keeps_other_control_characters(api: Any) -> None:
    """Line breaks and tabs are text: a note may hold several lines."""
    response = api.post(
        "/api/v1/collection/",
        {"system": "x", "record_type": "figure", "stable_id": "y", "notes": "a\n\tb"},
        format="json",
    )
    assert response.json().get("code") != "bad_text"


PAGE_WORDS = "holds a control character (an invisible character such as a NUL byte)"


@pytest.fixture
def ada(db: Any) -> Any:
    return make_user("ada")


@pytest.fixture
def signed_in(client: Client, ada: Any) -> Client:
    client.force_login(ada)
    return client


@pytest.mark.parametrize(
    ("address", "where"),
    [
        ("/lists/shared/a%00b/", "The address"),
        ("/catalogue/?q=%00", "The “q” part of the address"),
        ("/lists/?system=%00", "The “system” part of the address"),
        ("/collection/?record_type=%00", "The “record_type” part of the address"),
    ],
)
def test_pages_refuse_control_characters_in_words(
    signed_in: Client, address: str, where: str
) -> None:
    response = signed_in.get(address)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert f"{where} {PAGE_WORDS}" in page
    assert "bad_text" not in page
    assert "\\x00" not in page


def test_page_refuses_control_characters_anonymously(client: Client) -> None:
    response = client.get("/lists/shared/a%00b/")
    assert response.status_code == 400
    assert f"The address {PAGE_WORDS}" in response.content.decode()


@pytest.mark.parametrize("encoding", ["multipart", "urlencoded"])
def test_web_form_field_with_nul_is_refused(
    signed_in: Client, ada: Any, packs: Any, encoding: str
) -> None:
    saved = saved_list_create(owner=ada, document=example_list("crimson-dust/dust-devils-500.json"))
    address = f"/lists/{saved.uuid}/rename/"
    if encoding == "multipart":
        response = signed_in.post(address, {"name": "Dust\x00Devils"})
    else:
        response = signed_in.post(
            address, "name=Dust%00Devils", content_type="application/x-www-form-urlencoded"
        )
    assert response.status_code == 400
    assert f"The “name” field {PAGE_WORDS}" in response.content.decode()
    saved.refresh_from_db()
    assert saved.name == "Dust Devils"


def test_web_form_keeps_line_breaks_and_tabs(client: Client) -> None:
    response = client.post("/accounts/login/", {"username": "ada\tb", "password": "x\r\ny"})
    assert response.status_code == 200
    assert PAGE_WORDS not in response.content.decode()


def test_web_upload_contents_are_not_form_fields(signed_in: Client, packs: Any) -> None:
    """A file is read by the page that takes it; only its name and the fields are text."""
    upload = SimpleUploadedFile("list.json", b"\x00\x01 not a list", "application/json")
    response = signed_in.post("/build/crimson-dust/warband/", {"import_file": upload})
    assert response.status_code == 200
    assert PAGE_WORDS not in response.content.decode()
