"""``manage.py ensureadmin``: make sure a local admin account exists and print how to log in.

It creates the account, or refreshes the password of an account that is already a superuser;
it never turns an existing ordinary account into an administrator.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Create the local admin account (password kept in var/admin-password.txt) and print it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", default="admin")

    def handle(self, *args: Any, **options: Any) -> None:
        secret_file = Path(settings.VAR_DIR) / "admin-password.txt"
        secret_file.parent.mkdir(parents=True, exist_ok=True)
        if not secret_file.exists():
            secret_file.write_text(secrets.token_urlsafe(12) + "\n", encoding="utf-8")
            secret_file.chmod(0o600)
        password = secret_file.read_text(encoding="utf-8").strip()
        user_model = get_user_model()
        user = user_model.objects.filter(username=options["username"]).first()
        if user is not None and not (user.is_superuser and user.is_staff and user.is_active):
            raise CommandError(
                f"an account named {user.username!r} exists and is not an active administrator; "
                "it was left as it is (choose another name with --username)"
            )
        if user is None:
            user = user_model(username=options["username"], is_staff=True, is_superuser=True)
        user.set_password(password)
        user.save()
        self.stdout.write(
            self.style.SUCCESS(
                f"Admin login: username {user.username!r}, password {password!r} "
                f"(kept in {secret_file})"
            )
        )
