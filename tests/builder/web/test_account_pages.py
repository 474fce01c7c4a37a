"""The account pages: where ``next`` may lead, what a new password ends, and the throttle on
the public forms."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import caches
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient

from builder.accounts.services import api_token_create
from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from tests.builder.web.conftest import example

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-phrase"
NEW_PASSWORD = "brand-new-phrase-9"


@pytest.fixture(autouse=True)
def _no_throttle_counts_left_behind() -> Iterator[None]:
    yield
    caches["throttle"].clear()


@pytest.fixture
def ada(db: Any) -> Any:
    return get_user_model().objects.create_user("ada", "ada@example.com", PASSWORD)


def signup_form(username: str = "cleo") -> dict[str, str]:
    return {"username": username, "email": "", "password1": PASSWORD, "password2": PASSWORD}


def token_works(secret: str) -> bool:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return api.get("/api/v1/auth/me/").status_code == 200


def signed_in(client: Client) -> bool:
    return client.get("/accounts/password/").status_code == 200


# --- Where ``next`` leads -----------------------------------------------------------------

OFF_SITE_OR_NOWHERE = [
    "https://evil.example/",
    "//evil.example/x",
    "http:evil.example",
    "/\\evil.example",
    "abc",
    "/no-such-page/",
]


@pytest.mark.parametrize("next_url", OFF_SITE_OR_NOWHERE)
def test_sign_up_never_leaves_the_site(client: Client, next_url: str) -> None:
    response = client.post("/accounts/signup/", signup_form(), query_params={"next": next_url})
    assert (response.status_code, response["Location"]) == (302, "/")
    assert get_user_model().objects.filter(username="cleo").exists()
    assert client.get("/").status_code == 200


@pytest.mark.parametrize("next_url", ["/lists/", "/catalogue/crimson-dust/?q=x"])
def test_sign_up_goes_on_to_a_page_of_the_site(client: Client, next_url: str) -> None:
    response = client.post("/accounts/signup/", signup_form(), query_params={"next": next_url})
    assert response["Location"] == next_url


def test_an_https_page_does_not_send_on_to_plain_http(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        signup_form(),
        query_params={"next": "http://testserver/lists/"},
        secure=True,
    )
    assert response["Location"] == "/"


@pytest.fixture
def saved(client: Client, ada: Any, packs: Any) -> SavedList:
    client.force_login(ada)
    return saved_list_create(owner=ada, document=example("crimson-dust/dust-devils-500.json"))


@pytest.mark.parametrize("next_url", OFF_SITE_OR_NOWHERE)
def test_renaming_a_list_never_leaves_the_site(
    client: Client, saved: SavedList, next_url: str
) -> None:
    response = client.post(
        f"/lists/{saved.uuid}/rename/", {"name": "Dust Angels", "next": next_url}
    )
    assert (response.status_code, response["Location"]) == (302, "/lists/")
    saved.refresh_from_db()
    assert saved.name == "Dust Angels"


def test_renaming_a_list_goes_back_to_the_list(client: Client, saved: SavedList) -> None:
    back = f"/lists/{saved.uuid}/"
    response = client.post(f"/lists/{saved.uuid}/rename/", {"name": "Dust Angels", "next": back})
    assert response["Location"] == back


@pytest.mark.parametrize("next_url", OFF_SITE_OR_NOWHERE)
def test_log_in_never_leaves_the_site(client: Client, ada: Any, next_url: str) -> None:
    page = client.get("/accounts/login/", query_params={"next": next_url}).content.decode()
    assert '<input type="hidden" name="next" value="">' in page
    response = client.post(
        "/accounts/login/", {"username": "ada", "password": PASSWORD, "next": next_url}
    )
    assert (response.status_code, response["Location"]) == (302, "/")


def test_log_in_goes_on_to_the_page_asked_for(client: Client, ada: Any) -> None:
    response = client.post(
        "/accounts/login/", {"username": "ada", "password": PASSWORD, "next": "/lists/"}
    )
    assert response["Location"] == "/lists/"


@pytest.mark.parametrize("next_url", OFF_SITE_OR_NOWHERE)
def test_log_out_never_leaves_the_site(client: Client, ada: Any, next_url: str) -> None:
    client.force_login(ada)
    response = client.post("/accounts/logout/", {"next": next_url})
    assert (response.status_code, response["Location"]) == (302, "/")


# --- A new password ends what the old one let in -------------------------------------------


def test_changing_the_password_revokes_tokens_and_logs_out_elsewhere(ada: Any) -> None:
    secrets = [api_token_create(owner=ada, name=name)[1] for name in ("laptop", "phone")]
    here, elsewhere = Client(), Client()
    here.force_login(ada)
    elsewhere.force_login(ada)
    page = here.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    ).content.decode()
    assert "Your 2 API tokens were revoked: apps that used them need new ones." in page
    assert "Password changed" in page
    assert [token_works(s) for s in secrets] == [False, False]
    assert AuthToken.objects.count() == 0
    assert signed_in(here)
    assert not signed_in(elsewhere)


def test_a_weak_new_password_is_refused_and_keeps_the_tokens(client: Client, ada: Any) -> None:
    _token, secret = api_token_create(owner=ada, name="laptop")
    client.force_login(ada)
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": "password", "new_password2": "password"},
    )
    assert response.status_code == 200
    assert "This password is too common." in response.content.decode()
    assert token_works(secret)


def test_resetting_the_password_revokes_tokens_and_logs_out_everywhere(ada: Any) -> None:
    _token, secret = api_token_create(owner=ada, name="laptop")
    elsewhere = Client()
    elsewhere.force_login(ada)
    client = Client()
    client.post("/accounts/password/reset/", {"email": "ada@example.com"})
    link = next(
        line for line in mail.outbox[0].body.splitlines() if "/accounts/password/reset/" in line
    )
    form_page = client.get(link.split("testserver", 1)[1], follow=True)
    response = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == "/accounts/password/reset/complete/"
    assert "Your API token was revoked: an app that used it needs a new one." in page
    assert not token_works(secret)
    assert not signed_in(elsewhere)
    assert client.login(username="ada", password=NEW_PASSWORD)


def test_another_players_tokens_survive(ada: Any, client: Client) -> None:
    bob = get_user_model().objects.create_user("bob", password="b-long-pass-phrase")
    _token, bobs = api_token_create(owner=bob, name="bob's script")
    client.force_login(ada)
    client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert token_works(bobs)


# --- The public forms are throttled like the API ---------------------------------------------


def test_sign_ups_are_throttled_with_a_page_in_words() -> None:
    codes = [
        Client().post("/accounts/signup/", signup_form(f"player{i}")).status_code for i in range(11)
    ]
    assert codes == [302] * 10 + [429]
    response = Client().post("/accounts/signup/", signup_form("late"))
    assert response.status_code == 429
    assert response["Retry-After"].isdigit()
    assert 0 < int(response["Retry-After"]) <= 60
    page = response.content.decode()
    assert "Too many sign-ups from your address; try again in 1 minute." in page
    assert get_user_model().objects.count() == 10
    assert Client().get("/accounts/signup/").status_code == 200


def test_password_reset_requests_are_throttled(client: Client, ada: Any) -> None:
    codes = [
        client.post("/accounts/password/reset/", {"email": "ada@example.com"}).status_code
        for _ in range(15)
    ]
    assert codes == [302] * 10 + [429] * 5
    assert len(mail.outbox) == 10
    page = client.post("/accounts/password/reset/", {"email": "ada@example.com"}).content
    assert "Too many password-reset requests from your address; try again in 1 minute." in (
        page.decode()
    )


def test_the_page_and_the_api_share_one_count(client: Client, ada: Any) -> None:
    api = APIClient()
    for _ in range(10):
        assert (
            api.post(
                "/api/v1/auth/password/reset/", {"email": "ada@example.com"}, format="json"
            ).status_code
            == 202
        )
    assert client.post("/accounts/password/reset/", {"email": "ada@example.com"}).status_code == (
        429
    )
    assert client.post("/accounts/signup/", signup_form()).status_code == 429


def test_setting_a_new_password_from_a_link_is_throttled(client: Client, ada: Any) -> None:
    codes = [
        client.post(
            "/accounts/password/reset/MQ/set-password/",
            {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        ).status_code
        for _ in range(11)
    ]
    assert codes == [200] * 10 + [429]
