"""Property tests of the whole API from its own OpenAPI document (schemathesis).

Every operation is called with generated input, anonymously and with a knox token: no
answer may be a server error, and every answer must match the schema (status, headers,
content type and body).
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from django.core.cache import caches
from hypothesis import HealthCheck, settings
from knox.models import AuthToken
from schemathesis.checks import CHECKS

from builder.wsgi import application
from content.models import RECORD_MODELS, ContentPack, ContentPackVersion, GameSystem
from content.services.packs import pack_load
from tests.builder.api_fixtures import make_user
from tests.conftest import pack_paths, read_pack

pytestmark = pytest.mark.slow

CHECK_NAMES = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
)
EXAMPLES_PER_OPERATION = 3


# The document as the running application serves it (generating it reads no table).
schema = schemathesis.openapi.from_wsgi(
    "/api/v1/schema/", application, headers={"Host": "127.0.0.1"}
)


def _checks() -> list[Any]:
    by_name = {check.__name__: check for check in CHECKS.get_all()}
    return [by_name[name] for name in CHECK_NAMES]


@pytest.fixture(scope="module")
def catalogue_and_token(django_db_setup: Any, django_db_blocker: Any) -> Any:
    """Packs and a token user loaded once for the module (each test still rolls back)."""
    with django_db_blocker.unblock():
        pack_load(documents=[(str(p), read_pack(p)) for p in pack_paths()])
        user = make_user("schemathesis")
        _, key = AuthToken.objects.create(user)
    yield key
    with django_db_blocker.unblock():
        user.delete()
        for model in reversed(list(RECORD_MODELS.values())):
            model.objects.all().delete()
        ContentPackVersion.objects.all().delete()
        ContentPack.objects.all().delete()
        GameSystem.objects.all().delete()


@pytest.fixture
def token(catalogue_and_token: str, db: Any, keep_connection: None) -> str:
    return catalogue_and_token


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_anonymous_calls_conform(case: Any, token: str) -> None:
    caches["throttle"].clear()
    case.call_and_validate(checks=_checks(), headers={"Host": "127.0.0.1"})


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_calls_with_a_token_conform(case: Any, token: str) -> None:
    caches["throttle"].clear()
    case.call_and_validate(
        checks=_checks(), headers={"Host": "127.0.0.1", "Authorization": f"Token {token}"}
    )
