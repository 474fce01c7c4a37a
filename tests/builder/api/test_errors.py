"""The one error shape: every failure answers {code, message, details: [path, field, message]}."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from hypothesis import given
from hypothesis import strategies as st
from rest_framework import exceptions

from builder.api.errors import api_exception_handler, field_of
from builder.core.errors import ApplicationError
from rules_engine import BadDocument
from rules_engine.errors import DocumentError
from tests.builder.api_fixtures import example_list

CHECK = "/api/v1/engine/check/"


def shape(response) -> dict:
    body = response.json() if hasattr(response, "json") else response.data
    assert set(body) == {"code", "message", "details"}
    for item in body["details"]:
        assert set(item) == {"path", "field", "message"}
    return body


def handled(exc):
    return api_exception_handler(exc, {})


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("$.entries[2].pilot", "pilot"),
        ("$.entries[2]", "entries"),
        ("$", ""),
        ("params.dice", "dice"),
        ("list_b.system", "system"),
        ("runs", "runs"),
    ],
)
def test_field_is_the_last_name_on_the_path(path, field):
    assert field_of(path) == field


def test_bad_document_lists_every_path():
    exc = BadDocument(
        [
            DocumentError("$.entries[0].weapons[1]", "no weapon 'x'"),
            DocumentError("$.name", "too long"),
        ]
    )
    response = handled(exc)
    assert response.status_code == 400
    assert shape(response) == {
        "code": "bad_document",
        "message": "2 problems, each in details; the first: Entry 1, weapons: no weapon 'x'",
        "details": [
            {"path": "$.entries[0].weapons[1]", "field": "weapons", "message": "no weapon 'x'"},
            {"path": "$.name", "field": "name", "message": "too long"},
        ],
    }


def test_application_error_keeps_its_code_status_and_details():
    exc = ApplicationError(
        "too_many_runs", "Too many.", [{"path": "$.runs", "message": "limit"}], 400
    )
    response = handled(exc)
    assert response.status_code == 400
    assert shape(response)["details"] == [{"path": "$.runs", "field": "runs", "message": "limit"}]


def test_django_validation_error_is_a_400_not_a_500():
    response = handled(DjangoValidationError({"name": ["This field is required."]}))
    assert response.status_code == 400
    assert shape(response)["details"] == [
        {"path": "$.name", "field": "name", "message": "This field is required."}
    ]


def test_drf_nested_validation_errors_get_json_paths():
    exc = exceptions.ValidationError({"runs": ["Too big."], "lists": [{}, {"name": ["Blank."]}]})
    body = shape(handled(exc))
    assert body["details"] == [
        {"path": "$.runs", "field": "runs", "message": "Too big."},
        {"path": "$.lists[1].name", "field": "name", "message": "Blank."},
    ]


def test_throttled_says_when_to_come_back():
    response = handled(exceptions.Throttled(wait=12.2))
    assert response.status_code == 429
    assert response["Retry-After"] == "13"  # rounded up
    assert shape(response)["code"] == "throttled"


def test_not_found_is_the_same_for_missing_and_foreign():
    response = handled(Http404())
    assert response.status_code == 404
    assert shape(response)["code"] == "not_found"


def test_unexpected_errors_keep_the_shape():
    response = handled(KeyError("boom"))
    assert response.status_code == 500
    assert shape(response)["code"] == "server_error"
    assert "boom" not in response.data["message"]


@given(
    st.recursive(
        st.text(max_size=3),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=3), c, max_size=3),
        max_leaves=10,
    )
)
def test_any_drf_error_detail_flattens_to_the_shape(detail):
    body = handled(exceptions.ValidationError(detail)).data
    assert body["code"] == "invalid"
    assert all(d["path"].startswith("$") for d in body["details"])


# Over HTTP --------------------------------------------------------------------------------


def test_unknown_route_under_the_api_is_a_404_in_the_shape(anon):
    response = anon.get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert shape(response)["code"] == "not_found"


def test_no_token_is_a_401_with_the_scheme(anon, packs):
    response = anon.post(CHECK, example_list("crimson-dust/dust-devils-500.json"), format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert shape(response)["code"] == "not_authenticated"


def test_a_bad_token_is_a_401(anon, db):
    anon.credentials(HTTP_AUTHORIZATION="Token nope")
    response = anon.post(CHECK, {}, format="json")
    assert response.status_code == 401
    assert shape(response)["code"] == "authentication_failed"


def test_unreadable_json_is_a_parse_error(api):
    response = api.post(CHECK, data='{"format": ', content_type="application/json")
    assert response.status_code == 400
    body = shape(response)
    assert body["code"] == "parse_error"
    assert "line 1 column 12" in body["message"]


def test_a_wrong_list_document_names_each_path(api, packs):
    doc = example_list("crimson-dust/dust-devils-500.json")
    doc["format"] = "muster-list/9"
    doc["entries"][1]["quality"] = "legendary"
    body = shape(api.post(CHECK, doc, format="json"))
    assert body["code"] == "bad_document"
    assert {d["path"] for d in body["details"]} >= {"$.format"}


def test_a_wrong_media_type_is_a_415_in_the_shape(api):
    response = api.post(CHECK, data="name=x", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert shape(response)["code"] == "unsupported_media_type"


def test_a_wrong_method_is_a_405_in_the_shape(api):
    response = api.get(CHECK)
    assert response.status_code == 405
    assert shape(response)["code"] == "method_not_allowed"


@pytest.mark.parametrize("body", ["[]", "3", '"text"', "null"])
def test_a_body_that_is_not_an_object_is_a_400(api, body):
    response = api.post(CHECK, data=body, content_type="application/json")
    assert response.status_code == 400
    assert shape(response)["details"][0]["path"] == "$"


def test_invalid_utf8_is_a_parse_error(api):
    response = api.post(CHECK, data=b'{"name": "\xff"}', content_type="application/json")
    assert response.status_code == 400
    assert shape(response)["code"] == "parse_error"


def test_error_bodies_are_json(api):
    response = api.post(CHECK, data="{", content_type="application/json")
    assert response["Content-Type"] == "application/json"
    json.loads(response.content)
