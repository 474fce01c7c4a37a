"""The admin app, its ``admin.py`` modules loaded by the URLs rather than at start-up.

Django's own admin config imports every app's ``admin.py`` when Django starts, and with
them the spreadsheet import-export and the print services: a management command or a
Celery worker that never serves the admin paid for them. ``builder/urls.py`` loads them for
the site, and the admin's system checks load them before checking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.contrib import admin
from django.contrib.admin.apps import SimpleAdminConfig
from django.contrib.admin.checks import check_admin_app, check_dependencies
from django.core import checks


def admin_checks(app_configs: Sequence[AppConfig] | None = None, **kwargs: Any) -> list[Any]:
    """Django's checks of every registered ModelAdmin, once they are all registered."""
    admin.autodiscover()
    found: list[Any] = check_admin_app(app_configs, **kwargs)
    return found


class AdminConfig(SimpleAdminConfig):
    """``django.contrib.admin`` without the start-up autodiscovery."""

    def ready(self) -> None:
        checks.register(check_dependencies, checks.Tags.admin)
        checks.register(admin_checks, checks.Tags.admin)
