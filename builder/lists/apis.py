"""Saved lists over the API: thin views over the lists services and selectors."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
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
    SCOPED_THROTTLES,
    ErrorSerializer,
    OwnedApi,
    PublicApi,
    SignedInRequest,
    error_example,
    page_example,
    page_of,
    paginated,
    response_example,
)
from builder.api.schema import ErrorDetailSerializer
from builder.api.verdicts import ViolationSerializer
from builder.core.errors import ErrorCode
from builder.lists.exchange import list_export, lists_backup, lists_import
from builder.lists.models import SavedList
from builder.lists.selectors import (
    public_saved_lists,
    saved_list_get_for_owner,
    saved_list_get_shared,
    saved_list_upgrade_preview,
    saved_lists_for_owner,
)
from builder.lists.services import (
    saved_list_create,
    saved_list_duplicate,
    saved_list_rename,
    saved_list_restore,
    saved_list_set_share_token,
    saved_list_trash,
    saved_list_update,
    saved_list_upgrade,
)

TAG = ["lists"]

EXAMPLE_DOCUMENT = {
    "format": "muster-list/1",
    "system": "cs-aces",
    "kind": "team",
    "name": "Kim's team",
    "points_limit": 100,
    "content": {"pack": "cs-aces-core", "version": "1.0.0"},
    "entries": [{"figure": "charlie"}, {"figure": "ruffian", "count": 2}],
}
EXAMPLE_VERDICT = {"legal": True, "points": 61, "limit": 100, "violations": []}
EXAMPLE_LIST = {
    "uuid": "6f1c2d3e-0a4b-4c5d-8e9f-0123456789ab",
    "name": "Kim's team",
    "system": "cs-aces",
    "kind": "team",
    "visibility": "private",
    "notes": "",
    "created_at": "2026-12-01T02:00:00Z",
    "updated_at": "2026-12-01T02:00:00Z",
    "deleted_at": None,
    "pinned": [
        {"pack": "cs-aces-core", "version": "1.0.0"},
        {"pack": "cs-air-action-core", "version": "1.0.0"},
    ],
    "verdict": EXAMPLE_VERDICT,
}
BAD_DOCUMENT = error_example(
    "Bad document",
    400,
    ErrorCode.BAD_DOCUMENT,
    "The list document is not valid.",
    "$.entries[0].count",
    "count",
    "0 is less than the minimum of 1",
)
TOO_MANY_ENTRIES = error_example(
    "Too many entries",
    400,
    ErrorCode.TOO_MANY_ENTRIES,
    "A list may hold at most 200 entries; this one has 250.",
    "$.entries",
    "entries",
    "at most 200 entries (MUSTER_LIST_MAX_ENTRIES)",
)


class PinSerializer(serializers.Serializer[Any]):
    pack = serializers.CharField(source="pack.pack_id")
    version = serializers.CharField()


class SavedListVerdict(serializers.Serializer[Any]):
    legal = serializers.BooleanField()
    points = serializers.IntegerField()
    limit = serializers.IntegerField(source="points_limit", allow_null=True)
    violations = ViolationSerializer(many=True)


class SavedListSummary(serializers.Serializer[Any]):
    """A list as listings show it: never its link token (that is in the owner's detail)."""

    uuid = serializers.UUIDField()
    name = serializers.CharField()
    system = serializers.CharField(source="system.slug")
    kind = serializers.CharField()
    visibility = serializers.CharField()
    notes = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    deleted_at = serializers.DateTimeField(allow_null=True)
    pinned = PinSerializer(source="pack_versions", many=True)
    verdict = SavedListVerdict(source="*")


class SavedListDetail(SavedListSummary):
    share_token = serializers.CharField(
        help_text="Anyone with it may read the list while it is unlisted or public "
        "(shared/{share_token}/). A new one is made whenever the list becomes or stops "
        "being unlisted, and by share-token/: an older link then answers 404."
    )
    document = serializers.JSONField(help_text="The muster-list/1 document.")
    breakdown = serializers.JSONField(help_text="The engine's itemised price.")


class SharedList(serializers.Serializer[Any]):
    """What anyone sees of a shared list: no notes, no link token."""

    owner = serializers.CharField(source="owner.username")
    uuid = serializers.UUIDField()
    name = serializers.CharField()
    system = serializers.CharField(source="system.slug")
    kind = serializers.CharField()
    updated_at = serializers.DateTimeField()
    pinned = PinSerializer(source="pack_versions", many=True)
    verdict = SavedListVerdict(source="*")
    document = serializers.JSONField()


SavedListPage = page_of(SavedListSummary, "SavedListPage")
SharedListPage = page_of(SharedList, "SharedListPage")
EXAMPLE_TOKEN = "q8Zb1d0R3Jr9pAxJ6mYw5sTcFvK2nH4L"
EXAMPLE_NEW_TOKEN = "Hn4LvK2sTc6mYwpAxJr9d0R3q8Zb1FJ5"
EXAMPLE_DETAIL = {
    **EXAMPLE_LIST,
    "share_token": EXAMPLE_TOKEN,
    "document": EXAMPLE_DOCUMENT,
    "breakdown": {"total": 61},
}
EXAMPLE_SHARED = {
    "owner": "ada",
    **{
        k: EXAMPLE_LIST[k]
        for k in (
            "uuid",
            "name",
            "system",
            "kind",
            "updated_at",
            "pinned",
            "verdict",
        )
    },
    "document": EXAMPLE_DOCUMENT,
}
DETAIL_EXAMPLE = response_example("The list", EXAMPLE_DETAIL)


VISIBILITY = text.ChoiceField(choices=SavedList.Visibility.choices, required=False)


def _system_filter(request: Request, qs: Any) -> Any:
    system = request.query_params.get("system")
    return qs.filter(system__slug=system) if system else qs


SYSTEM_PARAM = OpenApiParameter("system", str, description="Only lists of this game system.")


class SavedListListCreateApi(OwnedApi):
    @extend_schema_serializer(component_name="SavedListListCreateInput")
    class InputSerializer(serializers.Serializer[Any]):
        document = serializers.JSONField(help_text="A muster-list/1 document.")
        visibility = VISIBILITY
        notes = text.CharField(max_length=10_000, required=False, allow_blank=True)

    @extend_schema(
        operation_id="lists_list",
        tags=TAG,
        parameters=[SYSTEM_PARAM],
        responses={200: SavedListPage},
        examples=[page_example("Your lists", EXAMPLE_LIST)],
    )
    def get(self, request: Request) -> Response:
        qs = _system_filter(request, saved_lists_for_owner(user=request.user))
        return paginated(self, qs, SavedListSummary)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: SavedListDetail, 400: ErrorSerializer},
        examples=[
            OpenApiExample("Save a list", value={"document": EXAMPLE_DOCUMENT}, request_only=True),
            OpenApiExample(
                "Saved",
                value={**EXAMPLE_DETAIL, "breakdown": {}},
                response_only=True,
                status_codes=["201"],
            ),
            BAD_DOCUMENT,
            TOO_MANY_ENTRIES,
        ],
    )
    def post(self, request: SignedInRequest) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        saved = saved_list_create(owner=request.user, **data.validated_data)
        return Response(SavedListDetail(saved).data, status=status.HTTP_201_CREATED)


class SavedListDetailApi(OwnedApi):
    @extend_schema_serializer(component_name="SavedListDetailInput")
    class InputSerializer(serializers.Serializer[Any]):
        document = serializers.JSONField(required=False)
        name = text.CharField(max_length=200, required=False)
        visibility = VISIBILITY
        notes = text.CharField(max_length=10_000, required=False, allow_blank=True)

    @extend_schema(tags=TAG, responses={200: SavedListDetail}, examples=[DETAIL_EXAMPLE, NOT_FOUND])
    def get(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        return Response(SavedListDetail(saved).data)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={200: SavedListDetail, 400: ErrorSerializer},
        examples=[
            OpenApiExample("Share by link", value={"visibility": "unlisted"}, request_only=True),
            response_example(
                "Shared by a new link",
                {**EXAMPLE_DETAIL, "visibility": "unlisted", "share_token": EXAMPLE_NEW_TOKEN},
            ),
            BAD_DOCUMENT,
            NOT_FOUND,
        ],
        description="Change any of the document, name, visibility and notes. A list that "
        "becomes or stops being unlisted gets a new share_token, so no link given out "
        "before opens it.",
    )
    def patch(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        args = dict(data.validated_data)
        name = args.pop("name", None)
        saved = saved_list_update(saved_list=saved, **args)
        if name is not None:
            saved = saved_list_rename(saved_list=saved, name=name)
        return Response(SavedListDetail(saved).data)

    @extend_schema(
        tags=TAG,
        responses={204: None},
        description="Move the list to the trash (restorable for 30 days).",
    )
    def delete(self, request: Request, list_uuid: str) -> Response:
        saved_list_trash(
            saved_list=saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class SavedListRenameApi(OwnedApi):
    @extend_schema_serializer(component_name="SavedListRenameInput")
    class InputSerializer(serializers.Serializer[Any]):
        name = text.CharField(max_length=200)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={200: SavedListDetail, 400: ErrorSerializer},
        examples=[
            OpenApiExample("Rename", value={"name": "Night raid"}, request_only=True),
            DETAIL_EXAMPLE,
        ],
    )
    def post(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        saved = saved_list_rename(saved_list=saved, name=data.validated_data["name"])
        return Response(SavedListDetail(saved).data)


class SavedListDuplicateApi(OwnedApi):
    @extend_schema_serializer(component_name="SavedListDuplicateInput")
    class InputSerializer(serializers.Serializer[Any]):
        name = text.CharField(max_length=200, required=False)

    @extend_schema(
        tags=TAG,
        request=InputSerializer,
        responses={201: SavedListDetail},
        examples=[
            OpenApiExample("Copy", value={"name": "Kim's team (B)"}, request_only=True),
            response_example("The copy", {**EXAMPLE_DETAIL, "name": "Kim's team (B)"}, 201),
        ],
    )
    def post(self, request: SignedInRequest, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        copy = saved_list_duplicate(
            saved_list=saved, owner=request.user, name=data.validated_data.get("name")
        )
        return Response(SavedListDetail(copy).data, status=status.HTTP_201_CREATED)


class SavedListTrashApi(OwnedApi):
    @extend_schema(
        tags=TAG,
        responses={200: SavedListPage},
        examples=[
            page_example("Your trash", {**EXAMPLE_LIST, "deleted_at": "2026-12-02T09:00:00Z"})
        ],
    )
    def get(self, request: Request) -> Response:
        return paginated(
            self, saved_lists_for_owner(user=request.user, trashed=True), SavedListSummary
        )


class SavedListRestoreApi(OwnedApi):
    @extend_schema(
        tags=TAG,
        request=None,
        responses={200: SavedListDetail, 400: ErrorSerializer},
        examples=[
            DETAIL_EXAMPLE,
            OpenApiExample(
                "Too late",
                value={
                    "code": ErrorCode.TRASH_EXPIRED.value,
                    "message": "Lists stay in the trash for 30 days; "
                    "this one can no longer be restored.",
                    "details": [],
                },
                response_only=True,
                status_codes=["400"],
            ),
        ],
    )
    def post(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid, trashed=True)
        return Response(SavedListDetail(saved_list_restore(saved_list=saved)).data)


class SavedListShareTokenApi(OwnedApi):
    @extend_schema(
        tags=TAG,
        request=None,
        responses={200: SavedListDetail},
        examples=[
            response_example("A new link", {**EXAMPLE_DETAIL, "share_token": EXAMPLE_NEW_TOKEN})
        ],
        description="A new link token; the old link stops working (404).",
    )
    def post(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        return Response(SavedListDetail(saved_list_set_share_token(saved_list=saved)).data)


class UpgradePreviewSerializer(serializers.Serializer[Any]):
    up_to_date = serializers.BooleanField()
    packs = serializers.ListField(child=serializers.DictField())
    before = serializers.DictField()
    after = serializers.DictField()
    missing_entries = ViolationSerializer(many=True)
    new_violations = ViolationSerializer(many=True)
    resolved_violations = ViolationSerializer(many=True)
    price_changes = serializers.ListField(child=serializers.DictField())
    removed_records = serializers.ListField(child=serializers.DictField())


class SavedListUpgradeApi(OwnedApi):
    """GET previews what upgrading to the newest pack versions changes; POST applies it."""

    @extend_schema(
        tags=TAG,
        responses={200: UpgradePreviewSerializer},
        examples=[
            OpenApiExample(
                "Preview",
                response_only=True,
                value={
                    "up_to_date": False,
                    "packs": [
                        {
                            "pack": "cs-aces-core",
                            "name": "Crimson Skies: Aces complete rules",
                            "from": "1.0.0",
                            "to": "1.1.0",
                        }
                    ],
                    "before": {"legal": True, "points": 100, "limit": 100, "violations": []},
                    "after": {
                        "legal": False,
                        "points": 96,
                        "limit": 100,
                        "violations": [
                            {
                                "code": "cs-aces.unknown-figure",
                                "message": "no figure 'ruffian'",
                                "path": "$.entries[6].figure",
                                "severity": "error",
                            }
                        ],
                    },
                    "missing_entries": [
                        {
                            "code": "cs-aces.unknown-figure",
                            "message": "no figure 'ruffian'",
                            "path": "$.entries[6].figure",
                            "severity": "error",
                        }
                    ],
                    "new_violations": [],
                    "resolved_violations": [],
                    "price_changes": [
                        {
                            "pack": "cs-aces-core",
                            "type": "figure",
                            "id": "vigilante",
                            "name": "Vigilante",
                            "path": "$.data.point_value",
                            "before": 11,
                            "after": 13,
                            "used_by": ["$.entries[1].figure"],
                        }
                    ],
                    "removed_records": [
                        {
                            "pack": "cs-aces-core",
                            "type": "figure",
                            "id": "ruffian",
                            "name": "Ruffian",
                            "used_by": ["$.entries[6].figure"],
                        }
                    ],
                },
            )
        ],
    )
    def get(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        return Response(saved_list_upgrade_preview(saved_list=saved))

    @extend_schema(
        tags=TAG, request=None, responses={200: SavedListDetail}, examples=[DETAIL_EXAMPLE]
    )
    def post(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        return Response(SavedListDetail(saved_list_upgrade(saved_list=saved)).data)


class PublicListsApi(PublicApi):
    """Lists their owners made public (public: no sign-in needed)."""

    @extend_schema(
        tags=TAG,
        parameters=[SYSTEM_PARAM],
        responses={200: SharedListPage},
        examples=[page_example("Public lists", EXAMPLE_SHARED)],
    )
    def get(self, request: Request) -> Response:
        return paginated(self, _system_filter(request, public_saved_lists()), SharedList)


class SharedListApi(PublicApi):
    """A list by its link token, when unlisted or public (public: no sign-in needed)."""

    @extend_schema(
        tags=TAG,
        responses={200: SharedList},
        examples=[response_example("Shared list", EXAMPLE_SHARED), NOT_FOUND],
    )
    def get(self, request: Request, token: str) -> Response:
        return Response(SharedList(saved_list_get_shared(token=token)).data)


class SavedListExportApi(OwnedApi):
    @extend_schema(
        operation_id="lists_export_one",
        tags=TAG,
        responses={200: OpenApiTypes.OBJECT},
        examples=[OpenApiExample("muster-list/1", value=EXAMPLE_DOCUMENT, response_only=True)],
    )
    def get(self, request: Request, list_uuid: str) -> Response:
        saved = saved_list_get_for_owner(user=request.user, list_uuid=list_uuid)
        return Response(
            list_export(saved_list=saved),
            headers={
                "Content-Disposition": f'attachment; filename="{saved.uuid}.muster-list.json"'
            },
        )


class BackupApi(OwnedApi):
    @extend_schema(
        operation_id="lists_export_all",
        tags=TAG,
        responses={200: OpenApiTypes.OBJECT},
        examples=[
            OpenApiExample(
                "muster-lists/1",
                response_only=True,
                value={
                    "format": "muster-lists/1",
                    "exported_at": "2026-12-01T02:00:00Z",
                    "lists": [
                        {
                            "uuid": EXAMPLE_LIST["uuid"],
                            "visibility": "private",
                            "notes": "",
                            "document": EXAMPLE_DOCUMENT,
                        }
                    ],
                },
            )
        ],
    )
    def get(self, request: SignedInRequest) -> Response:
        return Response(
            lists_backup(user=request.user),
            headers={"Content-Disposition": 'attachment; filename="muster-lists.json"'},
        )


class ImportApi(OwnedApi):
    """Import a muster-list/1 or muster-lists/1 file, all or nothing."""

    throttle_classes = SCOPED_THROTTLES
    throttle_scope = "lists-import"

    @extend_schema_serializer(component_name="ImportOutput")
    class OutputSerializer(serializers.Serializer[Any]):
        created = SavedListSummary(many=True)
        skipped = serializers.ListField(
            child=serializers.CharField(), help_text="uuids (or names) already in your lists"
        )
        warnings = ErrorDetailSerializer(
            many=True,
            help_text="each id of an older spelling converted on the way in, e.g. "
            "right_wing_front read as right-wing-front",
        )

    @extend_schema(
        tags=TAG,
        request=OpenApiTypes.OBJECT,
        responses={201: OutputSerializer, 400: ErrorSerializer},
        examples=[
            OpenApiExample("One list", value=EXAMPLE_DOCUMENT, request_only=True),
            response_example(
                "Imported", {"created": [EXAMPLE_LIST], "skipped": [], "warnings": []}, 201
            ),
            error_example(
                "Unknown id",
                400,
                ErrorCode.IMPORT_REFUSED,
                "Nothing was imported: 1 problem(s) in the file.",
                "$.lists[0].document.entries[1].figure",
                "figure",
                "No figure 'no-such-figure' in cs-aces",
            ),
        ],
    )
    def post(self, request: SignedInRequest) -> Response:
        report: dict[str, Any] = lists_import(owner=request.user, data=request.data)
        return Response(
            {
                "created": SavedListSummary(report["created"], many=True).data,
                "skipped": report["skipped"],
                "warnings": report["warnings"],
            },
            status=status.HTTP_201_CREATED,
        )
