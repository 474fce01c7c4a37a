"""The OpenAPI document describes every players'-data operation: bodies, examples, errors."""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

OURS = (
    "/api/v1/auth/",
    "/api/v1/tokens/",
    "/api/v1/lists/",
    "/api/v1/shared/",
    "/api/v1/collection/",
)
PUBLIC = {
    ("/api/v1/lists/public/", "get"),
    ("/api/v1/shared/{token}/", "get"),
    ("/api/v1/auth/signup/", "post"),
    ("/api/v1/auth/login/", "post"),
    ("/api/v1/auth/password/reset/", "post"),
    ("/api/v1/auth/password/reset/confirm/", "post"),
}


@pytest.fixture(scope="module")
def operations() -> list[tuple[str, str, dict[str, Any]]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (path, method, op)
        for path, item in schema["paths"].items()
        if path.startswith(OURS)
        for method, op in item.items()
    ]


def test_all_our_endpoints_are_described(operations: Any) -> None:
    paths = {path for path, _, _ in operations}
    assert len(paths) == 26
    assert len(operations) == 35


def test_every_answer_with_a_body_has_an_example(operations: Any) -> None:
    missing = []
    for path, method, op in operations:
        for status, response in op["responses"].items():
            content = response.get("content", {}).get("application/json")
            if status.startswith("2") and content is not None and "examples" not in content:
                missing.append((path, method, status))
    assert missing == []


def test_every_request_body_has_an_example(operations: Any) -> None:
    missing = [
        (path, method)
        for path, method, op in operations
        if "requestBody" in op
        and "examples" not in op["requestBody"]["content"].get("application/json", {})
    ]
    assert missing == []


def test_errors_are_described_and_public_ones_marked(operations: Any) -> None:
    for path, method, op in operations:
        for status in ("400", "404", "429"):
            assert op["responses"][status]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/Error"
            }, (path, method, status)
        public = {} in op.get("security", [{}])
        assert public == ((path, method) in PUBLIC), (path, method)
        if not public:
            assert "401" in op["responses"], (path, method)
