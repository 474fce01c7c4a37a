"""Simulation jobs over the API: owner-scoped, progress, blocks stored once, exact reports.

These run the blocks in the test process; ``test_worker.py`` runs them on real workers.
"""

from __future__ import annotations

from builder import engine
from builder.simulations.models import SimulationBlock, SimulationJob
from content.api_selectors import engine_catalogue
from tests.builder.api_fixtures import example_list
from tests.builder.simulations.conftest import run_all

JOBS = "/api/v1/simulations/"


def fight(runs: int = 400, seed: int = 11) -> dict:
    return {
        "list_a": example_list("cs-air-action/bloodhawks-200.json"),
        "list_b": example_list("cs-air-action/devastators-200.json"),
        "runs": runs,
        "seed": seed,
        "scenario": {},
    }


def expected_report(body: dict) -> dict:
    return engine.simulate(
        engine_catalogue(),
        body["list_a"],
        body["list_b"],
        runs=body["runs"],
        seed=body["seed"],
        scenario=body["scenario"],
    )


def test_a_job_is_created_queued_and_followed_to_its_report(
    api, packs, queued, django_capture_on_commit_callbacks
):
    body = fight()
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(JOBS, body, format="json")
    assert response.status_code == 202
    job = response.json()
    assert response["Location"] == job["url"]
    assert job["status"] == "queued"
    assert job["progress"] == {
        "blocks_done": 0,
        "blocks_total": len(engine.plan_blocks(400)),
        "share": 0.0,
    }
    assert len(queued) == job["progress"]["blocks_total"]

    not_ready = api.get(job["result_url"])
    assert not_ready.status_code == 409
    assert not_ready.json()["code"] == "not_ready"

    run_all(queued)
    done = api.get(job["url"]).json()
    assert done["status"] == "done"
    assert done["progress"]["share"] == 1.0
    assert api.get(job["result_url"]).json() == expected_report(body)


def test_a_block_run_twice_is_stored_and_counted_once(
    api, packs, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = api.post(JOBS, fight(), format="json").json()
    run_all(queued)
    run_all(queued)
    row = SimulationJob.objects.get(public_id=job["id"])
    assert SimulationBlock.objects.filter(job=row).count() == row.blocks_total
    assert row.blocks_done == row.blocks_total
    assert api.get(job["result_url"]).json() == expected_report(fight())


def test_blocks_in_any_order_give_the_same_report(
    api, packs, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = api.post(JOBS, fight(runs=25_000, seed=3), format="json").json()
    run_all(list(reversed(queued)))
    assert len(queued) == 3
    assert api.get(job["result_url"]).json() == expected_report(fight(runs=25_000, seed=3))


def test_another_users_job_is_a_404_for_every_verb(
    api, other_api, anon, packs, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = api.post(JOBS, fight(), format="json").json()
    for url in (job["url"], job["result_url"]):
        assert other_api.get(url).status_code == 404
        assert other_api.delete(url).status_code in (404, 405)
        assert anon.get(url).status_code == 401
    assert other_api.get(JOBS).json()["results"] == []
    assert [j["id"] for j in api.get(JOBS).json()["results"]] == [job["id"]]
    assert api.get("/api/v1/simulations/not-a-uuid/").status_code == 404


def test_a_large_engine_simulation_becomes_a_job(
    api, packs, queued, settings, django_capture_on_commit_callbacks
):
    settings.SIMULATION_INLINE_MAX_WORK = 600  # 100 runs of these 6 models
    inline = api.post("/api/v1/engine/simulate/", fight(runs=100), format="json")
    assert inline.status_code == 200
    assert inline.json() == expected_report(fight(runs=100))
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/engine/simulate/", fight(runs=101), format="json")
    assert response.status_code == 202
    assert response.json()["runs"] == 101
    assert queued


def test_a_job_with_a_bad_list_is_refused_before_it_is_stored(api, packs, queued):
    body = fight()
    body["list_b"]["entries"][0]["pilot"] = "nobody-at-all"
    del body["list_b"]["kind"]
    response = api.post(JOBS, body, format="json")
    assert response.status_code == 400
    assert response.json()["details"][0]["path"].startswith("list_b")
    assert not SimulationJob.objects.exists()


def test_job_list_query_count_does_not_grow(api, user, packs, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def make(n: int) -> None:
        SimulationJob.objects.bulk_create(
            SimulationJob(
                owner=user,
                system="cs-air-action",
                list_a={},
                list_b={},
                runs=10,
                seed=1,
                block_runs=[10],
            )
            for _ in range(n)
        )

    counts = []
    for n in (1, 50):
        SimulationJob.objects.all().delete()
        make(n)
        with CaptureQueriesContext(connection) as ctx:
            response = api.get(JOBS, {"page_size": n})
        assert len(response.json()["results"]) == n
        counts.append(len(ctx))
    assert counts[0] == counts[1]
