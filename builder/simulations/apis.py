"""Simulation jobs over the API: create, list, follow progress, read the report, cancel.

Jobs belong to whoever created them: another user's job is a 404, as is no job at all.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from builder.api.engine_apis import (
    _SIM_EXAMPLE,
    SimulationRequestSerializer,
    simulation_checked,
    simulation_request,
)
from builder.api.pagination import PAGE_PARAMS, PagePagination, page_of
from builder.api.schema import example
from builder.core.errors import ApplicationError
from builder.simulations.models import SimulationJob
from builder.simulations.selectors import simulation_job_get, simulation_job_list
from builder.simulations.services import simulation_job_cancel, simulation_job_create


class JobSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    url = serializers.URLField()
    result_url = serializers.URLField()
    system = serializers.CharField()
    runs = serializers.IntegerField()
    seed = serializers.IntegerField()
    status = serializers.ChoiceField(choices=SimulationJob.Status.choices)
    progress = serializers.DictField(
        help_text="blocks_done, blocks_total and the share done (0..1)."
    )
    error = serializers.JSONField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


def job_body(job: SimulationJob, request: Request) -> dict[str, Any]:
    url = reverse("api:simulation-detail", kwargs={"public_id": job.public_id}, request=request)
    total = job.blocks_total
    return {
        "id": str(job.public_id),
        "url": url,
        "result_url": reverse(
            "api:simulation-result", kwargs={"public_id": job.public_id}, request=request
        ),
        "system": job.system,
        "runs": job.runs,
        "seed": job.seed,
        "status": job.status,
        "progress": {
            "blocks_done": job.blocks_done,
            "blocks_total": total,
            "share": round(job.blocks_done / total, 4) if total else 0.0,
        },
        "error": job.error,
        "created_at": job.created_at.isoformat() if job.created_at else None,
        "started_at": job.started_at.isoformat() if job.started_at else None,
        "finished_at": job.finished_at.isoformat() if job.finished_at else None,
    }


_JOB_EXAMPLE = {
    "id": "6f1c1f1e-2c55-4a57-9a45-3f0d2b8f6a10",
    "url": "http://127.0.0.1:8000/api/v1/simulations/6f1c1f1e-2c55-4a57-9a45-3f0d2b8f6a10/",
    "result_url": (
        "http://127.0.0.1:8000/api/v1/simulations/6f1c1f1e-2c55-4a57-9a45-3f0d2b8f6a10/result/"
    ),
    "system": "crimson-dust",
    "runs": 1000000,
    "seed": 7,
    "status": "running",
    "progress": {"blocks_done": 3, "blocks_total": 16, "share": 0.1875},
    "error": None,
    "created_at": "2026-12-01T02:00:00+00:00",
    "started_at": "2026-12-01T02:00:01+00:00",
    "finished_at": None,
}
_ID = OpenApiParameter("public_id", str, OpenApiParameter.PATH, description="The job's id.")
_AT_QUOTA = OpenApiResponse(
    description=(
        "`job_quota`: you already have the most simulations allowed queued or running "
        "(or `throttled`: too many requests)."
    )
)
_ENDED = OpenApiResponse(description="`not_cancellable`: the job is done or failed.")


class SimulationJobListApi(APIView):
    """Your simulation jobs, newest first; post two lists to start one."""

    @extend_schema(
        operation_id="simulations_list",
        tags=["simulations"],
        parameters=PAGE_PARAMS,
        responses={200: page_of(JobSerializer, name="SimulationJobPage")},
        examples=[
            example(
                "Your jobs", {"count": 1, "next": None, "previous": None, "results": [_JOB_EXAMPLE]}
            )
        ],
    )
    def get(self, request: Request) -> Response:
        paginator = PagePagination()
        page = paginator.paginate_queryset(simulation_job_list(owner=request.user), request, self)
        return paginator.get_paginated_response([job_body(job, request) for job in page or []])

    @extend_schema(
        operation_id="simulations_create",
        tags=["simulations"],
        request=SimulationRequestSerializer,
        responses={202: JobSerializer, 429: _AT_QUOTA},
        examples=[
            example("A million fights", {**_SIM_EXAMPLE, "runs": 1_000_000}, request=True),
            example("The job", _JOB_EXAMPLE, status=202),
        ],
        description=(
            "Always a job, whatever the size: split into the engine's blocks, run by the "
            "workers in parallel and merged so that the same seed gives the same report. "
            "The work (runs times the models of both lists) is checked first, at most "
            "200,000,000 model-runs as for the command line (400 naming `runs`). You may "
            "have `SIMULATION_JOBS_PER_USER` jobs (3 by default) queued or running; one more "
            "is a 429 `job_quota` until one finishes or you cancel one."
        ),
    )
    def post(self, request: Request) -> Response:
        values = simulation_request(request.data)
        simulation_checked(values)
        job = simulation_job_create(owner=request.user, **values)
        body = job_body(job, request)
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


class SimulationJobDetailApi(APIView):
    """One of your jobs: its status and progress."""

    @extend_schema(
        operation_id="simulations_retrieve",
        tags=["simulations"],
        parameters=[_ID],
        responses={200: JobSerializer},
        examples=[example("A running job", _JOB_EXAMPLE)],
    )
    def get(self, request: Request, public_id: str) -> Response:
        return Response(
            job_body(simulation_job_get(owner=request.user, public_id=public_id), request)
        )


class SimulationJobResultApi(APIView):
    """The report of a finished job (409 while it runs, or when it failed or was cancelled)."""

    @extend_schema(
        operation_id="simulations_result",
        tags=["simulations"],
        parameters=[_ID],
        responses={200: dict[str, Any]},
        examples=[example("The report", {"runs": 1000000, "seed": 7, "outcomes": {"a": "..."}})],
        description="The same report `python -m rules_engine simulate` prints for the same seed.",
    )
    def get(self, request: Request, public_id: str) -> Response:
        job = simulation_job_get(owner=request.user, public_id=public_id)
        if job.status == SimulationJob.Status.FAILED:
            error = job.error or {}
            raise ApplicationError(
                code="simulation_failed",
                message=str(error.get("message", "The simulation failed.")),
                details=list(error.get("details", [])),
                status=409,
            )
        if job.status == SimulationJob.Status.CANCELLED:
            raise ApplicationError(
                code="simulation_cancelled",
                message=(
                    f"The simulation was cancelled after {job.blocks_done} of "
                    f"{job.blocks_total} blocks: it has no report."
                ),
                status=409,
            )
        if job.status != SimulationJob.Status.DONE:
            raise ApplicationError(
                code="not_ready",
                message=(
                    f"The simulation is {job.status}: {job.blocks_done} of "
                    f"{job.blocks_total} blocks done."
                ),
                status=409,
            )
        return Response(job.result)


class SimulationJobCancelApi(APIView):
    """Cancel one of your queued or running jobs: its remaining blocks are not played."""

    @extend_schema(
        operation_id="simulations_cancel",
        tags=["simulations"],
        parameters=[_ID],
        request=None,
        responses={200: JobSerializer, 409: _ENDED},
        examples=[example("The cancelled job", {**_JOB_EXAMPLE, "status": "cancelled"})],
        description=(
            "The job's status becomes `cancelled` and it no longer counts against your "
            "quota; blocks already played are kept but no report is made. Cancelling a "
            "cancelled job answers the same; a job that is done or failed is a 409 "
            "`not_cancellable`."
        ),
    )
    def post(self, request: Request, public_id: str) -> Response:
        job = simulation_job_get(owner=request.user, public_id=public_id)
        return Response(job_body(simulation_job_cancel(job=job), request))
