"""API views that belong to no other concern: the OpenAPI document, unknown routes, and
the answers Django itself gives (400, 403, 404, 500) in the API's error shape under /api/.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from drf_spectacular.renderers import OpenApiJsonRenderer, OpenApiYamlRenderer
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from builder.api.errors import error_body
from builder.core.errors import ErrorCode

API_PREFIX = "/api/"


class SchemaApi(SpectacularAPIView):
    """The OpenAPI 3 document of ``/api/v1/`` (JSON by default, ``?format=yaml``)."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes: list[Any] = []
    renderer_classes = [OpenApiJsonRenderer, OpenApiYamlRenderer]


@extend_schema(exclude=True)
class UnknownRouteApi(APIView):
    """Any path under ``/api/v1/`` that names no endpoint: a 404 in the error shape."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]

    def _missing(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        raise Http404

    get = post = put = patch = delete = head = options = _missing


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler400``: a body Django cannot read (too many fields, a broken upload...)."""
    if _is_api(request):
        body = error_body(ErrorCode.BAD_REQUEST, "The request cannot be read.")
        return JsonResponse(body, status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler403``."""
    if _is_api(request):
        body = error_body(ErrorCode.PERMISSION_DENIED, "You may not do this.")
        return JsonResponse(body, status=403)
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler404``: an address no route matches."""
    if _is_api(request):
        body = error_body(
            ErrorCode.NOT_FOUND, "Nothing here: no such resource, or it is not yours."
        )
        return JsonResponse(body, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: our bug, logged with its traceback; never a page in the API."""
    if _is_api(request):
        body = error_body(
            ErrorCode.SERVER_ERROR, "Something went wrong on our side; it has been logged."
        )
        return JsonResponse(body, status=500)
    return defaults.server_error(request)
