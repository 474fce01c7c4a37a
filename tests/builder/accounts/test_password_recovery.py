"""A changed or reset password ends what the old one let in: every API token of the account
(the API's roads; the pages' are in tests/builder/web/test_account_pages.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient

from builder.accounts.services import api_token_create, user_password_set
from tests.builder.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "fresh-meadow-77"


def token_client(secret: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def test_a_password_change_by_token_revokes_every_token(user: Any) -> None:
    secrets = [api_token_create(owner=user, name=name)[1] for name in ("laptop", "phone")]
    caller = token_client(secrets[0])
    r = caller.post(
        "/api/v1/auth/password/change/",
        {"old_password": PASSWORD, "new_password": NEW_PASSWORD},
        format="json",
    )
    assert r.status_code == 204
    assert [token_client(s).get("/api/v1/auth/me/").status_code for s in secrets] == [401, 401]
    assert AuthToken.objects.count() == 0


def test_a_password_change_in_a_session_keeps_it_and_ends_the_others(
    api: APIClient, user: Any
) -> None:
    _token, secret = api_token_create(owner=user, name="laptop")
    other = APIClient()
    for client in (api, other):
        r = client.post(
            "/api/v1/auth/login/", {"username": "ada", "password": PASSWORD}, format="json"
        )
        assert r.status_code == 200
    r = api.post(
        "/api/v1/auth/password/change/",
        {"old_password": PASSWORD, "new_password": NEW_PASSWORD},
        format="json",
    )
    assert r.status_code == 204
    assert api.get("/api/v1/auth/me/").status_code == 200
    assert other.get("/api/v1/auth/me/").status_code in (401, 403)
    assert token_client(secret).get("/api/v1/auth/me/").status_code == 401


def test_a_refused_change_keeps_the_tokens(user: Any) -> None:
    _token, secret = api_token_create(owner=user, name="laptop")
    caller = token_client(secret)
    r = caller.post(
        "/api/v1/auth/password/change/",
        {"old_password": "wrong", "new_password": NEW_PASSWORD},
        format="json",
    )
    assert r.status_code == 400
    assert caller.get("/api/v1/auth/me/").status_code == 200


def test_a_password_reset_revokes_every_token(api: APIClient, user: Any) -> None:
    _token, secret = api_token_create(owner=user, name="laptop")
    api.post("/api/v1/auth/password/reset/", {"email": "ada@example.com"}, format="json")
    body = mail.outbox[0].body
    uid = re.search(r"uid: (\S+)", body).group(1)  # type: ignore[union-attr]
    token = re.search(r"token: (\S+)", body).group(1)  # type: ignore[union-attr]
    r = api.post(
        "/api/v1/auth/password/reset/confirm/",
        {"uid": uid, "token": token, "new_password": NEW_PASSWORD},
        format="json",
    )
    assert r.status_code == 204
    assert token_client(secret).get("/api/v1/auth/me/").status_code == 401


def test_setting_a_password_counts_the_tokens_it_revoked(user: Any, other_user: Any) -> None:
    for name in ("a", "b", "c"):
        api_token_create(owner=user, name=name)
    _token, bobs = api_token_create(owner=other_user, name="bob's")
    done = user_password_set(user=user, new_password=NEW_PASSWORD)
    assert (done.user, done.tokens_revoked) == (user, 3)
    assert list(AuthToken.objects.values_list("user__username", flat=True)) == ["bob"]
    assert token_client(bobs).get("/api/v1/auth/me/").status_code == 200
    assert user_password_set(user=user, new_password="another-meadow-78").tokens_revoked == 0


def test_a_password_set_in_the_admin_revokes_every_token(user: Any, django_user_model: Any) -> None:
    _token, secret = api_token_create(owner=user, name="laptop")
    staff = django_user_model.objects.create_superuser("root", "root@example.com", PASSWORD)
    client = Client()
    client.force_login(staff)
    r = client.post(
        f"/admin/auth/user/{user.pk}/password/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"},
    )
    assert r.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert token_client(secret).get("/api/v1/auth/me/").status_code == 401
