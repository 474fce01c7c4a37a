"""Delete for good the lists that have been in the trash for more than 30 days."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from builder.lists.services import TRASH_DAYS, saved_list_purge_expired


class Command(BaseCommand):
    help = f"Delete lists that have been in the trash for more than {TRASH_DAYS} days."

    def handle(self, *args: Any, **options: Any) -> None:
        count = saved_list_purge_expired()
        self.stdout.write(f"purged {count} list(s) from the trash")
