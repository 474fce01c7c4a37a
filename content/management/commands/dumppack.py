"""``manage.py dumppack SYSTEM``: publish the catalogue's packs of a system back to files."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from content.models import ContentPack
from content.services.packs import PackLoadError, pack_dump
from rules_engine.catalogue import canonical_json


class Command(BaseCommand):
    help = (
        "Write the packs of SYSTEM as they stand in the catalogue (admin edits included). "
        "Unchanged content keeps its version; edits are published as a new version."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("system", help="game system slug, e.g. crimson-dust")
        parser.add_argument("--pack", help="only this pack id")
        parser.add_argument("--new-version", help="version to publish edited content as")
        parser.add_argument(
            "--output",
            "-o",
            help="file to write ('-' for stdout); default content/packs/<system>/<pack>.json",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        packs = ContentPack.objects.filter(system__slug=options["system"])
        if options["pack"]:
            packs = packs.filter(pack_id=options["pack"])
        packs = list(packs)
        if not packs:
            raise CommandError(f"no loaded pack for {options['system']!r}")
        if options["output"] and options["output"] != "-" and len(packs) > 1:
            raise CommandError("--output needs --pack when the system has several packs")
        for pack in packs:
            try:
                doc = pack_dump(pack=pack, version=options["new_version"])
            except PackLoadError as exc:
                raise CommandError(str(exc)) from exc
            text = canonical_json(doc)
            target = options["output"] or str(
                Path(settings.CONTENT_PACK_DIR) / pack.system.slug / f"{pack.pack_id}.json"
            )
            if target == "-":
                sys.stdout.write(text)
                continue
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            Path(target).write_text(text, encoding="utf-8")
            self.stderr.write(f"wrote {pack.pack_id} {doc['version']} to {target}")
