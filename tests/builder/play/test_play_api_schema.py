"""Every answer of a game played through the API matches the OpenAPI document, read as
strictly as the generated-request tests read it (no field the document does not name).

The generated requests meet games that do not exist; these answers come from a real table.
"""

from __future__ import annotations

from typing import Any

import pytest
import requests
import schemathesis
from schemathesis.core.transport import Response as CheckedResponse

from builder.play.services import game_act
from tests.builder.api.test_schemathesis import _strict_document
from tests.builder.api_fixtures import token_client
from tests.builder.play.conftest import saved

pytestmark = pytest.mark.django_db

SCHEMA = schemathesis.openapi.from_dict(_strict_document())


def conforms(method: str, template: str, answer: Any, status: int = 200) -> None:
    """``answer`` (a test client's response) has ``status`` and is one the document allows
    for the operation."""
    assert answer.status_code == status, answer.content
    operation = SCHEMA.find_operation_by_path(method, template)
    assert operation is not None, (method, template)
    request = requests.Request(method.upper(), f"http://127.0.0.1{answer.wsgi_request.path}")
    checked = CheckedResponse(
        status_code=answer.status_code,
        headers={k.lower(): [v] for k, v in answer.headers.items()},
        content=answer.content,
        request=request.prepare(),
        elapsed=0.0,
        verify=True,
    )
    operation.validate_response(checked)


def test_every_answer_of_a_game_matches_the_document(packs, ann, bob, ref):
    a, b, r = token_client(ann), token_client(bob), token_client(ref)
    made = r.post(
        "/api/v1/games/", {"system": "crimson-dust", "referee": True, "title": "T"}, format="json"
    )
    conforms("post", "/api/v1/games/", made, 201)
    game = made.json()
    url = f"/api/v1/games/{game['id']}/"
    token = game["invite_url"].rstrip("/").rsplit("/", 1)[1]
    for client, user in ((a, ann), (b, bob)):
        listed = saved(user, "crimson-dust/dust-devils-500.json")
        joined = client.post(
            f"/api/v1/games/join/{token}/", {"list": str(listed.uuid)}, format="json"
        )
        conforms("post", "/api/v1/games/join/{token}/", joined, 201)
    conforms(
        "post",
        "/api/v1/games/{public_id}/entropy/",
        a.post(f"{url}entropy/", {"text": "k"}, format="json"),
    )
    action = {"procedure": "skill-test", "params": {"dice": 3}, "roles": {"model": "a1"}}
    acted = a.post(f"{url}actions/", action, format="json", HTTP_IDEMPOTENCY_KEY="one")
    again = a.post(f"{url}actions/", action, format="json", HTTP_IDEMPOTENCY_KEY="one")
    conforms("post", "/api/v1/games/{public_id}/actions/", acted, 201)
    conforms("post", "/api/v1/games/{public_id}/actions/", again)
    fixed = r.post(f"{url}corrections/", {"reverses": 1, "reason": "no"}, format="json")
    conforms("post", "/api/v1/games/{public_id}/corrections/", fixed, 201)
    ordered = b.post(f"{url}orders/", {"text": "4L2F"}, format="json")
    conforms("post", "/api/v1/games/{public_id}/orders/", ordered, 201)
    conforms("get", "/api/v1/games/{public_id}/orders/", r.get(f"{url}orders/"))
    conforms(
        "post",
        "/api/v1/games/{public_id}/notices/",
        a.post(f"{url}notices/", {"on": True}, format="json"),
    )
    for tail in ("phase", "turn", "reveal", "end"):
        conforms("post", f"/api/v1/games/{{public_id}}/{tail}/", r.post(f"{url}{tail}/"))
    conforms("get", "/api/v1/games/", a.get("/api/v1/games/"))
    conforms("get", "/api/v1/games/{public_id}/", a.get(url))
    conforms("get", "/api/v1/games/{public_id}/log/", a.get(f"{url}log/"))
    conforms("get", "/api/v1/games/{public_id}/log/file/", a.get(f"{url}log/file/"))
    spectate = game["spectator_url"].rstrip("/").rsplit("/", 1)[1]
    watched = token_client(bob).get(f"/api/v1/spectate/{spectate}/")
    conforms("get", "/api/v1/spectate/{token}/", watched)
    conforms("post", "/api/v1/games/{public_id}/turn/", b.post(f"{url}turn/"), 403)


def test_a_physical_game_answers_match_the_document(dust_game, ann):
    game_act(
        game=dust_game,
        user=ann,
        procedure="wound",
        params={"hits": 1, "S": 3, "dc": 3},
        roles={"target": "b1"},
        rolls=[6, 6],
    )
    client = token_client(ann)
    url = f"/api/v1/games/{dust_game.public_id}/"
    conforms("get", "/api/v1/games/{public_id}/", client.get(url))
    conforms("get", "/api/v1/games/{public_id}/log/", client.get(f"{url}log/"))
    bad = client.post(f"{url}actions/", {"procedure": "wound", "rolls": [9, 9]}, format="json")
    conforms("post", "/api/v1/games/{public_id}/actions/", bad, 400)


def test_every_answer_of_the_table_has_an_example_and_its_tag():
    ours = [
        (path, method, op)
        for path, item in SCHEMA.raw_schema["paths"].items()
        if path.startswith(("/api/v1/games/", "/api/v1/spectate/"))
        for method, op in item.items()
    ]
    assert len(ours) == 17
    for path, method, op in ours:
        assert op["tags"] == ["play"], (path, method)
        for status, answer in op["responses"].items():
            if status.startswith("2"):
                assert answer["content"]["application/json"]["examples"], (path, method, status)
