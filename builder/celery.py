"""The Celery app: configured from Django settings under the ``CELERY_`` namespace."""

import os
from pathlib import Path
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "builder.settings.local")

app = Celery("muster")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _redelivery_on_redis(sender: Celery, **kwargs: Any) -> None:
    """On Redis, hand a dead worker's unacknowledged tasks to another worker in bounded time.

    Tasks that acknowledge late stay in Redis's "unacked" set while they run; after
    ``CELERY_VISIBILITY_TIMEOUT`` seconds (longer than any task may run) a live worker puts
    them back on the queue. Tasks written to be redone safely make a short timeout harmless.
    """
    if not str(sender.conf.broker_url or "").startswith(("redis://", "rediss://")):
        return
    options = dict(sender.conf.broker_transport_options or {})
    timeout = int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "1200"))
    options.setdefault("visibility_timeout", timeout)
    options.setdefault("unacked_restore_interval", max(1, min(10, timeout // 4)))
    options.setdefault("unacked_restore_throttle", 1)
    sender.conf.broker_transport_options = options


def embedded_broker_folders(conf: Any) -> list[Path]:
    """The on-disk broker's folders, made when missing (a fresh clone has no ``var/``), so a
    job sent or a worker started on it never fails on a folder nobody created."""
    if not str(conf.broker_url or "").startswith("filesystem"):
        return []
    options = conf.broker_transport_options or {}
    keys = ("data_folder_in", "data_folder_out", "control_folder", "processed_folder")
    folders = [Path(options[key]) for key in keys if options.get(key)]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    return folders


@signals.before_task_publish.connect
def _folders_before_publish(**kwargs: Any) -> None:
    embedded_broker_folders(app.conf)


@signals.worker_init.connect
def _folders_before_consuming(sender: Any = None, **kwargs: Any) -> None:
    embedded_broker_folders(getattr(sender, "app", app).conf)
