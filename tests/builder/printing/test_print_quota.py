"""A quota of print jobs per user: queued and rendering jobs count, one more is a 429 that
names the quota, on the API, the print page and the admin action alike."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from builder.core.errors import ApplicationError
from builder.printing.models import PrintJob
from builder.printing.services import print_job_cancel, print_job_create

from .conftest import api_for

pytestmark = pytest.mark.django_db

AT_QUOTA = (
    "You have 5 print jobs queued or running, the most allowed; wait for one to finish or "
    "cancel one."
)
QUOTA_BODY = {
    "code": "job_quota",
    "message": AT_QUOTA,
    "details": [
        {"path": "$", "field": "", "message": "limit: 5 print jobs queued or running at once"}
    ],
}
DECK = {"kind": "navigation", "what": {}}


def queue(owner: Any, n: int) -> list[PrintJob]:
    return [print_job_create(owner=owner, kind="navigation", what={}) for _ in range(n)]


def test_the_sixth_job_is_refused_with_the_quota_named(player: Any) -> None:
    queue(player, 5)
    with pytest.raises(ApplicationError) as caught:
        print_job_create(owner=player, kind="navigation", what={})
    assert (caught.value.code, caught.value.status, caught.value.message) == (
        "job_quota",
        429,
        AT_QUOTA,
    )
    assert PrintJob.objects.filter(owner=player).count() == 5


def test_api_answers_429_in_the_error_shape(player: Any) -> None:
    api = api_for(player)
    answers = [api.post("/api/v1/print-jobs/", DECK, format="json") for _ in range(6)]
    assert [a.status_code for a in answers] == [202, 202, 202, 202, 202, 429]
    assert answers[-1].json() == QUOTA_BODY
    assert PrintJob.objects.filter(owner=player).count() == 5


def test_ended_jobs_do_not_count(player: Any) -> None:
    jobs = queue(player, 5)
    PrintJob.objects.filter(pk=jobs[0].pk).update(status=PrintJob.Status.DONE)
    PrintJob.objects.filter(pk=jobs[1].pk).update(status=PrintJob.Status.FAILED)
    print_job_cancel(job=jobs[2])
    PrintJob.objects.filter(pk=jobs[3].pk).update(status=PrintJob.Status.RUNNING)
    assert len(queue(player, 3)) == 3  # 2 active before: 5 after
    with pytest.raises(ApplicationError, match="You have 5 print jobs"):
        queue(player, 1)


def test_cancelling_one_makes_room_over_the_api(player: Any) -> None:
    api = api_for(player)
    jobs = queue(player, 5)
    assert api.post("/api/v1/print-jobs/", DECK, format="json").status_code == 429
    assert api.post(f"/api/v1/print-jobs/{jobs[0].pk}/cancel/").status_code == 200
    assert api.post("/api/v1/print-jobs/", DECK, format="json").status_code == 202


def test_the_quota_is_per_user(player: Any, rival: Any) -> None:
    queue(player, 5)
    assert api_for(rival).post("/api/v1/print-jobs/", DECK, format="json").status_code == 202


def test_the_quota_is_a_setting(player: Any, settings: Any) -> None:
    settings.PRINT_JOBS_PER_USER = 2
    queue(player, 2)
    answer = api_for(player).post("/api/v1/print-jobs/", DECK, format="json")
    assert answer.status_code == 429
    assert answer.json()["message"] == (
        "You have 2 print jobs queued or running, the most allowed; wait for one to finish "
        "or cancel one."
    )


def test_the_print_page_says_so_in_words(client: Client, player: Any) -> None:
    client.force_login(player)
    queue(player, 5)
    answer = client.post("/print/", {"kind": "navigation", "records": "", "paper": "A4"})
    assert answer.status_code == 429
    page = answer.content.decode()
    assert AT_QUOTA.replace("'", "&#x27;") in page
    assert "job_quota" not in page
    assert '<li class="violation error">limit' not in page  # the sentence, not the detail
    assert PrintJob.objects.filter(owner=player).count() == 5


def test_the_admin_action_says_so(loaded_packs: Any, admin_client: Any, admin_user: Any) -> None:
    from content.models import Figure

    queue(admin_user, 5)
    answer = admin_client.post(
        reverse("admin:content_figure_changelist"),
        {"action": "print_cards", "_selected_action": [Figure.objects.first().pk]},
        follow=True,
    )
    assert AT_QUOTA in answer.content.decode()
    assert PrintJob.objects.filter(owner=admin_user).count() == 5


@pytest.mark.django_db(transaction=True)
def test_requests_at_the_same_moment_cannot_pass_the_quota(player: Any, monkeypatch: Any) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL; run with DATABASE_URL=postgres://...")
    monkeypatch.setattr("builder.printing.tasks.print_job_render.delay", lambda *a: None)
    answers: list[int] = []
    start = threading.Barrier(12)

    def post() -> None:
        try:
            start.wait()
            answer = api_for(player).post("/api/v1/print-jobs/", DECK, format="json")
            answers.append(answer.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [202] * 5 + [429] * 7
    assert PrintJob.objects.filter(owner=player).count() == 5
