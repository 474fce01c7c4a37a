"""Muster's Django project package: settings, URLs and the Celery app."""

from builder.celery import app as celery_app

__all__ = ["celery_app"]
