"""``manage.py restore FILE``: replace the whole database with a ``manage.py backup`` file.

All or nothing: the database is emptied and refilled in one transaction, so a bad or
truncated file leaves it exactly as it was. See docs/operations.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, connection, transaction

from content.services.json_safety import MAX_DEPTH, read_json_file


def max_backup_bytes() -> int:
    """The largest backup file read (``MUSTER_BACKUP_MAX_BYTES``); it is read whole."""
    return int(getattr(settings, "MUSTER_BACKUP_MAX_BYTES", 1024**3))


class Command(BaseCommand):
    help = "Empty the database and load FILE (written by manage.py backup) in one transaction."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a file written by manage.py backup")
        parser.add_argument(
            "--yes", action="store_true", help="do not ask before replacing the database"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        source = Path(options["file"])
        if not source.is_file():
            raise CommandError(f"no backup file at {source}")
        # Each row holds its stored documents (themselves MAX_DEPTH deep at most) three
        # levels down: the list of rows, the row, its fields.
        rows, errors = read_json_file(source, max_bytes=max_backup_bytes(), max_depth=MAX_DEPTH + 3)
        if errors:
            raise CommandError(f"{source} is not a backup: {errors[0]}")
        if not isinstance(rows, list) or not all(
            isinstance(r, dict) and "model" in r for r in rows
        ):
            raise CommandError(f"{source} is not a backup: expected a list of rows")
        if not options["yes"] and options.get("interactive", True):
            answer = input(f"Replace everything in the database with {source}? [y/N] ")
            if answer.strip().lower() not in {"y", "yes"}:
                raise CommandError("restore cancelled; nothing was changed")
        try:
            with transaction.atomic():
                _flush()
                call_command("loaddata", str(source), verbosity=0)
        except (DeserializationError, DatabaseError, ValueError, CommandError) as exc:
            raise CommandError(
                f"{source} could not be restored ({str(exc)[:300]}); nothing was changed"
            ) from exc
        self.stdout.write(self.style.SUCCESS(f"restored {len(rows)} rows from {source}"))


def _flush() -> None:
    """Empty every table the backup fills (content types and permissions stay: migrations
    made them, and the backup refers to them by name). Foreign keys are checked at commit,
    so the order does not matter."""
    kept = {ContentType._meta.db_table, Permission._meta.db_table, "django_migrations"}
    tables = connection.introspection.django_table_names(only_existing=True)
    with connection.cursor() as cursor:
        for table in sorted(set(tables) - kept):
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")
