"""Shared fixtures: loaded packs, users with knox tokens, API clients, the block queue."""

from __future__ import annotations

import pytest

from builder.simulations import services, tasks
from tests.builder.api_fixtures import *  # noqa: F403


@pytest.fixture
def queued(monkeypatch):
    """Blocks sent to the queue, recorded instead of sent: (job id, block)."""
    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks.simulation_block_run, "delay", lambda *args: sent.append(args))
    return sent


def run_all(sent: list[tuple[int, int]]) -> None:
    """Play the recorded blocks in the test process, as the workers would."""
    for job_id, block in sent:
        services.simulation_block_run(job_id=job_id, block=block)
