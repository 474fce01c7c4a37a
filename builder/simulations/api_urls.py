"""Routes of simulations: ``engine/simulate/`` and the jobs under ``simulations/``."""

from django.urls import path

from builder.simulations.apis import (
    SimulateApi,
    SimulationJobCancelApi,
    SimulationJobDetailApi,
    SimulationJobListApi,
    SimulationJobResultApi,
)

urlpatterns = [
    path("engine/simulate/", SimulateApi.as_view(), name="engine-simulate"),
    path("simulations/", SimulationJobListApi.as_view(), name="simulation-list"),
    path(
        "simulations/<str:public_id>/",
        SimulationJobDetailApi.as_view(),
        name="simulation-detail",
    ),
    path(
        "simulations/<str:public_id>/result/",
        SimulationJobResultApi.as_view(),
        name="simulation-result",
    ),
    path(
        "simulations/<str:public_id>/cancel/",
        SimulationJobCancelApi.as_view(),
        name="simulation-cancel",
    ),
]
