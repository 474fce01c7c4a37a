"""The account pages' throttle: the API's ``accounts-auth`` rate, in the same counts.

Sign-up and password-reset forms count against the same bucket as their API versions (one
per client address, in the shared ``throttle`` cache), so switching between the page and the
API buys no extra attempts.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

from django.http import HttpRequest

from builder.accounts.api_base import ScopedThrottle

ACCOUNTS_AUTH_SCOPE = "accounts-auth"


def account_attempt_wait(*, request: HttpRequest, scope: str = ACCOUNTS_AUTH_SCOPE) -> int:
    """Count one attempt from this client; the whole seconds it must wait when the attempt
    is over the rate, else 0."""
    throttle = ScopedThrottle()
    if throttle.allow_request(request, SimpleNamespace(throttle_scope=scope)):
        return 0
    return max(1, math.ceil(throttle.wait() or throttle.duration))
