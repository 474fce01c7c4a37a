"""The print-job API: create a job, poll it, download its PDF. Owner-scoped: another
user's job, or another user's saved list, answers 404 as if it did not exist."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from builder.accounts.api_base import page_of
from builder.api.pagination import PagePagination
from builder.core.errors import ApplicationError
from builder.printing.models import PrintJob, print_storage
from builder.printing.selectors import print_job_get_for_user, print_job_list_for_user
from builder.printing.services import KINDS, print_job_create


class PrintJobOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    url = serializers.SerializerMethodField()
    pdf_url = serializers.SerializerMethodField()
    progress = serializers.CharField(read_only=True, help_text='"n of m" items prepared.')

    class Meta:
        model = PrintJob
        fields = (
            "id",
            "url",
            "kind",
            "what",
            "options",
            "status",
            "progress",
            "progress_done",
            "progress_total",
            "pages",
            "error",
            "pdf_url",
            "created_at",
            "started_at",
            "finished_at",
        )

    def get_url(self, job: PrintJob) -> str:
        return str(reverse("api:print-job-detail", args=[job.pk], request=self.context["request"]))

    def get_pdf_url(self, job: PrintJob) -> str | None:
        if job.status != PrintJob.Status.DONE:
            return None
        return str(reverse("api:print-job-pdf", args=[job.pk], request=self.context["request"]))


class PrintJobInputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=KINDS)
    what = serializers.DictField(
        required=False,
        default=dict,
        help_text='{"records": ["<system>/<id>", ...]}, {"list": <muster-list/1>} or '
        '{"saved_list": "<uuid>"}; nothing for the basic navigation deck.',
    )
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text='{"paper": "A4"|"Letter", "card": "poker"|"bridge"|"tarot", '
        '"cut_marks": true, "greyscale": false}',
    )


class PrintJobListCreateApi(APIView):
    """Your print jobs, newest first; post what to print to start one."""

    @extend_schema(
        tags=["printing"],
        operation_id="print_jobs_list",
        responses={200: page_of(PrintJobOutputSerializer, "PrintJobPage")},
    )
    def get(self, request: Request) -> Response:
        paginator = PagePagination()
        page = paginator.paginate_queryset(
            print_job_list_for_user(user=request.user), request, self
        )
        body = PrintJobOutputSerializer(page, many=True, context={"request": request}).data
        return paginator.get_paginated_response(body)

    @extend_schema(
        tags=["printing"],
        request=PrintJobInputSerializer,
        responses={202: PrintJobOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        body = PrintJobInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        job = print_job_create(owner=request.user, **body.validated_data)
        data = PrintJobOutputSerializer(job, context={"request": request}).data
        return Response(data, status=status.HTTP_202_ACCEPTED, headers={"Location": data["url"]})


class PrintJobDetailApi(APIView):
    """One of your print jobs: status, progress "n of m", the error if it failed."""

    @extend_schema(tags=["printing"], responses={200: PrintJobOutputSerializer})
    def get(self, request: Request, job_id: int) -> Response:
        job = print_job_get_for_user(user=request.user, job_id=job_id)
        return Response(PrintJobOutputSerializer(job, context={"request": request}).data)


class PrintJobPdfApi(APIView):
    """The PDF of a finished job (409 while it is queued or rendering, or if it failed)."""

    @extend_schema(tags=["printing"], responses={(200, "application/pdf"): bytes})
    def get(self, request: Request, job_id: int) -> Any:
        job = print_job_get_for_user(user=request.user, job_id=job_id)
        if job.status != PrintJob.Status.DONE or not job.pdf:
            raise ApplicationError(
                "print.not-ready",
                f"Print job {job.pk} is {job.status}: it has no PDF.",
                status=409,
            )
        return FileResponse(
            print_storage.open(job.pdf.name, "rb"),
            content_type="application/pdf",
            as_attachment=True,
            filename=f"muster-{job.kind}-{job.pk}.pdf",
        )
