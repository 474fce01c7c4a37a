"""``manage.py loadpack PATH...``: load content packs, all or nothing."""

from __future__ import annotations

import getpass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from content.services.json_safety import not_a_file
from content.services.packs import (
    PackLoadError,
    pack_load,
    pack_validate,
    packs_respelled,
    read_pack_files,
)


def command_actor(command: str, given: str | None) -> str:
    """Who runs a command, for the pack's history: ``--by``, else the system user."""
    if given:
        return given
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "unknown"
    return f"{user} (manage.py {command})"


class Command(BaseCommand):
    help = (
        "Load content packs (files, or folders searched for */*.json) in one transaction. "
        "The same version twice changes nothing; an older version needs --force. Ids in an "
        "older spelling (right_wing_front) are converted to the current one, and said so."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="*", help="pack files or folders (default: all packs)")
        parser.add_argument("--force", action="store_true", help="allow an older version")
        parser.add_argument("--by", help="who is loading, for the pack's history")

    def handle(self, *args: Any, **options: Any) -> None:
        paths, missing = _expand(options["paths"] or [settings.CONTENT_PACK_DIR])
        if missing:
            raise CommandError(f"no such file or folder: {', '.join(map(str, missing))}")
        # Asked before any file is opened: a FIFO would wait for a writer, a device never end.
        not_files = [f"{path} is {problem}" for path in paths if (problem := not_a_file(path))]
        if not_files:
            raise CommandError(f"not a pack file: {'; '.join(dict.fromkeys(not_files))}")
        if not paths:
            raise CommandError("no pack files found")
        docs, read_errors = read_pack_files(paths)
        try:
            if read_errors:
                converted, _ = packs_respelled(docs)
                raise PackLoadError(read_errors + pack_validate(converted, options["force"])[0])
            report = pack_load(
                documents=docs,
                force=options["force"],
                progress=lambda line: self.stderr.write(line),
                actor=command_actor("loadpack", options["by"]),
            )
        except PackLoadError as exc:
            for error in exc.errors:
                self.stderr.write(self.style.ERROR(str(error)))
            raise CommandError(f"{len(exc.errors)} problem(s) found; nothing was loaded") from exc
        for line in report.respelled:
            self.stdout.write(line)
        self.stdout.write(
            self.style.SUCCESS(
                f"loaded {len(report.loaded)} pack(s), {len(report.unchanged)} unchanged, "
                f"{sum(report.counts.values())} records written"
            )
        )


def _expand(paths: list[Any]) -> tuple[list[Path], list[Path]]:
    files: list[Path] = []
    missing: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files += sorted(path.glob("**/*.json"))
        elif path.exists():
            files.append(path)
        else:
            missing.append(path)
    return files, missing
