"""Cancelling a print job: over the API and on the print page; a cancelled job is never
rendered or marked done, a render under way stops, and a job that has ended stays as it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from builder.printing import services
from builder.printing.models import PrintJob
from builder.printing.services import print_job_cancel, print_job_create, print_job_run
from builder.printing.tasks import print_job_render

from .conftest import api_for

pytestmark = pytest.mark.django_db

PLANES = ["cs-air-action/charlie-steele-fury", "cs-air-action/genghis-bloodhawk"]
SIX_CARDS = PLANES * 3
ENDED = "The print job is {}: only a queued or running print job can be cancelled."


@pytest.fixture
def renders(monkeypatch: Any) -> list[str]:
    """Every PDF laid out, by sheet: a cancelled job must add none."""
    laid_out: list[str] = []
    real_cards, real_html = services.cards_pdf, services.pdf_from_html

    def cards(*args: Any, **kwargs: Any) -> Any:
        laid_out.append("cards")
        return real_cards(*args, **kwargs)

    def html(*args: Any, **kwargs: Any) -> Any:
        laid_out.append("sheet")
        return real_html(*args, **kwargs)

    monkeypatch.setattr(services, "cards_pdf", cards)
    monkeypatch.setattr(services, "pdf_from_html", html)
    return laid_out


def test_api_cancels_a_queued_job_which_is_then_never_rendered(
    loaded_packs: Any, player: Any, print_root: Path, renders: list[str]
) -> None:
    job = print_job_create(owner=player, kind="cards", what={"records": PLANES})
    answer = api_for(player).post(f"/api/v1/print-jobs/{job.pk}/cancel/")
    assert answer.status_code == 200
    body = answer.json()
    assert (body["id"], body["status"], body["pdf_url"]) == (job.pk, "cancelled", None)
    assert body["finished_at"] is not None
    assert print_job_render.apply(args=[job.pk]).get() == "cancelled"
    job.refresh_from_db()
    assert (job.status, job.attempts, job.pdf.name, job.started_at) == ("cancelled", 0, "", None)
    assert renders == []
    assert not print_root.exists() or list(print_root.iterdir()) == []
    pdf = api_for(player).get(f"/api/v1/print-jobs/{job.pk}/pdf/")
    assert pdf.status_code == 409
    assert pdf.json()["message"] == f"Print job {job.pk} is cancelled: it has no PDF."


def test_cancelling_twice_answers_the_same(player: Any) -> None:
    job = print_job_create(owner=player, kind="navigation", what={})
    first = api_for(player).post(f"/api/v1/print-jobs/{job.pk}/cancel/").json()
    again = api_for(player).post(f"/api/v1/print-jobs/{job.pk}/cancel/")
    assert again.status_code == 200
    assert again.json() == first


@pytest.mark.parametrize("status", ["done", "failed"])
def test_an_ended_job_cannot_be_cancelled(player: Any, status: str) -> None:
    job = PrintJob.objects.create(owner=player, kind="navigation", what={}, status=status)
    answer = api_for(player).post(f"/api/v1/print-jobs/{job.pk}/cancel/")
    assert answer.status_code == 409
    assert answer.json() == {
        "code": "not_cancellable",
        "message": ENDED.format(status),
        "details": [],
    }
    job.refresh_from_db()
    assert job.status == status


def test_only_the_owner_can_cancel(player: Any, rival: Any) -> None:
    from rest_framework.test import APIClient

    job = print_job_create(owner=player, kind="navigation", what={})
    answer = api_for(rival).post(f"/api/v1/print-jobs/{job.pk}/cancel/")
    assert answer.status_code == 404
    assert answer.json()["code"] == "not_found"
    assert APIClient().post(f"/api/v1/print-jobs/{job.pk}/cancel/").status_code in (401, 403)
    job.refresh_from_db()
    assert job.status == "queued"


def test_a_cancel_during_the_build_stops_before_any_layout(
    loaded_packs: Any, player: Any, print_root: Path, renders: list[str], monkeypatch: Any
) -> None:
    job = print_job_create(owner=player, kind="cards", what={"records": SIX_CARDS})
    real_build = services.sheet_build

    def build_then_cancel(*args: Any, progress: Any, **kwargs: Any) -> Any:
        def step(n: int, m: int) -> None:
            if n == 1:
                print_job_cancel(job=job)  # the player cancels while cards are prepared
            progress(n, m)

        return real_build(*args, progress=step, **kwargs)

    monkeypatch.setattr(services, "sheet_build", build_then_cancel)
    job = print_job_run(job_id=job.pk)
    assert job.status == "cancelled"
    job.refresh_from_db()
    assert (job.status, job.progress_done, job.pdf.name) == ("cancelled", 0, "")
    assert renders == []
    assert not print_root.exists() or list(print_root.iterdir()) == []


def test_a_cancel_during_the_layout_keeps_the_job_cancelled(
    loaded_packs: Any, player: Any, print_root: Path, monkeypatch: Any
) -> None:
    job = print_job_create(owner=player, kind="cards", what={"records": PLANES})
    real_cards = services.cards_pdf

    def cards_then_cancel(*args: Any, **kwargs: Any) -> Any:
        pdf = real_cards(*args, **kwargs)
        print_job_cancel(job=job)
        return pdf

    monkeypatch.setattr(services, "cards_pdf", cards_then_cancel)
    print_job_run(job_id=job.pk)
    job.refresh_from_db()
    assert (job.status, job.pdf.name, job.pages) == ("cancelled", "", None)
    assert not print_root.exists() or list(print_root.iterdir()) == []


def test_a_failure_after_a_cancel_leaves_it_cancelled(player: Any) -> None:
    from builder.core.errors import ApplicationError, ErrorCode

    job = print_job_create(owner=player, kind="navigation", what={})
    print_job_cancel(job=job)
    error = ApplicationError(ErrorCode.RENDER_TIMEOUT, "Too long.")
    services.print_job_fail(job=job, error=error)
    job.refresh_from_db()
    assert (job.status, job.error) == ("cancelled", None)


def test_the_schema_documents_cancel_and_the_cancelled_status() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    cancel = schema["paths"]["/api/v1/print-jobs/{job_id}/cancel/"]["post"]
    assert cancel["operationId"] == "print_jobs_cancel"
    assert {"200", "404", "409"} <= set(cancel["responses"])
    ok = cancel["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert ok == "#/components/schemas/PrintJobOutput"
    assert "cancelled" in schema["components"]["schemas"]["PrintJobOutputStatusEnum"]["enum"]
    create = schema["paths"]["/api/v1/print-jobs/"]["post"]
    assert "job_quota" in create["responses"]["429"]["description"]


# --- the print page ------------------------------------------------------------------------


@pytest.fixture
def signed_in(client: Client, player: Any) -> Client:
    client.force_login(player)
    return client


def test_the_job_page_cancels_a_queued_job(signed_in: Client, player: Any) -> None:
    job = print_job_create(owner=player, kind="navigation", what={})
    page = signed_in.get(f"/print/{job.pk}/").content.decode()
    assert f'<form method="post" action="/print/{job.pk}/cancel/" id="print-cancel"' in page
    assert "Cancel this print job</button>" in page
    answer = signed_in.post(f"/print/{job.pk}/cancel/")
    assert answer["Location"] == f"/print/{job.pk}/"
    page = signed_in.get(f"/print/{job.pk}/").content.decode()
    assert "Navigation cards: the basic deck is cancelled." in page
    assert "This print job was cancelled: nothing was printed." in page
    assert "Cancel this print job" not in page
    assert 'http-equiv="refresh"' not in page  # nothing left to follow
    job.refresh_from_db()
    assert job.status == "cancelled"


def test_the_print_page_lists_jobs_under_way_with_a_cancel_button(
    signed_in: Client, player: Any
) -> None:
    queued = print_job_create(owner=player, kind="navigation", what={})
    done = PrintJob.objects.create(owner=player, kind="navigation", what={}, status="done")
    page = signed_in.get("/print/").content.decode()
    assert page.count('class="secondary small">Cancel<') == 1
    assert f'action="/print/{queued.pk}/cancel/"' in page
    assert f'action="/print/{done.pk}/cancel/"' not in page
    answer = signed_in.post(f"/print/{queued.pk}/cancel/", {"back": "print"})
    assert answer["Location"] == "/print/"


def test_cancelling_a_finished_job_on_the_page_says_why(signed_in: Client, player: Any) -> None:
    job = PrintJob.objects.create(owner=player, kind="navigation", what={}, status="done")
    page = signed_in.post(f"/print/{job.pk}/cancel/", follow=True).content.decode()
    assert ENDED.format("done") in page
    job.refresh_from_db()
    assert job.status == "done"


def test_the_page_cancels_only_ones_own_jobs_and_only_by_post(
    signed_in: Client, rival: Any, player: Any
) -> None:
    theirs = print_job_create(owner=rival, kind="navigation", what={})
    mine = print_job_create(owner=player, kind="navigation", what={})
    assert signed_in.post(f"/print/{theirs.pk}/cancel/").status_code == 404
    assert signed_in.get(f"/print/{mine.pk}/cancel/").status_code == 405
    assert {j.status for j in PrintJob.objects.all()} == {"queued"}
