"""Cancelling a job over the API: its remaining blocks are not played, it reads cancelled,
and it has no report; a job that has ended cannot be cancelled."""

from __future__ import annotations

from builder import engine
from builder.simulations import services
from builder.simulations.models import SimulationBlock, SimulationJob
from tests.builder.api_fixtures import example_list
from tests.builder.simulations.conftest import run_all

JOBS = "/api/v1/simulations/"


def fight(runs: int = 35_000) -> dict:
    return {
        "list_a": example_list("cs-air-action/bloodhawks-200.json"),
        "list_b": example_list("cs-air-action/devastators-200.json"),
        "runs": runs,
        "seed": 3,
    }


def create(api, django_capture_on_commit_callbacks) -> dict:
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(JOBS, fight(), format="json")
    assert response.status_code == 202
    return response.json()


def test_a_cancelled_job_plays_none_of_its_remaining_blocks(
    api, packs, queued, django_capture_on_commit_callbacks
):
    job = create(api, django_capture_on_commit_callbacks)
    assert len(queued) == 4
    run_all(queued[:1])
    response = api.post(f"{job['url']}cancel/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "cancelled"
    assert body["progress"] == {"blocks_done": 1, "blocks_total": 4, "share": 0.25}
    assert body["finished_at"] is not None

    run_all(queued[1:])
    row = SimulationJob.objects.get(public_id=job["id"])
    assert SimulationBlock.objects.filter(job=row).count() == 1
    assert (row.status, row.blocks_done, row.result) == ("cancelled", 1, None)
    assert api.get(job["url"]).json()["status"] == "cancelled"
    result = api.get(job["result_url"])
    assert result.status_code == 409
    assert result.json() == {
        "code": "simulation_cancelled",
        "message": "The simulation was cancelled after 1 of 4 blocks: it has no report.",
        "details": [],
    }


def test_a_queued_job_cancelled_before_any_block_never_starts(
    api, packs, queued, django_capture_on_commit_callbacks
):
    job = create(api, django_capture_on_commit_callbacks)
    api.post(f"{job['url']}cancel/")
    run_all(queued)
    row = SimulationJob.objects.get(public_id=job["id"])
    assert (row.status, row.started_at, row.blocks_done) == ("cancelled", None, 0)
    assert not SimulationBlock.objects.exists()


def test_a_block_in_flight_when_cancelled_does_not_finish_the_job(
    api, packs, queued, monkeypatch, django_capture_on_commit_callbacks
):
    job = create(api, django_capture_on_commit_callbacks)
    run_all(queued[:3])
    row = SimulationJob.objects.get(public_id=job["id"])
    play = engine.simulate_block

    def cancelled_while_playing(*args, **kwargs):
        services.simulation_job_cancel(job=SimulationJob.objects.get(id=row.id))
        return play(*args, **kwargs)

    monkeypatch.setattr(engine, "simulate_block", cancelled_while_playing)
    run_all(queued[3:])  # the last block lands after the cancel, and merges nothing
    row.refresh_from_db()
    assert SimulationBlock.objects.filter(job=row).count() == 4
    assert (row.status, row.result, row.blocks_done) == ("cancelled", None, 3)


def test_cancelling_twice_answers_the_same(api, packs, queued, django_capture_on_commit_callbacks):
    job = create(api, django_capture_on_commit_callbacks)
    first = api.post(f"{job['url']}cancel/").json()
    second = api.post(f"{job['url']}cancel/")
    assert second.status_code == 200
    assert second.json() == first


def test_a_finished_job_cannot_be_cancelled(api, packs, queued, django_capture_on_commit_callbacks):
    job = create(api, django_capture_on_commit_callbacks)
    run_all(queued)
    response = api.post(f"{job['url']}cancel/")
    assert response.status_code == 409
    assert response.json() == {
        "code": "not_cancellable",
        "message": "The simulation is done: only a queued or running simulation can be cancelled.",
        "details": [],
    }
    assert api.get(job["url"]).json()["status"] == "done"
    assert api.get(job["result_url"]).status_code == 200


def test_only_the_owner_cancels(
    api, other_api, anon, packs, queued, django_capture_on_commit_callbacks
):
    job = create(api, django_capture_on_commit_callbacks)
    assert other_api.post(f"{job['url']}cancel/").status_code == 404
    assert anon.post(f"{job['url']}cancel/").status_code == 401
    assert api.get(f"{job['url']}cancel/").status_code == 405
    assert api.get(job["url"]).json()["status"] == "queued"


def test_cancel_is_in_the_schema(anon, db):
    schema = anon.get("/api/v1/schema/").json()
    operation = schema["paths"]["/api/v1/simulations/{public_id}/cancel/"]["post"]
    assert operation["operationId"] == "simulations_cancel"
    assert operation["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Job"
    }
    assert "not_cancellable" in operation["responses"]["409"]["description"]
    create_op = schema["paths"]["/api/v1/simulations/"]["post"]
    assert "job_quota" in create_op["responses"]["429"]["description"]
