"""The print-job API: create a job, poll it, download its PDF. Owner-scoped: another
user's job answers 404, as if it did not exist."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from builder.core.errors import ApplicationError
from builder.printing.models import PrintJob, print_storage
from builder.printing.selectors import print_job_get_for_user, print_job_list_for_user
from builder.printing.services import KINDS, print_job_create


def error_response(exc: ApplicationError) -> Response:
    """The API's one error shape, for the errors this app raises."""
    return Response(
        {"code": exc.code, "message": exc.message, "details": exc.details}, status=exc.status
    )


class PrintJobOutputSerializer(serializers.ModelSerializer):
    progress = serializers.CharField(read_only=True)
    pdf_url = serializers.SerializerMethodField()

    class Meta:
        model = PrintJob
        fields = (
            "id",
            "kind",
            "status",
            "progress",
            "progress_done",
            "progress_total",
            "pages",
            "options",
            "error",
            "pdf_url",
            "created_at",
            "started_at",
            "finished_at",
        )

    def get_pdf_url(self, job: PrintJob) -> str | None:
        if job.status != PrintJob.Status.DONE:
            return None
        request = self.context.get("request")
        path = f"/api/v1/print-jobs/{job.pk}/pdf/"
        return request.build_absolute_uri(path) if request else path


class PrintJobListCreateApi(APIView):
    permission_classes = (IsAuthenticated,)

    class InputSerializer(serializers.Serializer):
        kind = serializers.ChoiceField(choices=KINDS)
        what = serializers.DictField(required=False, default=dict)
        options = serializers.DictField(required=False, default=dict)

    def get(self, request: Request) -> Response:
        jobs = print_job_list_for_user(user=request.user)[:50]
        return Response(
            PrintJobOutputSerializer(jobs, many=True, context={"request": request}).data
        )

    def post(self, request: Request) -> Response:
        body = self.InputSerializer(data=request.data)
        if not body.is_valid():
            details = [
                {"path": f"$.{field}", "field": field, "message": str(message)}
                for field, messages in body.errors.items()
                for message in messages
            ]
            return error_response(ApplicationError("invalid", "The request is not valid.", details))
        try:
            job = print_job_create(owner=request.user, **body.validated_data)
        except ApplicationError as exc:
            return error_response(exc)
        data = PrintJobOutputSerializer(job, context={"request": request}).data
        return Response(data, status=status.HTTP_201_CREATED)


class PrintJobDetailApi(APIView):
    permission_classes = (IsAuthenticated,)

    def get(self, request: Request, job_id: int) -> Response:
        try:
            job = print_job_get_for_user(user=request.user, job_id=job_id)
        except ApplicationError as exc:
            return error_response(exc)
        return Response(PrintJobOutputSerializer(job, context={"request": request}).data)


class PrintJobPdfApi(APIView):
    permission_classes = (IsAuthenticated,)

    def get(self, request: Request, job_id: int) -> Any:
        try:
            job = print_job_get_for_user(user=request.user, job_id=job_id)
            if job.status != PrintJob.Status.DONE or not job.pdf:
                raise ApplicationError(
                    "print.not-ready",
                    f"Print job {job.pk} is {job.status}: its PDF is not ready.",
                    status=409,
                )
        except ApplicationError as exc:
            return error_response(exc)
        return FileResponse(
            print_storage.open(job.pdf.name, "rb"),
            content_type="application/pdf",
            as_attachment=True,
            filename=f"muster-{job.kind}-{job.pk}.pdf",
        )
