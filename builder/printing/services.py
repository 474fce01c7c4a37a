"""Printing: turn a request into a PDF, once, and keep it.

The admin action, the API and the ``printsheet`` command all go through ``sheet_render``.
A PDF is named by the fingerprint of everything it shows (inputs, options, pack versions,
template version): an identical request reuses it, and a render that dies half-way leaves
no file behind because PDFs are written to a temporary file and renamed into place.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.utils import timezone

from builder import engine
from builder.core.errors import ApplicationError, ErrorCode
from builder.core.quotas import job_cancel, job_quota_check
from builder.core.site import share_link
from builder.engine import BadDocument, Catalogue
from builder.printing.models import PrintJob, print_storage
from builder.printing.options import PrintOptions, print_options_parse
from builder.printing.render import TEMPLATE_VERSION, cards_pdf, pdf_from_html, sheet_html
from builder.printing.selectors import catalogue_for_document
from builder.printing.sheets import CARD_KINDS, sheet_build, sheet_offered

KINDS = ("cards", "roster", "schematic", "navigation", "character")
# What a request may name; a share link is never taken from a caller: a saved list's own is
# printed when its owner shares it.
WHAT_FIELDS = ("list", "records", "saved_list")
# Records one sheet may print, as many as a list may hold entries.
RECORDS_MAX = engine.MAX_ENTRIES
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PrintRequest:
    """What to print, checked: the kind, records or a list document, and the options."""

    kind: str
    records: tuple[str, ...]
    doc: Mapping[str, Any] | None
    options: PrintOptions
    share_url: str | None = None

    def title(self) -> str:
        if self.doc is not None:
            return f"{self.doc.get('name') or 'List'} ({self.kind})"
        return f"{self.kind.capitalize()}: {len(self.records)} records"


SHEET_TITLES = {
    "cards": "Stat cards",
    "roster": "Roster",
    "schematic": "Schematic",
    "navigation": "Navigation cards",
    "character": "Character sheet",
}
"""A job's title begins with what sheet it is; what it prints follows."""
_TITLE_MAX = 200
_NAMED_RECORD_TYPES = ("figure", "archetype", "navigation_card", "table")
"""Where a record id printed on its own is looked up first (a figure before its dial)."""


def _record_name(catalogue: Catalogue, ref: str) -> str:
    system, _, stable_id = ref.rpartition("/")
    for system_ in [system] if system else catalogue.systems():
        for type_ in [*_NAMED_RECORD_TYPES, *catalogue.types(system_)]:
            record = catalogue.get(system_, type_, stable_id)
            if record is not None:
                return record.name
    return stable_id


def print_job_title(request: PrintRequest, catalogue: Catalogue | None = None) -> str:
    """What a job prints, as its owner calls it: "Roster: Dust Devils", "Stat cards: Charlie
    Steele (Fury) and 2 more". Records are named from ``catalogue`` (the published one)."""
    sheet = SHEET_TITLES.get(request.kind, request.kind.capitalize())
    if request.doc is not None:
        what = str(request.doc.get("name") or "").strip() or "an unnamed list"
    else:
        catalogue = catalogue or catalogue_for_document(None)
        names = [_record_name(catalogue, ref) for ref in request.records]
        if not names:
            what = "the basic deck"  # the one sheet printed from no records
        elif len(names) <= 2:
            what = " and ".join(names)
        else:
            what = f"{names[0]}, {names[1]} and {len(names) - 2} more"
    title = f"{sheet}: {what}"
    return title if len(title) <= _TITLE_MAX else title[: _TITLE_MAX - 1] + "…"


def _detail(path: str, field: str, message: str) -> dict[str, str]:
    return {"path": path, "field": field, "message": message}


def saved_list_document(*, list_uuid: Any, owner: Any | None) -> tuple[dict[str, Any], str | None]:
    """A saved list's document pinned to its pack versions, and its share link when its
    owner shares it. With an ``owner``, someone else's list is as absent as no list."""
    from django.http import Http404

    from builder.lists.models import SavedList
    from builder.lists.pinning import pinned_document
    from builder.lists.selectors import saved_list_get_for_owner

    try:
        if owner is None:
            saved_list = SavedList.objects.prefetch_related("pack_versions__pack").get(
                uuid=list_uuid, deleted_at__isnull=True
            )
        else:
            saved_list = saved_list_get_for_owner(user=owner, list_uuid=list_uuid)
    except (Http404, SavedList.DoesNotExist, ValueError, DjangoValidationError) as exc:
        raise ApplicationError(
            ErrorCode.UNKNOWN_LIST,
            "No such saved list of yours.",
            [_detail("$.what.saved_list", "saved_list", "no such list of yours")],
            status=404,
        ) from exc
    doc = pinned_document(saved_list.document, saved_list.pack_versions.all())
    shared = saved_list.visibility != SavedList.Visibility.PRIVATE
    share_url = share_link(saved_list.share_token) if shared else None
    return doc, share_url


def _bad_request(message: str, path: str, field: str, why: str) -> ApplicationError:
    return ApplicationError(ErrorCode.INVALID, message, [_detail(path, field, why)])


def print_request_parse(
    *,
    kind: str,
    what: Any,
    options: Any,
    owner: Any | None = None,
    share_url: str | None = None,
) -> PrintRequest:
    """Check the request's shape, each field's type before it is used; every problem is
    reported with its JSON path. A saved list is read as ``owner`` may see it (any list
    when ``owner`` is None: the command). ``share_url`` is the command's ``--share-url``;
    a saved list's own link replaces it."""
    if not isinstance(kind, str) or kind not in KINDS:
        raise ApplicationError(
            ErrorCode.INVALID,
            f"Unknown sheet: choose one of {', '.join(KINDS)}.",
            [_detail("$.kind", "kind", f"one of {', '.join(KINDS)}")],
        )
    parsed_options = print_options_parse(options)
    if not isinstance(what, Mapping):
        raise _bad_request("Say what to print.", "$.what", "what", "an object")
    unknown = sorted(str(key)[:40] for key in what if key not in WHAT_FIELDS)
    if unknown:
        raise ApplicationError(
            ErrorCode.INVALID,
            f"Say what to print with {', '.join(WHAT_FIELDS)} only.",
            [
                _detail(f"$.what.{key}", key, f"unknown field (known: {', '.join(WHAT_FIELDS)})")
                for key in unknown
            ],
        )
    records = what.get("records", [])
    doc = what.get("list")
    saved = what.get("saved_list")
    if not isinstance(records, list) or not all(isinstance(r, str) and r for r in records):
        raise _bad_request(
            "Records are named by strings such as 'cs-air-action/charlie-steele-fury'.",
            "$.what.records",
            "records",
            "a list of record ids",
        )
    if len(records) > RECORDS_MAX:
        raise _bad_request(
            f"One sheet prints at most {RECORDS_MAX} records; this asks for {len(records)}.",
            "$.what.records",
            "records",
            f"at most {RECORDS_MAX} record ids",
        )
    if "list" in what and not isinstance(doc, Mapping):
        raise _bad_request(
            "A list to print is a muster-list/1 document.",
            "$.what.list",
            "list",
            "a muster-list/1 object",
        )
    if "saved_list" in what and not isinstance(saved, str):
        raise _bad_request(
            "A saved list is named by its id.", "$.what.saved_list", "saved_list", "a list id"
        )
    if saved is not None:
        if doc is not None:
            raise _bad_request(
                "Print either a saved list or a list document, not both.",
                "$.what",
                "what",
                "saved_list or list",
            )
        doc, share_url = saved_list_document(list_uuid=saved, owner=owner)
    if doc is not None and records:
        raise _bad_request(
            "Print either records or a list, not both.", "$.what", "what", "records or list"
        )
    if doc is None and kind in ("roster", "schematic", "character"):
        raise _bad_request(
            f"A {kind} sheet prints a list: give one.", "$.what.list", "list", "required"
        )
    if doc is None and kind == "cards" and not records:
        raise _bad_request(
            "Name the records to print, or give a list.",
            "$.what.records",
            "records",
            "at least one record id",
        )
    if doc is not None:
        try:
            engine.validate(doc)
        except BadDocument as exc:
            raise ApplicationError(
                ErrorCode.BAD_DOCUMENT,
                "The list cannot be read: "
                + "; ".join(f"{e.path}: {e.message}" for e in exc.errors),
                engine.error_details(exc),
            ) from exc
    return PrintRequest(kind, tuple(records), doc, parsed_options, share_url or None)


def fingerprint(request: PrintRequest, catalogue: Catalogue) -> str:
    """Identical inputs, options, pack versions and templates give the same PDF name."""
    key = {
        "kind": request.kind,
        "records": list(request.records),
        "list": request.doc,
        "share_url": request.share_url,
        "options": request.options.to_dict(),
        "packs": sorted(p.checksum for p in catalogue.packs),
        "template": TEMPLATE_VERSION,
    }
    text = json.dumps(key, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class RenderedSheet:
    pdf: bytes
    pages: int
    items: int


def sheet_render(
    request: PrintRequest,
    catalogue: Catalogue | None = None,
    progress: Progress | None = None,
) -> RenderedSheet:
    """The PDF for a checked request: build the sheet's values, lay them out, render.

    A list is checked once, here, through the engine's gateway; every sheet prints that
    verdict. ``catalogue`` replaces the one the list resolves to (pack files, in tests).
    """
    catalogue = catalogue or catalogue_for_document(request.doc)
    counted = {"n": 0}

    def step(n: int, m: int) -> None:
        counted["n"] = m
        if progress:
            progress(n, m)

    try:
        checked = None
        if request.doc is not None:
            sheet_offered(request.kind, request.doc)
            checked = engine.checked_list(catalogue, request.doc)
        sheet = sheet_build(
            request.kind,
            catalogue,
            records=list(request.records),
            checked=checked,
            share_url=request.share_url,
            greyscale=request.options.greyscale,
            progress=step,
        )
    except BadDocument as exc:
        raise ApplicationError(
            ErrorCode.BAD_DOCUMENT,
            "The list cannot be checked: "
            + "; ".join(f"{e.path}: {e.message}" for e in exc.errors),
            engine.error_details(exc),
        ) from exc
    if request.kind in CARD_KINDS:
        assert isinstance(sheet, list)
        if not sheet:
            raise ApplicationError(ErrorCode.NOTHING_TO_PRINT, "Nothing to print.")
        pdf, pages = cards_pdf(sheet, request.options, request.title())
    else:
        assert isinstance(sheet, dict)
        pdf, pages = pdf_from_html(sheet_html(sheet, request.options))
    return RenderedSheet(pdf=pdf, pages=pages, items=counted["n"])


def pdf_write_atomic(path: Path, pdf: bytes) -> None:
    """Write ``pdf`` so that ``path`` is either absent or whole: temp file, fsync, rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(pdf)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@transaction.atomic
def print_job_create(
    *, owner: Any, kind: str, what: Mapping[str, Any], options: Mapping[str, Any] | None = None
) -> PrintJob:
    """A queued job, checked first so bad input is refused at once; rendered after commit.
    An owner with ``PRINT_JOBS_PER_USER`` jobs queued or rendering is refused (429)."""
    job_quota_check(
        owner=owner,
        active=PrintJob.objects.filter(owner=owner, status__in=PrintJob.ACTIVE),
        limit=settings.PRINT_JOBS_PER_USER,
        noun="print job",
    )
    request = print_request_parse(kind=kind, what=what, options=options, owner=owner)
    job = PrintJob(
        owner=owner,
        kind=kind,
        title=print_job_title(request),
        what=dict(what),
        options=request.options.to_dict(),
        status=PrintJob.Status.QUEUED,
    )
    job.full_clean()
    job.save()
    from builder.printing.tasks import print_job_render

    transaction.on_commit(lambda: print_job_render.delay(job.pk))
    return job


def print_job_cancel(*, job: PrintJob) -> PrintJob:
    """Cancel a queued or rendering job: the worker renders nothing more for it and never
    marks it done, and it stops counting against its owner's quota. Cancelling a cancelled
    job changes nothing; a finished or failed one is a 409."""
    return job_cancel(job=job, noun="print job")


class PrintJobCancelled(Exception):
    """Raised inside a render when its job has been cancelled, to stop the work."""


def _job_update(job: PrintJob, **fields: Any) -> bool:
    """Save ``fields`` unless the job has been cancelled meanwhile (then False, and the
    job reads cancelled): a worker's writes never undo a cancel."""
    saved = (
        PrintJob.objects.filter(pk=job.pk)
        .exclude(status=PrintJob.Status.CANCELLED)
        .update(**fields)
    )
    if not saved:
        job.refresh_from_db(fields=["status", "finished_at"])
        return False
    for name, value in fields.items():
        setattr(job, name, value)
    return True


def print_job_fail(*, job: PrintJob, error: ApplicationError) -> PrintJob:
    _job_update(
        job,
        status=PrintJob.Status.FAILED,
        error={"code": error.code, "message": error.message, "details": error.details},
        finished_at=timezone.now(),
    )
    return job


JobWork = Callable[[PrintJob], tuple[str, Callable[[Progress | None], RenderedSheet]]]
OTHER_JOBS: dict[str, JobWork] = {}
"""Job kinds that print no list or records (a campaign's roster), by kind: each gives the
PDF's file name (the fingerprint of what it shows) and its render. An app above printing
registers its own with ``print_job_kind_register`` when it is ready."""


def print_job_kind_register(kind: str, work: JobWork) -> None:
    """Let the workers render jobs of ``kind`` with ``work`` (its app's, not printing's)."""
    OTHER_JOBS[kind] = work


def _job_work(job: PrintJob) -> tuple[str, Callable[[Progress | None], RenderedSheet]]:
    """The PDF's file name (the fingerprint of what it shows) and how to render it: a
    list or records sheet through ``sheet_render``, any other kind through its own."""
    other = OTHER_JOBS.get(job.kind)
    if other is not None:
        return other(job)
    request = print_request_parse(
        kind=job.kind, what=job.what, options=job.options, owner=job.owner
    )
    catalogue = catalogue_for_document(request.doc)

    def render(progress: Progress | None) -> RenderedSheet:
        return sheet_render(request, catalogue, progress)

    return f"{fingerprint(request, catalogue)}.pdf", render


def print_job_run(*, job_id: int) -> PrintJob:
    """Render a job, idempotently: a done job stays done, and a PDF with the same
    fingerprint is reused rather than rendered again. A cancelled job is not rendered, and
    a cancel that arrives mid-render stops it at the next item or before it is stored. Bad
    input fails the job with a clear error; anything else propagates for the task to retry."""
    job = PrintJob.objects.get(pk=job_id)
    if job.status == PrintJob.Status.CANCELLED:
        return job
    if job.status == PrintJob.Status.DONE and job.pdf.name and print_storage.exists(job.pdf.name):
        return job
    started = _job_update(
        job,
        status=PrintJob.Status.RUNNING,
        attempts=job.attempts + 1,
        started_at=timezone.now(),
        error=None,
        progress_done=0,
    )
    if not started:
        return job
    try:
        name, render = _job_work(job)
        path = Path(print_storage.path(name))
        if path.exists():
            total = max(job.progress_total, 1)
            _job_update(
                job,
                status=PrintJob.Status.DONE,
                fingerprint=name[:-4],
                pdf=name,
                progress_done=total,
                progress_total=total,
                pages=job.pages or _pages_of(name[:-4]),
                finished_at=timezone.now(),
            )
            return job

        def progress(n: int, m: int) -> None:
            if (n == m or n % 5 == 0) and not _job_update(job, progress_done=n, progress_total=m):
                raise PrintJobCancelled

        rendered = render(progress)
    except ApplicationError as exc:
        return print_job_fail(job=job, error=exc)
    except PrintJobCancelled:
        return job
    if PrintJob.objects.filter(pk=job.pk, status=PrintJob.Status.CANCELLED).exists():
        job.refresh_from_db(fields=["status", "finished_at"])
        return job
    pdf_write_atomic(path, rendered.pdf)
    _job_update(
        job,
        status=PrintJob.Status.DONE,
        fingerprint=name[:-4],
        pdf=name,
        pages=rendered.pages,
        progress_done=rendered.items,
        progress_total=rendered.items,
        finished_at=timezone.now(),
    )
    return job


def _pages_of(fingerprint: str) -> int | None:
    """Pages of a PDF another job rendered with the same fingerprint."""
    return (
        PrintJob.objects.filter(fingerprint=fingerprint, pages__isnull=False)
        .values_list("pages", flat=True)
        .first()
    )
