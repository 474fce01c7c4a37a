"""The API's documentation pages, outside the versioned prefix: ``/api/docs/``.

Swagger UI and Redoc are served from drf-spectacular-sidecar's local files (no CDN), and
read the OpenAPI document at ``/api/v1/schema/``.
"""

from django.urls import path
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView

urlpatterns = [
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="api-docs"),
    path(
        "docs/redoc/",
        SpectacularRedocView.as_view(url_name="api:schema", template_name="api/redoc.html"),
        name="api-redoc",
    ),
]
