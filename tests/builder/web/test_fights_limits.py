"""The fights form within the work limit and the quota of jobs, told in words, and a fight
cancelled from its page or from the list of recent fights."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from builder.lists.models import SavedList
from builder.lists.services import saved_list_create
from builder.simulations import tasks
from builder.simulations.models import SimulationJob
from tests.builder.web.conftest import example

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client: Client, packs: Any) -> Any:
    user = get_user_model().objects.create_user("ada", password="a-long-pass-phrase")
    client.force_login(user)
    return user


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks.simulation_block_run, "delay", lambda *args: sent.append(args))
    return sent


def saved(player: Any, path: str) -> SavedList:
    return saved_list_create(owner=player, document=example(path))


def post_fight(client: Client, a: SavedList, b: SavedList, runs: int) -> Any:
    return client.post(
        "/fights/", {"list_a": str(a.uuid), "list_b": str(b.uuid), "runs": str(runs), "seed": "7"}
    )


def error_of(page: str, field: str) -> str:
    found = re.search(rf'id="{field}-error">([^<]*)<', page)
    assert found, f"no error beside {field}"
    return found.group(1)


def test_runs_past_the_work_limit_are_refused_in_words(
    client: Client, player: Any, queued: list[Any]
) -> None:
    hundred = saved(player, "crimson-dust/hundred-models.json")
    response = post_fight(client, hundred, hundred, 10_000_000)
    assert response.status_code == 200
    assert error_of(response.content.decode(), "runs") == (
        "10,000,000 runs of these two lists (200 models in all) is more than one fight may "
        "take: at most 1,000,000 runs of them."
    )
    assert not SimulationJob.objects.exists()
    assert queued == []


def test_runs_at_the_work_limit_start_a_fight(
    client: Client, player: Any, queued: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    hundred = saved(player, "crimson-dust/hundred-models.json")
    with django_capture_on_commit_callbacks(execute=True):
        response = post_fight(client, hundred, hundred, 1_000_000)
    job = SimulationJob.objects.get()
    assert response["Location"] == f"/fights/{job.public_id}/"
    assert len(queued) == 100


def test_a_fourth_fight_is_refused_with_the_quota_in_words(
    client: Client, player: Any, queued: list[Any]
) -> None:
    a = saved(player, "crimson-dust/dust-devils-500.json")
    for _ in range(3):
        assert post_fight(client, a, a, 300).status_code == 302
    response = post_fight(client, a, a, 300)
    assert response.status_code == 429
    assert (
        '<p class="violation error" role="alert" id="form-error">You have 3 simulations '
        "queued or running, the most allowed; wait for one to finish or cancel one.</p>"
    ) in response.content.decode()
    assert SimulationJob.objects.count() == 3


def running(player: Any, a: SavedList) -> SimulationJob:
    return SimulationJob.objects.create(
        owner=player,
        system="crimson-dust",
        list_a=a.document,
        list_b=a.document,
        runs=40_000,
        seed=1,
        block_runs=[10_000] * 4,
        blocks_done=1,
        status=SimulationJob.Status.RUNNING,
    )


def test_a_running_fight_is_cancelled_from_its_page(client: Client, player: Any) -> None:
    job = running(player, saved(player, "crimson-dust/dust-devils-500.json"))
    page = client.get(f"/fights/{job.public_id}/").content.decode()
    cancel = f'action="/fights/{job.public_id}/cancel/"'
    assert cancel in page
    assert ">Cancel this fight</button>" in page

    response = client.post(f"/fights/{job.public_id}/cancel/", follow=True)
    page = response.content.decode()
    assert response.redirect_chain == [(f"/fights/{job.public_id}/", 302)]
    assert "Fight cancelled: no more runs will be played." in page
    assert "Cancelled after 1 of 4 blocks (40,000 runs asked for), so there is no report." in page
    assert cancel not in page
    assert 'hx-trigger="every 1s"' not in page
    job.refresh_from_db()
    assert job.status == "cancelled"


def test_a_fight_is_cancelled_from_the_list_of_recent_fights(client: Client, player: Any) -> None:
    job = running(player, saved(player, "crimson-dust/dust-devils-500.json"))
    page = client.get("/fights/").content.decode()
    assert f'action="/fights/{job.public_id}/cancel/"' in page
    response = client.post(f"/fights/{job.public_id}/cancel/", {"back": "fights"}, follow=True)
    assert response.redirect_chain == [("/fights/", 302)]
    page = response.content.decode()
    assert f'action="/fights/{job.public_id}/cancel/"' not in page
    assert "Cancelled" in page


def test_a_finished_fight_has_nothing_to_cancel(client: Client, player: Any) -> None:
    job = running(player, saved(player, "crimson-dust/dust-devils-500.json"))
    SimulationJob.objects.filter(id=job.id).update(status=SimulationJob.Status.FAILED)
    response = client.post(f"/fights/{job.public_id}/cancel/", follow=True)
    page = response.content.decode()
    assert "This fight has already ended: there is nothing left to cancel." in page


def test_someone_elses_fight_cannot_be_cancelled(client: Client, player: Any) -> None:
    other = get_user_model().objects.create_user("bob", password="x-long-pass")
    job = running(other, saved(other, "crimson-dust/dust-devils-500.json"))
    assert client.post(f"/fights/{job.public_id}/cancel/").status_code == 404
    assert client.get(f"/fights/{job.public_id}/cancel/").status_code == 405
    job.refresh_from_db()
    assert job.status == "running"


def test_recent_fights_are_named_by_their_lists_and_game(
    client: Client, player: Any, queued: list[Any]
) -> None:
    a = saved(player, "cs-air-action/bloodhawks-200.json")
    b = saved(player, "cs-air-action/devastators-200.json")
    post_fight(client, a, b, 20_000)
    page = client.get("/fights/").content.decode()
    assert f"{a.name} against {b.name}</a>" in page
    assert "Crimson Skies: Air Action · 20,000 runs · seed 7" in page
    assert "cs-air-action" not in page.split("Recent fights", 1)[1]
