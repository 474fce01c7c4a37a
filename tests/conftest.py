"""Fixtures shared by the whole suite, and what keeps parallel test workers apart."""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Property tests judge behaviour, not speed (bench/ measures that): with two workers sharing
# two cores, Hypothesis's 200 ms deadline and its too-slow health check fail an example that
# is merely descheduled. A test that sets its own settings keeps them.
settings.register_profile("muster", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("muster")

PACK_DIR = Path(__file__).resolve().parent.parent / "content" / "packs"

REDIS_DBS = {"TEST_CELERY_BROKER_URL": 4, "PRINT_TEST_REDIS_URL": 5}
"""The Redis database each real-worker test module flushes, when run without pytest-xdist
(``tests/builder/simulations/test_worker.py`` and ``tests/builder/printing/test_worker.py``)."""


def worker_index() -> int:
    """0 without pytest-xdist, else the number of this xdist worker (``gw1`` is 1)."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(name.removeprefix("gw"))


def pytest_configure(config: pytest.Config) -> None:
    """Each xdist worker flushes Redis databases of its own (gw0 keeps 4 and 5; gw1 takes
    12 and 13, gw2 14 and 15), so real-worker tests on two workers never empty each other's
    queues. The variables are read when the test modules are imported, after this."""
    index = worker_index()
    if index == 0:
        return
    for offset, (variable, default) in enumerate(REDIS_DBS.items()):
        if variable in os.environ:
            continue
        number = 10 + 2 * index + offset
        if number > 15:
            raise pytest.UsageError(
                f"Redis has databases 0-15: with more than 3 xdist workers set {variable} "
                f"(default redis://127.0.0.1:6379/{default}) for each worker yourself"
            )
        os.environ[variable] = f"redis://127.0.0.1:6379/{number}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give each schemathesis case its own node id (``test_x[GET /api/v1/lists/]``).

    Under pytest 9 every case of one ``@schema.parametrize()`` test gets the test's bare id;
    pytest-xdist schedules by id, so all but the first case of each test would silently not
    run on two workers. (Uses pytest's private ``_id``: check after upgrading pytest.)"""
    for item in items:
        leaf = item.nodeid.rpartition("::")[2]
        if item.name != leaf and item.name.startswith(f"{leaf}[") and item.name.endswith("]"):
            assert item.parent is not None
            params = item.name[len(leaf) + 1 : -1]
            item._id = item.parent.id.child(leaf).with_params(params)  # type: ignore[attr-defined]
    seen = Counter(item.nodeid for item in items)
    twice = sorted(nodeid for nodeid, count in seen.items() if count > 1)
    if twice:
        raise pytest.UsageError(f"tests share a node id (xdist would run one of them): {twice}")


@pytest.fixture(scope="session", autouse=True)
def _private_file_roots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """PDFs and uploads go to a folder of this test process, never the shared var/, so two
    test workers (or two runs) never write, read or clear each other's files."""
    from django.test import override_settings

    root = tmp_path_factory.mktemp("files")
    override = override_settings(PRINT_ROOT=root / "print", MEDIA_ROOT=root / "media")
    override.enable()
    yield
    override.disable()


def pack_paths() -> list[Path]:
    return sorted(PACK_DIR.glob("*/*.json"))


def read_pack(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def pack_docs() -> list[tuple[str, dict[str, Any]]]:
    """Every pack in the repository, freshly parsed (safe to mutate)."""
    return [(str(p), copy.deepcopy(read_pack(p))) for p in pack_paths()]
