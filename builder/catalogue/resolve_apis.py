"""Engine endpoints that resolve a roll by the rules, for tables, bots and campaign sites.

Each answers exactly what ``python -m rules_engine resolve`` prints for the same input,
against the published packs.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from builder import engine
from builder.api.schema import example
from builder.catalogue.engine_apis import SYSTEM_PARAM, OddsParamSerializer, known_system
from builder.engine import BadDocument
from content.api_selectors import engine_catalogue


class DiceSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    sides = serializers.IntegerField()
    notation = serializers.CharField(help_text="2d6, 1d10 ...")
    meaning = serializers.CharField()


class ProcedureSerializer(serializers.Serializer[Any]):
    procedure = serializers.CharField()
    summary = serializers.CharField()
    section = serializers.CharField(help_text="The book section it comes from.")
    params = OddsParamSerializer(many=True)
    dice = DiceSerializer(many=True, help_text="The dice of the default situation, in order.")
    roles = serializers.ListField(
        child=serializers.CharField(), help_text="The figures a table names: attacker, target ..."
    )


class StepSerializer(serializers.Serializer[Any]):
    text = serializers.CharField()
    section = serializers.CharField()


class ChangeSerializer(serializers.Serializer[Any]):
    subject = serializers.CharField(help_text="The role in the situation: target, pilot ...")
    field = serializers.CharField(help_text="The state it changes: clicks, dc, hull ...")
    delta = serializers.IntegerField(required=False)
    value = serializers.JSONField(required=False)
    text = serializers.CharField()


class RolledDiceSerializer(DiceSerializer):
    rolled = serializers.ListField(child=serializers.IntegerField())


class ResolutionSerializer(serializers.Serializer[Any]):
    system = serializers.CharField()
    procedure = serializers.CharField()
    section = serializers.CharField()
    params = serializers.JSONField(help_text="The situation, defaults filled in.")
    dice = RolledDiceSerializer(many=True)
    outcome = serializers.JSONField(help_text="The procedure's own result names.")
    explanation = StepSerializer(many=True)
    changes = ChangeSerializer(many=True)


_SKILL_TEST = {
    "system": "crimson-dust",
    "procedure": "skill-test",
    "section": "Skill Test",
    "params": {"dice": 3, "difficulty": 2, "state": "normal", "banked": 0},
    "dice": [
        {
            "count": 3,
            "sides": 6,
            "notation": "3d6",
            "meaning": "the characteristic tested",
            "rolled": [4, 1, 6],
        }
    ],
    "outcome": {"scored": 2, "total": 2, "passed": True, "banked_after": 0},
    "explanation": [{"text": "...", "section": "Skill Test"}],
    "changes": [{"subject": "model", "field": "banked_scores", "value": 0, "text": "..."}],
}


class ProcedureListApi(APIView):
    """The dice procedures a system resolves, with their parameters and dice."""

    @extend_schema(
        operation_id="engine_resolve_procedures",
        tags=["engine"],
        parameters=[SYSTEM_PARAM],
        responses={
            200: inline_serializer(
                "ProcedureList",
                {"system": serializers.CharField(), "procedures": ProcedureSerializer(many=True)},
            )
        },
        examples=[
            example(
                "Crimson Dust",
                {
                    "system": "crimson-dust",
                    "procedures": [
                        {
                            "procedure": "skill-test",
                            "summary": "A skill test ...",
                            "section": "Skill Test",
                            "params": [
                                {
                                    "name": "dice",
                                    "type": "integer",
                                    "minimum": 1,
                                    "maximum": 20,
                                    "default": 4,
                                    "meaning": "the characteristic tested (Mv, Rg, As, Df ...)",
                                }
                            ],
                            "dice": [
                                {
                                    "count": 4,
                                    "sides": 6,
                                    "notation": "4d6",
                                    "meaning": "the characteristic tested",
                                }
                            ],
                            "roles": ["model"],
                        }
                    ],
                },
            )
        ],
        description="What `python -m rules_engine resolve SYSTEM --describe` prints.",
    )
    def get(self, request: Request, system: str) -> Response:
        known = known_system(system)
        return Response(
            {"system": system, "procedures": engine.procedures(engine_catalogue(), known)}
        )


class ResolveApi(APIView):
    """Resolve one roll by the rules: the outcome, each step in words, the state change."""

    @extend_schema(
        operation_id="engine_resolve",
        tags=["engine"],
        parameters=[SYSTEM_PARAM, OpenApiParameter("procedure", str, OpenApiParameter.PATH)],
        request=inline_serializer(
            "ResolveRequest",
            {
                "params": serializers.DictField(required=False),
                "rolls": serializers.ListField(child=serializers.IntegerField()),
            },
        ),
        responses={200: ResolutionSerializer},
        examples=[
            example(
                "A skill test",
                {"params": {"dice": 3, "difficulty": 2}, "rolls": [4, 1, 6]},
                request=True,
            ),
            example("Its resolution", _SKILL_TEST),
        ],
        description=(
            "What `python -m rules_engine resolve SYSTEM PROCEDURE k=v ... rolls=...` prints. "
            "A bad parameter is a 400 naming `params.<name>`; rolls that are not the dice the "
            "situation needs are a 400 at `rolls` saying how many of which die."
        ),
    )
    def post(self, request: Request, system: str, procedure: str) -> Response:
        body = request.data if isinstance(request.data, dict) else None
        if body is None:
            raise BadDocument.at("$", "must be a JSON object with 'params' and 'rolls'")
        params = body.get("params", {})
        if not isinstance(params, dict):
            raise BadDocument.at("$.params", "must be a JSON object of parameters")
        unknown = sorted(set(body) - {"params", "rolls"})
        if unknown:
            raise BadDocument.at(f"$.{unknown[0]}"[:80], "the body has only params and rolls")
        known = known_system(system)
        return Response(
            engine.resolve(engine_catalogue(), known, procedure, params, body.get("rolls"))
        )
