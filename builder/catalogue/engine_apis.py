"""Engine endpoints for apps that keep their own lists: check, cost and odds.

Each answers exactly what ``python -m rules_engine`` prints for the same input, checked
against the catalogue the list names in ``content`` (the published packs otherwise).
Simulations, which may become jobs, are ``builder.simulations``' endpoints.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from builder import engine
from builder.api.examples import EXAMPLE_LIST
from builder.api.limits import list_document
from builder.api.schema import example
from builder.api.verdicts import PricedEntrySerializer, ViolationSerializer
from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import BadDocument
from content.api_selectors import engine_catalogue


class VerdictSerializer(serializers.Serializer[Any]):
    legal = serializers.BooleanField()
    points = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    violations = ViolationSerializer(many=True)
    entries = PricedEntrySerializer(many=True, help_text="Each entry the system prices.")
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
    "entries": [{"path": "$.entries[0]", "name": "Model 1", "points": 75}, "..."],
    "breakdown": {"models": ["..."], "total": 470},
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
            example("A 500-point warband", EXAMPLE_LIST, request=True),
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
            example("A 500-point warband", EXAMPLE_LIST, request=True),
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


SYSTEM_PARAM = OpenApiParameter(
    "system", str, OpenApiParameter.PATH, enum=list(engine.SYSTEMS), description="Game system."
)


def known_system(system: str) -> str:
    if system not in engine.SYSTEMS:
        raise ApplicationError(
            code=ErrorCode.NOT_FOUND,
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
        parameters=[SYSTEM_PARAM],
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
        return Response({"system": system, "queries": engine.odds_queries(known_system(system))})


class OddsRunApi(APIView):
    """Run one odds query with its parameters."""

    @extend_schema(
        operation_id="engine_odds_run",
        tags=["engine"],
        parameters=[SYSTEM_PARAM, OpenApiParameter("query", str, OpenApiParameter.PATH)],
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
        return Response(engine.odds(catalogue, known_system(system), query, params))
