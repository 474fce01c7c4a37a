"""Accounts over the API: sign-up, log-in and out, passwords, personal tokens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth import login, logout, update_session_auth_hash
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle

from builder.accounts.selectors import api_token_get_for_owner, api_tokens_for_owner
from builder.accounts.services import (
    api_token_create,
    api_token_revoke,
    user_authenticate,
    user_create,
    user_password_change,
    user_password_reset_confirm,
    user_password_reset_request,
)
from builder.api import fields as text
from builder.api.base import (
    SCOPED_THROTTLES,
    ErrorSerializer,
    OwnedApi,
    PublicApi,
    error_example,
    request_example,
    response_example,
)
from builder.core.errors import ErrorCode

TAG = ["accounts"]


class UserOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField()
    date_joined = serializers.DateTimeField()


class TokenOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(source="auth_token.token_key", help_text="First characters.")
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(source="auth_token.expiry", allow_null=True)


class NewTokenOutput(TokenOutput):
    token = serializers.CharField(help_text="The secret: shown once, never again.")


NEW_TOKEN_EXAMPLE = OpenApiExample(
    "New token",
    value={
        "id": 3,
        "name": "laptop script",
        "prefix": "mst_4f2a",
        "created_at": "2026-12-01T02:00:00Z",
        "expires_at": None,
        "token": "mst_4f2a9c...the whole secret, shown once",
    },
    response_only=True,
    status_codes=["201"],
)


USER_EXAMPLE = {
    "id": 1,
    "username": "ada",
    "email": "ada@example.com",
    "date_joined": "2026-12-01T02:00:00Z",
}
TOKEN_EXAMPLE = {
    "id": 3,
    "name": "laptop script",
    "prefix": "mst_4f2a9c81",
    "created_at": "2026-12-01T02:00:00Z",
    "expires_at": None,
}


class _Throttled:
    throttle_classes: Sequence[type[BaseThrottle]] = SCOPED_THROTTLES


class SignupApi(_Throttled, PublicApi):
    """Create an account (public)."""

    authentication_classes: list[Any] = []
    throttle_scope = "accounts-auth"

    @extend_schema_serializer(component_name="SignupInput")
    class InputSerializer(serializers.Serializer[Any]):
        username = text.RegexField(r"^[\w.@+-]+\Z", max_length=150)
        email = text.EmailField(max_length=254)
        password = text.CharField(max_length=128, write_only=True)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: UserOutput, 400: ErrorSerializer},
        examples=[
            OpenApiExample(
                "Sign up",
                value={
                    "username": "ada",
                    "email": "ada@example.com",
                    "password": "correct horse battery",
                },
                request_only=True,
            ),
            response_example("Signed up", USER_EXAMPLE, 201),
            error_example(
                "Weak password",
                400,
                ErrorCode.WEAK_PASSWORD,
                "Choose a stronger password.",
                "$.password",
                "password",
                "This password is too common.",
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = user_create(**data.validated_data)
        return Response(UserOutput(user).data, status=status.HTTP_201_CREATED)


class LoginApi(_Throttled, PublicApi):
    """Log in (public). With ``token_name``, answer a new personal token instead of starting
    a session: the way a script gets its first token."""

    authentication_classes: list[Any] = []
    throttle_scope = "accounts-auth"

    @extend_schema_serializer(component_name="LoginInput")
    class InputSerializer(serializers.Serializer[Any]):
        username = text.CharField(max_length=150)
        password = text.CharField(max_length=128, write_only=True)
        token_name = text.CharField(max_length=100, required=False)
        expires_in_days = serializers.IntegerField(min_value=1, max_value=3650, required=False)

    @extend_schema_serializer(component_name="LoginOutput")
    class OutputSerializer(serializers.Serializer[Any]):
        user = UserOutput()
        token = NewTokenOutput(required=False)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={200: OutputSerializer, 400: ErrorSerializer, 429: ErrorSerializer},
        examples=[
            OpenApiExample(
                "Log in for a token",
                value={"username": "ada", "password": "...", "token_name": "laptop script"},
                request_only=True,
            ),
            request_example("Log in with a session", {"username": "ada", "password": "..."}),
            response_example(
                "Token",
                {
                    "user": USER_EXAMPLE,
                    "token": {**TOKEN_EXAMPLE, "token": "mst_4f2a9c81...the secret, shown once"},
                },
            ),
            error_example(
                "Wrong password",
                400,
                ErrorCode.INVALID_CREDENTIALS,
                "Username or password is wrong.",
                "$.password",
                "password",
                "does not match",
            ),
            OpenApiExample(
                "Locked out",
                value={
                    "code": ErrorCode.LOCKED_OUT.value,
                    "message": "Too many failed log-ins; try again later.",
                    "details": [],
                },
                response_only=True,
                status_codes=["429"],
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        args = data.validated_data
        user = user_authenticate(
            request=request._request, username=args["username"], password=args["password"]
        )
        out: dict[str, Any] = {"user": UserOutput(user).data}
        if args.get("token_name"):
            token, secret = api_token_create(
                owner=user, name=args["token_name"], expires_in_days=args.get("expires_in_days")
            )
            out["token"] = {**TokenOutput(token).data, "token": secret}
        else:
            login(request._request, user)
        return Response(out)


class LogoutApi(OwnedApi):
    """End the session. Personal tokens stay valid until revoked."""

    @extend_schema(tags=TAG, request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeApi(OwnedApi):
    @extend_schema(
        tags=TAG, responses={200: UserOutput}, examples=[response_example("You", USER_EXAMPLE)]
    )
    def get(self, request: Request) -> Response:
        return Response(UserOutput(request.user).data)


class PasswordChangeApi(OwnedApi):
    """Change your password. Every personal token is revoked, the one making this call too,
    and your other sessions end; a session making this call stays signed in."""

    @extend_schema_serializer(component_name="PasswordChangeInput")
    class InputSerializer(serializers.Serializer[Any]):
        old_password = text.CharField(max_length=128, write_only=True)
        new_password = text.CharField(max_length=128, write_only=True)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={204: None, 400: ErrorSerializer},
        examples=[
            request_example("Change", {"old_password": "...", "new_password": "..."}),
            error_example(
                "Wrong current password",
                400,
                ErrorCode.INVALID_CREDENTIALS,
                "The current password is wrong.",
                "$.old_password",
                "old_password",
                "does not match",
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        changed = user_password_change(user=request.user, **data.validated_data)
        update_session_auth_hash(request._request, changed.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PasswordResetApi(_Throttled, PublicApi):
    """E-mail a reset code (public; printed to the console unless e-mail is configured).
    Always 202, whether or not the address has an account."""

    authentication_classes: list[Any] = []
    throttle_scope = "accounts-auth"

    @extend_schema_serializer(component_name="PasswordResetInput")
    class InputSerializer(serializers.Serializer[Any]):
        email = text.EmailField(max_length=254)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={202: None},
        examples=[request_example("Reset", {"email": "ada@example.com"})],
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user_password_reset_request(email=data.validated_data["email"], request=request._request)
        return Response(status=status.HTTP_202_ACCEPTED)


class PasswordResetConfirmApi(_Throttled, PublicApi):
    """Set a new password with a mailed code (public). Every personal token of the account
    is revoked and its sessions end."""

    authentication_classes: list[Any] = []
    throttle_scope = "accounts-auth"

    @extend_schema_serializer(component_name="PasswordResetConfirmInput")
    class InputSerializer(serializers.Serializer[Any]):
        uid = text.CharField(max_length=64)
        token = text.CharField(max_length=100)
        new_password = text.CharField(max_length=128, write_only=True)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={204: None, 400: ErrorSerializer},
        examples=[
            request_example(
                "Confirm", {"uid": "MQ", "token": "cf4x2a-9d1e...", "new_password": "..."}
            ),
            error_example(
                "Used or wrong code",
                400,
                ErrorCode.INVALID_RESET_LINK,
                "This reset link is invalid or has expired.",
                "$.token",
                "token",
                "invalid or expired",
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user_password_reset_confirm(**data.validated_data)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenListCreateApi(_Throttled, OwnedApi):
    throttle_scope = "accounts-tokens"

    @extend_schema_serializer(component_name="TokenListCreateInput")
    class InputSerializer(serializers.Serializer[Any]):
        name = text.CharField(max_length=100)
        expires_in_days = serializers.IntegerField(min_value=1, max_value=3650, required=False)

    @extend_schema(
        tags=TAG,
        responses={200: TokenOutput(many=True)},
        examples=[response_example("Your tokens", TOKEN_EXAMPLE)],
    )
    def get(self, request: Request) -> Response:
        return Response(TokenOutput(api_tokens_for_owner(user=request.user), many=True).data)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: NewTokenOutput, 400: ErrorSerializer},
        examples=[
            OpenApiExample("Name a token", value={"name": "laptop script"}, request_only=True),
            NEW_TOKEN_EXAMPLE,
        ],
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token, secret = api_token_create(owner=request.user, **data.validated_data)
        return Response({**TokenOutput(token).data, "token": secret}, status=201)


class TokenDetailApi(_Throttled, OwnedApi):
    throttle_scope = "accounts-tokens"

    @extend_schema(
        tags=TAG,
        responses={200: TokenOutput},
        examples=[response_example("A token", TOKEN_EXAMPLE)],
    )
    def get(self, request: Request, token_id: int) -> Response:
        return Response(
            TokenOutput(api_token_get_for_owner(user=request.user, token_id=token_id)).data
        )

    @extend_schema(tags=TAG, responses={204: None})
    def delete(self, request: Request, token_id: int) -> Response:
        api_token_revoke(token=api_token_get_for_owner(user=request.user, token_id=token_id))
        return Response(status=status.HTTP_204_NO_CONTENT)
