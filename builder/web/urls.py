"""The site's pages, mounted at ``/``."""

from django.urls import path

from builder.web.views import catalogue, home

app_name = "web"

urlpatterns = [
    path("", home.home, name="home"),
    path("catalogue/", catalogue.catalogue_index, name="catalogue"),
    path("catalogue/<slug:system>/", catalogue.catalogue_browse, name="catalogue-browse"),
    path(
        "catalogue/<slug:system>/<slug:type>/<slug:stable_id>/",
        catalogue.record_detail,
        name="record",
    ),
]

from builder.web.views import odds  # noqa: E402

urlpatterns += [
    path("odds/", odds.odds_page, name="odds"),
    path("odds/<slug:system>/", odds.odds_page, name="odds-system"),
]

from builder.web.views import build  # noqa: E402

urlpatterns += [
    path("build/", build.build_start, name="build-start"),
    path("build/<slug:system>/<slug:kind>/", build.build, name="build"),
    path("build/<slug:system>/<slug:kind>/export/", build.build_export, name="build-export"),
]
