"""``manage.py printsheet``: render a sheet to a PDF file, synchronously, with the same
code the print jobs use.

The print services, the engine and the list readers are imported when the command runs,
not for ``--help``: the help is printed in the time Django takes to start.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from builder.printing.models import PrintJob
from builder.printing.options import BACKS, CARD_SIZES_MM, MAX_BLEED_MM, PAPERS_MM

if TYPE_CHECKING:
    from builder.lists.models import SavedList

EPILOG = """\
examples:
  printsheet cards cs-air-action/charlie-steele-fury cs-aces/charlie --out cards.pdf
  printsheet cards crimson-dust/medio --greyscale --out medio.pdf
  printsheet cards cs-aces/charlie --backs duplex-long-edge --bleed 3 --out duplex.pdf
  printsheet cards --list docs/examples/crimson-dust/dust-devils-500.json --out warband.pdf
  printsheet roster --list docs/examples/cs-air-action/aces-300.json --out roster.pdf
  printsheet roster --saved-list 3f2b...e9 --out roster.pdf   (QR code if it is shared)
  printsheet roster --saved-list 3f2b...e9 --user ada --out roster.pdf   (only ada's list)
  printsheet schematic --list docs/examples/cs-hex/heavy-fighter-turret-legal.json --out plane.pdf
  printsheet navigation --out basic-deck.pdf              (the basic deck)
  printsheet navigation cs-air-action/charlie-steele-fury --out aces.pdf   (an Ace's cards)

Records are named <system>/<stable id>: Air Action and Aces figures, Crimson Dust
archetypes, Black Skies example designs; navigation cards or plane figures for
"navigation". The exit status is 0 when the PDF is written, 1 on bad input (with the
reason on stderr); the output file is never left half-written. A saved list is named by
its uuid (unique across players); the command says whose list it prints, and with --user
prints that player's list or nothing.
"""


class Command(BaseCommand):
    help = (
        "Print stat cards, a roster sheet, a cs-hex plane schematic or navigation cards "
        "to a PDF file."
    )
    # Django's system checks import every URL, view and admin module (most of a second)
    # to check a site this command does not serve; `manage.py check` runs them.
    requires_system_checks: list[str] = []

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        from argparse import RawDescriptionHelpFormatter

        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.formatter_class = RawDescriptionHelpFormatter
        parser.epilog = EPILOG
        return parser

    def add_arguments(self, parser: CommandParser) -> None:
        # The sheets of lists and records (a campaign's roster is printed from its page).
        sheets = [k for k in PrintJob.Kind.values if k != PrintJob.Kind.CAMPAIGN]
        parser.add_argument("kind", choices=sheets, help="which sheet to print")
        parser.add_argument(
            "records", nargs="*", help="record ids as <system>/<id> (instead of --list)"
        )
        parser.add_argument(
            "--list", dest="list_file", type=Path, help="a muster-list/1 JSON file to print"
        )
        parser.add_argument(
            "--saved-list", metavar="UUID", help="a saved list, by its id (instead of --list)"
        )
        parser.add_argument(
            "--user", metavar="USERNAME", help="the owner the --saved-list must belong to"
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
        parser.add_argument(
            "--backs",
            choices=list(BACKS),
            default="none",
            help="card backs: " + "; ".join(f"{k}: {v}" for k, v in BACKS.items()),
        )
        parser.add_argument(
            "--bleed",
            type=float,
            default=0.0,
            metavar="MM",
            help=f"card background printed past the cut line, 0 to {MAX_BLEED_MM:g} mm",
        )
        parser.add_argument("--share-url", help="the list's share link, printed as a QR code")

    def handle(self, *args: Any, **opts: Any) -> None:
        from builder.core.errors import ApplicationError
        from builder.printing.services import pdf_write_atomic, print_request_parse, sheet_render

        what: dict[str, Any] = {"records": opts["records"]}
        if opts["list_file"] is not None:
            what["list"] = self._read_list(opts["list_file"])
        owner = None
        if opts["saved_list"]:
            saved = self._saved_list(opts["saved_list"], opts["user"])
            owner = saved.owner
            what["saved_list"] = str(saved.uuid)
            self.stdout.write(f"{saved.name}: {owner.get_username()}'s list {saved.uuid}")
        elif opts["user"]:
            raise CommandError("--user names the owner of a --saved-list; give one.")
        options = {
            "paper": opts["paper"],
            "card": opts["card"],
            "cut_marks": not opts["no_cut_marks"],
            "greyscale": opts["greyscale"],
            "backs": opts["backs"],
            "bleed": opts["bleed"],
        }
        started = time.perf_counter()
        try:
            request = print_request_parse(
                kind=opts["kind"],
                what=what,
                options=options,
                owner=owner,
                share_url=opts["share_url"],
            )
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
    def _saved_list(list_uuid: str, username: str | None) -> SavedList:
        """The list the operator names, with its owner; with ``username`` only that
        player's list, so the command never prints someone else's by a mistyped id."""
        from django.contrib.auth import get_user_model
        from django.core.exceptions import ValidationError as DjangoValidationError
        from django.http import Http404

        from builder.lists.selectors import saved_list_get_by_uuid, saved_list_get_for_owner

        if username is None:
            saved = saved_list_get_by_uuid(list_uuid=list_uuid)
            if saved is None:
                raise CommandError(f"No saved list {list_uuid}.")
            return saved
        user_model = get_user_model()
        user = user_model.objects.filter(**{user_model.USERNAME_FIELD: username}).first()
        if user is None:
            raise CommandError(f"No user {username!r}.")
        try:
            return saved_list_get_for_owner(user=user, list_uuid=list_uuid)
        except (Http404, DjangoValidationError) as exc:
            raise CommandError(f"{username} has no saved list {list_uuid}.") from exc

    @staticmethod
    def _read_list(path: Path) -> Any:
        from content.services.json_safety import MAX_DOCUMENT_BYTES, read_json_file

        value, errors = read_json_file(path, max_bytes=MAX_DOCUMENT_BYTES)
        if errors:
            message = errors[0].message
            if message.startswith("cannot read: "):
                raise CommandError(f"cannot read list file {path}: {message[13:]}")
            raise CommandError(f"{path}: {message}")
        return value
