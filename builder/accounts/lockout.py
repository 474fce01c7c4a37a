"""What a locked-out client is told: the API's error shape under ``/api/``, a page elsewhere."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

from builder.core.errors import ErrorCode

LOCKED_OUT_MESSAGE = "Too many failed log-ins; try again later."
LOCKED_OUT = {
    "code": ErrorCode.LOCKED_OUT,
    "message": LOCKED_OUT_MESSAGE,
    "details": [],
}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """django-axes' answer to a locked-out client, in the form that client reads."""
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse(LOCKED_OUT, status=429)
    else:
        body: str
        try:
            body = render_to_string("registration/locked_out.html", request=request)
        except Exception:  # a page that cannot draw must not turn a lockout into a 500
            body = LOCKED_OUT_MESSAGE
        response = HttpResponse(body, status=429)
    response["Retry-After"] = "3600"
    return response
