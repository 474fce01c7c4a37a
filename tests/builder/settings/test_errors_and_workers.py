"""A 500 reaches the log with its traceback and the administrators by e-mail; Celery workers
acknowledge late and recycle their children; the on-disk broker keeps to var/."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail
from django.test import Client

from builder.celery import app

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def failing_site(settings):
    settings.ROOT_URLCONF = "tests.builder.settings.failing_urls"
    settings.ADMINS = [("Ops", "ops@example.com")]
    return Client(raise_request_exception=False)


@pytest.mark.django_db
def test_a_500_is_logged_with_its_traceback_and_mailed_to_the_administrators(failing_site, caplog):
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = failing_site.get("/broken/")

    assert response.status_code == 500
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.exc_info[0] is RuntimeError
    assert "Internal Server Error: /broken/" in record.getMessage()
    [message] = mail.outbox
    assert message.to == ["ops@example.com"]
    assert "RuntimeError at /broken/\nthe view fell over" in message.body
    assert "Traceback (most recent call last)" in message.body


def test_administrators_come_from_the_environment():
    code = "from django.conf import settings; print(settings.ADMINS)"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "builder.settings.test",
        "ADMINS": "Ops Team <ops@example.com>, Ada <ada@example.com>",
    }
    done = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.strip().splitlines()[-1] == (
        "[('Ops Team', 'ops@example.com'), ('Ada', 'ada@example.com')]"
    )


def test_celery_acknowledges_late_and_recycles_worker_children():
    conf = app.conf
    assert conf.task_acks_late is True
    assert conf.task_reject_on_worker_lost is True
    assert conf.worker_prefetch_multiplier == 1
    assert conf.worker_max_tasks_per_child == 200
    assert conf.worker_max_memory_per_child == 512_000
    assert conf.result_expires == 86_400


def test_the_on_disk_broker_keeps_every_folder_under_var(settings):
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    var = str(settings.VAR_DIR)
    for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
        assert options[key].startswith(var + os.sep), key
