"""Routes of simulation jobs under ``/api/v1/simulations/``."""

from django.urls import path

from builder.simulations.apis import (
    SimulationJobCancelApi,
    SimulationJobDetailApi,
    SimulationJobListApi,
    SimulationJobResultApi,
)

urlpatterns = [
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
