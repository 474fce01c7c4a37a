"""The REST API, version 1: every route lives under ``/api/v1/``."""

from django.urls import include, path

app_name = "api"

urlpatterns = [
    path("", include("builder.api.routes")),
    path("", include("builder.accounts.api_urls")),
    path("", include("builder.lists.api_urls")),
    path("", include("builder.collections.api_urls")),
    path("", include("builder.simulations.api_urls")),
    path("", include("builder.printing.api_urls")),
]
