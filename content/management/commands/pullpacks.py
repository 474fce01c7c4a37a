"""``manage.py pullpacks URL --key KEY`` / ``--all``: pull another site's signed packs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from content.management.commands.loadpack import command_actor
from content.models import PackSubscription
from content.services.pulling import (
    PullError,
    PullReport,
    pack_pull,
    publisher_root,
    subscription_pull,
    subscription_save,
)
from content.signing import PublicKeyError, public_key_parse


def key_text(given: str) -> str:
    """``--key`` as text: the base64 or PEM itself, or the file holding it."""
    if given.strip().startswith("-----BEGIN"):
        return given
    path = Path(given)
    try:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read the key file {given}: {exc}") from exc
    return given


class Command(BaseCommand):
    help = (
        "Pull every new version of the packs another Muster publishes, checking each file's "
        "Ed25519 signature by the trusted key and its SHA-256, and load them all or nothing. "
        "URL is the publisher's site address; --key its public key (base64 or PEM, or a file "
        "holding it). --all pulls every saved subscription."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("url", nargs="?", help="the publisher's site address")
        parser.add_argument("--key", help="the trusted public key, or a file holding it")
        parser.add_argument(
            "--all", action="store_true", help="pull every saved subscription in turn"
        )
        parser.add_argument(
            "--subscribe", action="store_true", help="save URL and --key as a subscription"
        )
        parser.add_argument("--by", help="who is pulling, for the packs' history")

    def handle(self, *args: Any, **options: Any) -> None:
        actor = command_actor("pullpacks", options["by"])
        if options["all"]:
            if options["url"] or options["key"]:
                raise CommandError("--all pulls the saved subscriptions: give no URL or --key")
            self._pull_all(actor)
            return
        if not options["url"]:
            raise CommandError("give the publisher's address (URL), or --all")
        try:
            root = publisher_root(options["url"])
            saved = PackSubscription.objects.filter(url=root).first()
            if options["key"]:
                text = key_text(options["key"])
                if options["subscribe"] or saved is not None:
                    saved = subscription_save(url=root, key_text=text, added_by=actor)
                else:
                    self._done(
                        pack_pull(
                            url=root, key=public_key_parse(text), actor=actor, progress=self._say
                        )
                    )
                    return
            if saved is None:
                raise CommandError(f"no subscription to {root}: give its public key with --key")
            self._done(subscription_pull(subscription=saved, actor=actor, progress=self._say))
        except PublicKeyError as exc:
            raise CommandError(f"--key: {exc}") from exc
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from exc
        except PullError as exc:
            self._fail(exc)

    def _pull_all(self, actor: str) -> None:
        subscriptions = list(PackSubscription.objects.all())
        if not subscriptions:
            raise CommandError("no saved subscription: pull one with URL --key KEY --subscribe")
        failed = 0
        for subscription in subscriptions:
            try:
                self._done(
                    subscription_pull(subscription=subscription, actor=actor, progress=self._say)
                )
            except PullError as exc:
                failed += 1
                for problem in exc.problems:
                    self.stderr.write(self.style.ERROR(str(problem)))
        if failed:
            raise CommandError(f"{failed} of {len(subscriptions)} pull(s) failed")

    def _say(self, line: str) -> None:
        self.stderr.write(line)

    def _done(self, report: PullReport) -> None:
        self.stdout.write(self.style.SUCCESS(report.summary()))

    def _fail(self, exc: PullError) -> None:
        for problem in exc.problems:
            self.stderr.write(self.style.ERROR(str(problem)))
        raise CommandError(f"{len(exc.problems)} problem(s) found; nothing was loaded") from exc
