"""Reads for accounts."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from builder.accounts.models import ApiToken


def api_tokens_for_owner(*, user: Any) -> QuerySet[ApiToken]:
    if not user.is_authenticated:
        return ApiToken.objects.none()
    return ApiToken.objects.filter(owner=user).select_related("auth_token")


def api_token_get_for_owner(*, user: Any, token_id: int | str) -> ApiToken:
    """One of the user's tokens; anyone else's is not found (404)."""
    try:
        return api_tokens_for_owner(user=user).get(pk=int(token_id))
    except (ApiToken.DoesNotExist, ValueError, TypeError) as exc:
        raise Http404("No such token.") from exc
