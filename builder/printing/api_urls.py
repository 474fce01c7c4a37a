"""Print-job routes, under ``/api/v1/``."""

from django.urls import path

from builder.printing.apis import (
    PrintJobCancelApi,
    PrintJobDetailApi,
    PrintJobListCreateApi,
    PrintJobPdfApi,
)

urlpatterns = [
    path("print-jobs/", PrintJobListCreateApi.as_view(), name="print-job-list"),
    path("print-jobs/<int:job_id>/", PrintJobDetailApi.as_view(), name="print-job-detail"),
    path("print-jobs/<int:job_id>/pdf/", PrintJobPdfApi.as_view(), name="print-job-pdf"),
    path("print-jobs/<int:job_id>/cancel/", PrintJobCancelApi.as_view(), name="print-job-cancel"),
]
