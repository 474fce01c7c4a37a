"""The OpenAPI document and its pages: every endpoint, the error shape, examples, no CDN."""

from __future__ import annotations

import pytest

SCHEMA = "/api/v1/schema/"


@pytest.fixture
def schema(anon, db):
    response = anon.get(SCHEMA)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.oai.openapi+json")
    return response.json()


def operations(schema):
    for path, item in schema["paths"].items():
        for method, op in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, op


def test_schema_is_openapi_3_and_public(schema):
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Muster API"


def test_every_path_is_under_api_v1(schema):
    assert schema["paths"]
    assert all(path.startswith("/api/v1/") for path in schema["paths"])


def test_the_error_shape_is_a_component_on_every_operation(schema):
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["code", "message", "details"]
    for path, method, op in operations(schema):
        for status in ("400", "404", "429", "default"):
            ref = op["responses"][status]["content"]["application/json"]["schema"]["$ref"]
            assert ref == "#/components/schemas/Error", (path, method, status)


def test_every_operation_of_ours_has_an_example(schema):
    ours = [
        (path, method, op)
        for path, method, op in operations(schema)
        if path.startswith(
            (
                "/api/v1/engine/",
                "/api/v1/simulations/",
                "/api/v1/systems/",
                "/api/v1/packs/",
                "/api/v1/catalogue/",
            )
        )
    ]
    assert ours
    for path, method, op in ours:
        success = [s for s in op["responses"] if s.startswith("2")]
        has_example = any(
            "examples" in op["responses"][s].get("content", {}).get("application/json", {})
            for s in success
        )
        assert has_example, (path, method)


def test_engine_endpoints_need_a_token(schema):
    op = schema["paths"]["/api/v1/engine/check/"]["post"]
    assert {} not in op.get("security", [])
    assert "401" in op["responses"]


def test_swagger_ui_is_served_from_local_files(anon, db):
    response = anon.get("/api/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert "cdn." not in page
    assert "unpkg" not in page
    assert "/api/v1/schema/" in page


def test_redoc_is_served_from_local_files(anon, db):
    response = anon.get("/api/docs/redoc/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js" in page
    assert "cdn." not in page


def test_the_local_swagger_bundle_exists():
    from django.contrib.staticfiles import finders

    assert finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
    assert finders.find("drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js")
