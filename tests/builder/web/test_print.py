"""Print pages: choose a sheet, watch the job, download only one's own PDF."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.lists.services import saved_list_create
from builder.printing.models import PrintJob
from tests.builder.web.conftest import example

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client: Client, packs: Any, settings: Any, tmp_path: Any) -> Any:
    settings.PRINT_ROOT = tmp_path / "print"
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    return user


def test_a_saved_list_links_to_its_roster(client: Client, player: Any) -> None:
    saved = saved_list_create(owner=player, document=example("crimson-dust/dust-devils-500.json"))
    page = client.get(f"/lists/{saved.uuid}/").content.decode()
    assert f'href="/print/?list={saved.uuid}&amp;kind=roster"' in page
    form = client.get("/print/", {"list": str(saved.uuid), "kind": "roster"}).content.decode()
    assert f'<option value="{saved.uuid}" selected>' in form


def test_a_print_job_is_queued_and_shows_its_progress(
    client: Client, player: Any, django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    saved = saved_list_create(owner=player, document=example("crimson-dust/dust-devils-500.json"))
    monkeypatch.setattr("builder.printing.tasks.print_job_render.delay", lambda *a: None)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/print/", {"kind": "roster", "list": str(saved.uuid), "paper": "A4", "card": "poker"}
        )
    job = PrintJob.objects.get()
    assert response["Location"] == f"/print/{job.pk}/"
    PrintJob.objects.filter(pk=job.pk).update(progress_done=2, progress_total=6)
    page = client.get(f"/print/{job.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert '<progress id="print-progress" max="6" value="2">' in page
    assert client.get(f"/print/{job.pk}/pdf/")["Location"] == f"/print/{job.pk}/"


def test_a_bad_request_says_what_is_wrong(client: Client, player: Any) -> None:
    page = client.post("/print/", {"kind": "cards", "records": ""}).content.decode()
    assert "at least one record id" in page
    assert not PrintJob.objects.exists()


def test_someone_elses_print_job_is_not_found(client: Client, player: Any) -> None:
    other = get_user_model().objects.create_user("bob", password="x-long-pass")
    job = PrintJob.objects.create(owner=other, kind="cards", what={"records": ["x"]})
    assert client.get(f"/print/{job.pk}/").status_code == 404
    assert client.get(f"/print/{job.pk}/pdf/").status_code == 404
