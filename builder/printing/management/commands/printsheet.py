"""``manage.py printsheet``: render a sheet to a PDF file, synchronously, with the same
code the print jobs use."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from builder.core.errors import ApplicationError
from builder.printing.options import CARD_SIZES_MM, PAPERS_MM
from builder.printing.services import KINDS, pdf_write_atomic, print_request_parse, sheet_render

EPILOG = """\
examples:
  printsheet cards cs-air-action/charlie-steele-fury cs-aces/charlie --out cards.pdf
  printsheet cards crimson-dust/medio --greyscale --out medio.pdf
  printsheet cards --list docs/examples/crimson-dust/dust-devils-500.json --out warband.pdf
  printsheet roster --list docs/examples/cs-air-action/aces-300.json --out roster.pdf
  printsheet roster --saved-list 3f2b...e9 --out roster.pdf   (QR code if it is shared)
  printsheet schematic --list docs/examples/cs-hex/heavy-fighter-turret-legal.json --out plane.pdf
  printsheet navigation --out basic-deck.pdf              (the basic deck)
  printsheet navigation cs-air-action/charlie-steele-fury --out aces.pdf   (an Ace's cards)

Records are named <system>/<stable id>: Air Action and Aces figures, Crimson Dust
archetypes, Black Skies example designs; navigation cards or plane figures for
"navigation". The exit status is 0 when the PDF is written, 1 on bad input (with the
reason on stderr); the output file is never left half-written.
"""


class Command(BaseCommand):
    help = (
        "Print stat cards, a roster sheet, a cs-hex plane schematic or navigation cards "
        "to a PDF file."
    )

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        from argparse import RawDescriptionHelpFormatter

        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.formatter_class = RawDescriptionHelpFormatter
        parser.epilog = EPILOG
        return parser

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=KINDS, help="which sheet to print")
        parser.add_argument(
            "records", nargs="*", help="record ids as <system>/<id> (instead of --list)"
        )
        parser.add_argument(
            "--list", dest="list_file", type=Path, help="a muster-list/1 JSON file to print"
        )
        parser.add_argument(
            "--saved-list", metavar="UUID", help="a saved list, by its id (instead of --list)"
        )
        parser.add_argument("--out", type=Path, required=True, help="the PDF file to write")
        parser.add_argument("--paper", choices=list(PAPERS_MM), default="A4")
        parser.add_argument(
            "--card",
            choices=list(CARD_SIZES_MM),
            default="poker",
            help="card size: poker 63x88 mm (default), bridge 57x89, tarot 70x120",
        )
        parser.add_argument("--no-cut-marks", action="store_true", help="leave out cut marks")
        parser.add_argument("--greyscale", action="store_true", help="no coloured ink")
        parser.add_argument("--share-url", help="the list's share link, printed as a QR code")

    def handle(self, *args: Any, **opts: Any) -> None:
        what: dict[str, Any] = {"records": opts["records"]}
        if opts["list_file"] is not None:
            what["list"] = self._read_list(opts["list_file"])
        if opts["saved_list"]:
            what["saved_list"] = opts["saved_list"]
        if opts["share_url"]:
            what["share_url"] = opts["share_url"]
        options = {
            "paper": opts["paper"],
            "card": opts["card"],
            "cut_marks": not opts["no_cut_marks"],
            "greyscale": opts["greyscale"],
        }
        started = time.perf_counter()
        try:
            request = print_request_parse(kind=opts["kind"], what=what, options=options)
            rendered = sheet_render(request)
        except ApplicationError as exc:
            lines = [exc.message] + [
                f"  {d.get('path', '')}: {d.get('message', '')}" for d in exc.details
            ]
            raise CommandError("\n".join(lines)) from exc
        out: Path = opts["out"]
        try:
            pdf_write_atomic(out, rendered.pdf)
        except OSError as exc:
            raise CommandError(f"cannot write {out}: {exc.strerror or exc}") from exc
        self.stdout.write(
            f"{out}: {rendered.pages} page{'s' if rendered.pages != 1 else ''}, "
            f"{rendered.items} item{'s' if rendered.items != 1 else ''}, "
            f"{time.perf_counter() - started:.2f} s"
        )

    @staticmethod
    def _read_list(path: Path) -> Any:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise CommandError(f"cannot read list file {path}: {exc.strerror or exc}") from exc
        except UnicodeDecodeError as exc:
            raise CommandError(f"cannot read list file {path}: not UTF-8 text") from exc
        except json.JSONDecodeError as exc:
            raise CommandError(
                f"{path}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
            ) from exc
