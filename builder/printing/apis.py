"""The print-job API: create a job, poll it, download its PDF, cancel it. Owner-scoped:
another user's job, or another user's saved list, answers 404 as if it did not exist."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from builder.api import fields as text
from builder.api.base import page_of
from builder.api.pagination import PagePagination
from builder.core.errors import ApplicationError, ErrorCode
from builder.printing.models import PrintJob, print_storage
from builder.printing.options import BACKS, CARD_SIZES_MM, DEFAULT_CARD, MAX_BLEED_MM, PAPERS_MM
from builder.printing.selectors import print_job_get_for_user, print_job_list_for_user
from builder.printing.services import (
    KINDS,
    RECORDS_MAX,
    print_job_cancel,
    print_job_create,
)

# The shapes ``print_request_parse`` and ``print_options_parse`` accept, stated for the
# schema; those functions check every field (unknown ones are refused) and answer 400.
WHAT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "description": "What to print: records, a list document or a saved list (one of them); "
    "nothing for the basic navigation deck. A shared saved list's roster carries its "
    "share link as a QR code.",
    "properties": {
        "records": {
            "type": "array",
            "maxItems": RECORDS_MAX,
            "items": {"type": "string", "minLength": 1},
            "description": 'Record ids, "<system>/<stable id>".',
        },
        "list": {"type": "object", "description": "A muster-list/1 document."},
        "saved_list": {
            "type": "string",
            "format": "uuid",
            "description": "The id of one of your saved lists.",
        },
    },
}
OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "paper": {"type": "string", "enum": list(PAPERS_MM), "default": "A4"},
        "card": {
            "type": "string",
            "enum": list(CARD_SIZES_MM),
            "default": DEFAULT_CARD,
            "description": "Card size: poker 63x88 mm, bridge 57x89, tarot 70x120.",
        },
        "cut_marks": {"type": "boolean", "default": True},
        "greyscale": {"type": "boolean", "default": False},
        "backs": {
            "type": "string",
            "enum": list(BACKS),
            "default": "none",
            "description": "Card backs: " + "; ".join(f"{k}: {v}" for k, v in BACKS.items()),
        },
        "bleed": {
            "type": "number",
            "minimum": 0,
            "maximum": MAX_BLEED_MM,
            "default": 0,
            "description": "Millimetres of card background printed past each cut line.",
        },
    },
}


@extend_schema_field(WHAT_SCHEMA)
class WhatField(serializers.DictField):
    pass


@extend_schema_field(OPTIONS_SCHEMA)
class OptionsField(serializers.DictField):
    pass


class PrintJobOutputSerializer(serializers.ModelSerializer[PrintJob]):
    url = serializers.SerializerMethodField()
    pdf_url = serializers.SerializerMethodField()
    what = WhatField(read_only=True)
    options = OptionsField(read_only=True)
    progress = serializers.CharField(read_only=True, help_text='"n of m" items prepared.')

    class Meta:
        model = PrintJob
        fields = (
            "id",
            "url",
            "kind",
            "title",
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


class PrintJobInputSerializer(serializers.Serializer[Any]):
    kind = text.ChoiceField(choices=KINDS)
    what = WhatField(required=False, default=dict)
    options = OptionsField(required=False, default=dict)


_AT_QUOTA = OpenApiResponse(
    description=(
        "`job_quota`: you already have the most print jobs allowed queued or rendering "
        "(or `throttled`: too many requests)."
    )
)
_ENDED = OpenApiResponse(description="`not_cancellable`: the job is done or failed.")


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
        responses={202: PrintJobOutputSerializer, 429: _AT_QUOTA},
        description=(
            "Queues a render; poll the job's `url`. You may have `PRINT_JOBS_PER_USER` jobs "
            "(5 by default) queued or rendering; one more is a 429 `job_quota` until one "
            "finishes or you cancel one. Every option is checked: a wrong one is a 400 "
            "`invalid` naming it (`$.options.paper`)."
        ),
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
        if job.status != PrintJob.Status.DONE or not job.pdf.name:
            raise ApplicationError(
                ErrorCode.NOT_READY,
                f"Print job {job.pk} is {job.status}: it has no PDF.",
                status=409,
            )
        return FileResponse(
            print_storage.open(job.pdf.name, "rb"),
            content_type="application/pdf",
            as_attachment=True,
            filename=f"muster-{job.kind}-{job.pk}.pdf",
        )


class PrintJobCancelApi(APIView):
    """Cancel one of your queued or rendering print jobs: it is not rendered, or not kept."""

    @extend_schema(
        tags=["printing"],
        operation_id="print_jobs_cancel",
        request=None,
        responses={200: PrintJobOutputSerializer, 409: _ENDED},
        description=(
            "The job's status becomes `cancelled` and it no longer counts against your "
            "quota; a render under way stops at its next progress step, or its PDF is "
            "thrown away. "
            "Cancelling a cancelled job answers the same; a job that is done or failed is a "
            "409 `not_cancellable`."
        ),
    )
    def post(self, request: Request, job_id: int) -> Response:
        job = print_job_get_for_user(user=request.user, job_id=job_id)
        job = print_job_cancel(job=job)
        return Response(PrintJobOutputSerializer(job, context={"request": request}).data)
