"""``manage.py prepare``: what ``make run`` does before serving, in one process.

Migrations, the shipped packs (unchanged ones are left alone) and the local admin account
each took a Django start-up of their own; one process pays it once, so a second ``make run``
with nothing changed answers sooner.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Migrate, load the packs that changed and make sure the local admin account exists."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--login-file", help="write how to log in as the admin here instead of printing it"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, stdout=self.stdout, stderr=self.stderr)
        call_command("loadpack", stdout=self.stdout, stderr=self.stderr)
        login = io.StringIO()
        call_command("ensureadmin", stdout=login)
        if options["login_file"]:
            Path(options["login_file"]).write_text(login.getvalue(), encoding="utf-8")
        else:
            self.stdout.write(login.getvalue(), ending="")
