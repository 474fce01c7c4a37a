"""Engine endpoints for apps that keep their own lists: check, cost, odds and simulate.

Each answers exactly what ``python -m rules_engine`` prints for the same input, checked
against the catalogue the list names in ``content`` (the published packs otherwise).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from builder import engine
from builder.api import limits
from builder.api.schema import example
from builder.core.errors import ApplicationError
from builder.engine import BadDocument
from content.api_selectors import engine_catalogue, list_pins

_EXAMPLE_LIST = json.loads(
    (Path(settings.BASE_DIR) / "docs/examples/crimson-dust/dust-devils-500.json").read_text(
        encoding="utf-8"
    )
)


def list_document(data: Any, root: str = "$") -> dict[str, Any]:
    """A request body that must be one list document within the entries limit."""
    if not isinstance(data, dict):
        raise BadDocument.at(root, "must be a muster-list/1 JSON object")
    limits.check_entries(data, root)
    return data


class ViolationSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    message = serializers.CharField()
    path = serializers.CharField()
    severity = serializers.ChoiceField(choices=["error", "warning"])


class VerdictSerializer(serializers.Serializer[Any]):
    legal = serializers.BooleanField()
    points = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    violations = ViolationSerializer(many=True)
    breakdown = serializers.JSONField(help_text="The itemised price, per system.")
    house_rules = serializers.JSONField()


class CostSerializer(serializers.Serializer[Any]):
    points = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    breakdown = serializers.JSONField()


_VERDICT_EXAMPLE = {
    "legal": True,
    "points": 470,
    "limit": 500,
    "violations": [],
    "breakdown": {"entries": ["..."]},
    "house_rules": {"prices": {}, "notes": ""},
}


class CheckApi(APIView):
    """Check a list document: legal or not, its points and every rule it breaks."""

    @extend_schema(
        operation_id="engine_check",
        tags=["engine"],
        request=OpenApiTypes.OBJECT,
        responses={200: VerdictSerializer},
        examples=[
            example("A 500-point warband", _EXAMPLE_LIST, request=True),
            example("Its verdict", _VERDICT_EXAMPLE),
        ],
        description=(
            "The body is a `muster-list/1` document; the answer is what "
            "`python -m rules_engine check` prints. An illegal list is still a 200 with "
            "`legal: false`; an unreadable document is a 400 naming every bad JSON path."
        ),
    )
    def post(self, request: Request) -> Response:
        doc = list_document(request.data)
        engine.validate(doc)
        return Response(engine.list_checked(doc).verdict_json())


class CostApi(APIView):
    """Price a list document: points, limit and the itemised breakdown."""

    @extend_schema(
        operation_id="engine_cost",
        tags=["engine"],
        request=OpenApiTypes.OBJECT,
        responses={200: CostSerializer},
        examples=[
            example("A 500-point warband", _EXAMPLE_LIST, request=True),
            example("Its price", {"points": 470, "limit": 500, "breakdown": {"entries": ["..."]}}),
        ],
        description="What `python -m rules_engine cost` prints for the same document.",
    )
    def post(self, request: Request) -> Response:
        doc = list_document(request.data)
        engine.validate(doc)
        return Response(engine.list_checked(doc).cost_json())


class OddsParamSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    type = serializers.JSONField(help_text="JSON type, or a list of them (e.g. string or null).")
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    choices = serializers.ListField(required=False)
    default = serializers.JSONField(allow_null=True)
    meaning = serializers.CharField()
    aliases = serializers.ListField(child=serializers.CharField(), required=False)
    catalogue_ids = serializers.CharField(
        required=False, help_text="The record type whose stable ids the value names."
    )
    items = serializers.JSONField(required=False, help_text="A list's items: their type.")
    max_items = serializers.IntegerField(required=False, help_text="A list's longest length.")


class OddsQuerySerializer(serializers.Serializer[Any]):
    query = serializers.CharField()
    summary = serializers.CharField()
    params = OddsParamSerializer(many=True)


_SYSTEM_PARAM = OpenApiParameter(
    "system", str, OpenApiParameter.PATH, enum=list(engine.SYSTEMS), description="Game system."
)


def _known_system(system: str) -> str:
    if system not in engine.SYSTEMS:
        raise ApplicationError(
            code="not_found",
            message=f"No game system {system!r} (known: {', '.join(engine.SYSTEMS)}).",
            details=[{"path": "system", "field": "system", "message": "unknown game system"}],
            status=404,
        )
    return system


class OddsQueryListApi(APIView):
    """The odds queries a system answers, with every parameter described."""

    @extend_schema(
        operation_id="engine_odds_queries",
        tags=["engine"],
        parameters=[_SYSTEM_PARAM],
        responses={
            200: inline_serializer(
                "OddsQueryList",
                {"system": serializers.CharField(), "queries": OddsQuerySerializer(many=True)},
            )
        },
        examples=[
            example(
                "Crimson Dust",
                {
                    "system": "crimson-dust",
                    "queries": [
                        {
                            "query": "morale",
                            "summary": "A morale test's outcome (Morale Tests).",
                            "params": [
                                {
                                    "name": "dice",
                                    "type": "integer",
                                    "minimum": 0,
                                    "maximum": 40,
                                    "default": 2,
                                    "meaning": "morale dice rolled",
                                }
                            ],
                        }
                    ],
                },
            )
        ],
    )
    def get(self, request: Request, system: str) -> Response:
        return Response({"system": system, "queries": engine.odds_queries(_known_system(system))})


class OddsRunApi(APIView):
    """Run one odds query with its parameters."""

    @extend_schema(
        operation_id="engine_odds_run",
        tags=["engine"],
        parameters=[_SYSTEM_PARAM, OpenApiParameter("query", str, OpenApiParameter.PATH)],
        request=inline_serializer("OddsRequest", {"params": serializers.DictField(required=False)}),
        responses={200: OpenApiTypes.OBJECT},
        examples=[
            example("A morale test", {"params": {"dice": 2, "mr": 4}}, request=True),
            example("Its odds", {"query": "morale", "outcome": {"0": "0.25"}}),
        ],
        description=(
            "What `python -m rules_engine odds SYSTEM QUERY k=v ...` prints; a bad "
            "parameter is a 400 naming `params.<name>`."
        ),
    )
    def post(self, request: Request, system: str, query: str) -> Response:
        body = request.data if isinstance(request.data, dict) else None
        if body is None:
            raise BadDocument.at("$", "must be a JSON object with 'params'")
        params = body.get("params", {})
        if not isinstance(params, dict):
            raise BadDocument.at("$.params", "must be a JSON object of parameters")
        catalogue = engine_catalogue()
        return Response(engine.odds(catalogue, _known_system(system), query, params))


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
    limits.check_runs(values["runs"])
    list_document(values["list_a"], "$.list_a")
    list_document(values["list_b"], "$.list_b")
    return values


def simulation_checked(values: dict[str, Any]) -> int:
    """Everything a simulation needs is readable and its work within the engine's limit:
    refused now rather than failing in a worker. Returns the work (model-runs)."""
    return engine.simulation_inputs(
        simulation_catalogue(values["list_a"], values["list_b"]),
        values["list_a"],
        values["list_b"],
        scenario=values["scenario"],
        runs=values["runs"],
        seed=values["seed"],
    )


def simulation_catalogue(list_a: Any, list_b: Any) -> Any:
    """The catalogue both lists name (list_a's pins win where both pin the same pack)."""
    pins = {**list_pins(list_b if isinstance(list_b, dict) else {}), **list_pins(list_a)}
    return engine_catalogue(pins)


_SIM_EXAMPLE = {"list_a": _EXAMPLE_LIST, "list_b": _EXAMPLE_LIST, "runs": 2000, "seed": 7}


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
        from builder.simulations.services import simulation_job_create

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
        from builder.simulations.apis import job_body

        body = job_body(job, request)
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})
