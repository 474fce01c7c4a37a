"""API views that belong to no other concern: the OpenAPI document and unknown routes."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.renderers import OpenApiJsonRenderer, OpenApiYamlRenderer
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


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

    get = post = put = patch = delete = _missing
