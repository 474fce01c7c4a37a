"""Log-in lockout that also lets request-less authentication through (management commands,
scripts): django-axes can only count failures it can attribute to a client."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class LockoutBackend(AxesStandaloneBackend):
    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        # Raises when the client is locked out; it never signs anyone in by itself.
        super().authenticate(request, username, password, **kwargs)
        return None
