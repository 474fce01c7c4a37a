"""Print: from a list or the catalogue, choose the sheet and its options, watch the workers
render it (or cancel it), download the PDF. Refusals are told in words: the sheet's own
sentence and, beside it, the form's field by its label."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from builder.core.errors import ApplicationError, ErrorCode
from builder.engine import Catalogue
from builder.games import games
from builder.lists.selectors import saved_lists_for_owner
from builder.printing.models import PrintJob, print_storage
from builder.printing.options import CARD_SIZES_MM, MAX_BLEED_MM, PAPERS_MM
from builder.printing.selectors import (
    print_job_active_for_user,
    print_job_get_for_user,
    print_job_list_for_user,
)
from builder.printing.services import print_job_cancel, print_job_create
from builder.web.requests import HtmxHttpRequest
from builder.web.selectors.catalogue import current_catalogue

# The form's labels for the fields a refusal names.
LABELS = {
    "kind": "Sheet",
    "list": "List",
    "saved_list": "List",
    "records": "Records",
    "paper": "Paper",
    "card": "Card size",
    "cut_marks": "Cut marks",
    "greyscale": "Greyscale",
    "backs": "Card backs",
    "bleed": "Bleed",
}
# The print page's words for each choice of card backs.
BACKS_WORDS = {
    "none": "None: every face is a card of its own",
    "duplex-long-edge": "Duplex, flip on long edge",
    "duplex-short-edge": "Duplex, flip on short edge",
    "fold-over": "Fold-over: front and back side by side",
}


def _in_words(exc: ApplicationError) -> list[str]:
    """A refusal as sentences for the page: its message, then each field by its label (a
    list document's own paths are left to the builder, which shows them beside entries)."""
    if exc.code == ErrorCode.BAD_DOCUMENT:
        return ["This list cannot be read; open it in the builder to see what is wrong."]
    lines = [exc.message]
    for item in exc.details:
        label = LABELS.get(str(item.get("field", "")))
        if label:
            lines.append(f"{label}: {item.get('message', '')}")
    return lines


def _millimetres(value: str) -> float | str:
    """A typed bleed as a number, or as typed (the options then refuse it by name)."""
    try:
        return float(value.strip() or "0")
    except ValueError:
        return value


def _records_asked(values: list[str]) -> list[str]:
    """The records ticked in the picker (a link may still name several, space-separated),
    each once, in the order given."""
    return list(dict.fromkeys(r for v in values for r in v.split() if r))


def printable_groups(catalogue: Catalogue, ticked: list[str]) -> list[dict[str, Any]]:
    """The print page's record picker: each game's printable records by name, one group
    per game and sheet ("Crimson Skies: Aces: stat cards"); the ticked stay ticked."""
    sheets = dict(PrintJob.Kind.choices)
    groups = []
    for found in games():
        for sheet, records in found.prints.printable(catalogue).items():
            groups.append(
                {
                    "title": f"{found.title}: {str(sheets.get(sheet, sheet)).lower()}",
                    "sheet": sheet,
                    "open": any(r.ref in ticked for r in records),
                    "records": [
                        {"ref": r.ref, "name": r.name, "ticked": r.ref in ticked} for r in records
                    ],
                }
            )
    return groups


@login_required
def print_start(request: HttpRequest) -> HttpResponse:
    source = request.POST if request.method == "POST" else request.GET
    values: dict[str, Any] = {
        "kind": source.get("kind", "roster" if source.get("list") else "cards"),
        "list": source.get("list", ""),
        "records": _records_asked(source.getlist("records")),
        "paper": source.get("paper", "A4"),
        "card": source.get("card", "poker"),
        "cut_marks": source.get("cut_marks", "on" if request.method == "GET" else ""),
        "greyscale": source.get("greyscale", ""),
        "backs": source.get("backs", "none"),
        "bleed": source.get("bleed", "0"),
    }
    errors: list[str] = []
    error_fields: set[str] = set()
    status = 200
    if request.method == "POST":
        what: dict[str, Any] = {}
        if values["list"]:
            what["saved_list"] = values["list"]
        else:
            what["records"] = values["records"]
        options = {
            "paper": values["paper"],
            "card": values["card"],
            "cut_marks": values["cut_marks"] == "on",
            "greyscale": values["greyscale"] == "on",
            "backs": values["backs"],
            "bleed": _millimetres(values["bleed"]),
        }
        try:
            job = print_job_create(
                owner=request.user, kind=values["kind"], what=what, options=options
            )
        except ApplicationError as exc:
            errors = _in_words(exc)
            error_fields = {str(d.get("field", "")) for d in exc.details}
            status = 429 if exc.status == 429 else 200
        else:
            return redirect("web:print-job", job_id=job.pk)
    finished = print_job_list_for_user(user=request.user).exclude(status__in=PrintJob.ACTIVE)
    return render(
        request,
        "web/print/start.html",
        {
            "values": values,
            "errors": errors,
            "error_fields": error_fields,
            "kinds": [(k, v) for k, v in PrintJob.Kind.choices if k != PrintJob.Kind.CAMPAIGN],
            "papers": list(PAPERS_MM),
            "cards": list(CARD_SIZES_MM),
            "backs": list(BACKS_WORDS.items()),
            "max_bleed": MAX_BLEED_MM,
            "lists": saved_lists_for_owner(user=request.user).order_by("name"),
            "record_groups": printable_groups(current_catalogue(), values["records"]),
            "active_jobs": print_job_active_for_user(user=request.user),
            "jobs": finished[:10],
            "nav": "print",
        },
        status=status,
    )


@login_required
def print_job(request: HtmxHttpRequest, job_id: int) -> HttpResponse:
    job = print_job_get_for_user(user=request.user, job_id=job_id)
    context = {"job": job, "nav": "print"}
    template = "web/print/_status.html" if request.htmx else "web/print/job.html"
    return render(request, template, context)


@login_required
def print_pdf(request: HttpRequest, job_id: int) -> HttpResponseBase:
    job = print_job_get_for_user(user=request.user, job_id=job_id)
    if job.status != PrintJob.Status.DONE or not job.pdf.name:
        return redirect("web:print-job", job_id=job.pk)
    return FileResponse(
        print_storage.open(job.pdf.name, "rb"),
        content_type="application/pdf",
        as_attachment=True,
        filename=f"{slugify(job.name) or f'muster-{job.kind}-{job.pk}'}.pdf",
    )


@login_required
@require_POST
def print_cancel(request: HttpRequest, job_id: int) -> HttpResponse:
    """Cancel one's own queued or rendering job, then back to where the button was."""
    job = print_job_get_for_user(user=request.user, job_id=job_id)
    try:
        job = print_job_cancel(job=job)
    except ApplicationError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{job.name} is cancelled.")
    if request.POST.get("back") == "print":
        return redirect("web:print")
    return redirect("web:print-job", job_id=job.pk)
