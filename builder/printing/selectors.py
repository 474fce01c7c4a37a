"""Reads for printing: a player's jobs, and the catalogue a document was built against."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import F, Q, QuerySet
from django.http import Http404

from builder.core.errors import ApplicationError
from builder.printing.models import PrintJob
from content.models import ContentPackVersion
from content.selectors import catalogue_for_packs
from rules_engine.catalogue import Catalogue


def print_job_list_for_user(*, user: Any) -> QuerySet[PrintJob]:
    return PrintJob.objects.filter(owner=user)


def print_job_active_for_user(*, user: Any) -> QuerySet[PrintJob]:
    """The user's jobs queued or rendering: those that count against the quota."""
    return PrintJob.objects.filter(owner=user, status__in=PrintJob.ACTIVE)


def print_job_get_for_user(*, user: Any, job_id: int) -> PrintJob:
    """The user's own job; another user's job is as absent as one that never existed."""
    job = PrintJob.objects.filter(owner=user, pk=job_id).first()
    if job is None:
        raise Http404("No such print job.")
    return job


def pinned_versions(doc: Mapping[str, Any]) -> dict[str, str]:
    content = doc.get("content")
    items = content if isinstance(content, list) else [content] if content else []
    return {str(c["pack"]): str(c["version"]) for c in items}


_CATALOGUES: dict[tuple[str, ...], Catalogue] = {}


def _catalogue_for(versions: dict[str, str] | None) -> Catalogue:
    """``catalogue_for_packs``, kept per process by the stored versions' checksums: a
    worker builds each snapshot once instead of reading every pack document per job."""
    rows = ContentPackVersion.objects.all()
    if versions is None:
        rows = rows.filter(version=F("pack__version"))
    else:
        wanted = Q(pk__in=[])
        for pack_id, version in versions.items():
            wanted |= Q(pack__pack_id=pack_id, version=version)
        rows = rows.filter(wanted)
    key = (
        str(sorted(versions.items())) if versions is not None else "*",
        *sorted(rows.values_list("checksum", flat=True)),
    )
    if key not in _CATALOGUES:
        if len(_CATALOGUES) >= 16:
            _CATALOGUES.pop(next(iter(_CATALOGUES)))
        _CATALOGUES[key] = catalogue_for_packs(versions)
    return _CATALOGUES[key]


def catalogue_for_document(doc: Mapping[str, Any] | None) -> Catalogue:
    """The catalogue of the pack versions a list pins (the published ones without a list);
    a pinned version that is not loaded is a clear error, not a silent substitute."""
    if doc is None:
        return _catalogue_for(None)
    versions = pinned_versions(doc)
    catalogue = _catalogue_for(versions)
    loaded = catalogue.pack_versions()
    missing = [f"{p} {v}" for p, v in versions.items() if loaded.get(p) != v]
    if missing:
        raise ApplicationError(
            "print.pack-not-loaded",
            f"The list pins content that is not loaded: {', '.join(missing)}.",
            [
                {"path": "$.content", "field": "content", "message": f"{m} is not loaded"}
                for m in missing
            ],
        )
    return catalogue
