"""The API's documentation pages, outside the versioned prefix: ``/api/docs/``.

Swagger UI and Redoc are served from drf-spectacular-sidecar's local files (no CDN), and
read the OpenAPI document at ``/api/v1/schema/``. Both run under the site's content
security policy with no inline script (Swagger UI's start-up script is a file of its own);
they only need inline styles, and Redoc a worker from a ``blob:`` for its search.
"""

from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

DOCS_POLICY = {"style-src": ["'unsafe-inline'"], "worker-src": ["'self'", "blob:"]}

urlpatterns = [
    path(
        "docs/",
        csp_update(DOCS_POLICY)(SpectacularSwaggerSplitView.as_view(url_name="api:schema")),
        name="api-docs",
    ),
    path(
        "docs/redoc/",
        csp_update(DOCS_POLICY)(
            SpectacularRedocView.as_view(url_name="api:schema", template_name="api/redoc.html")
        ),
        name="api-redoc",
    ),
]
