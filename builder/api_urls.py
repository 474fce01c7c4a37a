"""The REST API, version 1: every route lives under ``/api/v1/``.

This is wiring, like ``builder/urls.py``: it mounts each app's ``api_urls`` in turn, so
``builder.api`` itself (the infrastructure every app's endpoints build on) needs none.
"""

from django.urls import include, path, re_path

from builder.api.index import ApiIndexApi
from builder.api.views import UnknownRouteApi

app_name = "api"

urlpatterns = [
    path("", ApiIndexApi.as_view(), name="index"),
    path("", include("builder.api.routes")),
    path("", include("builder.catalogue.api_urls")),
    path("", include("builder.accounts.api_urls")),
    path("", include("builder.lists.api_urls")),
    path("", include("builder.collections.api_urls")),
    path("", include("builder.simulations.api_urls")),
    path("", include("builder.printing.api_urls")),
    path("", include("builder.play.api_urls")),
    # Last: anything else under /api/v1/ is a 404 in the API's error shape (a line break
    # in the path included, which ``.`` would not match).
    re_path(r"^[\s\S]*$", UnknownRouteApi.as_view(), name="unknown"),
]
