"""Jobs on the on-disk broker: queued on a fresh clone, whose ``var/`` holds no folders yet,
and sent to the broker this process was last pointed at (real-worker tests switch brokers)."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings

from builder.core.celery_workers import use_broker
from builder.simulations.tasks import simulation_block_run
from tests.builder.simulations.test_jobs import JOBS, fight


def on_disk_broker(var: Path) -> dict[str, object]:
    """The settings' on-disk broker options with every folder moved from var/ into ``var``."""
    options = dict(settings.CELERY_BROKER_TRANSPORT_OPTIONS)
    for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
        options[key] = str(var / Path(str(options[key])).name)
    return options


def test_a_job_sent_before_any_broker_folder_exists_is_queued(
    api, packs, tmp_path, django_capture_on_commit_callbacks
):
    var = tmp_path / "var"
    with (
        use_broker("filesystem://", on_disk_broker(var)),
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = api.post(JOBS, fight(), format="json")
    assert response.status_code == 202, response.content[:300]
    blocks = response.json()["progress"]["blocks_total"]
    messages = sorted((var / "broker").glob("*.celery.msg"))
    assert len(messages) == blocks
    tasks = {json.loads(m.read_text())["headers"]["task"] for m in messages}
    assert tasks == {simulation_block_run.name}


def test_a_switched_broker_takes_the_next_job_even_after_a_publish_on_the_old_one(
    api, packs, tmp_path, django_capture_on_commit_callbacks
):
    """A publish leaves Celery's producer pool on its broker; switching must forget it."""
    first, second = tmp_path / "first", tmp_path / "second"
    with use_broker("filesystem://", on_disk_broker(first)):
        with django_capture_on_commit_callbacks(execute=True):
            api.post(JOBS, fight(), format="json")
        sent_first = len(list((first / "broker").glob("*.msg")))
        with (
            use_broker("filesystem://", on_disk_broker(second)),
            django_capture_on_commit_callbacks(execute=True),
        ):
            api.post(JOBS, fight(), format="json")
        with django_capture_on_commit_callbacks(execute=True):
            api.post(JOBS, fight(), format="json")
    assert len(list((second / "broker").glob("*.msg"))) == sent_first > 0
    assert len(list((first / "broker").glob("*.msg"))) == 2 * sent_first
