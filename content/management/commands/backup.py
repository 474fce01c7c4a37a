"""``manage.py backup FILE``: the whole database (catalogue, pack versions, accounts, lists
and the admin's history) as one JSON file that ``manage.py restore`` reads back.

Works the same on SQLite and PostgreSQL, so a backup can also move a site from one to the
other. The file is written whole or not at all. See docs/operations.md.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from content.services.packs import check_output_path

EXCLUDED = [
    "contenttypes",  # rebuilt by migrations; rows refer to them by natural key
    "auth.permission",
    "sessions",  # log-ins do not survive a restore
]


class Command(BaseCommand):
    help = "Write every row of the database to FILE (JSON), for manage.py restore."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="where to write the backup, e.g. var/backup.json")

    def handle(self, *args: Any, **options: Any) -> None:
        target = Path(options["file"])
        problem = check_output_path(target)
        if problem:
            raise CommandError(f"cannot write the backup: {problem}")
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        os.close(fd)
        try:
            call_command(
                "dumpdata",
                format="backup-json",
                exclude=EXCLUDED,
                natural_foreign=True,
                indent=1,
                output=tmp,
                verbosity=0,
            )
            os.replace(tmp, target)
        except OSError as exc:
            raise CommandError(f"cannot write the backup: {exc.strerror or exc}") from exc
        finally:
            Path(tmp).unlink(missing_ok=True)
        self.stderr.write(f"wrote the backup to {target} ({target.stat().st_size:,} bytes)")
