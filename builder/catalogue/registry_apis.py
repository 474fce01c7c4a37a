"""The pack registry: every pack and stored version with its provenance, a version's
canonical file, and the diff between two versions with its blast radius on saved lists.

Packs and versions are public. The diff names, for a signed-in caller, their own lists
pinned to the older version and what the newer one does to them; for staff, every player's
lists pinned to it, counted, the first ``SHOWN`` checked. An unknown pack or version is a
404 ``not_found`` naming which.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from builder.api.conditional import conditional
from builder.api.pagination import PAGE_PARAMS, PagePagination, page_of
from builder.api.params import text_param, text_parameter
from builder.api.schema import example
from builder.catalogue.apis import PublicApi, pack_body, version_body
from builder.catalogue.pack_files import pack_file_response
from builder.core.errors import ApplicationError, ErrorCode
from builder.lists.blast_radius import SHOWN, BlastRadius, ListImpact, blast_radius
from content import registry
from content.models import ContentPack, ContentPackVersion
from content.services.pack_diff import PackDiff, diff_packs

_CHECKSUM_EXAMPLE = "ac49b1c9b28951b8df74e6d72093ce770ce4a4673ddac5d2a958dec8d03222f3"


def not_found(exc: registry.NotInRegistry) -> ApplicationError:
    return ApplicationError(
        code=ErrorCode.NOT_FOUND,
        message=exc.message,
        details=[{"path": exc.parameter, "field": exc.parameter, "message": exc.message}],
        status=404,
    )


def _pack(pack_id: str) -> ContentPack:
    pack = registry.pack_get(pack_id=pack_id)
    if pack is None:
        raise not_found(registry.NotInRegistry(f"No pack {pack_id!r} is in the registry.", "pack"))
    return pack


def _version(pack_id: str, version: str, parameter: str = "version") -> ContentPackVersion:
    try:
        return registry.version_require(pack_id=pack_id, version=version, parameter=parameter)
    except registry.NotInRegistry as exc:
        raise not_found(exc) from exc


# Packs --------------------------------------------------------------------------------------


class RegistryPackSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    name = serializers.CharField()
    system = serializers.CharField()
    version = serializers.CharField(help_text="The version the catalogue currently projects.")
    latest = serializers.CharField(help_text="The newest version stored.")
    versions_count = serializers.IntegerField(help_text="How many versions are stored.")
    checksum = serializers.CharField(help_text="SHA-256 of the published version's file.")
    source = serializers.JSONField()  # type: ignore[assignment]  # a declared field
    loaded_at = serializers.DateTimeField()
    url = serializers.URLField()
    versions_url = serializers.URLField()


def registry_pack_body(
    pack: ContentPack, summary: registry.PackSummary, request: Request
) -> dict[str, Any]:
    return {
        **pack_body(pack, request),
        "latest": summary.latest,
        "versions_count": summary.versions,
    }


_PACK_EXAMPLE = {
    "id": "crimson-dust-core",
    "name": "Crimson Dust V2.1 core rules",
    "system": "crimson-dust",
    "version": "1.0.1",
    "latest": "1.0.1",
    "versions_count": 2,
    "checksum": _CHECKSUM_EXAMPLE,
    "source": {"seed": "003_157d3ea1ab1b2229.txt", "title": "Crimson Dust V2.1"},
    "loaded_at": "2026-12-01T01:00:00Z",
    "url": "http://127.0.0.1:8000/api/v1/packs/crimson-dust-core/",
    "versions_url": "http://127.0.0.1:8000/api/v1/packs/crimson-dust-core/versions/",
}


def _page(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"count": len(items), "next": None, "previous": None, "results": items}


def _last_change(packs: list[ContentPack]) -> datetime | None:
    """When a pack of the page last had a version stored or a record edited."""
    stamps = [s for p in packs for s in (p.loaded_at, p.edited_at) if s is not None]
    return max(stamps, default=None)


class RegistryPackListApi(PublicApi):
    """Every pack: its system, the published and the newest version, how many are stored."""

    @extend_schema(
        operation_id="packs_list",
        tags=["packs"],
        parameters=[text_parameter("system", "Only this game system (its slug)."), *PAGE_PARAMS],
        responses={200: page_of(RegistryPackSerializer, name="PackPage")},
        examples=[example("Packs", _page([_PACK_EXAMPLE]))],
    )
    def get(self, request: Request) -> Response | HttpResponse:
        paginator = PagePagination()
        rows = registry.pack_rows(system=text_param(request, "system"))
        page = list(paginator.paginate_queryset(rows, request, self) or [])
        summaries = registry.pack_summaries(page)
        body = [registry_pack_body(p, s, request) for p, s in zip(page, summaries, strict=True)]
        data = paginator.get_paginated_response(body).data
        return conditional(request, data, last_modified=_last_change(page))


class RegistryPackDetailApi(PublicApi):
    @extend_schema(
        operation_id="packs_retrieve",
        tags=["packs"],
        responses={200: RegistryPackSerializer},
        examples=[example("A pack", _PACK_EXAMPLE)],
    )
    def get(self, request: Request, pack_id: str) -> Response | HttpResponse:
        pack = _pack(pack_id)
        (summary,) = registry.pack_summaries([pack])
        data = registry_pack_body(pack, summary, request)
        return conditional(request, data, last_modified=pack.loaded_at)


# Versions and their provenance ---------------------------------------------------------------


class SourceCountSerializer(serializers.Serializer[Any]):
    seed = serializers.CharField(help_text="The rule-book file the records are read from.")
    title = serializers.CharField(allow_blank=True, help_text="The book's title, when known.")
    records = serializers.IntegerField(help_text="Records of the version citing it.")


class ProvenanceSerializer(serializers.Serializer[Any]):
    pack = serializers.CharField()
    version = serializers.CharField()
    system = serializers.CharField()
    checksum = serializers.CharField(help_text="SHA-256 of the version's canonical file.")
    loaded_at = serializers.DateTimeField(help_text="When it was stored.")
    current = serializers.BooleanField(help_text="Whether the catalogue projects this version.")
    action = serializers.ChoiceField(
        choices=ContentPackVersion.Action.choices,
        help_text="How it arrived: loaded from a file, or published from the catalogue's edits.",
    )
    actor = serializers.CharField(allow_blank=True, help_text="Who loaded or published it.")
    licence = serializers.CharField(help_text="The data's licence as the pack states it.")
    contributors = serializers.ListField(
        child=serializers.CharField(),
        help_text="Usernames of the collectors whose approved proposals it published.",
    )
    records = serializers.IntegerField()
    sources = SourceCountSerializer(many=True)
    url = serializers.URLField()
    records_url = serializers.URLField()
    file_url = serializers.URLField(help_text="The canonical file.")
    signature = serializers.CharField(
        allow_null=True, help_text="Ed25519 signature of the file, base64; null when unsigned."
    )
    signed_by = serializers.CharField(
        allow_null=True, help_text="SHA-256 fingerprint of the key that signed it."
    )
    signature_url = serializers.URLField(allow_null=True)


def provenance_body(
    row: ContentPackVersion, provenance: registry.VersionProvenance, request: Request
) -> dict[str, Any]:
    kwargs = {"pack_id": row.pack.pack_id, "version": row.version}
    return {
        **version_body(row, request),
        "action": provenance.action,
        "actor": provenance.actor,
        "licence": provenance.licence,
        "contributors": list(provenance.contributors),
        "records": provenance.records,
        "sources": [
            {"seed": s.seed, "title": s.title, "records": s.records} for s in provenance.sources
        ],
        "file_url": reverse("api:pack-version-file", kwargs=kwargs, request=request),
        "signature": row.signature or None,
        "signed_by": row.signed_by or None,
        "signature_url": reverse("api:pack-version-signature", kwargs=kwargs, request=request)
        if row.signature
        else None,
    }


_VERSION_URL = "http://127.0.0.1:8000/api/v1/packs/crimson-dust-core/versions/1.0.0/"
_PROVENANCE_EXAMPLE = {
    "pack": "crimson-dust-core",
    "version": "1.0.0",
    "system": "crimson-dust",
    "checksum": _CHECKSUM_EXAMPLE,
    "loaded_at": "2026-12-01T01:00:00Z",
    "current": False,
    "action": "loaded",
    "actor": "curator",
    "licence": "unknown",
    "contributors": [],
    "records": 173,
    "sources": [{"seed": "003_157d3ea1ab1b2229.txt", "title": "Crimson Dust V2.1", "records": 173}],
    "url": _VERSION_URL,
    "records_url": f"{_VERSION_URL}records/",
    "file_url": f"{_VERSION_URL}file/",
    "signature": None,
    "signed_by": None,
    "signature_url": None,
}


class RegistryVersionListApi(PublicApi):
    """Every stored version of a pack with its provenance, newest first."""

    @extend_schema(
        operation_id="pack_versions_list",
        tags=["packs"],
        parameters=PAGE_PARAMS,
        responses={200: page_of(ProvenanceSerializer, name="PackVersionPage")},
        examples=[example("Versions", _page([_PROVENANCE_EXAMPLE]))],
    )
    def get(self, request: Request, pack_id: str) -> Response | HttpResponse:
        pack = _pack(pack_id)
        paginator = PagePagination()
        rows = registry.version_rows(pack=pack)
        page = list(paginator.paginate_queryset(rows, request, self) or [])
        body = [
            provenance_body(r, p, request)
            for r, p in zip(page, registry.version_provenance(page), strict=True)
        ]
        data = paginator.get_paginated_response(body).data
        return conditional(request, data, last_modified=pack.loaded_at)


class RegistryVersionDetailApi(PublicApi):
    """One stored version's provenance: when, who, how, from which books, the licence and
    the SHA-256 of its canonical file."""

    @extend_schema(
        operation_id="pack_versions_retrieve",
        tags=["packs"],
        responses={200: ProvenanceSerializer},
        examples=[example("A version", _PROVENANCE_EXAMPLE)],
    )
    def get(self, request: Request, pack_id: str, version: str) -> Response | HttpResponse:
        row = _version(pack_id, version)
        (provenance,) = registry.version_provenance([row])
        data = provenance_body(row, provenance, request)
        return conditional(request, data, last_modified=row.loaded_at)


class PackVersionFileApi(PublicApi):
    """The version's canonical file, as an attachment: its SHA-256 is the recorded checksum
    (``ETag``, and ``Digest`` in base64)."""

    @extend_schema(
        operation_id="pack_versions_file",
        tags=["packs"],
        responses={200: OpenApiTypes.OBJECT},
        examples=[
            example(
                "A pack file",
                {
                    "format": "muster-pack/1",
                    "id": "crimson-dust-core",
                    "version": "1.0.0",
                    "system": "crimson-dust",
                    "name": "Crimson Dust V2.1 core rules",
                    "source": {"seed": "003_157d3ea1ab1b2229.txt", "title": "Crimson Dust V2.1"},
                    "records": [],
                },
            )
        ],
    )
    def get(self, request: Request, pack_id: str, version: str) -> HttpResponse:
        return pack_file_response(request._request, _version(pack_id, version))


# Diffs ---------------------------------------------------------------------------------------


class FieldChangeSerializer(serializers.Serializer[Any]):
    path = serializers.CharField(help_text="JSON path inside the record (or the pack).")
    is_price = serializers.BooleanField()
    old = serializers.JSONField(required=False, help_text="Left out when the value is new.")
    new = serializers.JSONField(required=False, help_text="Left out when the value is gone.")


class RecordChangeSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField(help_text="added, changed or removed")
    type = serializers.CharField()
    id = serializers.CharField()
    name = serializers.CharField()
    fields = FieldChangeSerializer(many=True)  # type: ignore[assignment]  # a declared field


class VerdictSummarySerializer(serializers.Serializer[Any]):
    legal = serializers.BooleanField()
    points = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    problems = serializers.IntegerField(help_text="Errors and warnings.")


class UsedChangeSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField(help_text="added, changed or removed")
    type = serializers.CharField()
    id = serializers.CharField()
    name = serializers.CharField()
    prices = serializers.BooleanField(help_text="Whether a price of the record changes.")
    used_by = serializers.ListField(
        child=serializers.CharField(), help_text="JSON paths of the entries naming it."
    )


class ListImpactSerializer(serializers.Serializer[Any]):
    uuid = serializers.UUIDField()
    name = serializers.CharField()
    owner = serializers.CharField()
    before = VerdictSummarySerializer(allow_null=True)
    after = VerdictSummarySerializer(allow_null=True)
    changes_points = serializers.BooleanField()
    changes_verdict = serializers.BooleanField()
    uses = UsedChangeSerializer(many=True)
    error = serializers.CharField(allow_blank=True)


class BlastRadiusSerializer(serializers.Serializer[Any]):
    pinned = serializers.IntegerField(help_text="Lists in scope pinned to the older version.")
    everyone = serializers.BooleanField(
        help_text="True for staff (every player's lists); else the caller's own."
    )
    shown = serializers.IntegerField(help_text=f"Lists checked below: at most {SHOWN}.")
    changed = serializers.IntegerField(help_text="Lists below whose points or verdict change.")
    results = ListImpactSerializer(many=True)


class PackDiffSerializer(serializers.Serializer[Any]):
    pack = serializers.CharField()
    # ``from`` is a Python keyword: the field is renamed in ``get_fields``.
    from_ = serializers.CharField()
    to = serializers.CharField()
    bump = serializers.ChoiceField(
        choices=["major", "minor", "patch"], allow_null=True, help_text="The change's size."
    )
    summary = serializers.CharField()
    count = serializers.IntegerField(help_text="Changes as a collector counts them.")
    added = RecordChangeSerializer(many=True)
    changed = RecordChangeSerializer(many=True)
    removed = RecordChangeSerializer(many=True)
    pack_fields = FieldChangeSerializer(many=True)
    lists = BlastRadiusSerializer()

    def get_fields(self) -> dict[str, Any]:
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


def diff_body(diff: PackDiff) -> dict[str, Any]:
    return {
        "pack": diff.pack_id,
        "from": diff.old_version,
        "to": diff.new_version,
        "bump": diff.bump,
        "summary": diff.summary(),
        "count": diff.count,
        "added": [r.to_dict() for r in diff.added],
        "changed": [r.to_dict() for r in diff.changed],
        "removed": [r.to_dict() for r in diff.removed],
        "pack_fields": [f.to_dict() for f in diff.pack_fields],
    }


def impact_body(impact: ListImpact) -> dict[str, Any]:
    def verdict(summary: Any) -> dict[str, Any] | None:
        if summary is None:
            return None
        return {
            "legal": summary.legal,
            "points": summary.points,
            "limit": summary.limit,
            "problems": summary.problems,
        }

    return {
        "uuid": impact.uuid,
        "name": impact.name,
        "owner": impact.owner,
        "before": verdict(impact.before),
        "after": verdict(impact.after),
        "changes_points": impact.changes_points,
        "changes_verdict": impact.changes_verdict,
        "uses": [
            {
                "kind": u.kind,
                "type": u.type,
                "id": u.id,
                "name": u.name,
                "prices": u.prices,
                "used_by": list(u.used_by),
            }
            for u in impact.uses
        ],
        "error": impact.error,
    }


def radius_body(radius: BlastRadius) -> dict[str, Any]:
    return {
        "pinned": radius.pinned,
        "everyone": radius.everyone,
        "shown": len(radius.lists),
        "changed": len(radius.changed),
        "results": [impact_body(i) for i in radius.lists],
    }


_DIFF_EXAMPLE = {
    "pack": "cs-aces-core",
    "from": "1.0.0",
    "to": "1.0.1",
    "bump": "major",
    "summary": "1 record changed (1 price)",
    "count": 1,
    "added": [],
    "changed": [
        {
            "kind": "changed",
            "type": "figure",
            "id": "vigilante",
            "name": "Vigilante",
            "fields": [{"path": "$.data.point_value", "is_price": True, "old": 11, "new": 13}],
        }
    ],
    "removed": [],
    "pack_fields": [],
    "lists": {
        "pinned": 1,
        "everyone": False,
        "shown": 1,
        "changed": 1,
        "results": [
            {
                "uuid": "0b6f2c2e-3c1a-4a51-9a43-2f1f0d5c9b10",
                "name": "Kim's team",
                "owner": "ada",
                "before": {"legal": True, "points": 100, "limit": 100, "problems": 0},
                "after": {"legal": False, "points": 102, "limit": 100, "problems": 1},
                "changes_points": True,
                "changes_verdict": True,
                "uses": [
                    {
                        "kind": "changed",
                        "type": "figure",
                        "id": "vigilante",
                        "name": "Vigilante",
                        "prices": True,
                        "used_by": ["$.entries[1].figure"],
                    }
                ],
                "error": "",
            }
        ],
    },
}


class PackDiffApi(PublicApi):
    """What changed from one version of a pack to another, record by record and field by
    field, prices flagged; and which saved lists pinned to ``from`` it changes."""

    @extend_schema(
        operation_id="packs_diff",
        tags=["packs"],
        parameters=[
            OpenApiParameter(
                "from",
                {"type": "string", "maxLength": 200},
                required=True,
                description="The older version.",
            ),
            OpenApiParameter(
                "to",
                {"type": "string", "maxLength": 200},
                required=True,
                description="The newer version.",
            ),
        ],
        responses={200: PackDiffSerializer},
        examples=[example("A price change", _DIFF_EXAMPLE)],
    )
    def get(self, request: Request, pack_id: str) -> Response | HttpResponse:
        wanted = {name: text_param(request, name) for name in ("from", "to")}
        missing = [name for name, value in wanted.items() if value is None]
        if missing:
            raise ApplicationError(
                code=ErrorCode.INVALID,
                message=f"Give both versions: {' and '.join(missing)} missing.",
                details=[{"path": n, "field": n, "message": "required"} for n in missing],
            )
        old = _version(pack_id, str(wanted["from"]), "from")
        new = _version(pack_id, str(wanted["to"]), "to")
        diff = diff_packs(old.document, new.document)
        radius = blast_radius(old=old, new=new, diff=diff, viewer=request.user)
        data = {**diff_body(diff), "lists": radius_body(radius)}
        return conditional(
            request,
            data,
            last_modified=max(old.loaded_at, new.loaded_at),
            private=request.user.is_authenticated,
        )
