"""Writes for accounts: sign-up, passwords, personal API tokens."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model, password_validation
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode
from knox.models import AuthToken

from builder.accounts.models import ApiToken
from builder.core.errors import ApplicationError, ErrorCode
from builder.core.site import site_email_context


def _field_error(
    field: str, messages: list[str], code: ErrorCode, message: str
) -> ApplicationError:
    return ApplicationError(
        code=code,
        message=message,
        details=[{"path": f"$.{field}", "field": field, "message": m} for m in messages],
    )


@transaction.atomic
def user_create(*, username: str, email: str, password: str) -> Any:
    """A new player account; the password must pass the configured validators."""
    user_model = get_user_model()
    if user_model.objects.filter(username__iexact=username).exists():
        raise _field_error(
            "username",
            ["already taken"],
            ErrorCode.USERNAME_TAKEN,
            "That username is already taken.",
        )
    user = user_model(username=username, email=email)
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise _field_error(
            "password", list(exc.messages), ErrorCode.WEAK_PASSWORD, "Choose a stronger password."
        ) from exc
    user.set_password(password)
    user.full_clean()
    user.save()
    return user


def user_authenticate(*, request: HttpRequest, username: str, password: str) -> Any:
    """The user these credentials name; repeated failures are locked out (django-axes)."""
    user = authenticate(request=request, username=username, password=password)
    if getattr(request, "axes_locked_out", False):
        raise ApplicationError(
            code=ErrorCode.LOCKED_OUT,
            message="Too many failed log-ins; try again later.",
            status=429,
        )
    if user is None or not user.is_active:
        raise ApplicationError(
            code=ErrorCode.INVALID_CREDENTIALS,
            message="Username or password is wrong.",
            details=[{"path": "$.password", "field": "password", "message": "does not match"}],
        )
    return user


@dataclass(frozen=True)
class PasswordSet:
    """A new password stored, and how many of the user's API tokens it revoked."""

    user: Any
    tokens_revoked: int


@transaction.atomic
def user_password_change(*, user: Any, old_password: str, new_password: str) -> PasswordSet:
    if not user.check_password(old_password):
        raise _field_error(
            "old_password",
            ["does not match"],
            ErrorCode.INVALID_CREDENTIALS,
            "The current password is wrong.",
        )
    return user_password_set(user=user, new_password=new_password)


def user_password_reset_request(*, email: str, request: HttpRequest) -> None:
    """E-mail a reset link to every active account with this address (the console by
    default). Says nothing about whether the address is known."""
    form = PasswordResetForm(data={"email": email})
    if form.is_valid():
        form.save(
            request=request,
            use_https=request.is_secure(),
            subject_template_name="accounts/password_reset_subject.txt",
            email_template_name="accounts/password_reset_email.txt",
            extra_email_context=site_email_context(),
        )


@transaction.atomic
def user_password_reset_confirm(*, uid: str, token: str, new_password: str) -> PasswordSet:
    user_model = get_user_model()
    try:
        user = user_model.objects.get(pk=force_str(urlsafe_base64_decode(uid)))
    except (ValueError, TypeError, OverflowError, user_model.DoesNotExist):
        user = None
    if user is None or not default_token_generator.check_token(user, token):
        raise _field_error(
            "token",
            ["invalid or expired"],
            ErrorCode.INVALID_RESET_LINK,
            "This reset link is invalid or has expired.",
        )
    return user_password_set(user=user, new_password=new_password)


def max_tokens() -> int:
    return int(getattr(settings, "MUSTER_MAX_API_TOKENS", 20))


@transaction.atomic
def api_token_create(
    *, owner: Any, name: str, expires_in_days: int | None = None
) -> tuple[ApiToken, str]:
    """A new personal token. The secret is returned once and only its digest is stored."""
    limit = max_tokens()
    if ApiToken.objects.filter(owner=owner).count() >= limit:
        raise ApplicationError(
            code=ErrorCode.TOO_MANY_TOKENS,
            message=f"You may keep at most {limit} tokens; revoke one first.",
            details=[
                {
                    "path": "$",
                    "field": "name",
                    "message": f"at most {limit} tokens (MUSTER_MAX_API_TOKENS)",
                }
            ],
        )
    expiry = timedelta(days=expires_in_days) if expires_in_days else None
    auth_token: AuthToken
    secret: str
    # knox's manager answers the new row and its secret; it carries no annotations.
    auth_token, secret = AuthToken.objects.create(user=owner, expiry=expiry)  # type: ignore[no-untyped-call]
    token = ApiToken(owner=owner, name=name, auth_token=auth_token)
    token.full_clean()
    token.save()
    return token, secret


@transaction.atomic
def api_token_revoke(*, token: ApiToken) -> None:
    """Revoke a token at once: its knox row (and so the name) is deleted."""
    token.auth_token.delete()


@transaction.atomic
def api_tokens_revoke_all(*, user: Any) -> int:
    """Revoke every personal token of ``user`` at once; the number revoked."""
    _total, per_model = AuthToken.objects.filter(user=user).delete()
    return per_model.get(AuthToken._meta.label, 0)


@transaction.atomic
def user_password_set(*, user: Any, new_password: str) -> PasswordSet:
    """Store a new password for a user already proven to be its owner (by the old password
    or a reset code), and end what the old one let in: every API token is revoked, and every
    session signed in before stops working, since a session is bound to the password's hash
    (a page that changes its own password keeps its session with
    ``update_session_auth_hash``). Every change and reset, page or API, comes here; the
    admin's password form revokes the tokens with ``api_tokens_revoke_all``.
    """
    try:
        password_validation.validate_password(new_password, user)
    except ValidationError as exc:
        raise _field_error(
            "new_password",
            list(exc.messages),
            ErrorCode.WEAK_PASSWORD,
            "Choose a stronger password.",
        ) from exc
    user.set_password(new_password)
    user.save(update_fields=["password"])
    return PasswordSet(user=user, tokens_revoked=api_tokens_revoke_all(user=user))
