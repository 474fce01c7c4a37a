"""The Celery app: configured from Django settings under the ``CELERY_`` namespace."""

import os
from typing import Any

from celery import Celery

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
