"""``safe_next``: a page of this site, or the default."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from builder.web.redirects import allowed_next, safe_next


@pytest.mark.parametrize(
    ("next_url", "expected"),
    [
        ("/lists/", "/lists/"),
        ("/catalogue/crimson-dust/?q=aces#top", "/catalogue/crimson-dust/?q=aces#top"),
        ("http://testserver/lists/", "http://testserver/lists/"),
        ("https://evil.example/", "/"),
        ("//evil.example/x", "/"),
        ("///evil.example/x", "/"),
        ("/\\evil.example", "/"),
        ("http:evil.example", "/"),
        ("javascript:alert(1)", "/"),
        ("abc", "/"),
        ("lists/", "/"),
        ("/no-such-page/", "/"),
        ("/lists/\x00x", "/"),
        ("/lists/\r\nSet-Cookie: a=b", "/"),
        ("/" + "a" * 3000, "/"),
        ("", "/"),
    ],
)
def test_next_from_the_query(next_url: str, expected: str) -> None:
    request = RequestFactory().get("/accounts/signup/", {"next": next_url})
    assert safe_next(request, "web:home") == expected


def test_the_form_field_comes_before_the_query() -> None:
    request = RequestFactory().post("/x/?next=/catalogue/", {"next": "/lists/"})
    assert allowed_next(request) == "/lists/"


def test_an_https_request_refuses_plain_http() -> None:
    request = RequestFactory().get("/", {"next": "http://testserver/lists/"}, secure=True)
    assert (allowed_next(request), safe_next(request, "web:my-lists")) == ("", "/lists/")
