"""The account pages' throttle: the API's ``accounts-auth`` rate, in the same counts.

Sign-up and password-reset forms count against the same bucket as their API versions (one
per client address, in the shared ``throttle`` cache), so switching between the page and the
API buys no extra attempts.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import cast

from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.views import APIView

from builder.api.base import ScopedThrottle

ACCOUNTS_AUTH_SCOPE = "accounts-auth"


def account_attempt_wait(*, request: HttpRequest, scope: str = ACCOUNTS_AUTH_SCOPE) -> int:
    """Count one attempt from this client; the whole seconds it must wait when the attempt
    is over the rate, else 0."""
    throttle = ScopedThrottle()
    # DRF's throttle reads only the request's ``META`` and ``user`` and the view's scope, which
    # a page's request and this stand-in view provide.
    view = cast(APIView, SimpleNamespace(throttle_scope=scope))
    if throttle.allow_request(cast(Request, request), view):
        return 0
    _count, duration = throttle.parse_rate(throttle.rate)
    return max(1, math.ceil(throttle.wait() or duration or 0))
