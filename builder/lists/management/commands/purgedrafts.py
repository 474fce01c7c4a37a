"""Delete the builder's unsaved drafts that nobody has touched for more than 30 days."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from builder.lists.drafts import DRAFT_DAYS, list_draft_purge_expired


class Command(BaseCommand):
    help = f"Delete unsaved drafts untouched for more than {DRAFT_DAYS} days."

    def handle(self, *args: Any, **options: Any) -> None:
        count = list_draft_purge_expired()
        self.stdout.write(f"purged {count} draft(s) older than {DRAFT_DAYS} days")
