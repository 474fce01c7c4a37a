"""The data migration that stores failed print jobs' error codes in the project's one
spelling, and back."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("printing", "0004_print_jobs_current_spellings")]
AFTER = [("printing", "0005_print_job_error_codes")]
DETAILS = [{"path": "$.options.paper", "field": "paper", "message": "must be one of A4, Letter"}]


def _job_model(executor: MigrationExecutor, target: list[tuple[str, str]]) -> Any:
    return executor.loader.project_state(target).apps.get_model("printing", "PrintJob")


@pytest.mark.django_db(transaction=True)
def test_stored_print_error_codes_are_respelt_and_back(django_user_model: Any) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        PrintJob = _job_model(executor, BEFORE)
        owner = django_user_model.objects.create_user("ada", password="pw-for-tests-only")

        def failed(code: str) -> int:
            error = {"code": code, "message": "It failed.", "details": DETAILS}
            return PrintJob.objects.create(
                owner_id=owner.pk, kind="cards", status="failed", error=error
            ).pk

        jobs = {
            code: failed(code)
            for code in (
                "print.bad-options",
                "print.bad-kind",
                "print.bad-list",
                "print.not-a-plane",
                "print.timeout",
                "print.render-failed",
                "bad_document",
                "no_content",
            )
        }
        done = PrintJob.objects.create(owner_id=owner.pk, kind="cards", status="done").pk

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        PrintJob = _job_model(executor, AFTER)
        codes = {old: PrintJob.objects.get(pk=pk).error["code"] for old, pk in jobs.items()}
        assert codes == {
            "print.bad-options": "invalid",
            "print.bad-kind": "invalid",
            "print.bad-list": "bad_document",
            "print.not-a-plane": "not_a_plane",
            "print.timeout": "render_timeout",
            "print.render-failed": "render_failed",
            "bad_document": "bad_document",
            "no_content": "no_content",
        }
        kept = PrintJob.objects.get(pk=jobs["print.bad-options"]).error
        assert kept == {"code": "invalid", "message": "It failed.", "details": DETAILS}
        assert PrintJob.objects.get(pk=done).error is None

        executor = MigrationExecutor(connection)
        executor.migrate(BEFORE)
        PrintJob = _job_model(executor, BEFORE)
        codes = {old: PrintJob.objects.get(pk=pk).error["code"] for old, pk in jobs.items()}
        assert codes == {
            "print.bad-options": "print.bad-request",
            "print.bad-kind": "print.bad-request",
            "print.bad-list": "bad_document",
            "print.not-a-plane": "print.not-a-plane",
            "print.timeout": "print.timeout",
            "print.render-failed": "print.render-failed",
            "bad_document": "bad_document",
            "no_content": "no_content",
        }
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
