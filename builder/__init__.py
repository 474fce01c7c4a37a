"""Muster's Django project package: settings, URLs and the Celery app.

The Celery app is imported when first asked for (``builder.celery_app``, ``celery -A
builder``) or by the task modules that send with it, not by every process that imports
``builder``: a management command or a web worker that sends no task never loads Celery.
"""

from typing import Any

__all__ = ["celery_app"]


def __getattr__(name: str) -> Any:
    if name == "celery_app":
        from builder.celery import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
