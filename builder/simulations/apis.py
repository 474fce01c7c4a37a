"""Simulations over the API: one played at once when small, or a job to create, list,
follow, read the report of and cancel.

Jobs belong to whoever created them: another user's job is a 404, as is no job at all.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from builder import engine
from builder.api.examples import EXAMPLE_LIST
from builder.api.limits import check_runs, list_document
from builder.api.pagination import PAGE_PARAMS, PagePagination, page_of
from builder.api.schema import example
from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import BadDocument
from builder.simulations.inputs import simulation_catalogue, simulation_checked
from builder.simulations.models import SimulationJob
from builder.simulations.selectors import simulation_job_get, simulation_job_list
from builder.simulations.services import simulation_job_cancel, simulation_job_create


@extend_schema_field(
    {"type": "integer", "minimum": 1, "maximum": engine.MAX_RUNS, "default": 10_000}
)
class RunsField(serializers.IntegerField):
    """Runs of a simulation: above ``engine.MAX_RUNS`` is a 400 ``too_many_runs``."""


class SimulationRequestSerializer(serializers.Serializer[Any]):
    list_a = serializers.JSONField(help_text="The first list (muster-list/1).")
    list_b = serializers.JSONField(help_text="The second list, of the same system.")
    scenario = serializers.JSONField(required=False, default=dict)
    runs = RunsField(min_value=1, default=10_000)
    seed = serializers.IntegerField(min_value=0, max_value=engine.MAX_SEED, default=1)


def simulation_request(data: Any) -> dict[str, Any]:
    """Validated simulation input, limits applied, lists checked like the CLI checks them."""
    if not isinstance(data, dict):
        raise BadDocument.at("$", "must be a JSON object with list_a and list_b")
    serializer = SimulationRequestSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    values = dict(serializer.validated_data)
    check_runs(values["runs"])
    list_document(values["list_a"], "$.list_a")
    list_document(values["list_b"], "$.list_b")
    return values


_SIM_EXAMPLE = {"list_a": EXAMPLE_LIST, "list_b": EXAMPLE_LIST, "runs": 2000, "seed": 7}


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
                code=ErrorCode.SIMULATION_FAILED,
                message=str(error.get("message", "The simulation failed.")),
                details=list(error.get("details", [])),
                status=409,
            )
        if job.status == SimulationJob.Status.CANCELLED:
            raise ApplicationError(
                code=ErrorCode.SIMULATION_CANCELLED,
                message=(
                    f"The simulation was cancelled after {job.blocks_done} of "
                    f"{job.blocks_total} blocks: it has no report."
                ),
                status=409,
            )
        if job.status != SimulationJob.Status.DONE:
            raise ApplicationError(
                code=ErrorCode.NOT_READY,
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


class SimulateApi(APIView):
    """Play two lists against each other: inline when small, as a job when large."""

    @extend_schema(
        operation_id="engine_simulate",
        tags=["engine"],
        request=SimulationRequestSerializer,
        responses={200: OpenApiTypes.OBJECT, 202: OpenApiTypes.OBJECT},
        examples=[
            example("Two warbands", _SIM_EXAMPLE, request=True),
            example("The report", {"runs": 2000, "seed": 7, "outcomes": {"a": "..."}}),
        ],
        description=(
            "The work of a simulation is its runs times the models of both lists; at most "
            f"{engine.MAX_MODEL_RUNS:,} model-runs, as for the command line. Up to "
            "`SIMULATION_INLINE_MAX_WORK` model-runs (150,000 by default, a few seconds) the "
            "report comes back at once, as `python -m rules_engine simulate` prints it. "
            "More work answers 202 with a simulation job (see `/api/v1/simulations/`) whose "
            "`result` URL gives the same report when it is done; 429 `job_quota` when you "
            "already have `SIMULATION_JOBS_PER_USER` jobs queued or running."
        ),
    )
    def post(self, request: Request) -> Response:
        values = simulation_request(request.data)
        work = simulation_checked(values)
        if work <= settings.SIMULATION_INLINE_MAX_WORK:
            catalogue = simulation_catalogue(values["list_a"], values["list_b"])
            report = engine.simulate(
                catalogue,
                values["list_a"],
                values["list_b"],
                runs=values["runs"],
                seed=values["seed"],
                scenario=values["scenario"],
            )
            return Response(report)
        job = simulation_job_create(owner=request.user, **values)
        body = job_body(job, request)
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})
