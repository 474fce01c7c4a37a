"""``manage.py signingkey``: make the site's Ed25519 signing key (never over an old one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from content.signing import (
    PublicKeyInfo,
    SigningKeyError,
    key_create,
    key_path,
    public_key_info,
    site_key,
)


class Command(BaseCommand):
    help = (
        "Create the private key this site signs pack versions with, at MUSTER_SIGNING_KEY_FILE "
        "(outside the database); an existing key is never overwritten. Prints its fingerprint "
        "(SHA-256 of the 32-byte public key) and the public key to give to other sites."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--show", action="store_true", help="print the existing key's public half only"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = key_path()
        if path is None:
            raise CommandError("MUSTER_SIGNING_KEY_FILE is empty: signing is switched off")
        try:
            if options["show"]:
                key = site_key()
                if key is None:
                    raise CommandError(f"no signing key at {path}; make one with signingkey")
                info = public_key_info(key.public_key())
            else:
                info = key_create(Path(path))
                self.stdout.write(
                    self.style.SUCCESS(f"created the signing key {path}")
                    + " (keep it private and backed up; it is not in the database)"
                )
        except SigningKeyError as exc:
            raise CommandError(str(exc)) from exc
        self._show(info)

    def _show(self, info: PublicKeyInfo) -> None:
        self.stdout.write(f"fingerprint: {info.fingerprint}")
        self.stdout.write(f"public key: {info.raw}")
        self.stdout.write(info.pem, ending="")
