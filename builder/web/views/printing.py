"""Print: from a list or the catalogue, choose the sheet and its options, watch the workers
render it, download the PDF."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from builder.core.errors import ApplicationError
from builder.lists.selectors import saved_lists_for_owner
from builder.printing.models import PrintJob, print_storage
from builder.printing.options import CARD_SIZES_MM, PAPERS_MM
from builder.printing.selectors import print_job_get_for_user, print_job_list_for_user
from builder.printing.services import print_job_create


@login_required
def print_start(request: HttpRequest) -> HttpResponse:
    source = request.POST if request.method == "POST" else request.GET
    values = {
        "kind": source.get("kind", "roster" if source.get("list") else "cards"),
        "list": source.get("list", ""),
        "records": source.get("records", ""),
        "paper": source.get("paper", "A4"),
        "card": source.get("card", "poker"),
        "cut_marks": source.get("cut_marks", "on" if request.method == "GET" else ""),
        "greyscale": source.get("greyscale", ""),
    }
    errors: list[dict[str, str]] = []
    if request.method == "POST":
        what: dict[str, Any] = {}
        if values["list"]:
            what["saved_list"] = values["list"]
        else:
            what["records"] = [r for r in values["records"].split() if r]
        options = {
            "paper": values["paper"],
            "card": values["card"],
            "cut_marks": values["cut_marks"] == "on",
            "greyscale": values["greyscale"] == "on",
        }
        try:
            job = print_job_create(
                owner=request.user, kind=values["kind"], what=what, options=options
            )
        except ApplicationError as exc:
            errors = exc.details or [{"path": "", "field": "", "message": exc.message}]
            if not exc.details:
                errors[0]["message"] = exc.message
        else:
            return redirect("web:print-job", job_id=job.pk)
    return render(
        request,
        "web/print/start.html",
        {
            "values": values,
            "errors": errors,
            "error_fields": {e.get("field", "") for e in errors},
            "kinds": PrintJob.Kind.choices,
            "papers": list(PAPERS_MM),
            "cards": list(CARD_SIZES_MM),
            "lists": saved_lists_for_owner(user=request.user).order_by("name"),
            "jobs": print_job_list_for_user(user=request.user)[:10],
            "nav": "print",
        },
    )


@login_required
def print_job(request: HttpRequest, job_id: int) -> HttpResponse:
    job = print_job_get_for_user(user=request.user, job_id=job_id)
    context = {"job": job, "nav": "print"}
    template = "web/print/_status.html" if request.htmx else "web/print/job.html"  # type: ignore[attr-defined]
    return render(request, template, context)


@login_required
def print_pdf(request: HttpRequest, job_id: int) -> HttpResponse:
    job = print_job_get_for_user(user=request.user, job_id=job_id)
    if job.status != PrintJob.Status.DONE or not job.pdf:
        return redirect("web:print-job", job_id=job.pk)
    return FileResponse(
        print_storage.open(job.pdf.name, "rb"),
        content_type="application/pdf",
        as_attachment=True,
        filename=f"muster-{job.kind}-{job.pk}.pdf",
    )
