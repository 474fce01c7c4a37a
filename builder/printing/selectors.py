"""Reads for printing: a player's jobs, and the catalogue a document was built against."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from builder.engine import BadDocument, Catalogue, bad_document_error
from builder.printing.models import PrintJob
from content import catalogues


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


def catalogue_for_document(doc: Mapping[str, Any] | None) -> Catalogue:
    """The catalogue a list is checked against (the published packs without a list), by
    the one policy of ``content.catalogues``; a pinned version that is not stored is the
    400 ``bad_document`` at ``$.content`` every surface gives, not a silent substitute."""
    if doc is None:
        return catalogues.published().catalogue
    try:
        return catalogues.resolve(doc).catalogue
    except BadDocument as exc:
        raise bad_document_error(exc) from exc
