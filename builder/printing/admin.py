"""Print jobs in the admin: status, progress, the error, and the PDF to download."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import FileResponse, Http404, HttpRequest
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from builder.printing.admin_actions import print_cards_offer
from builder.printing.models import PrintJob, print_storage


@admin.register(PrintJob)
class PrintJobAdmin(admin.ModelAdmin[PrintJob]):
    list_display = (
        "id",
        "title",
        "kind",
        "owner",
        "status",
        "progress",
        "pages",
        "created_at",
        "download",
    )
    list_filter = ("status", "kind")
    list_select_related = ("owner",)
    search_fields = ("owner__username", "title", "fingerprint")
    readonly_fields = (
        "owner",
        "title",
        "kind",
        "what",
        "options",
        "status",
        "progress",
        "pages",
        "download",
        "error",
        "fingerprint",
        "attempts",
        "created_at",
        "started_at",
        "finished_at",
    )
    fields = readonly_fields

    @admin.display(description="PDF")
    def download(self, job: PrintJob) -> SafeString | str:
        if job.status != PrintJob.Status.DONE:
            return "—"
        url = reverse("admin:printing_printjob_pdf", args=[job.pk])
        return format_html('<a href="{}">download</a>', url)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_urls(self) -> list[URLPattern]:
        pdf = path(
            "<int:job_id>/pdf/",
            self.admin_site.admin_view(self.pdf_view),
            name="printing_printjob_pdf",
        )
        return [pdf, *super().get_urls()]

    def pdf_view(self, request: HttpRequest, job_id: int) -> FileResponse:
        job = PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.DONE).first()
        if job is None or not self.has_view_permission(request, job) or not job.pdf.name:
            raise Http404("No finished print job with that id.")
        return FileResponse(
            print_storage.open(job.pdf.name, "rb"),
            content_type="application/pdf",
            filename=f"muster-{job.kind}-{job.pk}.pdf",
        )


print_cards_offer(admin.site)
