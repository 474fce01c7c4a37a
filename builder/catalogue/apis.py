"""The public catalogue: systems, packs and their stored versions, and every record type.

Records are addressed by their stable ids (``/figures/cs-aces/kim-taylor/``), which are
never renamed or reused. Lists filter by system, release, kind, points and name; figures
(the one table that grows large) page by cursor, the others by page number. Every answer
carries an ``ETag`` and ``Last-Modified`` and answers 304 to a client whose copy is current.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from builder.api.conditional import conditional
from builder.api.pagination import (
    CURSOR_PARAMS,
    PAGE_PARAMS,
    IdCursorPagination,
    PagePagination,
    page_of,
)
from builder.api.params import (
    bool_param,
    int_param,
    int_parameter,
    text_param,
    text_parameter,
)
from builder.api.schema import example
from builder.collections import ownership
from builder.core.errors import ApplicationError, ErrorCode
from content import api_selectors as selectors
from content.models import RECORD_MODELS, CatalogueRecord, ContentPack, ContentPackVersion, Figure

RECORD_PATHS: dict[str, str] = {
    "release": "releases",
    "combat_dial": "combat-dials",
    "speed_dial": "speed-dials",
    "ability": "abilities",
    "navigation_card": "navigation-cards",
    "weapon": "weapons",
    "archetype": "archetypes",
    "mass_table": "mass-tables",
    "maneuver": "maneuvers",
    "fighter_weight": "fighter-weights",
    "table": "tables",
    "figure": "figures",
}
"""Record type -> its collection's path under ``/api/v1/``."""


class PublicApi(APIView):
    """Readable by anyone; a token only matters for ``owned=true``."""

    permission_classes = [AllowAny]


# Systems and packs --------------------------------------------------------------------------


class SystemSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    seed = serializers.CharField(help_text="The rule book it comes from.")
    url = serializers.URLField()


def system_body(system: Any, request: Request) -> dict[str, Any]:
    return {
        "slug": system.slug,
        "name": system.name,
        "seed": system.seed,
        "url": reverse("api:system-detail", kwargs={"slug": system.slug}, request=request),
    }


_SYSTEM_EXAMPLE = {
    "slug": "crimson-dust",
    "name": "Crimson Dust",
    "seed": "003_157d3ea1ab1b2229.txt",
    "url": "http://127.0.0.1:8000/api/v1/systems/crimson-dust/",
}


def _page(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"count": len(items), "next": None, "previous": None, "results": items}


class SystemListApi(PublicApi):
    """The five game systems."""

    @extend_schema(
        operation_id="systems_list",
        tags=["catalogue"],
        parameters=PAGE_PARAMS,
        responses={200: page_of(SystemSerializer, name="SystemPage")},
        examples=[example("Systems", _page([_SYSTEM_EXAMPLE]))],
    )
    def get(self, request: Request) -> Response | HttpResponse:
        paginator = PagePagination()
        page = paginator.paginate_queryset(selectors.system_list(), request, self) or []
        data = paginator.get_paginated_response([system_body(s, request) for s in page]).data
        return conditional(request, data, last_modified=selectors.catalogue_last_modified())


class SystemDetailApi(PublicApi):
    @extend_schema(
        operation_id="systems_retrieve",
        tags=["catalogue"],
        responses={200: SystemSerializer},
        examples=[example("Crimson Dust", _SYSTEM_EXAMPLE)],
    )
    def get(self, request: Request, slug: str) -> Response | HttpResponse:
        system = selectors.system_list().filter(slug=slug).first()
        if system is None:
            raise Http404
        data = system_body(system, request)
        return conditional(request, data, last_modified=selectors.catalogue_last_modified())


def pack_body(pack: ContentPack, request: Request) -> dict[str, Any]:
    return {
        "id": pack.pack_id,
        "name": pack.name,
        "system": pack.system.slug,
        "version": pack.version,
        "checksum": pack.checksum,
        "source": pack.source,
        "loaded_at": pack.loaded_at,
        "url": reverse("api:pack-detail", kwargs={"pack_id": pack.pack_id}, request=request),
        "versions_url": reverse(
            "api:pack-version-list", kwargs={"pack_id": pack.pack_id}, request=request
        ),
    }


_SYSTEM_FILTER = text_parameter("system", "Only this game system (its slug).")


def version_body(row: ContentPackVersion, request: Request) -> dict[str, Any]:
    kwargs = {"pack_id": row.pack.pack_id, "version": row.version}
    return {
        "pack": row.pack.pack_id,
        "version": row.version,
        "system": row.pack.system.slug,
        "checksum": row.checksum,
        "loaded_at": row.loaded_at,
        "current": row.version == row.pack.version,
        "url": reverse("api:pack-version-detail", kwargs=kwargs, request=request),
        "records_url": reverse("api:pack-version-records", kwargs=kwargs, request=request),
    }


class StoredRecordSerializer(serializers.Serializer[Any]):
    type = serializers.CharField()
    id = serializers.CharField()
    name = serializers.CharField()
    data = serializers.JSONField()  # type: ignore[assignment]  # a declared field, as above


_TYPE_FILTER = text_parameter("type", "Only records of this type.", enum=list(RECORD_MODELS))
_SEARCH = text_parameter("search", "Name contains this text (any case).")


class PackVersionRecordsApi(PublicApi):
    """A stored version's records exactly as they were loaded (never the newer projection)."""

    @extend_schema(
        operation_id="pack_version_records",
        tags=["catalogue"],
        parameters=[_TYPE_FILTER, _SEARCH, *PAGE_PARAMS],
        responses={200: page_of(StoredRecordSerializer, name="StoredRecordPage")},
        examples=[
            example(
                "Archetypes of 1.0.0",
                _page(
                    [
                        {
                            "type": "archetype",
                            "id": "medio",
                            "name": "Medio",
                            "source": {"seed": "003_157d3ea1ab1b2229.txt", "section": "…"},
                            "data": {"profiles": {"regular": {"rg": 4}}},
                        }
                    ]
                ),
            )
        ],
    )
    def get(self, request: Request, pack_id: str, version: str) -> Response | HttpResponse:
        record_type = text_param(request, "type")
        if record_type is not None and record_type not in RECORD_MODELS:
            raise ApplicationError(
                code=ErrorCode.INVALID,
                message=f"No record type {record_type!r} (known: {', '.join(RECORD_MODELS)}).",
                details=[{"path": "type", "field": "type", "message": "unknown record type"}],
            )
        row = selectors.pack_version_get(pack_id=pack_id, version=version, with_document=True)
        if row is None:
            raise Http404
        records = selectors.pack_version_records(
            row.document, record_type=record_type, search=text_param(request, "search")
        )
        paginator = PagePagination()
        page = paginator.paginate_queryset(records, request, self) or []
        data = paginator.get_paginated_response(page).data
        return conditional(request, data, last_modified=row.loaded_at)


# Records ------------------------------------------------------------------------------------


class RecordSerializer(serializers.Serializer[Any]):
    id = serializers.CharField(help_text="The stable id: never renamed or reused.")
    type = serializers.CharField()
    system = serializers.CharField()
    pack = serializers.CharField()
    name = serializers.CharField()
    name_original = serializers.CharField(allow_blank=True)
    source = serializers.JSONField()  # type: ignore[assignment]  # a declared field, as above
    sample = serializers.BooleanField()
    uncertain = serializers.JSONField()
    data = serializers.JSONField()  # type: ignore[assignment]  # a declared field, as above
    url = serializers.URLField()


class KindRecordSerializer(RecordSerializer):
    """A record of a type that has kinds (abilities, figures)."""

    kind = serializers.CharField()


class FigureSerializer(KindRecordSerializer):
    collector_number = serializers.CharField(allow_blank=True)
    point_value = serializers.IntegerField(allow_null=True)
    squadron_symbol = serializers.CharField(allow_blank=True)
    release = serializers.CharField(allow_null=True)
    combat_dial = serializers.CharField(allow_null=True)
    speed_dial = serializers.CharField(allow_null=True)


def _stable(obj: Any) -> str | None:
    return obj.stable_id if obj is not None else None


def record_body(
    record: CatalogueRecord, request: Request, base: str | None = None
) -> dict[str, Any]:
    """One record as the API shows it; ``base`` is its collection's URL, reversed once a page."""
    record_type = record.RECORD_TYPE
    if base is None:
        base = reverse(f"api:{record_type}-list", request=request)
    body: dict[str, Any] = {
        "id": record.stable_id,
        "type": record_type,
        "system": record.system.slug,
        "pack": record.pack.pack_id,
        "name": record.name,
        "name_original": record.name_original,
        "source": record.source,
        "sample": record.sample,
        "uncertain": record.uncertain,
        "data": record.data,
        "url": f"{base}{record.system.slug}/{record.stable_id}/",
    }
    if hasattr(record, "kind"):
        body["kind"] = record.kind
    if isinstance(record, Figure):
        body.update(
            collector_number=record.collector_number,
            point_value=record.point_value,
            squadron_symbol=record.squadron_symbol,
            release=_stable(record.release),
            combat_dial=_stable(record.combat_dial),
            speed_dial=_stable(record.speed_dial),
        )
    return body


def _record_params(record_type: str) -> list[OpenApiParameter]:
    model = RECORD_MODELS[record_type]
    params = [_SYSTEM_FILTER, _SEARCH]
    if hasattr(model, "kind"):
        params.append(text_parameter("kind", "Only records of this kind."))
    if model is Figure:
        params += [
            text_parameter("release", "Only figures of this release (id)."),
            int_parameter("min_points", "Point value at least this."),
            int_parameter("max_points", "Point value at most this."),
        ]
    params.append(
        OpenApiParameter(
            "owned", bool, description="Only what your collection holds (needs a token)."
        )
    )
    return params


_RECORD_EXAMPLE = {
    "id": "kim-taylor",
    "type": "figure",
    "system": "cs-aces",
    "pack": "cs-aces-core",
    "name": "Kim Taylor",
    "name_original": "",
    "source": {"seed": "000_e4e1c8a4d28ca1dd.txt", "section": "Aces"},
    "sample": True,
    "uncertain": [],
    "data": {"kind": "ace", "point_value": 60},
    "url": "http://127.0.0.1:8000/api/v1/figures/cs-aces/kim-taylor/",
    "kind": "ace",
    "collector_number": "001",
    "point_value": 60,
    "squadron_symbol": "",
    "release": None,
    "combat_dial": "kim-taylor-dial",
    "speed_dial": None,
}


def _output_of(model: type[CatalogueRecord]) -> type[RecordSerializer]:
    if model is Figure:
        return FigureSerializer
    return KindRecordSerializer if hasattr(model, "kind") else RecordSerializer


def _records_list_view(record_type: str) -> type[PublicApi]:
    model = RECORD_MODELS[record_type]
    is_figure = model is Figure
    output = _output_of(model)
    label = RECORD_PATHS[record_type]

    class RecordListApi(PublicApi):
        @extend_schema(
            operation_id=f"{label.replace('-', '_')}_list",
            tags=["catalogue"],
            parameters=_record_params(record_type) + (CURSOR_PARAMS if is_figure else PAGE_PARAMS),
            responses={
                200: page_of(
                    output,
                    name=f"{model.__name__}Page",
                    cursor=is_figure,
                )
            },
            examples=[
                example(
                    f"Some {label}",
                    {"next": None, "previous": None, "results": [_RECORD_EXAMPLE]}
                    if is_figure
                    else _page([{**_RECORD_EXAMPLE, "type": record_type}]),
                )
            ],
            description=(
                f"Every {record_type.replace('_', ' ')} of the catalogue."
                + (" Paged by cursor: follow `next`." if is_figure else "")
            ),
        )
        def get(self, request: Request) -> Response | HttpResponse:
            owned = bool_param(request, "owned")
            owner = ownership.require_user(request) if owned else None
            rows = selectors.record_list(
                record_type=record_type,
                system=text_param(request, "system"),
                release=text_param(request, "release"),
                kind=text_param(request, "kind"),
                min_points=int_param(request, "min_points"),
                max_points=int_param(request, "max_points"),
                search=text_param(request, "search"),
            )
            if owner is not None:
                rows = ownership.only_owned(rows, user=owner, record_type=record_type)
            paginator = IdCursorPagination() if is_figure else PagePagination()
            if not is_figure:
                rows = rows.order_by("system__slug", "name", "id")
            page = paginator.paginate_queryset(rows, request, self) or []
            base = reverse(f"api:{record_type}-list", request=request)
            data = paginator.get_paginated_response(
                [record_body(r, request, base) for r in page]
            ).data
            return conditional(
                request, data, last_modified=selectors.catalogue_last_modified(), private=owned
            )

    RecordListApi.__name__ = RecordListApi.__qualname__ = f"{model.__name__}ListApi"
    RecordListApi.__doc__ = f"The catalogue's {label}, filtered."
    return RecordListApi


def _record_detail_view(record_type: str) -> type[PublicApi]:
    model = RECORD_MODELS[record_type]
    output = _output_of(model)
    label = RECORD_PATHS[record_type]

    class RecordDetailApi(PublicApi):
        @extend_schema(
            operation_id=f"{label.replace('-', '_')}_retrieve",
            tags=["catalogue"],
            parameters=[
                OpenApiParameter("system", str, OpenApiParameter.PATH),
                OpenApiParameter("stable_id", str, OpenApiParameter.PATH),
            ],
            responses={200: output},
            examples=[example(f"One of the {label}", {**_RECORD_EXAMPLE, "type": record_type})],
        )
        def get(self, request: Request, system: str, stable_id: str) -> Response | HttpResponse:
            record = selectors.record_get(
                record_type=record_type, system=system, stable_id=stable_id
            )
            if record is None:
                raise Http404
            return conditional(
                request,
                record_body(record, request),
                last_modified=selectors.catalogue_last_modified(),
            )

    RecordDetailApi.__name__ = RecordDetailApi.__qualname__ = f"{model.__name__}DetailApi"
    RecordDetailApi.__doc__ = f"One of the catalogue's {label}, by system and stable id."
    return RecordDetailApi


RECORD_VIEWS: dict[str, tuple[type[PublicApi], type[PublicApi]]] = {
    record_type: (_records_list_view(record_type), _record_detail_view(record_type))
    for record_type in RECORD_MODELS
}
