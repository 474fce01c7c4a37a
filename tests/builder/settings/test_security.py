"""Every environment: a Content-Security-Policy on every page and admin log-ins locked out
after five failures."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_pages_carry_a_content_security_policy(client):
    response = client.get(reverse("admin:login"))

    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "object-src 'none'" in policy


def test_admin_log_in_is_locked_at_the_fifth_failure_even_for_the_right_password(client):
    get_user_model().objects.create_superuser("curator", "c@example.com", "right-password")
    url = reverse("admin:login")

    failures = [
        client.post(url, {"username": "curator", "password": f"wrong-{i}"}).status_code
        for i in range(5)
    ]
    locked = client.post(url, {"username": "curator", "password": "right-password"})

    assert failures == [200, 200, 200, 200, 429]
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_successful_log_in_before_the_limit_works(client):
    get_user_model().objects.create_superuser("curator", "c@example.com", "right-password")
    url = reverse("admin:login")
    for i in range(4):
        client.post(url, {"username": "curator", "password": f"wrong-{i}"})

    response = client.post(url, {"username": "curator", "password": "right-password"})

    assert response.status_code == 302
    assert client.session["_auth_user_id"]
