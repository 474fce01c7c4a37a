"""Routes of the public catalogue and the engine's check, cost, odds and resolve under /api/v1/."""

from django.urls import path

from builder.catalogue.apis import (
    RECORD_PATHS,
    RECORD_VIEWS,
    PackVersionRecordsApi,
    SystemDetailApi,
    SystemListApi,
)
from builder.catalogue.engine_apis import CheckApi, CostApi, OddsQueryListApi, OddsRunApi
from builder.catalogue.registry_apis import (
    PackDiffApi,
    PackVersionFileApi,
    RegistryPackDetailApi,
    RegistryPackListApi,
    RegistryVersionDetailApi,
    RegistryVersionListApi,
)
from builder.catalogue.resolve_apis import ProcedureListApi, ResolveApi
from builder.catalogue.signing_apis import PackVersionSignatureApi, SigningKeyApi

urlpatterns = [
    path("engine/check/", CheckApi.as_view(), name="engine-check"),
    path("engine/cost/", CostApi.as_view(), name="engine-cost"),
    path("engine/<str:system>/odds/", OddsQueryListApi.as_view(), name="engine-odds-queries"),
    path("engine/<str:system>/odds/<str:query>/", OddsRunApi.as_view(), name="engine-odds-run"),
    path("engine/<str:system>/resolve/", ProcedureListApi.as_view(), name="engine-procedures"),
    path(
        "engine/<str:system>/resolve/<str:procedure>/",
        ResolveApi.as_view(),
        name="engine-resolve",
    ),
    path("systems/", SystemListApi.as_view(), name="system-list"),
    path("systems/<str:slug>/", SystemDetailApi.as_view(), name="system-detail"),
    path("signing-key/", SigningKeyApi.as_view(), name="signing-key"),
    path("packs/", RegistryPackListApi.as_view(), name="pack-list"),
    path("packs/<str:pack_id>/", RegistryPackDetailApi.as_view(), name="pack-detail"),
    path("packs/<str:pack_id>/diff/", PackDiffApi.as_view(), name="pack-diff"),
    path(
        "packs/<str:pack_id>/versions/", RegistryVersionListApi.as_view(), name="pack-version-list"
    ),
    path(
        "packs/<str:pack_id>/versions/<str:version>/",
        RegistryVersionDetailApi.as_view(),
        name="pack-version-detail",
    ),
    path(
        "packs/<str:pack_id>/versions/<str:version>/file/",
        PackVersionFileApi.as_view(),
        name="pack-version-file",
    ),
    path(
        "packs/<str:pack_id>/versions/<str:version>/signature/",
        PackVersionSignatureApi.as_view(),
        name="pack-version-signature",
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
