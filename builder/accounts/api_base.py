"""What every players'-data endpoint shares: who may call it and how errors look.

Authentication is by session (the web pages) or by a personal token sent as
``Authorization: Token <secret>``. Errors raised by services become the API's one error
shape here as well, so an endpoint never answers a 500 for a request it refuses.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiExample
from knox.auth import TokenAuthentication
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from builder.core.errors import ApplicationError

AUTHENTICATION_CLASSES = [TokenAuthentication, SessionAuthentication]


def error_body(code: str, message: str, details: list[dict[str, Any]]) -> dict[str, Any]:
    return {"code": code, "message": message, "details": details}


def django_validation_details(exc: DjangoValidationError) -> list[dict[str, Any]]:
    if hasattr(exc, "error_dict"):
        return [
            {"path": f"$.{field}", "field": field, "message": message}
            for field, messages in exc.message_dict.items()
            for message in messages
        ]
    return [{"path": "$", "field": "", "message": m} for m in exc.messages]


class OwnedApi(APIView):
    """Signed-in callers only; the views filter every queryset by ``request.user``."""

    authentication_classes = AUTHENTICATION_CLASSES
    permission_classes = [IsAuthenticated]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, ApplicationError):
            return Response(error_body(exc.code, exc.message, exc.details), status=exc.status)
        if isinstance(exc, DjangoValidationError):
            return Response(
                error_body("invalid", "The request is not valid.", django_validation_details(exc)),
                status=400,
            )
        return super().handle_exception(exc)


class PublicApi(OwnedApi):
    """Documented as public: anyone may call it, signed in or not."""

    permission_classes: list[Any] = []


class ErrorDetailSerializer(serializers.Serializer):  # type: ignore[type-arg]
    path = serializers.CharField(help_text="JSON path of the offending value, e.g. $.entries[2]")
    field = serializers.CharField()
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The one 4xx shape."""

    code = serializers.CharField(help_text="Stable machine-readable code.")
    message = serializers.CharField(help_text="What went wrong, for a person.")
    details = ErrorDetailSerializer(many=True)


class OwnedPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


def paginated(view: APIView, queryset: Any, serializer: type[Any]) -> Response:
    paginator = OwnedPagination()
    page = paginator.paginate_queryset(queryset, view.request, view=view)
    return paginator.get_paginated_response(serializer(page, many=True).data)


def error_example(
    name: str, status: int, code: str, message: str, path: str, field: str, detail: str
) -> OpenApiExample:
    return OpenApiExample(
        name,
        value=error_body(code, message, [{"path": path, "field": field, "message": detail}]),
        response_only=True,
        status_codes=[str(status)],
    )


NOT_FOUND = OpenApiExample(
    "Not found (or not yours)",
    value={"detail": "No such list."},
    response_only=True,
    status_codes=["404"],
)
