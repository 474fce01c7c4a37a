"""Sign-up, log-in, passwords and personal tokens, through the API."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.db import connection
from knox.models import AuthToken
from rest_framework.test import APIClient

from builder.accounts.models import ApiToken
from tests.builder.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def login_for_token(api: APIClient, name: str = "script", password: str = PASSWORD) -> Any:
    return api.post(
        "/api/v1/auth/login/",
        {"username": "ada", "password": password, "token_name": name},
        format="json",
    )


def test_sign_up_then_log_in_with_a_session(api: APIClient) -> None:
    r = api.post(
        "/api/v1/auth/signup/",
        {"username": "cleo", "email": "cleo@example.com", "password": "sturdy-otter-42"},
        format="json",
    )
    assert r.status_code == 201
    assert (r.json()["username"], r.json()["email"]) == ("cleo", "cleo@example.com")
    assert "password" not in r.json()
    assert api.get("/api/v1/auth/me/").status_code == 401
    r = api.post(
        "/api/v1/auth/login/", {"username": "cleo", "password": "sturdy-otter-42"}, format="json"
    )
    assert r.status_code == 200
    assert "token" not in r.json()
    assert api.get("/api/v1/auth/me/").json()["username"] == "cleo"
    assert api.post("/api/v1/auth/logout/").status_code == 204
    assert api.get("/api/v1/auth/me/").status_code in (401, 403)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (
            {"username": "cleo", "email": "cleo@example.com", "password": "password"},
            400,
            "weak_password",
        ),
        (
            {"username": "ada", "email": "a2@example.com", "password": "sturdy-otter-42"},
            400,
            "username_taken",
        ),
        ({"username": "cleo", "email": "not-an-email", "password": "sturdy-otter-42"}, 400, None),
        (
            {"username": "bad name!", "email": "c@example.com", "password": "sturdy-otter-42"},
            400,
            None,
        ),
        ({}, 400, None),
    ],
)
def test_sign_up_refusals(api: APIClient, user: Any, body: Any, status: int, code: Any) -> None:
    r = api.post("/api/v1/auth/signup/", body, format="json")
    assert r.status_code == status
    if code:
        assert r.json()["code"] == code


def test_wrong_password_then_lockout(api: APIClient, user: Any) -> None:
    for _ in range(4):
        r = api.post("/api/v1/auth/login/", {"username": "ada", "password": "nope"}, format="json")
        assert r.status_code == 400
        assert r.json()["code"] == "invalid_credentials"
    r = api.post("/api/v1/auth/login/", {"username": "ada", "password": "nope"}, format="json")
    assert r.status_code == 429  # the fifth failure locks the client out
    # Locked out: even the right password is refused now.
    r = api.post("/api/v1/auth/login/", {"username": "ada", "password": PASSWORD}, format="json")
    assert r.status_code == 429


def test_log_in_is_throttled(api: APIClient, user: Any) -> None:
    body = {"username": "ada", "password": PASSWORD}
    codes = [api.post("/api/v1/auth/login/", body, format="json").status_code for _ in range(11)]
    assert codes == [200] * 10 + [429]


def test_personal_tokens_named_listed_used_and_revoked(api: APIClient, user: Any) -> None:
    r = login_for_token(api, "laptop script")
    assert r.status_code == 200
    secret = r.json()["token"]["token"]
    assert secret.startswith("mst_")
    token_api = APIClient()
    token_api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    assert token_api.get("/api/v1/auth/me/").json()["username"] == "ada"

    r = token_api.post("/api/v1/tokens/", {"name": "phone", "expires_in_days": 30}, format="json")
    assert r.status_code == 201
    phone = r.json()
    assert phone["expires_at"] is not None
    listed = token_api.get("/api/v1/tokens/").json()
    assert [t["name"] for t in listed] == ["phone", "laptop script"]
    assert all("token" not in t for t in listed)

    assert token_api.delete(f"/api/v1/tokens/{phone['id']}/").status_code == 204
    gone = APIClient()
    gone.credentials(HTTP_AUTHORIZATION=f"Token {phone['token']}")
    assert gone.get("/api/v1/auth/me/").status_code == 401
    assert [t["name"] for t in token_api.get("/api/v1/tokens/").json()] == ["laptop script"]


def test_tokens_are_stored_hashed(api: APIClient, user: Any) -> None:
    secret = login_for_token(api).json()["token"]["token"]
    stored = AuthToken.objects.get()
    assert stored.digest != secret
    assert len(stored.digest) == 128
    with connection.cursor() as cursor:
        cursor.execute("SELECT digest, token_key FROM knox_authtoken")
        assert all(secret not in value for value in cursor.fetchone())


def test_token_count_is_limited(api: APIClient, user: Any, settings: Any) -> None:
    settings.MUSTER_MAX_API_TOKENS = 2
    api.force_authenticate(user)
    assert api.post("/api/v1/tokens/", {"name": "a"}, format="json").status_code == 201
    assert api.post("/api/v1/tokens/", {"name": "b"}, format="json").status_code == 201
    r = api.post("/api/v1/tokens/", {"name": "c"}, format="json")
    assert (r.status_code, r.json()["code"]) == (400, "too_many_tokens")
    assert ApiToken.objects.count() == 2


def test_password_change(api: APIClient, user: Any) -> None:
    api.force_authenticate(user)
    r = api.post(
        "/api/v1/auth/password/change/",
        {"old_password": "wrong", "new_password": "fresh-meadow-77"},
        format="json",
    )
    assert (r.status_code, r.json()["details"][0]["path"]) == (400, "$.old_password")
    r = api.post(
        "/api/v1/auth/password/change/",
        {"old_password": PASSWORD, "new_password": "fresh-meadow-77"},
        format="json",
    )
    assert r.status_code == 204
    user.refresh_from_db()
    assert user.check_password("fresh-meadow-77")


def test_password_reset_by_mail(api: APIClient, user: Any) -> None:
    assert (
        api.post(
            "/api/v1/auth/password/reset/", {"email": "nobody@example.com"}, format="json"
        ).status_code
        == 202
    )
    assert mail.outbox == []
    assert (
        api.post(
            "/api/v1/auth/password/reset/", {"email": "ada@example.com"}, format="json"
        ).status_code
        == 202
    )
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    uid = re.search(r"uid: (\S+)", body).group(1)  # type: ignore[union-attr]
    token = re.search(r"token: (\S+)", body).group(1)  # type: ignore[union-attr]
    url = "/api/v1/auth/password/reset/confirm/"
    new = {"uid": uid, "token": token, "new_password": "quiet-harbour-19"}
    assert api.post(url, new, format="json").status_code == 204
    user.refresh_from_db()
    assert user.check_password("quiet-harbour-19")
    r = api.post(url, new, format="json")  # a used code is spent
    assert (r.status_code, r.json()["code"]) == (400, "invalid_reset_link")


def test_anonymous_callers_are_refused(api: APIClient) -> None:
    for url in ("/api/v1/auth/me/", "/api/v1/tokens/"):
        assert api.get(url).status_code == 401
    assert api.post("/api/v1/auth/password/change/", {}, format="json").status_code == 401
