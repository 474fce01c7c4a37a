"""One work budget for every caller: runs times the models of both lists, checked before
any work, the same limit as the command line's; inline answers only for small work."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from builder import engine
from builder.simulations.models import SimulationJob
from rules_engine import cli
from tests.builder.api_fixtures import ROOT, example_list

JOBS = "/api/v1/simulations/"
SIMULATE = "/api/v1/engine/simulate/"
HUNDRED = "crimson-dust/hundred-models.json"
OVER_BY_200 = (
    "1,000,001 runs of 200 models is 200,000,200 model-runs, 200 over the limit of "
    "200,000,000: ask for fewer runs"
)


def hundreds(runs: int) -> dict:
    """Two 100-model warbands: 200 models, so 1,000,000 runs is the most."""
    return {"list_a": example_list(HUNDRED), "list_b": example_list(HUNDRED), "runs": runs}


def small(runs: int) -> dict:
    """Two Air Action squadrons of 6 planes in all."""
    return {
        "list_a": example_list("cs-air-action/bloodhawks-200.json"),
        "list_b": example_list("cs-air-action/devastators-200.json"),
        "runs": runs,
        "seed": 5,
    }


def cli_refusal(runs: int) -> dict:
    path = str(ROOT / "docs/examples" / HUNDRED)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["simulate", path, path, "--runs", str(runs)])
    assert code == 2
    return json.loads(out.getvalue())


@pytest.mark.parametrize("url", [JOBS, SIMULATE])
@pytest.mark.parametrize("runs", [10_000_000, 1_000_001])
def test_a_job_past_the_work_limit_is_refused_before_it_is_stored(api, packs, queued, url, runs):
    response = api.post(url, hundreds(runs), format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_document"
    assert [d["path"] for d in body["details"]] == ["runs"]
    over = runs * 200 - 200_000_000
    assert body["details"][0]["message"] == (
        f"{runs:,} runs of 200 models is {runs * 200:,} model-runs, {over:,} over the limit "
        "of 200,000,000: ask for fewer runs"
    )
    assert not SimulationJob.objects.exists()
    assert queued == []


def test_the_api_refuses_exactly_what_the_command_line_refuses(api, packs, queued):
    refused = cli_refusal(1_000_001)
    assert refused["errors"] == [{"path": "runs", "message": OVER_BY_200}]
    body = api.post(JOBS, hundreds(1_000_001), format="json").json()
    assert [{"path": d["path"], "message": d["message"]} for d in body["details"]] == (
        refused["errors"]
    )


def test_work_at_the_limit_is_a_job(api, packs, queued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(JOBS, hundreds(1_000_000), format="json")
    assert response.status_code == 202
    assert response.json()["progress"]["blocks_total"] == 100
    assert len(queued) == 100


def test_big_lists_are_a_job_even_at_few_runs(
    api, packs, queued, django_capture_on_commit_callbacks
):
    # 1,000 runs of 200 models is 200,000 model-runs: past the inline budget of 150,000
    # (seconds of work), though far fewer runs than small lists play inline.
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(SIMULATE, hundreds(1_000), format="json")
    assert response.status_code == 202
    assert response.json()["runs"] == 1_000
    assert SimulationJob.objects.get().runs == 1_000
    assert len(queued) == 1


def test_small_lists_answer_inline_up_to_the_budget(api, packs, queued, settings):
    settings.SIMULATION_INLINE_MAX_WORK = 1_200  # 200 runs of 6 planes
    inline = api.post(SIMULATE, small(200), format="json")
    assert inline.status_code == 200
    assert inline.json()["runs"] == 200
    assert api.post(SIMULATE, small(201), format="json").status_code == 202
    assert SimulationJob.objects.get().runs == 201


def test_the_inline_budget_defaults_to_a_few_seconds_of_work(settings):
    assert settings.SIMULATION_INLINE_MAX_WORK == 150_000
    assert engine.simulation_work(example_list(HUNDRED), example_list(HUNDRED), 750) == 150_000


def test_the_most_runs_follow_the_models_of_both_lists():
    hundred = example_list(HUNDRED)
    assert engine.simulation_max_runs(hundred, hundred) == 1_000_000
    planes = small(1)
    assert engine.simulation_max_runs(planes["list_a"], planes["list_b"]) == 10_000_000
