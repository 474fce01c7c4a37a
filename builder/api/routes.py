"""Routes of the API app: the schema, the catalogue and the engine."""

from django.urls import path

from builder.api.engine_apis import CheckApi, CostApi, OddsQueryListApi, OddsRunApi, SimulateApi
from builder.api.views import SchemaApi

urlpatterns = [
    path("schema/", SchemaApi.as_view(), name="schema"),
    path("engine/check/", CheckApi.as_view(), name="engine-check"),
    path("engine/cost/", CostApi.as_view(), name="engine-cost"),
    path("engine/simulate/", SimulateApi.as_view(), name="engine-simulate"),
    path("engine/<str:system>/odds/", OddsQueryListApi.as_view(), name="engine-odds-queries"),
    path("engine/<str:system>/odds/<str:query>/", OddsRunApi.as_view(), name="engine-odds-run"),
]
