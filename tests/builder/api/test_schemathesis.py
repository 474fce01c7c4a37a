"""Property tests of the whole API from its own OpenAPI document (schemathesis).

Every operation is called with generated input, anonymously and with a knox token: no
answer may be a server error, and every answer must match the schema (status, headers,
content type and body, with no field the document does not name). Then again with a
control character (NUL, line breaks, DEL...) in every string of the path, the query and
the body: a 400 naming it, never a 500. Run on PostgreSQL (``DATABASE_URL``), which
refuses a NUL where SQLite stores it.
"""

from __future__ import annotations

import copy
import itertools
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
    "allow_header_conformance",
)
EXAMPLES_PER_OPERATION = 3
TAINTED_EXAMPLES_PER_OPERATION = 2
CONTROL_CHARACTERS = ("\x00", "\n", "\x1f", "\x7f", "\r", "\x08", "\t", "\x0b")
"""Put into generated strings in turn: NUL first, then the other C0 characters and DEL."""


def _closed(node: Any) -> None:
    """Every object that lists its properties admits no other (an answer's extra field fails)."""
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
        for child in node.values():
            _closed(child)
    elif isinstance(node, list):
        for child in node:
            _closed(child)


def _strict_document() -> dict[str, Any]:
    """The document as the running application serves it, with answers' objects closed.

    Request bodies keep their own (``...Request``) components, so only answers are closed.
    """
    loaded = schemathesis.openapi.from_wsgi(
        "/api/v1/schema/", application, headers={"Host": "127.0.0.1"}
    )
    document = copy.deepcopy(dict(loaded.raw_schema))
    for name, component in document["components"]["schemas"].items():
        if not name.endswith("Request"):
            _closed(component)
    for operations in document["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict):
                _closed(operation.get("responses", {}))
    return document


def _load() -> Any:
    loaded = schemathesis.openapi.from_dict(_strict_document())
    loaded.app = application
    return loaded


# Generating the document reads no table.
schema = _load()


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


_characters = itertools.cycle(CONTROL_CHARACTERS)


def _tainted(value: Any) -> Any:
    """``value`` with a control character in the middle of every string (keys too)."""
    if isinstance(value, str):
        middle = len(value) // 2
        return f"{value[:middle]}{next(_characters)}{value[middle:]}"
    if isinstance(value, dict):
        return {_tainted(k): _tainted(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_tainted(item) for item in value]
    return value


def _taint(case: Any) -> None:
    """Every parameter's value (names stay as the document spells them) and the body."""
    for where in ("path_parameters", "query"):
        values = getattr(case, where) or {}
        setattr(case, where, {name: _tainted(value) for name, value in values.items()})
    if isinstance(case.body, dict | list | str):
        case.body = _tainted(case.body)


@schema.parametrize()
@settings(
    max_examples=TAINTED_EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_control_characters_in_every_string_conform(case: Any, token: str) -> None:
    _taint(case)
    for headers in ({}, {"Authorization": f"Token {token}"}):
        caches["throttle"].clear()
        case.call_and_validate(checks=_checks(), headers={"Host": "127.0.0.1", **headers})
