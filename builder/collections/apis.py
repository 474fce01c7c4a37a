"""A player's collection over the API, and "can I field this list?" for any list.

Collections sit above lists: a collection knows list documents (what a list needs), a
list knows nothing of who owns what, so the saved list's fielding answer is here too.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_serializer,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from builder.api import fields as text
from builder.api.base import (
    NOT_FOUND,
    ErrorSerializer,
    OwnedApi,
    SignedInRequest,
    error_example,
    page_example,
    page_of,
    paginated,
    request_example,
    response_example,
)
from builder.collections.models import CollectionItem
from builder.collections.selectors import (
    collection_fielding,
    collection_item_get_for_owner,
    collection_items_for_owner,
)
from builder.collections.services import (
    collection_item_create,
    collection_item_delete,
    collection_item_update,
)
from builder.core.errors import ErrorCode
from builder.lists.checking import validate_document
from builder.lists.pinning import pins_for_document, versions_map
from builder.lists.selectors import saved_list_get_for_owner
from content.selectors import catalogue_for_packs

TAG = ["collection"]
LIST_TAG = ["lists"]

ITEM_EXAMPLE = {
    "id": 7,
    "system": "cs-aces",
    "record_type": "figure",
    "stable_id": "ruffian",
    "quantity": 2,
    "condition": "played",
    "notes": "one repainted",
    "created_at": "2026-12-01T02:00:00Z",
    "updated_at": "2026-12-01T02:00:00Z",
}


class ItemOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    system = serializers.CharField(source="system.slug")
    record_type = serializers.CharField()
    stable_id = serializers.CharField()
    quantity = serializers.IntegerField()
    condition = serializers.CharField()
    notes = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


ItemPage = page_of(ItemOutput, "CollectionItemPage")
ITEM_RESPONSE = response_example("The item", ITEM_EXAMPLE)

CONDITION = text.ChoiceField(choices=CollectionItem.Condition.choices, required=False)
QUANTITY = serializers.IntegerField(min_value=1, max_value=10_000, required=False)


class CollectionListCreateApi(OwnedApi):
    @extend_schema_serializer(component_name="CollectionListCreateInput")
    class InputSerializer(serializers.Serializer[Any]):
        system = text.SlugField(max_length=40)
        record_type = text.ChoiceField(choices=CollectionItem.RecordType.choices)
        stable_id = text.SlugField(max_length=100)
        quantity = QUANTITY
        condition = CONDITION
        notes = text.CharField(max_length=5_000, required=False, allow_blank=True)

    @extend_schema(
        operation_id="collection_list",
        tags=TAG,
        parameters=[OpenApiParameter("system", str), OpenApiParameter("record_type", str)],
        responses={200: ItemPage},
        examples=[page_example("Your collection", ITEM_EXAMPLE)],
    )
    def get(self, request: Request) -> Response:
        qs = collection_items_for_owner(user=request.user)
        if system := request.query_params.get("system"):
            qs = qs.filter(system__slug=system)
        if record_type := request.query_params.get("record_type"):
            qs = qs.filter(record_type=record_type)
        return paginated(self, qs, ItemOutput)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: ItemOutput, 400: ErrorSerializer},
        examples=[
            OpenApiExample(
                "Two Ruffians",
                request_only=True,
                value={
                    "system": "cs-aces",
                    "record_type": "figure",
                    "stable_id": "ruffian",
                    "quantity": 2,
                    "condition": "played",
                },
            ),
            OpenApiExample(
                "Recorded", value=ITEM_EXAMPLE, response_only=True, status_codes=["201"]
            ),
            error_example(
                "Unknown record",
                400,
                ErrorCode.UNKNOWN_RECORD,
                "cs-aces has no figure 'nobody'.",
                "$.stable_id",
                "stable_id",
                "no figure 'nobody' in cs-aces",
            ),
        ],
    )
    def post(self, request: SignedInRequest) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        item = collection_item_create(owner=request.user, **data.validated_data)
        return Response(ItemOutput(item).data, status=status.HTTP_201_CREATED)


class CollectionItemApi(OwnedApi):
    @extend_schema_serializer(component_name="CollectionItemInput")
    class InputSerializer(serializers.Serializer[Any]):
        quantity = QUANTITY
        condition = CONDITION
        notes = text.CharField(max_length=5_000, required=False, allow_blank=True)

    @extend_schema(tags=TAG, responses={200: ItemOutput}, examples=[ITEM_RESPONSE, NOT_FOUND])
    def get(self, request: Request, item_id: int) -> Response:
        return Response(
            ItemOutput(collection_item_get_for_owner(user=request.user, item_id=item_id)).data
        )

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={200: ItemOutput, 400: ErrorSerializer},
        examples=[
            OpenApiExample("Three now", value={"quantity": 3}, request_only=True),
            ITEM_RESPONSE,
        ],
    )
    def patch(self, request: Request, item_id: int) -> Response:
        item = collection_item_get_for_owner(user=request.user, item_id=item_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(ItemOutput(collection_item_update(item=item, **data.validated_data)).data)

    @extend_schema(tags=TAG, responses={204: None})
    def delete(self, request: Request, item_id: int) -> Response:
        collection_item_delete(
            item=collection_item_get_for_owner(user=request.user, item_id=item_id)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class FieldingSerializer(serializers.Serializer[Any]):
    collectable = serializers.BooleanField()
    can_field = serializers.BooleanField()
    missing = serializers.ListField(child=serializers.DictField())
    needs = serializers.ListField(child=serializers.DictField())


FIELDING_EXAMPLE = OpenApiExample(
    "Missing one",
    response_only=True,
    value={
        "collectable": True,
        "can_field": False,
        "missing": [
            {
                "system": "cs-aces",
                "record_type": "figure",
                "id": "ruffian",
                "name": "Ruffian",
                "needed": 2,
                "owned": 1,
                "missing": 1,
                "paths": ["$.entries[1].figure"],
                "message": "needs 2 × Ruffian, owns 1",
            }
        ],
        "needs": [],
    },
)


class SavedListFieldingApi(OwnedApi):
    """Can my collection field this list, and what is missing?"""

    @extend_schema(tags=LIST_TAG, responses={200: FieldingSerializer}, examples=[FIELDING_EXAMPLE])
    def get(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        catalogue = catalogue_for_packs(versions_map(saved.pack_versions.all()))
        return Response(
            collection_fielding(user=request.user, document=saved.document, catalogue=catalogue)
        )


class CollectionFieldingApi(OwnedApi):
    """For a list document that is not saved here: can my collection field it?"""

    @extend_schema_serializer(component_name="CollectionFieldingInput")
    class InputSerializer(serializers.Serializer[Any]):
        document = serializers.JSONField(help_text="A muster-list/1 document.")

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={200: FieldingSerializer, 400: ErrorSerializer},
        examples=[
            request_example(
                "A team",
                {
                    "document": {
                        "format": "muster-list/1",
                        "system": "cs-aces",
                        "kind": "team",
                        "name": "Kim's team",
                        "entries": [{"figure": "ruffian", "count": 2}],
                    }
                },
            ),
            FIELDING_EXAMPLE,
        ],
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        document = data.validated_data["document"]
        validate_document(document)
        catalogue = catalogue_for_packs(versions_map(pins_for_document(document)))
        return Response(
            collection_fielding(user=request.user, document=document, catalogue=catalogue)
        )
