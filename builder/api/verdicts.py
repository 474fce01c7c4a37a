"""The parts of a verdict, as every answer that carries one shows them: a rule broken and
an entry priced.

The check endpoint and a saved list's verdict share these shapes, so they live with the
API's other shared shapes rather than in either app.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class ViolationSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    message = serializers.CharField()
    path = serializers.CharField()
    severity = serializers.ChoiceField(choices=["error", "warning"])
    unpriced = serializers.CharField(
        required=False,
        help_text="Only when the book gives no price: the id to agree one for in "
        "house_rules.prices.",
    )


class PricedEntrySerializer(serializers.Serializer[Any]):
    path = serializers.CharField(help_text="The entry's JSON path, $.entries[i].")
    name = serializers.CharField()
    points = serializers.IntegerField(help_text="In the verdict's unit: points, mass or fighters.")
