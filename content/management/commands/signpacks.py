"""``manage.py signpacks``: sign the stored versions that carry no signature yet."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from content.models import ContentPackVersion
from content.signing import SigningKeyError, fingerprint, site_key, version_signature


class Command(BaseCommand):
    help = (
        "Sign, with the site's key, every stored pack version that is unsigned (stored before "
        "the site had a key). --again also re-signs versions signed by another (older) key."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--again", action="store_true", help="re-sign versions signed by another key too"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            key = site_key()
        except SigningKeyError as exc:
            raise CommandError(str(exc)) from exc
        if key is None:
            raise CommandError("this site has no signing key; make one with manage.py signingkey")
        mine = fingerprint(key.public_key())
        rows = ContentPackVersion.objects.select_related("pack").order_by("pack__pack_id", "id")
        rows = rows.exclude(signed_by=mine) if options["again"] else rows.filter(signature="")
        signed = []
        with transaction.atomic():
            for row in rows.select_for_update(of=("self",)):
                fields = version_signature(row.document)
                row.signature, row.signed_by = fields["signature"], fields["signed_by"]
                row.save(update_fields=["signature", "signed_by"])
                signed.append(f"{row.pack.pack_id} {row.version}")
        for name in signed:
            self.stderr.write(f"signed {name}")
        self.stdout.write(
            self.style.SUCCESS(f"signed {len(signed)} version(s) with the key {mine}")
        )
