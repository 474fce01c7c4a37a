"""Reads for printing: a player's jobs, and the catalogue a document was built against."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from builder.core.errors import ApplicationError
from builder.printing.models import PrintJob
from content.selectors import catalogue_for_packs
from rules_engine.catalogue import Catalogue


def print_job_list_for_user(*, user: Any) -> QuerySet[PrintJob]:
    return PrintJob.objects.filter(owner=user)


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


def catalogue_for_document(doc: Mapping[str, Any] | None) -> Catalogue:
    """The catalogue of the pack versions a list pins (the published ones without a list);
    a pinned version that is not loaded is a clear error, not a silent substitute."""
    if doc is None:
        return catalogue_for_packs()
    versions = pinned_versions(doc)
    catalogue = catalogue_for_packs(versions)
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
