"""Routes of the API app: the schema, the catalogue and the engine."""

from django.urls import path

from builder.api.catalogue_apis import (
    RECORD_PATHS,
    RECORD_VIEWS,
    PackDetailApi,
    PackListApi,
    PackVersionDetailApi,
    PackVersionListApi,
    PackVersionRecordsApi,
    SystemDetailApi,
    SystemListApi,
)
from builder.api.engine_apis import CheckApi, CostApi, OddsQueryListApi, OddsRunApi, SimulateApi
from builder.api.views import SchemaApi

urlpatterns = [
    path("schema/", SchemaApi.as_view(), name="schema"),
    path("engine/check/", CheckApi.as_view(), name="engine-check"),
    path("engine/cost/", CostApi.as_view(), name="engine-cost"),
    path("engine/simulate/", SimulateApi.as_view(), name="engine-simulate"),
    path("engine/<str:system>/odds/", OddsQueryListApi.as_view(), name="engine-odds-queries"),
    path("engine/<str:system>/odds/<str:query>/", OddsRunApi.as_view(), name="engine-odds-run"),
    path("systems/", SystemListApi.as_view(), name="system-list"),
    path("systems/<str:slug>/", SystemDetailApi.as_view(), name="system-detail"),
    path("packs/", PackListApi.as_view(), name="pack-list"),
    path("packs/<str:pack_id>/", PackDetailApi.as_view(), name="pack-detail"),
    path("packs/<str:pack_id>/versions/", PackVersionListApi.as_view(), name="pack-version-list"),
    path(
        "packs/<str:pack_id>/versions/<str:version>/",
        PackVersionDetailApi.as_view(),
        name="pack-version-detail",
    ),
    path(
        "packs/<str:pack_id>/versions/<str:version>/records/",
        PackVersionRecordsApi.as_view(),
        name="pack-version-records",
    ),
]

for _type, (_list_view, _detail_view) in RECORD_VIEWS.items():
    urlpatterns += [
        path(f"{RECORD_PATHS[_type]}/", _list_view.as_view(), name=f"{_type}-list"),
        path(
            f"{RECORD_PATHS[_type]}/<str:system>/<str:stable_id>/",
            _detail_view.as_view(),
            name=f"{_type}-detail",
        ),
    ]
