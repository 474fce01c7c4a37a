"""House price sheets over the API: thin views over ``builder.lists.price_sheets``."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from builder.api import fields as text
from builder.api.base import (
    NOT_FOUND,
    SCOPED_THROTTLES,
    ErrorSerializer,
    OwnedApi,
    SignedInRequest,
    error_example,
    page_example,
    page_of,
    paginated,
    response_example,
)
from builder.core.errors import ErrorCode
from builder.lists.price_sheets import (
    PRICES_FORMAT,
    price_sheet_create,
    price_sheet_delete,
    price_sheet_export,
    price_sheet_get_for_owner,
    price_sheet_import,
    price_sheet_update,
    price_sheets_for_owner,
)

TAG = ["price sheets"]

EXAMPLE_SHEET = {
    "uuid": "0b7f6a52-7d3e-4c1a-9f3b-2a1c5e8d9f10",
    "name": "Tuesday club prices",
    "system": "crimson-dust",
    "prices": {"assault-rifle": 8, "blaster": 12},
    "notes": "Agreed at the club, March 2026.",
    "share_token": "q8Zb1d0R3Jr9pAxJ6mYw5sTcFvK2nH4L",
    "created_at": "2026-12-01T02:00:00Z",
    "updated_at": "2026-12-01T02:00:00Z",
}
EXAMPLE_FILE = {
    "format": PRICES_FORMAT,
    "system": "crimson-dust",
    "name": "Tuesday club prices",
    "notes": "Agreed at the club, March 2026.",
    "prices": {"assault-rifle": 8, "blaster": 12},
}
NEGATIVE = error_example(
    "A negative price",
    400,
    ErrorCode.INVALID,
    "The price of Blaster cannot be negative (-3).",
    "$.prices.blaster",
    "prices",
    "The price of Blaster cannot be negative (-3).",
)


class PriceSheetOutput(serializers.Serializer[Any]):
    uuid = serializers.UUIDField()
    name = serializers.CharField()
    system = serializers.CharField(source="system.slug")
    prices = serializers.DictField(child=serializers.IntegerField(), help_text="Item id to points.")
    notes = serializers.CharField()
    share_token = serializers.CharField(
        help_text="Anyone with it may open the sheet's page, /prices/shared/{share_token}/, "
        "and apply it in the builder."
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


PriceSheetPage = page_of(PriceSheetOutput, "PriceSheetPage")
DETAIL_EXAMPLE = response_example("The sheet", EXAMPLE_SHEET)


class PriceSheetListCreateApi(OwnedApi):
    @extend_schema_serializer(component_name="PriceSheetCreateInput")
    class InputSerializer(serializers.Serializer[Any]):
        system = text.CharField(max_length=40, help_text="The game's slug, e.g. crimson-dust.")
        name = text.CharField(max_length=200)
        prices = serializers.JSONField(help_text="Item id to a whole number of points, >= 0.")
        notes = text.CharField(max_length=10_000, required=False, allow_blank=True)

    @extend_schema(
        operation_id="price_sheets_list",
        tags=TAG,
        responses={200: PriceSheetPage},
        examples=[page_example("Your sheets", EXAMPLE_SHEET)],
    )
    def get(self, request: Request) -> Response:
        return paginated(self, price_sheets_for_owner(user=request.user), PriceSheetOutput)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: PriceSheetOutput, 400: ErrorSerializer},
        examples=[
            OpenApiExample(
                "A new sheet",
                value={k: EXAMPLE_FILE[k] for k in ("system", "name", "prices")},
                request_only=True,
            ),
            response_example("Made", EXAMPLE_SHEET, 201),
            NEGATIVE,
        ],
    )
    def post(self, request: SignedInRequest) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        sheet = price_sheet_create(owner=request.user, **data.validated_data)
        return Response(PriceSheetOutput(sheet).data, status=status.HTTP_201_CREATED)


class PriceSheetDetailApi(OwnedApi):
    @extend_schema_serializer(component_name="PriceSheetUpdateInput")
    class InputSerializer(serializers.Serializer[Any]):
        name = text.CharField(max_length=200, required=False)
        prices = serializers.JSONField(required=False, help_text="Replaces every price.")
        notes = text.CharField(max_length=10_000, required=False, allow_blank=True)

    @extend_schema(
        tags=TAG, responses={200: PriceSheetOutput}, examples=[DETAIL_EXAMPLE, NOT_FOUND]
    )
    def get(self, request: Request, sheet_uuid: str) -> Response:
        sheet = price_sheet_get_for_owner(user=request.user, sheet_uuid=sheet_uuid)
        return Response(PriceSheetOutput(sheet).data)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={200: PriceSheetOutput, 400: ErrorSerializer},
        examples=[
            OpenApiExample("New prices", value={"prices": {"blaster": 10}}, request_only=True),
            DETAIL_EXAMPLE,
            NEGATIVE,
            NOT_FOUND,
        ],
        description="Change the name, notes or prices. Lists the sheet was applied to keep "
        "the prices they were given.",
    )
    def patch(self, request: Request, sheet_uuid: str) -> Response:
        sheet = price_sheet_get_for_owner(user=request.user, sheet_uuid=sheet_uuid)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        sheet = price_sheet_update(sheet=sheet, **data.validated_data)
        return Response(PriceSheetOutput(sheet).data)

    @extend_schema(tags=TAG, responses={204: None}, examples=[NOT_FOUND])
    def delete(self, request: Request, sheet_uuid: str) -> Response:
        price_sheet_delete(
            sheet=price_sheet_get_for_owner(user=request.user, sheet_uuid=sheet_uuid)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class PriceSheetExportApi(OwnedApi):
    @extend_schema(
        operation_id="price_sheets_export",
        tags=TAG,
        responses={200: OpenApiTypes.OBJECT},
        examples=[OpenApiExample(PRICES_FORMAT, value=EXAMPLE_FILE, response_only=True)],
    )
    def get(self, request: Request, sheet_uuid: str) -> Response:
        sheet = price_sheet_get_for_owner(user=request.user, sheet_uuid=sheet_uuid)
        return Response(
            price_sheet_export(sheet=sheet),
            headers={
                "Content-Disposition": f'attachment; filename="{sheet.uuid}.muster-prices.json"'
            },
        )


class PriceSheetImportApi(OwnedApi):
    """Import a muster-prices/1 file as a new sheet, all or nothing."""

    throttle_classes = SCOPED_THROTTLES
    throttle_scope = "lists-import"

    @extend_schema(
        operation_id="price_sheets_import",
        tags=TAG,
        request=OpenApiTypes.OBJECT,
        responses={201: PriceSheetOutput, 400: ErrorSerializer},
        examples=[
            OpenApiExample(PRICES_FORMAT, value=EXAMPLE_FILE, request_only=True),
            response_example("Imported", EXAMPLE_SHEET, 201),
            error_example(
                "Unknown item",
                400,
                ErrorCode.IMPORT_REFUSED,
                "There is no item “laser-sword” without a printed price in this game.",
                "$.prices.laser-sword",
                "prices",
                "There is no item “laser-sword” without a printed price in this game.",
            ),
        ],
    )
    def post(self, request: SignedInRequest) -> Response:
        sheet = price_sheet_import(owner=request.user, data=request.data)
        return Response(PriceSheetOutput(sheet).data, status=status.HTTP_201_CREATED)
