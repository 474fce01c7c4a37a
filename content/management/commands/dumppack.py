"""``manage.py dumppack SYSTEM``: publish the catalogue's packs of a system back to files."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from content.engine import canonical_json
from content.management.commands.loadpack import command_actor
from content.models import ContentPack
from content.services.packs import (
    PackLoadError,
    check_output_path,
    is_version,
    pack_dump,
    pack_file_writer,
)


class Command(BaseCommand):
    help = (
        "Write the packs of SYSTEM as they stand in the catalogue (admin edits included). "
        "Unchanged content keeps its version; edits are published as a new version (major "
        "for a record removed or re-priced, minor for records added, patch for corrections), "
        "recorded only once its file is written: what the admin's Publish button does."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("system", help="game system slug, e.g. crimson-dust")
        parser.add_argument("--pack", help="only this pack id")
        parser.add_argument(
            "--new-version",
            help="version to publish edited content as (MAJOR.MINOR.PATCH), instead of the "
            "next one by the versioning rule",
        )
        parser.add_argument(
            "--output",
            "-o",
            help="file to write ('-' for stdout); default content/packs/<system>/<pack>.json",
        )
        parser.add_argument("--by", help="who is publishing, for the pack's history")

    def handle(self, *args: Any, **options: Any) -> None:
        new_version = options["new_version"]
        if new_version is not None and not is_version(new_version):
            raise CommandError(
                f"--new-version {new_version!r} is not a version: MAJOR.MINOR.PATCH such as 1.2.0"
            )
        rows = ContentPack.objects.filter(system__slug=options["system"])
        if options["pack"]:
            rows = rows.filter(pack_id=options["pack"])
        packs = list(rows.select_related("system"))
        if not packs:
            raise CommandError(
                f"no loaded pack for {options['system']!r}"
                + (f" with id {options['pack']!r}" if options["pack"] else "")
            )
        if options["output"] and options["output"] != "-" and len(packs) > 1:
            raise CommandError("--output needs --pack when the system has several packs")
        actor = command_actor("dumppack", options["by"])
        for pack in packs:
            target = options["output"] or str(
                Path(settings.CONTENT_PACK_DIR) / pack.system.slug / f"{pack.pack_id}.json"
            )
            write: Callable[[dict[str, Any]], None]
            if target == "-":
                write = _to_stdout
            else:
                problem = check_output_path(Path(target))
                if problem:
                    raise CommandError(f"cannot write {pack.pack_id}: {problem}")
                write = pack_file_writer(Path(target))
            try:
                doc = pack_dump(pack=pack, version=new_version, write=write, actor=actor)
            except PackLoadError as exc:
                raise CommandError(str(exc)) from exc
            except OSError as exc:
                raise CommandError(
                    f"cannot write {target}: {exc.strerror or exc}; no version was recorded"
                ) from exc
            if target != "-":
                self.stderr.write(f"wrote {pack.pack_id} {doc['version']} to {target}")


def _to_stdout(doc: dict[str, Any]) -> None:
    sys.stdout.write(canonical_json(doc))
