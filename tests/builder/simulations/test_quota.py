"""At most SIMULATION_JOBS_PER_USER jobs queued or running per user; one more is a 429 that
names the quota, and a job that ends (done, failed or cancelled) frees its place."""

from __future__ import annotations

import pytest

from builder.simulations.models import SimulationJob
from tests.builder.api_fixtures import example_list

JOBS = "/api/v1/simulations/"
AT_QUOTA = {
    "code": "job_quota",
    "message": (
        "You have 3 simulations queued or running, the most allowed; "
        "wait for one to finish or cancel one."
    ),
    "details": [
        {"path": "$", "field": "", "message": "limit: 3 simulations queued or running at once"}
    ],
}


def fight(runs: int = 50_000) -> dict:
    return {
        "list_a": example_list("cs-air-action/bloodhawks-200.json"),
        "list_b": example_list("cs-air-action/devastators-200.json"),
        "runs": runs,
        "seed": 1,
    }


def start(api, n: int) -> list[dict]:
    responses = [api.post(JOBS, fight(), format="json") for _ in range(n)]
    assert [r.status_code for r in responses] == [202] * n
    return [r.json() for r in responses]


def test_a_fourth_job_is_refused_with_the_quota_named(api, packs, queued):
    start(api, 3)
    refused = api.post(JOBS, fight(), format="json")
    assert refused.status_code == 429
    assert refused.json() == AT_QUOTA
    assert SimulationJob.objects.count() == 3


def test_the_engine_simulate_endpoint_counts_against_the_same_quota(api, packs, queued):
    start(api, 3)
    refused = api.post("/api/v1/engine/simulate/", fight(), format="json")
    assert refused.status_code == 429
    assert refused.json() == AT_QUOTA


def test_the_quota_is_per_user(api, other_api, packs, queued):
    start(api, 3)
    assert other_api.post(JOBS, fight(), format="json").status_code == 202


@pytest.mark.parametrize("ended", ["done", "failed", "cancelled"])
def test_an_ended_job_frees_its_place(api, packs, queued, ended):
    first, *_ = start(api, 3)
    SimulationJob.objects.filter(public_id=first["id"]).update(status=ended)
    assert api.post(JOBS, fight(), format="json").status_code == 202
    assert api.post(JOBS, fight(), format="json").status_code == 429


def test_cancelling_a_job_frees_its_place(api, packs, queued):
    first, *_ = start(api, 3)
    assert api.post(f"{first['url']}cancel/").status_code == 200
    assert api.post(JOBS, fight(), format="json").status_code == 202


def test_the_quota_is_a_setting(api, packs, queued, settings):
    settings.SIMULATION_JOBS_PER_USER = 1
    start(api, 1)
    refused = api.post(JOBS, fight(), format="json").json()
    assert refused["message"] == (
        "You have 1 simulation queued or running, the most allowed; "
        "wait for one to finish or cancel one."
    )


def test_a_lowered_quota_says_how_many_are_allowed(api, packs, queued, settings):
    start(api, 3)
    settings.SIMULATION_JOBS_PER_USER = 2
    refused = api.post(JOBS, fight(), format="json").json()
    assert refused["message"] == (
        "You have 3 simulations queued or running, and the most allowed is 2; "
        "wait for one to finish or cancel one."
    )


def test_inline_answers_do_not_count(api, packs, queued):
    start(api, 3)
    inline = api.post("/api/v1/engine/simulate/", fight(runs=100), format="json")
    assert inline.status_code == 200
