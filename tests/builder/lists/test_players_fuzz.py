"""Generated requests against every players'-data endpoint, anonymous and signed in: never a
server error, and every answer conforms to the OpenAPI document."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks
from schemathesis.specs.openapi import checks as openapi_checks

from builder.wsgi import application


def players_schema() -> Any:
    from drf_spectacular.generators import SchemaGenerator

    document = SchemaGenerator().get_schema(request=None, public=True)
    return schemathesis.openapi.from_dict(document).include(
        path_regex=r"^/api/v1/(auth|tokens|lists|shared|collection)"
    )


schema = players_schema()

CHECKS = [
    checks.not_a_server_error,
    openapi_checks.response_schema_conformance,
    openapi_checks.status_code_conformance,
    checks.content_type_conformance,
]


@pytest.fixture
def secret(packs: Any, user: Any, kims_team: Any, keep_connection: None) -> str:
    """A signed-in caller's token, with one saved list to find."""
    from builder.accounts.services import api_token_create
    from builder.lists.services import saved_list_create

    saved_list_create(owner=user, document=kims_team)
    _token, secret = api_token_create(owner=user, name="fuzz")
    return secret


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_players_endpoints_fuzz(case: Any, secret: str) -> None:
    for headers in ({}, {"Authorization": f"Token {secret}"}):
        case.call_and_validate(
            base_url="http://127.0.0.1", app=application, headers=headers, checks=CHECKS
        )
