"""``owned=true`` on catalogue lists: only the records the signed-in user's collection holds."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request

from builder.core.errors import ApplicationError


def owned_ids(request: Request, model: type[Any]) -> list[int]:
    """Primary keys of ``model`` rows the user owns; anonymous callers get a 401."""
    if not request.user or not request.user.is_authenticated:
        raise NotAuthenticated("owned=true needs a token: it shows your own collection.")
    try:
        from builder.collections.selectors import owned_record_ids
    except ImportError as exc:
        raise ApplicationError(
            code="owned_unavailable",
            message="Collections are not available on this server, so owned=true cannot apply.",
            details=[{"path": "owned", "field": "owned", "message": "no collections"}],
        ) from exc
    return list(owned_record_ids(user=request.user, model=model))
