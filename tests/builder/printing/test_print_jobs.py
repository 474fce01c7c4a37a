"""Print jobs through the service, the API, the admin action and the command line."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from builder.core.errors import ApplicationError
from builder.printing import services
from builder.printing.models import PrintJob
from builder.printing.services import print_job_create, print_job_run

from .conftest import EXAMPLES, example, pdf_pages

pytestmark = pytest.mark.django_db

AIR_ACTION = ["cs-air-action/charlie-steele-fury", "cs-air-action/genghis-bloodhawk"]


@pytest.fixture
def player(db: Any) -> Any:
    return get_user_model().objects.create_user("ace", password="pw-for-tests-only")


@pytest.fixture
def rival(db: Any) -> Any:
    return get_user_model().objects.create_user("rival", password="pw-for-tests-only")


def api_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_job_is_queued_on_commit_then_rendered(
    loaded_packs: Any, player: Any, print_root: Path, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = print_job_create(owner=player, kind="cards", what={"records": AIR_ACTION})
    assert len(callbacks) == 1
    assert job.status == "queued"
    assert job.progress == "0 of 0"
    job = print_job_run(job_id=job.pk)
    assert job.status == "done"
    assert job.progress == "2 of 2"
    assert job.pages == 1
    assert job.attempts == 1
    assert job.started_at <= job.finished_at
    pdf = (print_root / job.pdf.name).read_bytes()
    assert 'Charlotte "Charlie" Steele' in pdf_pages(pdf)[0]
    assert sorted(p.name for p in print_root.iterdir()) == [f"{job.fingerprint}.pdf"]


def test_identical_jobs_reuse_the_stored_pdf(
    loaded_packs: Any, player: Any, rival: Any, print_root: Path, monkeypatch: Any
) -> None:
    renders = []
    real = services.pdf_from_html
    monkeypatch.setattr(services, "pdf_from_html", lambda html: renders.append(1) or real(html))
    first = print_job_run(
        job_id=print_job_create(
            owner=player, kind="roster", what={"list": example("cs-aces/kims-team.json")}
        ).pk
    )
    again = print_job_run(
        job_id=print_job_create(
            owner=rival, kind="roster", what={"list": example("cs-aces/kims-team.json")}
        ).pk
    )
    grey = print_job_run(
        job_id=print_job_create(
            owner=player,
            kind="roster",
            what={"list": example("cs-aces/kims-team.json")},
            options={"greyscale": True},
        ).pk
    )
    assert len(renders) == 2  # the second identical job rendered nothing
    assert again.pdf.name == first.pdf.name
    assert again.status == "done"
    assert again.pages == first.pages
    assert grey.pdf.name != first.pdf.name
    # running a finished job again changes nothing
    assert print_job_run(job_id=first.pk).pdf.name == first.pdf.name
    assert len(renders) == 2


def test_bad_input_fails_the_job_with_a_clear_error_and_no_file(
    loaded_packs: Any, player: Any, print_root: Path
) -> None:
    job = print_job_create(
        owner=player,
        kind="schematic",
        what={"list": example("black-skies/black-tiger.fighter.json")},
    )
    job = print_job_run(job_id=job.pk)
    assert job.status == "failed"
    assert job.error["code"] == "not_a_plane"
    assert "not a cs-hex plane design" in job.error["message"]
    assert job.error["details"][0]["path"] == "$.kind"
    assert not job.pdf
    assert not print_root.exists() or list(print_root.iterdir()) == []


def test_unknown_ids_fail_the_job(loaded_packs: Any, player: Any, print_root: Path) -> None:
    job = print_job_run(
        job_id=print_job_create(
            owner=player, kind="cards", what={"records": ["cs-aces/charlie", "cs-aces/nobody"]}
        ).pk
    )
    assert job.status == "failed"
    assert job.error["details"] == [
        {"path": "$.records[1]", "field": "records", "message": "unknown figure 'cs-aces/nobody'"}
    ]


def test_a_list_pinning_content_not_loaded_is_refused(
    loaded_packs: Any, player: Any, print_root: Path
) -> None:
    doc = example("cs-aces/kims-team.json")
    doc["content"]["version"] = "9.9.9"
    job = print_job_run(job_id=print_job_create(owner=player, kind="roster", what={"list": doc}).pk)
    assert job.error["code"] == "bad_document"
    assert job.error["message"] == (
        "Content: names pack versions that are not loaded here: cs-aces-core 9.9.9"
    )
    assert job.error["details"] == [
        {
            "path": "$.content",
            "field": "content",
            "message": "names pack versions that are not loaded here: cs-aces-core 9.9.9",
        }
    ]


def test_a_malformed_list_is_refused_at_creation(player: Any) -> None:
    with pytest.raises(ApplicationError) as caught:
        print_job_create(owner=player, kind="roster", what={"list": {"system": "cs-aces"}})
    assert caught.value.code == "bad_document"
    assert PrintJob.objects.count() == 0


# --- API --------------------------------------------------------------------------------


def test_api_create_poll_download(
    loaded_packs: Any, player: Any, print_root: Path, django_capture_on_commit_callbacks: Any
) -> None:
    api = api_for(player)
    with django_capture_on_commit_callbacks(execute=False):
        created = api.post(
            "/api/v1/print-jobs/",
            {"kind": "navigation", "what": {}, "options": {"paper": "Letter"}},
            format="json",
        )
    assert created.status_code == 202, created.content
    assert created["Location"] == created.json()["url"]
    job_id = created.json()["id"]
    assert created.json()["status"] == "queued"
    assert created.json()["pdf_url"] is None
    assert api.get(f"/api/v1/print-jobs/{job_id}/pdf/").status_code == 409
    print_job_run(job_id=job_id)
    polled = api.get(f"/api/v1/print-jobs/{job_id}/").json()
    assert polled["status"] == "done"
    assert polled["progress"] == "8 of 8"
    assert polled["pages"] == 2
    assert polled["pdf_url"].endswith(f"/api/v1/print-jobs/{job_id}/pdf/")
    download = api.get(f"/api/v1/print-jobs/{job_id}/pdf/")
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    pdf = b"".join(download.streaming_content)
    assert pdf.startswith(b"%PDF")
    assert [j["id"] for j in api.get("/api/v1/print-jobs/").json()["results"]] == [job_id]


def test_another_users_job_is_not_found(
    loaded_packs: Any, player: Any, rival: Any, print_root: Path
) -> None:
    job = print_job_run(job_id=print_job_create(owner=player, kind="navigation", what={}).pk)
    for url in (f"/api/v1/print-jobs/{job.pk}/", f"/api/v1/print-jobs/{job.pk}/pdf/"):
        answer = api_for(rival).get(url)
        assert answer.status_code == 404
        assert answer.json()["code"] == "not_found"
    assert api_for(rival).get("/api/v1/print-jobs/").json()["results"] == []
    assert APIClient().get(f"/api/v1/print-jobs/{job.pk}/").status_code in (401, 403)


def test_api_bad_input_has_the_error_shape(player: Any) -> None:
    answer = api_for(player).post(
        "/api/v1/print-jobs/",
        {"kind": "cards", "what": {"records": ["cs-aces/charlie"]}, "options": {"paper": "A3"}},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "code": "invalid",
        "message": "The print options are not valid.",
        "details": [
            {
                "path": "$.options.paper",
                "field": "paper",
                "message": "must be one of A4, Letter",
            }
        ],
    }
    answer = api_for(player).post("/api/v1/print-jobs/", {"kind": "poster"}, format="json")
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid"
    assert answer.json()["details"][0]["path"] == "$.kind"


@pytest.mark.parametrize("rows", [1, 50])
def test_listing_jobs_takes_constant_queries(
    player: Any, rows: int, django_assert_max_num_queries: Any
) -> None:
    PrintJob.objects.bulk_create(
        [PrintJob(owner=player, kind="navigation", what={}) for _ in range(rows)]
    )
    api = api_for(player)
    with django_assert_max_num_queries(3):
        answer = api.get("/api/v1/print-jobs/")
    assert answer.json()["count"] == rows


# --- admin ------------------------------------------------------------------------------


def test_admin_action_prints_the_chosen_figures(
    loaded_packs: Any,
    admin_client: Any,
    print_root: Path,
    django_capture_on_commit_callbacks: Any,
) -> None:
    from content.models import Figure

    chosen = Figure.objects.filter(stable_id__in=["charlie-steele-fury", "charlie"])
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        answer = admin_client.post(
            reverse("admin:content_figure_changelist"),
            {"action": "print_cards", "_selected_action": [f.pk for f in chosen]},
            follow=True,
        )
    assert len(callbacks) == 1
    job = PrintJob.objects.get()
    assert job.what == {"records": ["cs-aces/charlie", "cs-air-action/charlie-steele-fury"]}
    assert (
        f'Print job <a href="/admin/printing/printjob/{job.pk}/change/">#{job.pk}</a> queued'
        " for 2 record(s)" in answer.content.decode()
    )
    print_job_run(job_id=job.pk)
    page = admin_client.get(reverse("admin:printing_printjob_change", args=[job.pk]))
    assert "2 of 2" in page.content.decode()
    pdf = admin_client.get(reverse("admin:printing_printjob_pdf", args=[job.pk]))
    assert pdf.status_code == 200
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_admin_action_refuses_records_that_are_not_cards(
    loaded_packs: Any, admin_client: Any
) -> None:
    from content.models import Weapon

    answer = admin_client.post(
        reverse("admin:content_weapon_changelist"),
        {"action": "print_cards", "_selected_action": [Weapon.objects.first().pk]},
        follow=True,
    )
    assert "Weapons do not print as cards." in answer.content.decode()
    assert PrintJob.objects.count() == 0


# --- command line ------------------------------------------------------------------------


def test_printsheet_writes_the_pdf(loaded_packs: Any, tmp_path: Path) -> None:
    out = tmp_path / "roster.pdf"
    stdout = io.StringIO()
    call_command(
        "printsheet",
        "roster",
        "--list",
        str(EXAMPLES / "cs-air-action/aces-300.json"),
        "--out",
        str(out),
        stdout=stdout,
    )
    assert stdout.getvalue().startswith(f"{out}: 1 page, 1 item, ")
    assert "Points: 243 of 300" in pdf_pages(out.read_bytes())[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cards", "cs-aces/nobody"], "No figure 'cs-aces/nobody' in the catalogue."),
        (
            ["schematic", "--list", str(EXAMPLES / "cs-aces/kims-team.json")],
            "Kim's team is a cs-aces team, not a cs-hex plane design",
        ),
        (
            ["roster", "--list", "/nonexistent/list.json"],
            "cannot read list file /nonexistent/list.json: No such file or directory",
        ),
        (
            ["roster", "--list", "BROKEN"],
            "not JSON: Expecting property name enclosed in double quotes at line 1 column 2",
        ),
    ],
)
def test_printsheet_bad_input_leaves_no_file(
    loaded_packs: Any, tmp_path: Path, args: list[str], message: str
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{oops", encoding="utf-8")
    args = [str(broken) if a == "BROKEN" else a for a in args]
    out = tmp_path / "out.pdf"
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call_command("printsheet", *args, "--out", str(out))
    assert list(tmp_path.iterdir()) == [broken]


def test_printsheet_help_documents_usage() -> None:
    from builder.printing.management.commands.printsheet import Command

    text = Command().create_parser("manage.py", "printsheet").format_help()
    for needle in (
        "cards,roster,schematic,navigation",
        "--out",
        "--list",
        "--greyscale",
        "--paper",
        "--card",
        "--share-url",
        "examples:",
    ):
        assert needle in text
