"""Home, catalogue and account pages: what a visitor reads on them."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db


def test_home_names_the_five_games_and_where_to_start(client: Client) -> None:
    page = client.get("/").content.decode()
    for name in (
        "Crimson Skies: Air Action",
        "Crimson Skies: Aces",
        "Crimson Dust",
        "Black Skies",
        "Crimson Skies hex-map rules",
    ):
        assert name in page
    assert 'href="/build/crimson-dust/warband/"' in page
    assert 'src="/static/web/vendor/htmx/htmx.min.js"' in page


def test_sign_up_logs_the_player_in_and_home_greets_them(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "ada",
            "email": "",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert response.status_code == 302
    assert "Signed in as <strong>ada</strong>" in client.get("/").content.decode()


def test_sign_up_errors_sit_beside_their_field(client: Client) -> None:
    page = client.post(
        "/accounts/signup/",
        {"username": "ada", "password1": "a-long-pass-phrase", "password2": "different-phrase"},
    ).content.decode()
    assert 'id="id_password2_error"' in page
    assert "The two password fields didn’t match." in page
    assert not get_user_model().objects.exists()


def test_log_in_log_out_and_change_password(client: Client) -> None:
    get_user_model().objects.create_user("ada", "ada@example.com", "a-long-pass-phrase")
    assert (
        client.post(
            "/accounts/login/", {"username": "ada", "password": "a-long-pass-phrase"}
        ).status_code
        == 302
    )
    response = client.post(
        "/accounts/password/",
        {
            "old_password": "a-long-pass-phrase",
            "new_password1": "another-long-phrase",
            "new_password2": "another-long-phrase",
        },
    )
    assert response["Location"] == "/accounts/password/done/"
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()
    assert client.login(username="ada", password="another-long-phrase")


def test_password_reset_mails_a_link_that_sets_a_new_password(client: Client) -> None:
    get_user_model().objects.create_user("ada", "ada@example.com", "a-long-pass-phrase")
    client.post("/accounts/password/reset/", {"email": "ada@example.com"})
    assert len(mail.outbox) == 1
    link = next(
        line for line in mail.outbox[0].body.splitlines() if "/accounts/password/reset/" in line
    )
    path = link.split("testserver", 1)[1]
    form_page = client.get(path, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    response = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "brand-new-phrase-9", "new_password2": "brand-new-phrase-9"},
    )
    assert response["Location"] == "/accounts/password/reset/complete/"
    assert client.login(username="ada", password="brand-new-phrase-9")


def test_api_token_is_shown_once_and_can_be_revoked(client: Client) -> None:
    from builder.accounts.models import ApiToken

    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    page = client.post("/accounts/tokens/", {"name": "my phone"}).content.decode()
    token = ApiToken.objects.get(owner=user)
    assert token.name == "my phone"
    assert "Copy your new token now" in page
    assert "Copy your new token now" not in client.get("/accounts/tokens/").content.decode()
    client.post("/accounts/tokens/", {"revoke": token.pk})
    assert not ApiToken.objects.exists()


def test_a_token_needs_a_name(client: Client) -> None:
    client.force_login(get_user_model().objects.create_user("ada", password="a-long-pass-phrase"))
    page = client.post("/accounts/tokens/", {"name": ""}).content.decode()
    assert 'id="token-name-error">Name the token' in page
